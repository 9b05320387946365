import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { HouseOutcome, HouseParams, HouseRoundView } from '../../../src/contract/casino.ts';
import type { PagedList } from '../../../src/contract/wallet.ts';
import type { Db } from '../../db/open.ts';
import { NotFoundError } from '../../http/errors.ts';
import { HOUSE_ROUNDS_PAGE_SIZE } from './limits.ts';
import { HOUSE_MESSAGES } from './messages.ts';
import { type HouseRoundRow, type HouseSeedRow, houseRounds, houseSeeds } from './schema.ts';
import type { SeedOwner } from './seeds.ts';

type SeedFacts = Pick<HouseSeedRow, 'serverSeed' | 'serverSeedHash' | 'clientSeed' | 'revealedAt'>;

/** A stored round as the API shows it: the server seed only once its pair was rotated (revealed). */
export function toRoundView(round: HouseRoundRow, seed: SeedFacts): HouseRoundView {
  return {
    id: round.id,
    game: round.game,
    demo: round.demo,
    amount: Number(round.amount),
    payout: Number(round.payout),
    multiplier: round.multiplier,
    params: round.params as unknown as HouseParams['params'],
    outcome: round.outcome as unknown as HouseOutcome,
    server_seed_hash: seed.serverSeedHash,
    client_seed: seed.clientSeed,
    nonce: round.nonce,
    server_seed: seed.revealedAt ? seed.serverSeed : null,
    created_at: round.createdAt.toISOString(),
  };
}

const seedColumns = { serverSeed: houseSeeds.serverSeed, serverSeedHash: houseSeeds.serverSeedHash, clientSeed: houseSeeds.clientSeed, revealedAt: houseSeeds.revealedAt };
const ownWhere = (owner: SeedOwner) => and(eq(houseRounds.tenantId, owner.tenantId), eq(houseRounds.actorKey, owner.actorKey));

/** `GET /house/rounds/{id}`: one of the caller's own rounds. @throws NotFoundError for an unknown id or another actor's round. */
export async function getRound(db: Db, owner: SeedOwner, id: number): Promise<HouseRoundView> {
  const [row] = await db
    .select({ round: houseRounds, seed: seedColumns })
    .from(houseRounds)
    .innerJoin(houseSeeds, eq(houseSeeds.id, houseRounds.seedId))
    .where(and(ownWhere(owner), eq(houseRounds.id, id)));
  if (!row) throw new NotFoundError('round_not_found', { message: HOUSE_MESSAGES.roundNotFound });
  return toRoundView(row.round, row.seed);
}

/** `GET /house/rounds?page`: the caller's rounds, newest first, 24 a page. */
export async function listRounds(db: Db, owner: SeedOwner, page: number): Promise<PagedList<HouseRoundView>> {
  // The total rides along with the page (a window count); only a page past the end counts apart.
  const rows = await db
    .select({ round: houseRounds, seed: seedColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(houseRounds)
    .innerJoin(houseSeeds, eq(houseSeeds.id, houseRounds.seedId))
    .where(ownWhere(owner))
    .orderBy(desc(houseRounds.id))
    .limit(HOUSE_ROUNDS_PAGE_SIZE)
    .offset((page - 1) * HOUSE_ROUNDS_PAGE_SIZE);
  let total = rows[0]?.total;
  if (total === undefined) {
    const [counted] = await db.select({ total: count() }).from(houseRounds).where(ownWhere(owner));
    total = counted?.total ?? 0;
  }
  return {
    data: rows.map((r) => toRoundView(r.round, r.seed)),
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / HOUSE_ROUNDS_PAGE_SIZE)),
    total,
  };
}
