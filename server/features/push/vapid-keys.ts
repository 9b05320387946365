import { generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { vapidKeys } from './schema.ts';

/** The platform's VAPID key pair, both halves base64url. */
export interface VapidKeyPair {
  /** Uncompressed P-256 point (65 bytes). */
  publicKey: string;
  /** The JWK `d` (32 bytes). */
  privateKey: string;
}

function generateVapidKeyPair(): VapidKeyPair {
  const jwk = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x!, 'base64url'), Buffer.from(jwk.y!, 'base64url')]);
  return { publicKey: point.toString('base64url'), privateKey: jwk.d! };
}

const loaded = new WeakMap<Db, Promise<VapidKeyPair>>();

/**
 * The stored key pair, generated on first use. Safe when several nodes start
 * at once: each offers its own pair with `on conflict do nothing` on the
 * single row and then every node reads the row that won, so all sign with the
 * same key. Cached per database handle (a failed load is retried next call).
 */
export function vapidKeyPair(db: Db): Promise<VapidKeyPair> {
  let pending = loaded.get(db);
  if (!pending) {
    pending = loadOrCreateVapidKeys(db);
    loaded.set(db, pending);
    pending.catch(() => loaded.delete(db));
  }
  return pending;
}

/** Uncached: reads the row, or offers a new pair and reads the winner (exported for the start-up race test). */
export async function loadOrCreateVapidKeys(db: Db): Promise<VapidKeyPair> {
  const existing = await readKeys(db);
  if (existing) return existing;
  await db.insert(vapidKeys).values({ id: 1, ...generateVapidKeyPair() }).onConflictDoNothing();
  const stored = await readKeys(db);
  if (!stored) throw new Error('push: the VAPID key row is missing right after inserting it');
  return stored;
}

async function readKeys(db: Db): Promise<VapidKeyPair | null> {
  const [row] = await db.select({ publicKey: vapidKeys.publicKey, privateKey: vapidKeys.privateKey }).from(vapidKeys).where(eq(vapidKeys.id, 1));
  return row ?? null;
}
