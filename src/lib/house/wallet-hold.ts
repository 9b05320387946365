/**
 * While a house round is in flight or its board animates, the player's
 * realtime `BalanceUpdated` (the platform publishes it as the round commits)
 * would show the result in the header before the ball lands. The play page
 * (often in the game page's iframe, same origin) records "hold until" in
 * localStorage; the document that receives the event — the frame or the page
 * around it — applies it when the hold ends. The hold has a deadline, so a
 * closed frame never keeps the balance back for long.
 */

const KEY = 'house-wallet-hold-until';
/** Longest a hold lasts: the play request plus the longest animation (2.2 s), with room. */
export const WALLET_HOLD_MAX_MS = 8_000;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Holds wallet events from now for at most {@link WALLET_HOLD_MAX_MS}. */
export function holdWalletEvents(now = Date.now()): void {
  storage()?.setItem(KEY, String(now + WALLET_HOLD_MAX_MS));
}

/** Ends the hold (the reveal ended or the play failed). */
export function releaseWalletEvents(): void {
  storage()?.removeItem(KEY);
}

/** Milliseconds the hold still lasts (0: apply at once); never more than the maximum, whatever is stored. */
export function walletHoldMs(now = Date.now()): number {
  const until = Number(storage()?.getItem(KEY));
  if (!Number.isFinite(until)) return 0;
  return Math.min(WALLET_HOLD_MAX_MS, Math.max(0, until - now));
}

/** Whether a storage event is the hold changing (in another document). */
export function isWalletHoldKey(key: string | null): boolean {
  return key === null || key === KEY;
}
