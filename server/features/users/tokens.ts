import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { randomSecret, sha256Hex } from '../../db/hash.ts';
import type { Actor } from '../../http/context.ts';
import { accessTokens, users } from './schema.ts';

/**
 * Issues an opaque bearer token for a user of a tenant.
 * @returns the plain token (shown once; only its sha256 is stored) and its row id.
 */
export async function issueAccessToken(
  db: Db,
  input: { userId: number; tenantId: number; expiresAt?: Date | null },
): Promise<{ token: string; tokenId: number }> {
  const token = randomSecret();
  const [row] = await db
    .insert(accessTokens)
    .values({ userId: input.userId, tenantId: input.tenantId, tokenHash: sha256Hex(token), expiresAt: input.expiresAt ?? null })
    .returning({ id: accessTokens.id });
  if (!row) throw new Error('token insert returned no row');
  return { token, tokenId: row.id };
}

/**
 * The user a bearer token belongs to on this tenant, or null when the token
 * is unknown, revoked, expired or issued by another tenant. Marks the token used.
 */
export async function findActorByToken(db: Db, tenantId: number, token: string): Promise<Extract<Actor, { kind: 'user' }> | null> {
  if (token.length === 0 || token.length > 512) return null;
  const now = new Date();
  const [row] = await db
    .select({ tokenId: accessTokens.id, userId: users.id, name: users.name })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(
      and(
        eq(accessTokens.tokenHash, sha256Hex(token)),
        eq(accessTokens.tenantId, tenantId),
        isNull(accessTokens.revokedAt),
        or(isNull(accessTokens.expiresAt), gt(accessTokens.expiresAt, now)),
      ),
    )
    .limit(1);
  if (!row) return null;
  // Refresh at most once a minute, so busy sessions do not write on every call.
  await db
    .update(accessTokens)
    .set({ lastUsedAt: now })
    .where(and(eq(accessTokens.id, row.tokenId), or(isNull(accessTokens.lastUsedAt), lt(accessTokens.lastUsedAt, new Date(now.getTime() - 60_000)))));
  return { kind: 'user', userId: row.userId, name: row.name, tokenId: row.tokenId };
}

/** Revokes one token (logout); later calls with it are refused. */
export async function revokeAccessToken(db: Db, tokenId: number): Promise<void> {
  await db.update(accessTokens).set({ revokedAt: new Date() }).where(and(eq(accessTokens.id, tokenId), isNull(accessTokens.revokedAt)));
}
