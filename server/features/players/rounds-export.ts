import { and, asc, eq, gt, gte, lte } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { csvLine } from '../../http/csv.ts';
import { providerRounds } from '../casino/schema.ts';
import { houseRounds } from '../house/schema.ts';
import { sportsBetslips } from '../sportsbook/schema.ts';
import { betslipNames } from './rounds.ts';
import { EXPORT_BATCH } from './transactions-export.ts';

export const ROUND_KINDS = ['house', 'casino', 'sports'] as const;
export type RoundKind = (typeof ROUND_KINDS)[number];

export const ROUND_CSV_COLUMNS = ['kind', 'id', 'at', 'user_id', 'game', 'provider', 'stake', 'payout', 'status'] as const;

export interface RoundsExportQuery {
  tenantId: number;
  kind: RoundKind;
  /** First and last instants included. */
  from: Date;
  to: Date;
}

type Line = [RoundKind, number, Date, number | null, string, string | null, bigint, bigint, string];

/** One batch of real-money house rounds after `afterId` (demo rounds are play money, never exported). */
async function houseBatch(db: Db, q: RoundsExportQuery, afterId: number): Promise<Line[]> {
  const rows = await db
    .select({ id: houseRounds.id, at: houseRounds.createdAt, userId: houseRounds.userId, game: houseRounds.game, amount: houseRounds.amount, payout: houseRounds.payout })
    .from(houseRounds)
    .where(and(eq(houseRounds.tenantId, q.tenantId), eq(houseRounds.demo, false), gte(houseRounds.createdAt, q.from), lte(houseRounds.createdAt, q.to), gt(houseRounds.id, afterId)))
    .orderBy(asc(houseRounds.id))
    .limit(EXPORT_BATCH);
  return rows.map((r) => ['house', r.id, r.at, r.userId, r.game, null, r.amount, r.payout, 'settled']);
}

async function casinoBatch(db: Db, q: RoundsExportQuery, afterId: number): Promise<Line[]> {
  const r = providerRounds;
  const rows = await db
    .select({ id: r.id, at: r.createdAt, userId: r.userId, game: r.game, provider: r.provider, stake: r.stake, paid: r.paid, settledAt: r.settledAt })
    .from(r)
    .where(and(eq(r.tenantId, q.tenantId), gte(r.createdAt, q.from), lte(r.createdAt, q.to), gt(r.id, afterId)))
    .orderBy(asc(r.id))
    .limit(EXPORT_BATCH);
  return rows.map((x) => ['casino', x.id, x.at, x.userId, x.game, x.provider, BigInt(x.stake), BigInt(x.paid), x.settledAt ? 'settled' : 'open']);
}

/** Betslips named as the profile names them (`betslipNames`); `payout` counts wins and refunds. */
async function sportsBatch(db: Db, q: RoundsExportQuery, afterId: number): Promise<Line[]> {
  const s = sportsBetslips;
  const slips = await db
    .select({ id: s.id, at: s.placedAt, userId: s.userId, betType: s.betType, stake: s.stake, payout: s.payout, refunded: s.refunded, status: s.status })
    .from(s)
    .where(and(eq(s.tenantId, q.tenantId), gte(s.placedAt, q.from), lte(s.placedAt, q.to), gt(s.id, afterId)))
    .orderBy(asc(s.id))
    .limit(EXPORT_BATCH);
  const names = await betslipNames(db, slips);
  return slips.map((x) => ['sports', x.id, x.at, x.userId, names.get(x.id)!, null, x.stake, x.payout + x.refunded, x.status]);
}

const BATCHES: Record<RoundKind, (db: Db, q: RoundsExportQuery, afterId: number) => Promise<Line[]>> = { house: houseBatch, casino: casinoBatch, sports: sportsBatch };

/**
 * The tenant's bets of one product in [from, to] as CSV text, oldest first:
 * the header, then one chunk per batch of EXPORT_BATCH rows, keyset on the
 * id like the transactions export (nothing skipped or repeated while bets
 * keep coming). Amounts in centavos.
 */
export async function* roundCsvChunks(db: Db, q: RoundsExportQuery): AsyncGenerator<string> {
  yield csvLine(ROUND_CSV_COLUMNS);
  for (let after = 0; ; ) {
    const lines = await BATCHES[q.kind](db, q, after);
    if (lines.length > 0) yield lines.map(([kind, id, at, ...rest]) => csvLine([kind, id, at.toISOString(), ...rest])).join('');
    if (lines.length < EXPORT_BATCH) return;
    after = lines.at(-1)![1];
  }
}
