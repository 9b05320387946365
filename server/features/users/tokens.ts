import { and, eq, isNull, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { randomSecret, sha256Hex } from '../../db/hash.ts';
import type { Actor } from '../../http/context.ts';
import { type AccessTokenRow, accessTokens, users } from './schema.ts';

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

/** A User-Agent is kept up to this many characters (enough to tell the browser and device; a longer header is cut, never refused). */
export const ACCESS_TOKEN_AGENT_MAX = 255;

/**
 * Issues an opaque bearer token for a user of a tenant; its idle clock starts now.
 * @returns the plain token (shown once; only its sha256 is stored) and its row id.
 */
export async function issueAccessToken(
  db: Db,
  input: { userId: number; tenantId: number; expiresAt?: Date | null; now?: Date; ip?: string | null; userAgent?: string | null },
): Promise<{ token: string; tokenId: number }> {
  const token = randomSecret();
  const now = input.now ?? new Date();
  const [row] = await db
    .insert(accessTokens)
    .values({
      userId: input.userId,
      tenantId: input.tenantId,
      tokenHash: sha256Hex(token),
      expiresAt: input.expiresAt ?? null,
      createdAt: now,
      lastUsedAt: now,
      ip: input.ip && input.ip !== 'unknown' ? input.ip : null,
      userAgent: input.userAgent ? input.userAgent.slice(0, ACCESS_TOKEN_AGENT_MAX) : null,
    })
    .returning({ id: accessTokens.id });
  if (!row) throw new Error('token insert returned no row');
  return { token, tokenId: row.id };
}

/** Whether a token is accepted at `now`, or why not. */
export type TokenStatus = 'live' | 'idle' | 'expired' | 'revoked';

/**
 * The state of a token at `now`: revoked, past its absolute expiry, idle
 * for more than TOKEN_IDLE_MS since its last recorded use (or its issue), or live.
 */
export function tokenStatus(token: Pick<AccessTokenRow, 'createdAt' | 'expiresAt' | 'revokedAt' | 'lastUsedAt'>, now: Date): TokenStatus {
  if (token.revokedAt) return 'revoked';
  if (token.expiresAt && token.expiresAt.getTime() <= now.getTime()) return 'expired';
  if ((token.lastUsedAt ?? token.createdAt).getTime() <= now.getTime() - TOKEN_IDLE_MS) return 'idle';
  return 'live';
}

/** Who a bearer token names: its player, or a blocked account (whatever the token's own state). */
export type TokenHolder = Extract<Actor, { kind: 'user' }> | { kind: 'blocked'; userId: number; blockedAt: Date };

/**
 * The user a bearer token belongs to on this tenant, or null when the token
 * is unknown, revoked, expired, idle for more than 30 minutes, or issued by
 * another tenant. A token of an account the operator blocked answers
 * `{ kind: 'blocked' }` even once revoked (blocking revokes them all), so the
 * caller can say why. Records the use (at most once a minute).
 */
export async function findActorByToken(db: Db, tenantId: number, token: string, now: Date = new Date()): Promise<TokenHolder | null> {
  if (token.length === 0 || token.length > 512) return null;
  const [row] = await db
    .select({
      tokenId: accessTokens.id,
      userId: users.id,
      name: users.name,
      blockedAt: users.blockedAt,
      createdAt: accessTokens.createdAt,
      expiresAt: accessTokens.expiresAt,
      revokedAt: accessTokens.revokedAt,
      lastUsedAt: accessTokens.lastUsedAt,
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(and(eq(accessTokens.tokenHash, sha256Hex(token)), eq(accessTokens.tenantId, tenantId), eq(users.tenantId, tenantId)))
    .limit(1);
  if (!row) return null;
  if (row.blockedAt) return { kind: 'blocked', userId: row.userId, blockedAt: row.blockedAt };
  if (tokenStatus(row, now) !== 'live') return null;
  const user = { kind: 'user', userId: row.userId, name: row.name, tokenId: row.tokenId } as const;
  const touchBefore = new Date(now.getTime() - TOKEN_TOUCH_INTERVAL_MS);
  if (row.lastUsedAt && row.lastUsedAt.getTime() >= touchBefore.getTime()) return user;
  await db
    .update(accessTokens)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(accessTokens.id, row.tokenId),
        or(isNull(accessTokens.lastUsedAt), lt(accessTokens.lastUsedAt, touchBefore)),
      ),
    );
  return user;
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
