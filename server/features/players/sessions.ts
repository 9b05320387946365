import { and, desc, eq } from 'drizzle-orm';
import type { PlayerSessionView } from '../../../src/contract/backoffice.ts';
import type { Db } from '../../db/open.ts';
import { accessTokens } from '../users/schema.ts';
import { tokenStatus } from '../users/tokens.ts';

/** Logins the detail shows. */
export const DETAIL_SESSIONS = 20;

/**
 * The player's latest DETAIL_SESSIONS access tokens, newest first, each with
 * its state at `now` as the platform judges it on a call (never the hash).
 */
export async function playerSessions(db: Db, who: { tenantId: number; userId: number }, now: Date): Promise<PlayerSessionView[]> {
  const rows = await db
    .select({
      id: accessTokens.id,
      createdAt: accessTokens.createdAt,
      lastUsedAt: accessTokens.lastUsedAt,
      expiresAt: accessTokens.expiresAt,
      revokedAt: accessTokens.revokedAt,
      ip: accessTokens.ip,
      userAgent: accessTokens.userAgent,
    })
    .from(accessTokens)
    .where(and(eq(accessTokens.tenantId, who.tenantId), eq(accessTokens.userId, who.userId)))
    .orderBy(desc(accessTokens.id))
    .limit(DETAIL_SESSIONS);
  return rows.map((r) => ({
    id: r.id,
    status: tokenStatus(r, now),
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
    expiresAt: r.expiresAt?.toISOString() ?? null,
    revokedAt: r.revokedAt?.toISOString() ?? null,
    ip: r.ip,
    userAgent: r.userAgent,
  }));
}
