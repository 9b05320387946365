import { and, eq, sql } from 'drizzle-orm';
import type { FairnessState, RevealedSeed } from '../../../src/contract/casino.ts';
import type { Db } from '../../db/open.ts';
import { hashServerSeed, newClientSeed, newServerSeed } from './fairness/seed.ts';
import { type HouseSeedRow, houseSeeds } from './schema.ts';

export interface SeedOwner {
  tenantId: number;
  actorKey: string;
}

export function toFairnessState(row: HouseSeedRow): FairnessState {
  return { server_seed_hash: row.serverSeedHash, client_seed: row.clientSeed, nonce: row.nextNonce };
}

/** Creates the owner's active pair when there is none (concurrent creators meet in the partial unique index). */
async function ensureActivePair(db: Db, owner: SeedOwner): Promise<void> {
  const serverSeed = newServerSeed();
  await db.execute(sql`
    insert into house_seeds (tenant_id, actor_key, server_seed, server_seed_hash, client_seed)
    values (${owner.tenantId}, ${owner.actorKey}, ${serverSeed}, ${hashServerSeed(serverSeed)}, ${newClientSeed()})
    on conflict (tenant_id, actor_key) where active do nothing`);
}

const activeWhere = (owner: SeedOwner) => and(eq(houseSeeds.tenantId, owner.tenantId), eq(houseSeeds.actorKey, owner.actorKey), eq(houseSeeds.active, true));

/** The owner's active pair, created first if missing; `lock` takes it `FOR UPDATE` for the rest of the transaction. */
async function activePair(db: Db, owner: SeedOwner, lock: boolean): Promise<HouseSeedRow> {
  const select = () => {
    const query = db.select().from(houseSeeds).where(activeWhere(owner));
    return lock ? query.for('update') : query;
  };
  let [row] = await select();
  if (!row) {
    await ensureActivePair(db, owner);
    [row] = await select();
  }
  if (!row) throw new Error('active seed pair missing after insert');
  return row;
}

/**
 * The owner's active pair, locked (`FOR UPDATE`) for the rest of `tx`, created
 * first if missing. Rounds and rotations of one owner thus run one after the
 * other, so a nonce is taken once.
 */
export function lockActivePair(tx: Db, owner: SeedOwner): Promise<HouseSeedRow> {
  return activePair(tx, owner, true);
}

/** `GET /house/fairness`: the active pair's hash, client seed and next nonce (the server seed stays secret). */
export async function getFairness(db: Db, owner: SeedOwner): Promise<FairnessState> {
  return toFairnessState(await activePair(db, owner, false));
}

/**
 * Ends the active pair (reveals its server seed) and starts a new one with a
 * fresh server seed, nonce 0 and `clientSeed` (default: the old pair's).
 * Used by `POST /house/fairness/rotate` and, with the player's new client
 * seed, by `POST /house/fairness/client-seed`.
 */
export async function rotatePair(db: Db, owner: SeedOwner, clientSeed?: string): Promise<{ revealed: RevealedSeed; active: FairnessState }> {
  return db.transaction(async (tx) => {
    const old = await lockActivePair(tx, owner);
    await tx.update(houseSeeds).set({ active: false, revealedAt: sql`now()` }).where(eq(houseSeeds.id, old.id));
    const serverSeed = newServerSeed();
    const [fresh] = await tx
      .insert(houseSeeds)
      .values({ tenantId: owner.tenantId, actorKey: owner.actorKey, serverSeed, serverSeedHash: hashServerSeed(serverSeed), clientSeed: clientSeed ?? old.clientSeed })
      .returning();
    if (!fresh) throw new Error('seed insert returned no row');
    return {
      revealed: { server_seed: old.serverSeed, server_seed_hash: old.serverSeedHash, client_seed: old.clientSeed, rounds: old.nextNonce },
      active: toFairnessState(fresh),
    };
  });
}
