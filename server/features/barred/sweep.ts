import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { users } from '../users/schema.ts';
import type { BarredDeps } from './deps.ts';
import { saoPauloDay, sweepPeriod } from './days.ts';
import { isBarredRow, recordAnswer } from './record-check.ts';
import { type BarredSweepRow, barredChecks, barredSweeps } from './schema.ts';

/** Players per regulator query (the protocol allows 1,000). */
export const SWEEP_BATCH = 500;
/** A run neither finished nor failed this long after it started is taken as dead (its node stopped) and run again. */
export const SWEEP_STALE_MS = 24 * 60 * 60 * 1000;

export interface SweepSummary {
  tenantId: number;
  period: string;
  /** False when another run of this period holds it (or finished it). */
  ran: boolean;
  checked: number;
  barred: number;
  error: string | null;
}

/**
 * This node's claim on the tenant's run of `period`: the insert wins for one
 * node only (unique tenant + period), so two nodes starting together run it
 * once. A run that failed (`error`) or died (never finished, started over
 * SWEEP_STALE_MS ago) is taken over by one node with a conditional update.
 * @returns the claimed row, or null when the period is done or running elsewhere.
 */
export async function claimSweep(db: Db, tenantId: number, period: string, now: Date): Promise<BarredSweepRow | null> {
  const [inserted] = await db.insert(barredSweeps).values({ tenantId, period, startedAt: now }).onConflictDoNothing().returning();
  if (inserted) return inserted;
  const [taken] = await db
    .update(barredSweeps)
    .set({ startedAt: now, error: null, checked: 0, barred: 0 })
    .where(
      and(
        eq(barredSweeps.tenantId, tenantId),
        eq(barredSweeps.period, period),
        isNull(barredSweeps.finishedAt),
        or(isNotNull(barredSweeps.error), lt(barredSweeps.startedAt, new Date(now.getTime() - SWEEP_STALE_MS))),
      ),
    )
    .returning();
  return taken ?? null;
}

/** Checks one batch of players; returns how many the regulator bars. */
async function sweepBatch(deps: BarredDeps, tenantId: number, batch: { id: number; cpf: string }[], now: Date): Promise<number> {
  const answers = await deps.sigap!.check(batch.map((p) => p.cpf));
  const rows = await deps.db
    .select({ userId: barredChecks.userId, barredAt: barredChecks.barredAt, liftedAt: barredChecks.liftedAt })
    .from(barredChecks)
    .where(inArray(barredChecks.userId, batch.map((p) => p.id)));
  const barredNow = new Set(rows.filter(isBarredRow).map((r) => r.userId));
  let barred = 0;
  const unchanged: number[] = [];
  for (const player of batch) {
    const answer = answers.get(player.cpf)!;
    if (answer.barred) barred += 1;
    // A change (a new bar or a lifted one) goes through the one locked path that announces it; the rest is one upsert.
    if (answer.barred || barredNow.has(player.id)) await recordAnswer(deps, { tenantId, userId: player.id }, 'sweep', answer, now);
    else unchanged.push(player.id);
  }
  if (unchanged.length > 0) {
    await deps.db
      .insert(barredChecks)
      .values(unchanged.map((userId) => ({ userId, tenantId, checkedOn: saoPauloDay(now), checkedAt: now, trigger: 'sweep' as const })))
      .onConflictDoUpdate({
        target: barredChecks.userId,
        set: { checkedOn: sql`excluded.checked_on`, checkedAt: sql`excluded.checked_at`, trigger: sql`excluded.trigger` },
        // Never touches a bar recorded meanwhile (by a login): only the dates of an unbarred row move.
        setWhere: or(isNull(barredChecks.barredAt), isNotNull(barredChecks.liftedAt)),
      });
  }
  return barred;
}

/**
 * The whole-base check of one tenant for the 15-day period holding `now`
 * (IN SPA/MF 22/2025), once per (tenant, period) however many nodes or
 * scripts start it: every player with a CPF and an open account, in
 * batches of SWEEP_BATCH, in id order. Progress (`checked`, `barred`) is
 * written after each batch. When the regulator cannot be reached the run
 * stops with `error` set and the next tick runs the period again (checks are
 * idempotent: a bar already recorded is neither moved nor announced twice).
 * `isStopping` is asked between batches (shutdown: the run stops as failed).
 */
export async function sweepTenant(deps: BarredDeps, tenantId: number, now: Date = deps.now(), isStopping: () => boolean = () => false): Promise<SweepSummary> {
  const period = sweepPeriod(now);
  const summary: SweepSummary = { tenantId, period, ran: false, checked: 0, barred: 0, error: null };
  if (!deps.sigap) return summary;
  const run = await claimSweep(deps.db, tenantId, period, now);
  if (!run) return summary;
  summary.ran = true;
  try {
    let after = 0;
    for (;;) {
      // A node shutting down leaves the run failed, so the next pass (here or on another node) runs it again at once.
      if (isStopping()) throw new Error('interrupted: the node is shutting down');
      const batch = await deps.db
        .select({ id: users.id, cpf: users.cpf })
        .from(users)
        .where(and(eq(users.tenantId, tenantId), isNotNull(users.cpf), isNull(users.closedAt), gt(users.id, after)))
        .orderBy(asc(users.id))
        .limit(SWEEP_BATCH);
      if (batch.length === 0) break;
      summary.barred += await sweepBatch(deps, tenantId, batch as { id: number; cpf: string }[], now);
      summary.checked += batch.length;
      after = batch[batch.length - 1]!.id;
      await deps.db.update(barredSweeps).set({ checked: summary.checked, barred: summary.barred }).where(eq(barredSweeps.id, run.id));
    }
    await deps.db.update(barredSweeps).set({ finishedAt: deps.now() }).where(eq(barredSweeps.id, run.id));
  } catch (error) {
    summary.error = error instanceof Error ? error.message : String(error);
    await deps.db.update(barredSweeps).set({ error: summary.error.slice(0, 500) }).where(eq(barredSweeps.id, run.id));
  }
  return summary;
}
