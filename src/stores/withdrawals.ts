import { atom } from 'nanostores';
import type { PagedList, WalletView, WithdrawalView } from '../contract/wallet.ts';
import { api } from './api.ts';
import { ApiError } from '../lib/api/errors.ts';
import { newIdempotencyKey } from '../lib/api/idempotency-key.ts';
import { keyMessage, type Message } from '../lib/auth/message.ts';
import { isCancellable } from '../lib/wallet/withdrawal-status.ts';
import { apiErrorMessage } from './form.ts';
import { applyWallet } from './wallet.ts';
import { createPagedList, onPlayerChange } from './wallet-paged-list.ts';

/**
 * The player's withdrawals (`GET /wallet/withdrawals?page`) and cancelling
 * one (spec section 4: "a withdrawal still in process can be cancelled after
 * a confirmation dialog"): ask → confirm → `POST
 * /main-gateway/user-cancel-withdrawal {id}` → the row and the balance take
 * the platform's answer.
 */
export const withdrawals = createPagedList<WithdrawalView>({
  fetchPage: (page, signal) => api.get<PagedList<WithdrawalView>>('/wallet/withdrawals', { page }, { signal }),
});

/** A withdrawal the platform sent (created or changed): replaces the row of the same id, or goes first. */
export function putWithdrawal(withdrawal: WithdrawalView): void {
  withdrawals.updateItems((items) =>
    items.some((w) => w.id === withdrawal.id) ? items.map((w) => (w.id === withdrawal.id ? withdrawal : w)) : [withdrawal, ...items],
  );
  if ($lastWithdrawal.get()?.id === withdrawal.id) $lastWithdrawal.set(withdrawal);
}

/** The withdrawal the player just requested, shown above the form until the next one. */
export const $lastWithdrawal = atom<WithdrawalView | null>(null);

export type CancelFlow =
  | { status: 'idle' }
  | { status: 'confirming'; withdrawal: WithdrawalView }
  | { status: 'cancelling'; withdrawal: WithdrawalView }
  | { status: 'error'; withdrawal: WithdrawalView; message: Message };

export const $cancelFlow = atom<CancelFlow>({ status: 'idle' });
/** "Saque cancelado…" after a successful cancel; cleared by the next ask. */
export const $cancelNotice = atom<Message | null>(null);

/** Opens the confirmation for a cancellable withdrawal; false (nothing opens) for any other status. */
export function askCancelWithdrawal(withdrawal: WithdrawalView): boolean {
  if (!isCancellable(withdrawal.status) || $cancelFlow.get().status === 'cancelling') return false;
  $cancelNotice.set(null);
  $cancelFlow.set({ status: 'confirming', withdrawal });
  return true;
}

/** "Voltar": closes the confirmation without calling anything (not while the cancel is on its way). */
export function dismissCancelWithdrawal(): void {
  if ($cancelFlow.get().status !== 'cancelling') $cancelFlow.set({ status: 'idle' });
}

/**
 * "Sim, cancelar": calls the platform. Success closes the dialog, updates the
 * row and the wallet (funds returned). A refusal keeps the dialog open with
 * the platform's message and reloads the list, since the usual cause is a
 * status that moved on (e.g. already processing).
 */
export async function confirmCancelWithdrawal(): Promise<boolean> {
  const flow = $cancelFlow.get();
  if (flow.status !== 'confirming' && flow.status !== 'error') return false;
  const { withdrawal } = flow;
  $cancelFlow.set({ status: 'cancelling', withdrawal });
  try {
    const answer = await api.post<{ withdrawal: WithdrawalView; wallet: WalletView }>(
      '/main-gateway/user-cancel-withdrawal',
      { id: withdrawal.id },
      { idempotencyKey: newIdempotencyKey() },
    );
    applyWallet(answer.wallet);
    putWithdrawal(answer.withdrawal);
    $cancelFlow.set({ status: 'idle' });
    $cancelNotice.set(keyMessage('wallet.withdrawals.cancelled'));
    return true;
  } catch (error) {
    $cancelFlow.set({ status: 'error', withdrawal, message: apiErrorMessage(error) });
    if (error instanceof ApiError && error.kind === 'http') void withdrawals.reload();
    return false;
  }
}

onPlayerChange(() => {
  $lastWithdrawal.set(null);
  $cancelFlow.set({ status: 'idle' });
  $cancelNotice.set(null);
});
