import { and, asc, eq, gt, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import type { Logger } from '../../logger.ts';
import { barredChecks } from '../barred/schema.ts';
import { users } from '../users/schema.ts';
import { wallets } from '../wallet/schema.ts';
import { lockPlayer, recordClosure } from './record-closure.ts';

/** Accounts closed per pass; the next pass takes the rest. */
const BATCH = 100;

export interface BarredClosureSummary {
  closed: number;
  /** Centavos left on the closed accounts' wallets, owed to their players. */
  owed: number;
}

/**
 * Closes the accounts of barred players whose regulator's term
 * (`barred_checks.closes_at`) has passed and whose bar was not lifted:
 * reason `barred`, the regulator's reason as the note, sessions revoked.
 * The balance is not paid out by the job: the player could withdraw it
 * during the whole term, and what is left stays on the closed account's
 * ledger, owed to them and logged for the operator (docs/account-closure.md).
 * Each account closes in its own transaction under its row lock, re-reading
 * the bar there, so two nodes running the pass together close it once.
 */
export async function closeBarredAccounts(deps: { db: Db; log: Logger }, now: Date): Promise<BarredClosureSummary> {
  const due = await deps.db
    .select({ userId: barredChecks.userId, tenantId: barredChecks.tenantId })
    .from(barredChecks)
    .innerJoin(users, eq(users.id, barredChecks.userId))
    .where(and(isNotNull(barredChecks.barredAt), isNull(barredChecks.liftedAt), lte(barredChecks.closesAt, now), isNull(users.closedAt)))
    .orderBy(asc(barredChecks.closesAt), asc(barredChecks.userId))
    .limit(BATCH);
  const summary: BarredClosureSummary = { closed: 0, owed: 0 };
  for (const { userId, tenantId } of due) {
    const done = await deps.db.transaction(async (tx) => {
      const user = await lockPlayer(tx, tenantId, userId);
      if (!user || user.closedAt) return null;
      // The bar may have been lifted (or the term moved) since the list was read.
      const [bar] = await tx
        .select({ reason: barredChecks.reason })
        .from(barredChecks)
        .where(and(eq(barredChecks.userId, userId), isNotNull(barredChecks.barredAt), isNull(barredChecks.liftedAt), lte(barredChecks.closesAt, now)));
      if (!bar) return null;
      const closure = await recordClosure(tx, user, { reason: 'barred', note: bar.reason?.slice(0, 500) ?? null, at: now });
      const [wallet] = await tx.select({ balance: wallets.balance }).from(wallets).where(and(eq(wallets.userId, userId), gt(wallets.balance, 0n)));
      return { closure, owed: Number(wallet?.balance ?? 0n) };
    });
    if (!done) continue;
    summary.closed += 1;
    summary.owed += done.owed;
    const owed = done.owed > 0 ? `; ${done.owed} centavos left on the account, owed to the player` : '';
    deps.log[done.owed > 0 ? 'warn' : 'info'](`account-closure: barred user ${userId} of tenant ${tenantId} closed at the regulator's term (closure ${done.closure.id})${owed}`);
  }
  return summary;
}
