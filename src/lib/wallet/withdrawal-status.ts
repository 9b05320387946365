import { CANCELLABLE_WITHDRAWAL_STATUSES, type WithdrawalStatusCode } from '../../contract/wallet.ts';

/**
 * Withdrawal statuses in words (spec section 4: 0 pending, 1 approved,
 * 2 cancelled, 3 invalid Pix key (funds being released), 4 processing,
 * 5 under review): the i18n key of each code. An unknown code (a newer
 * platform) reads as "processing" rather than showing a number.
 */
export function withdrawalStatusKey(status: number): string {
  return `wallet.withdrawals.status.${status >= 0 && status <= 5 && Number.isInteger(status) ? status : 4}`;
}

/** Whether the player may still cancel a withdrawal in this status (the money has not left for the PSP). */
export function isCancellable(status: number): boolean {
  return (CANCELLABLE_WITHDRAWAL_STATUSES as readonly number[]).includes(status);
}

/** Tone of the status pill: finished well, finished without paying, or still moving. */
export function withdrawalTone(status: WithdrawalStatusCode): 'ok' | 'off' | 'pending' {
  if (status === 1) return 'ok';
  if (status === 2 || status === 3) return 'off';
  return 'pending';
}

/**
 * Whole seconds left to cancel a withdrawal at `now` (epoch ms), or null when
 * the platform gave no deadline (`cancellable_until`): under review, or an
 * older platform. 0 once the deadline has passed.
 */
export function cancelSecondsLeft(withdrawal: { cancellable_until?: string | null }, now: number): number | null {
  if (!withdrawal.cancellable_until) return null;
  const until = Date.parse(withdrawal.cancellable_until);
  if (Number.isNaN(until)) return null;
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/** Whether to offer "Cancelar" at `now`: a cancellable status and, when there is a deadline, time left before it. */
export function canCancelNow(withdrawal: { status: number; cancellable_until?: string | null }, now: number): boolean {
  if (!isCancellable(withdrawal.status)) return false;
  const left = cancelSecondsLeft(withdrawal, now);
  return left === null || left > 0;
}
