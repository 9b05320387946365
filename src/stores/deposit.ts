import { atom } from 'nanostores';
import type { Locale } from '../contract/tenant-bundle.ts';
import { api } from './api.ts';
import { ApiError } from '../lib/api/errors.ts';
import { newIdempotencyKey } from '../lib/api/idempotency-key.ts';
import { keyMessage, type Message, textMessage } from '../lib/auth/message.ts';
import { firstDepositEvent, isFirstDeposit, purchaseEvents, pushToDataLayer } from '../lib/wallet/data-layer.ts';
import { type AmountProblem, amountInputText, checkDepositAmount, type DepositLimits, OPEN_LIMITS } from '../lib/wallet/deposit-amount.ts';
import { chargeDeadline } from '../lib/wallet/deposit-countdown.ts';
import { $session } from './session.ts';
import { $wallet, refreshWallet } from './wallet.ts';

/**
 * The Pix deposit modal (spec sections 2, 4 and 9): amount → charge
 * (QR + copy-paste code, 5-minute countdown) → paid, expired or refunded.
 * A charge becomes paid as soon as the realtime `PaymentApproved` event or
 * the status poll says so, whichever comes first; its marketing events go
 * to the data layer once per txid whatever reports it. Islands render these
 * stores and call these actions; nothing here touches the DOM.
 */

/** How often the status is consulted while a charge waits (only while the modal is open). */
export const POLL_INTERVAL_MS = 5000;

/** `POST /main-gateway/qrcode-pix {amount}` answer (amount in centavos). */
export interface PixChargeAnswer {
  txid: string;
  /** The BR Code "copia e cola" text. */
  qrcode: string;
  amount: number;
  expires_at: string;
  show: boolean;
  /** True only when the platform runs the sandbox PSP (the demo): the charge can be paid with `POST /pix/sandbox/pay-own`. */
  sandbox_pay?: boolean;
}

/** `POST /main-gateway/consult-status-transaction {txid}` answer. */
export interface DepositStatusAnswer {
  status: string;
  reason?: string;
  /** The refund reason in the caller's language (refunded charges). */
  message?: string;
}

export interface PixCharge {
  txid: string;
  /** The BR Code "copia e cola" text, also what the QR image encodes. */
  code: string;
  /** Centavos. */
  amount: number;
  /** Expiry on this device's clock, epoch ms (see `chargeDeadline`). */
  deadline: number;
  /** The platform offers the demo's "Pagar no sandbox" for this charge (never in production). */
  sandboxPay: boolean;
}

export type DepositState =
  | { step: 'amount' }
  | { step: 'creating' }
  | { step: 'waiting'; charge: PixCharge }
  | { step: 'paid'; charge: PixCharge }
  | { step: 'expired'; charge: PixCharge }
  | { step: 'refunded'; charge: PixCharge; message: Message };

/** The message under the amount field: the site's own range/format check, or the platform's refusal. */
export type AmountIssue = AmountProblem | { kind: 'server'; message: Message };

export type CopyState = 'idle' | 'copied' | 'failed';
export type SandboxPayState = 'idle' | 'paying' | 'failed';

export const $depositOpen = atom(false);
export const $deposit = atom<DepositState>({ step: 'amount' });
/** The tenant's range (set from `#deposit-config` when the island mounts). */
export const $depositLimits = atom<DepositLimits>(OPEN_LIMITS);
export const $amountText = atom('');
export const $amountIssue = atom<AmountIssue | null>(null);
/** A failed charge call that is not about the amount (no CPF on file, offline, session expired…). */
export const $depositError = atom<Message | null>(null);
export const $copyState = atom<CopyState>('idle');
/** The demo's "Pagar no sandbox" call for the current charge. */
export const $sandboxPayState = atom<SandboxPayState>('idle');

/** Charges created on this page, with the wallet's deposit count before each (the first-deposit fallback). */
const created = new Map<string, { charge: PixCharge; countBefore: number | null }>();
/** Txids whose marketing events were sent: once per deposit, whatever reports it and how often. */
const reported = new Set<string>();
/** Bumped by every new charge request and reset, so a late answer to an abandoned one is ignored. */
let generation = 0;
/** Bumped whenever timers stop, so a poll still awaiting its answer does not schedule another. */
let loop = 0;
let pollTimer: ReturnType<typeof setTimeout> | undefined;
let expiryTimer: ReturnType<typeof setTimeout> | undefined;

function stopTimers(): void {
  loop++;
  if (pollTimer !== undefined) clearTimeout(pollTimer);
  if (expiryTimer !== undefined) clearTimeout(expiryTimer);
  pollTimer = undefined;
  expiryTimer = undefined;
}

function schedulePoll(txid: string, token: number): void {
  pollTimer = setTimeout(() => {
    pollTimer = undefined;
    void checkDepositStatus().then(() => {
      const state = $deposit.get();
      if (token === loop && state.step === 'waiting' && state.charge.txid === txid) schedulePoll(txid, token);
    });
  }, POLL_INTERVAL_MS);
}

function startTimers(charge: PixCharge): void {
  stopTimers();
  schedulePoll(charge.txid, loop);
  expiryTimer = setTimeout(() => expireCharge(charge.txid), Math.max(0, charge.deadline - Date.now()));
}

/** The current charge when it is `txid` and in one of `steps`. */
function currentCharge(txid: string, steps: readonly DepositState['step'][]): PixCharge | null {
  const state = $deposit.get();
  return 'charge' in state && state.charge.txid === txid && steps.includes(state.step) ? state.charge : null;
}

/**
 * Opens the modal for a player; false for a visitor (the caller opens the
 * register modal instead, spec sections 2 and 6). A charge still waiting is
 * shown again with its countdown and poll resumed; a finished one gives way
 * to a fresh amount step (the last amount kept).
 */
export function openDepositModal(): boolean {
  if ($session.get().status !== 'user') return false;
  if ($depositOpen.get()) return true;
  const state = $deposit.get();
  if (state.step === 'waiting') startTimers(state.charge);
  else if (state.step !== 'creating') $deposit.set({ step: 'amount' });
  $depositError.set(null);
  $depositOpen.set(true);
  return true;
}

/** Closes the modal and stops the poll and expiry timers (the charge is kept for a reopen). */
export function closeDepositModal(): void {
  stopTimers();
  $depositOpen.set(false);
}

/** The amount field changed: range and format problems show at once (an empty field only on submit). */
export function setAmountText(text: string): void {
  $amountText.set(text);
  $depositError.set(null);
  const check = checkDepositAmount(text, $depositLimits.get());
  $amountIssue.set(check.ok || check.problem.kind === 'empty' ? null : check.problem);
}

/** A preset button: puts the amount in the field (as the player could have typed it). */
export function choosePreset(centavos: number, locale: Locale): void {
  setAmountText(amountInputText(centavos, locale));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The platform's own words for a failed call: the localized `message`, then the section 8 messages, then ours. */
function failureMessage(error: unknown): Message {
  if (error instanceof ApiError) {
    if (isRecord(error.data) && typeof error.data.message === 'string' && error.data.message.trim() !== '') return textMessage(error.data.message);
    if (error.messages.length > 0) return textMessage(error.messages.join(' '));
  }
  return keyMessage('deposit.errors.generic');
}

function showChargeError(error: unknown): void {
  if (error instanceof ApiError && error.kind === 'aborted') return;
  // 422 with the range (`deposit_out_of_range`) or an `amount` field error: the refusal belongs under the field.
  const aboutAmount =
    error instanceof ApiError &&
    error.status === 422 &&
    ((isRecord(error.data) && typeof error.data.min === 'number' && typeof error.data.max === 'number') || Boolean(error.errors?.amount));
  if (aboutAmount) $amountIssue.set({ kind: 'server', message: failureMessage(error) });
  else $depositError.set(failureMessage(error));
}

/**
 * "Gerar Pix": checks the amount, then `POST /main-gateway/qrcode-pix`.
 * On success the charge waits for payment (poll and countdown run while the
 * modal is open); on failure the amount step shows why.
 */
export async function generatePix(): Promise<void> {
  if ($deposit.get().step === 'creating' || $session.get().status !== 'user') return;
  const check = checkDepositAmount($amountText.get(), $depositLimits.get());
  if (!check.ok) {
    $amountIssue.set(check.problem);
    return;
  }
  stopTimers();
  $amountIssue.set(null);
  $depositError.set(null);
  $copyState.set('idle');
  const ticket = ++generation;
  const countBefore = $wallet.get()?.deposit_count ?? null;
  $deposit.set({ step: 'creating' });
  try {
    const answer = await api.post<PixChargeAnswer>('/main-gateway/qrcode-pix', { amount: check.centavos }, { idempotencyKey: newIdempotencyKey() });
    if (ticket !== generation) return;
    const charge: PixCharge = {
      txid: answer.txid,
      code: answer.qrcode,
      amount: answer.amount,
      deadline: chargeDeadline(answer.expires_at, Date.now()),
      sandboxPay: answer.sandbox_pay === true,
    };
    $sandboxPayState.set('idle');
    created.set(charge.txid, { charge, countBefore });
    $deposit.set({ step: 'waiting', charge });
    if ($depositOpen.get()) startTimers(charge);
  } catch (error) {
    if (ticket !== generation) return;
    $deposit.set({ step: 'amount' });
    showChargeError(error);
  }
}

/** "Gerar novo" after an expiry or refund: a new charge for the same amount. */
export function generateAgain(): Promise<void> {
  stopTimers();
  $deposit.set({ step: 'amount' });
  return generatePix();
}

/** "Alterar valor": leaves the charge (still honoured if paid: the balance and the events follow) for the amount step. */
export function changeAmount(): void {
  stopTimers();
  $copyState.set('idle');
  $deposit.set({ step: 'amount' });
}

/**
 * Marks `txid` paid (realtime event or poll). The modal shows the paid
 * state when it is the current charge; for any charge created on this page
 * the first time only: `purchase` goes to the data layer, the wallet is
 * reloaded (a safety net behind `BalanceUpdated`), and `first_deposit`
 * follows when the reloaded `deposit_count` is ≤ 1. Resolves when done.
 */
export async function settleCharge(txid: string): Promise<void> {
  const entry = created.get(txid);
  if (!entry) return;
  const charge = currentCharge(txid, ['waiting', 'expired']);
  if (charge) {
    stopTimers();
    $deposit.set({ step: 'paid', charge });
  }
  if (reported.has(txid)) return;
  reported.add(txid);
  pushToDataLayer(purchaseEvents(entry.charge));
  const fresh = await refreshWallet().catch(() => null);
  // Without a fresh wallet: the one BalanceUpdated left, or at least one more deposit than before.
  const countAfter = fresh?.deposit_count ?? Math.max($wallet.get()?.deposit_count ?? 0, (entry.countBefore ?? 0) + 1);
  if (isFirstDeposit(countAfter)) pushToDataLayer([firstDepositEvent(entry.charge)]);
}

/** The current charge is over unpaid: shows the expired state, then asks once more (a late payment still wins). */
export function expireCharge(txid: string): void {
  if (!currentCharge(txid, ['waiting'])) return;
  const state = $deposit.get() as Extract<DepositState, { step: 'waiting' }>;
  stopTimers();
  $deposit.set({ step: 'expired', charge: state.charge });
  void checkDepositStatus();
}

function refundCharge(txid: string, message: string | undefined): void {
  const charge = currentCharge(txid, ['waiting', 'expired']);
  if (!charge) return;
  stopTimers();
  $deposit.set({ step: 'refunded', charge, message: message ? textMessage(message) : keyMessage('deposit.refunded.text') });
}

/** One status consult of the current charge; a failed call changes nothing (the next poll retries). */
export async function checkDepositStatus(): Promise<void> {
  const state = $deposit.get();
  if (state.step !== 'waiting' && state.step !== 'expired') return;
  const { txid } = state.charge;
  let answer: DepositStatusAnswer;
  try {
    answer = await api.post<DepositStatusAnswer>('/main-gateway/consult-status-transaction', { txid });
  } catch {
    return;
  }
  if (answer.status === 'paid') await settleCharge(txid);
  else if (answer.status === 'refunded') refundCharge(txid, answer.message);
  else if (answer.status === 'expired') expireCharge(txid);
}

/** Realtime `PaymentApproved` {txid, amount} on the player's channel. */
export function handlePaymentApproved(payload: unknown): Promise<void> {
  const txid = isRecord(payload) ? payload.txid : undefined;
  return typeof txid === 'string' ? settleCharge(txid) : Promise.resolve();
}

/**
 * "Copiar": the copy-paste code to the clipboard. `failed` when the
 * clipboard is missing or refuses (insecure page, permission): the island
 * then selects the code for a manual copy.
 */
export async function copyPixCode(clipboard: Pick<Clipboard, 'writeText'> | null = globalThis.navigator?.clipboard ?? null): Promise<void> {
  const state = $deposit.get();
  if (state.step !== 'waiting') return;
  try {
    if (!clipboard) throw new Error('no clipboard');
    await clipboard.writeText(state.charge.code);
    $copyState.set('copied');
  } catch {
    $copyState.set('failed');
  }
}

/**
 * The demo's "Pagar no sandbox": asks the platform's sandbox PSP to pay the
 * current charge (`POST /pix/sandbox/pay-own`, the player's session
 * authorising it; the route exists only with the sandbox PSP outside
 * production). The paid state then arrives as for any payment (realtime
 * event or this status check); `failed` when the call is refused.
 */
export async function payInSandbox(): Promise<void> {
  const state = $deposit.get();
  if (state.step !== 'waiting' || !state.charge.sandboxPay || $sandboxPayState.get() === 'paying') return;
  const { txid } = state.charge;
  $sandboxPayState.set('paying');
  try {
    await api.post('/pix/sandbox/pay-own', { txid });
    $sandboxPayState.set('idle');
    await checkDepositStatus();
  } catch {
    if (currentCharge(txid, ['waiting'])) $sandboxPayState.set('failed');
  }
}

/** Back to a closed, empty modal (a sign-out: the next player must not see this one's charge). */
export function resetDeposit(): void {
  generation++;
  stopTimers();
  created.clear();
  $depositOpen.set(false);
  $deposit.set({ step: 'amount' });
  $amountText.set('');
  $amountIssue.set(null);
  $depositError.set(null);
  $copyState.set('idle');
  $sandboxPayState.set('idle');
}

$session.listen((session) => {
  if (session.status !== 'user') resetDeposit();
});
