import type { Logger } from '../../logger.ts';
import type { MovementResult } from './movement.ts';

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
