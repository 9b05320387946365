import { and, eq, gt, isNull, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { randomSecret, sha256Hex } from '../../db/hash.ts';
import type { Actor } from '../../http/context.ts';
import { accessTokens, users } from './schema.ts';

/** Absolute lifetime of a login token. */
export const TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * Brazilian rule: re-authentication after 30 minutes without activity. A token
 * whose last recorded use is older than this is refused.
 */
export const TOKEN_IDLE_MS = 30 * 60 * 1000;
/**
 * `last_used_at` is written at most this often, to keep writes low. The
 * recorded use thus lags the real one by under a minute, so the idle rule
 * errs strict: no session survives more than 30 minutes of real inactivity.
 */
export const TOKEN_TOUCH_INTERVAL_MS = 60 * 1000;

/**
 * Issues an opaque bearer token for a user of a tenant; its idle clock starts now.
 * @returns the plain token (shown once; only its sha256 is stored) and its row id.
 */
export async function issueAccessToken(
  db: Db,
  input: { userId: number; tenantId: number; expiresAt?: Date | null; now?: Date },
): Promise<{ token: string; tokenId: number }> {
  const token = randomSecret();
  const now = input.now ?? new Date();
  const [row] = await db
    .insert(accessTokens)
    .values({ userId: input.userId, tenantId: input.tenantId, tokenHash: sha256Hex(token), expiresAt: input.expiresAt ?? null, createdAt: now, lastUsedAt: now })
    .returning({ id: accessTokens.id });
  if (!row) throw new Error('token insert returned no row');
  return { token, tokenId: row.id };
}

/**
 * The user a bearer token belongs to on this tenant, or null when the token
 * is unknown, revoked, expired, idle for more than 30 minutes, or issued by
 * another tenant. Records the use (at most once a minute).
 */
export async function findActorByToken(
  db: Db,
  tenantId: number,
  token: string,
  now: Date = new Date(),
): Promise<Extract<Actor, { kind: 'user' }> | null> {
  if (token.length === 0 || token.length > 512) return null;
  const idleSince = new Date(now.getTime() - TOKEN_IDLE_MS);
  const [row] = await db
    .select({ tokenId: accessTokens.id, userId: users.id, name: users.name, lastUsedAt: accessTokens.lastUsedAt })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(
      and(
        eq(accessTokens.tokenHash, sha256Hex(token)),
        eq(accessTokens.tenantId, tenantId),
        eq(users.tenantId, tenantId),
        isNull(accessTokens.revokedAt),
        or(isNull(accessTokens.expiresAt), gt(accessTokens.expiresAt, now)),
        or(gt(accessTokens.lastUsedAt, idleSince), and(isNull(accessTokens.lastUsedAt), gt(accessTokens.createdAt, idleSince))),
      ),
    )
    .limit(1);
  if (!row) return null;
  const touchBefore = new Date(now.getTime() - TOKEN_TOUCH_INTERVAL_MS);
  if (row.lastUsedAt && row.lastUsedAt.getTime() >= touchBefore.getTime()) return { kind: 'user', userId: row.userId, name: row.name, tokenId: row.tokenId };
  await db
    .update(accessTokens)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(accessTokens.id, row.tokenId),
        or(isNull(accessTokens.lastUsedAt), lt(accessTokens.lastUsedAt, touchBefore)),
      ),
    );
  return { kind: 'user', userId: row.userId, name: row.name, tokenId: row.tokenId };
}

/** Revokes one token (logout); later calls with it are refused. */
export async function revokeAccessToken(db: Db, tokenId: number, now: Date = new Date()): Promise<void> {
  await db.update(accessTokens).set({ revokedAt: now }).where(and(eq(accessTokens.id, tokenId), isNull(accessTokens.revokedAt)));
}

/**
 * Revokes every live token of a player (self-exclusion, password reset), or
 * every one but `exceptTokenId` (password change keeps the current session).
 * @returns how many tokens were revoked.
 */
export async function revokeUserTokens(db: Db, userId: number, opts: { now?: Date; exceptTokenId?: number } = {}): Promise<number> {
  const rows = await db
    .update(accessTokens)
    .set({ revokedAt: opts.now ?? new Date() })
    .where(
      and(
        eq(accessTokens.userId, userId),
        isNull(accessTokens.revokedAt),
        opts.exceptTokenId === undefined ? undefined : ne(accessTokens.id, opts.exceptTokenId),
      ),
    )
    .returning({ id: accessTokens.id });
  return rows.length;
}
