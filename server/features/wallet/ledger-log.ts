import type { Db } from '../../db/open.ts';
import type { Logger } from '../../logger.ts';
import { type LiveNotificationDeps, publishStoredNotifications } from '../notifications/publish.ts';
import { applyMovement, type MovementInput, type MovementResult } from './movement.ts';

/**
 * Writes the audit line of one money movement: `ledger entry` with the
 * entry's id, kind, signed amount (centavos), balance after, player, tenant
 * and reference. Replays (`replayed: true`) moved nothing and are skipped,
 * so there is exactly one line per ledger row written.
 *
 * Call it after the transaction holding the movement has committed (a
 * rolled-back movement must leave no line), from the service that commits.
 */
export function logLedgerEntry(log: Pick<Logger, 'info'>, moved: Pick<MovementResult, 'entry' | 'replayed'> | null | undefined): void {
  if (!moved || moved.replayed) return;
  const { entry } = moved;
  log.info('ledger entry', {
    ledger_id: entry.id,
    kind: entry.type,
    amount: entry.amount,
    balance_after: entry.balanceAfter,
    user_id: entry.userId,
    tenant_id: entry.tenantId,
    reference: entry.reference,
  });
}

/**
 * Runs `work` in one transaction of `db`, handing it `move` (applyMovement
 * inside that transaction), and once it has committed logs one line per
 * ledger row `move` wrote (logLedgerEntry) and, with `live`, publishes the
 * notifications those movements stored (a bet's rank-up: `NotificationSent`
 * on the player's channel); a rolled-back transaction logs and announces
 * nothing. Without `log`, no lines; without `live`, the notices wait for the
 * player's next load. `db` must not be a transaction itself: its commit is
 * the one that counts.
 */
export async function inLoggedTransaction<T>(
  db: Db,
  log: Pick<Logger, 'info'> | undefined,
  work: (tx: Db, move: (input: MovementInput) => Promise<MovementResult>) => Promise<T>,
  live?: LiveNotificationDeps,
): Promise<T> {
  const written: MovementResult[] = [];
  const result = await db.transaction((tx) =>
    work(tx, async (input) => {
      const moved = await applyMovement(tx, input);
      written.push(moved);
      return moved;
    }),
  );
  if (log) for (const moved of written) logLedgerEntry(log, moved);
  if (live) await publishStoredNotifications(live, written.flatMap((moved) => moved.notices));
  return result;
}
