import { atom } from 'nanostores';
import type { CashbackItemView, CashbackListView } from '../contract/cashback.ts';
import type { WalletView } from '../contract/wallet.ts';
import { newIdempotencyKey } from '../lib/api/idempotency-key.ts';
import { keyMessage, type Message } from '../lib/auth/message.ts';
import { claimsAvailable } from '../lib/cashback/windows.ts';
import { api } from './api.ts';
import { apiErrorMessage } from './form.ts';
import { onPlayerChange } from './player-change.ts';
import { applyWallet } from './wallet.ts';

/**
 * The player's cashback (`GET /bonuses/cashback`) and claiming it (`POST
 * /bonuses/cashback/claim`), for the card on `/bonus` and `/user`. The
 * windows are counted on the platform's clock (the answer's `now`), not the
 * browser's, with the same function the platform uses.
 */
export type CashbackState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; items: CashbackItemView[]; enabled: boolean; offsetMs: number }
  | { status: 'error'; message: Message };

export const $cashback = atom<CashbackState>({ status: 'idle' });
/** The item whose claim is on its way (its button is disabled meanwhile: one click, one claim). */
export const $claiming = atom<number | null>(null);
/** The last claim's outcome, shown under the list. */
export const $claimNotice = atom<{ kind: 'success'; amount: number } | { kind: 'error'; message: Message } | null>(null);

let loading: Promise<void> | null = null;

/** Loads (or reloads) the list; concurrent calls share one request. */
export function loadCashback(): Promise<void> {
  loading ??= (async () => {
    if ($cashback.get().status !== 'ready') $cashback.set({ status: 'loading' });
    try {
      const answer = await api.get<CashbackListView>('/bonuses/cashback');
      $cashback.set({ status: 'ready', items: answer.data, enabled: answer.enabled, offsetMs: Date.parse(answer.now) - Date.now() });
    } catch {
      $cashback.set({ status: 'error', message: keyMessage('cashback.loadFailed') });
    } finally {
      loading = null;
    }
  })();
  return loading;
}

/** The platform's clock as the browser sees it now. */
export function platformNow(state: CashbackState, clientNow = Date.now()): Date {
  return new Date(clientNow + (state.status === 'ready' ? state.offsetMs : 0));
}

/** Claims the item may take at `now` (the spec's windows). */
export function claimsLeftNow(item: CashbackItemView, now: Date): number {
  return claimsAvailable(item, now);
}

/** One claim of `item`: the wallet and the item take the platform's answer; a refusal shows its message and reloads the list. */
export async function claimCashback(item: CashbackItemView): Promise<boolean> {
  if ($claiming.get() !== null) return false;
  $claiming.set(item.id);
  $claimNotice.set(null);
  try {
    const answer = await api.post<{ item: CashbackItemView; wallet: WalletView; amount: number }>(
      '/bonuses/cashback/claim',
      { cashback_id: item.id },
      { idempotencyKey: newIdempotencyKey() },
    );
    applyWallet(answer.wallet);
    const state = $cashback.get();
    if (state.status === 'ready') $cashback.set({ ...state, items: state.items.map((i) => (i.id === answer.item.id ? answer.item : i)) });
    $claimNotice.set({ kind: 'success', amount: answer.amount });
    return true;
  } catch (error) {
    $claimNotice.set({ kind: 'error', message: apiErrorMessage(error) });
    void loadCashback();
    return false;
  } finally {
    $claiming.set(null);
  }
}

onPlayerChange(() => {
  $cashback.set({ status: 'idle' });
  $claiming.set(null);
  $claimNotice.set(null);
});
