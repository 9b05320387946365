import { and, eq } from 'drizzle-orm';
import type { BarredStatus } from '../../../src/contract/auth.ts';
import type { Db } from '../../db/open.ts';
import type { Player } from './deps.ts';
import { BarredError } from './errors.ts';
import { isBarredRow } from './record-check.ts';
import { barredChecks } from './schema.ts';

/** A bar with no closing date (should not happen) is shown as closing this far ahead, never as "now". */
const UNKNOWN_CLOSING_MS = 30 * 86_400_000;

/**
 * Refuses every bet and deposit of a player the regulator bars (SIGAP):
 * called by responsible-gaming/enforce.ts, the gate every deposit charge,
 * house round, aggregator bet and sports bet passes. One primary-key read;
 * no lock (a bar recorded while a bet is in flight applies to the next one).
 * Withdrawals, wins, refunds and rollbacks never pass here.
 * @throws BarredError 403 `barred`, naming when the account closes.
 */
export async function assertNotBarred(tx: Db, who: Player, now: Date): Promise<void> {
  const [row] = await tx
    .select({ barredAt: barredChecks.barredAt, liftedAt: barredChecks.liftedAt, closesAt: barredChecks.closesAt })
    .from(barredChecks)
    .where(and(eq(barredChecks.userId, who.userId), eq(barredChecks.tenantId, who.tenantId)));
  if (!isBarredRow(row)) return;
  throw new BarredError(row?.closesAt ?? new Date(now.getTime() + UNKNOWN_CLOSING_MS));
}

/**
 * The player's bar as the session shows it (`AuthUser.barred`, the site's
 * banner): since when and when the account closes, or null when not barred.
 * One primary-key read.
 */
export async function barredStatus(db: Db, who: Player, now: Date): Promise<BarredStatus | null> {
  const [row] = await db
    .select({ barredAt: barredChecks.barredAt, liftedAt: barredChecks.liftedAt, closesAt: barredChecks.closesAt })
    .from(barredChecks)
    .where(and(eq(barredChecks.userId, who.userId), eq(barredChecks.tenantId, who.tenantId)));
  if (!row?.barredAt || !isBarredRow(row)) return null;
  return { barred_at: row.barredAt.toISOString(), closes_at: (row.closesAt ?? new Date(now.getTime() + UNKNOWN_CLOSING_MS)).toISOString() };
}
