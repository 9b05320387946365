import { atom } from 'nanostores';
import { DOCUMENTS_REQUIRED_CODE } from '../contract/documents.ts';
import type { PixKeyType, WalletView, WithdrawalView, WithdrawMethodsResponse, WithdrawMethodView } from '../contract/wallet.ts';
import { api } from './api.ts';
import { ApiError } from '../lib/api/errors.ts';
import { newIdempotencyKey } from '../lib/api/idempotency-key.ts';
import { keyMessage, type Message } from '../lib/auth/message.ts';
import { currentLocale } from '../lib/locale.ts';
import { formatBRL } from '../lib/money-format.ts';
import { parseReais } from '../lib/wallet/amount.ts';
import { checkPixKey } from '../lib/wallet/pix-key.ts';
import { createForm, type FieldErrors } from './form.ts';
import { $session } from './session.ts';
import { applyWallet, $wallet } from './wallet.ts';
import { onPlayerChange } from './wallet-paged-list.ts';
import { $lastWithdrawal, putWithdrawal } from './withdrawals.ts';

/**
 * The withdraw form of `/account/wallet` (spec sections 4, 5, 7): the
 * player's Pix keys, the tenant's range, what is still to verify, adding a
 * key, and requesting a withdrawal of an amount typed in reais. Every rule
 * checked here is checked again by the platform; these only spare the
 * player a round trip.
 */

export type WithdrawSetup =
  | { status: 'idle' | 'loading' }
  | { status: 'ready'; methods: WithdrawMethodView[]; limits: { min: number; max: number }; missingVerification: ('email' | 'phone')[] }
  | { status: 'error'; message: Message };

export const $withdrawSetup = atom<WithdrawSetup>({ status: 'idle' });

/** `GET /wallet/withdraw/methods`: keys, range, verification; the first key is chosen when none is. */
export async function loadWithdrawSetup(): Promise<void> {
  if ($session.get().status !== 'user') return;
  if ($withdrawSetup.get().status !== 'ready') $withdrawSetup.set({ status: 'loading' });
  try {
    const answer = await api.get<WithdrawMethodsResponse>('/wallet/withdraw/methods');
    $withdrawSetup.set({ status: 'ready', methods: answer.methods, limits: answer.limits, missingVerification: answer.missing_verification });
    const chosen = withdrawForm.$values.get().method_id;
    if (!answer.methods.some((m) => m.id === chosen)) withdrawForm.$values.setKey('method_id', answer.methods[0]?.id ?? null);
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'aborted') return;
    $withdrawSetup.set({ status: 'error', message: keyMessage('wallet.withdraw.setupFailed') });
  }
}

/** True when the player may not withdraw yet (the form is shown disabled). */
export function withdrawBlocked(setup: WithdrawSetup): boolean {
  return setup.status !== 'ready' || setup.missingVerification.length > 0;
}

/* ------------------------------ Pix keys ------------------------------ */

export interface PixKeyValues {
  type: PixKeyType;
  key: string;
}

export const pixKeyForm = createForm<PixKeyValues>({
  initial: () => ({ type: 'cpf', key: '' }),
  check: (values): FieldErrors<'type' | 'key'> => {
    const result = checkPixKey(values.type, values.key);
    return result.ok ? {} : { key: result.message };
  },
  // A key typed for one type is re-checked when the type changes.
  dependents: { type: ['key'] },
});

/** "Chave Pix cadastrada." after a key was added; cleared when the player types the next one. */
export const $pixKeyNotice = atom<Message | null>(null);

/** Model update of the key form (type or key). */
export function setPixKeyField<K extends keyof PixKeyValues>(field: K, value: PixKeyValues[K]): void {
  $pixKeyNotice.set(null);
  pixKeyForm.set(field, value);
}

/**
 * `POST /wallet/withdraw/method {type, key}` with the key in its normalised
 * form. The platform may refuse with 422 on `key` (format, not the player's
 * key, key not found): shown under the key field. The new key is selected.
 */
export async function addPixKey(): Promise<boolean> {
  $pixKeyNotice.set(null);
  if (!pixKeyForm.validate()) return false;
  const { type, key } = pixKeyForm.$values.get();
  const checked = checkPixKey(type, key);
  if (!checked.ok) return false;
  try {
    const { method } = await pixKeyForm.submit(() => api.post<{ method: WithdrawMethodView }>('/wallet/withdraw/method', { type, key: checked.key }));
    const setup = $withdrawSetup.get();
    if (setup.status === 'ready' && !setup.methods.some((m) => m.id === method.id)) $withdrawSetup.set({ ...setup, methods: [...setup.methods, method] });
    withdrawForm.set('method_id', method.id);
    pixKeyForm.reset();
    $pixKeyNotice.set(keyMessage('wallet.pixKey.added'));
    return true;
  } catch (error) {
    pixKeyForm.showApiError(error);
    return false;
  }
}

/* ----------------------------- Withdrawal ----------------------------- */

/**
 * The last request was refused because the player's identity documents are
 * not approved yet (the tenant's `kyc` is on): the form links to the
 * verification page with a message of its own.
 */
export const $withdrawNeedsDocuments = atom(false);

/** Whether `error` is the platform's "documents not approved" refusal (src/contract/documents.ts). */
export function isDocumentsRequired(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 403) return false;
  const data = error.data as { code?: unknown } | null | undefined;
  return typeof data === 'object' && data !== null && data.code === DOCUMENTS_REQUIRED_CODE;
}

export interface WithdrawValues {
  /** As typed, in reais ("50", "50,00", "1.234,56"). */
  amount: string;
  method_id: number | null;
}

const brl = (centavos: number): string => formatBRL(centavos, currentLocale());

/**
 * Why `text` cannot be withdrawn now, or null: not an amount, outside the
 * tenant's range (when known), or above the withdrawable balance (when known).
 */
export function amountProblem(text: string, limits: { min: number; max: number } | null, wallet: WalletView | null): Message | null {
  if (text.trim() === '') return keyMessage('validation.required');
  const centavos = parseReais(text);
  if (centavos === null || centavos <= 0) return keyMessage('wallet.withdraw.amountInvalid');
  if (limits && centavos < limits.min) return keyMessage('wallet.withdraw.belowMin', { min: brl(limits.min) });
  if (limits && centavos > limits.max) return keyMessage('wallet.withdraw.aboveMax', { max: brl(limits.max) });
  if (wallet && centavos > wallet.balance_withdrawal) return keyMessage('wallet.withdraw.aboveWithdrawable', { available: brl(wallet.balance_withdrawal) });
  return null;
}

export const withdrawForm = createForm<WithdrawValues>({
  initial: () => ({ amount: '', method_id: null }),
  check: (values) => {
    const setup = $withdrawSetup.get();
    const errors: FieldErrors<'amount' | 'method_id'> = {};
    const amount = amountProblem(values.amount, setup.status === 'ready' ? setup.limits : null, $wallet.get());
    if (amount) errors.amount = amount;
    if (values.method_id === null) errors.method_id = keyMessage('wallet.withdraw.chooseKey');
    return errors;
  },
});

/**
 * `POST /wallet/withdraw/request {amount (centavos), method_id}` → 201
 * `{withdrawal, wallet}`: the funds are reserved at once, so the wallet is
 * applied and the withdrawal joins the list. A 403/422 about verification
 * reloads the setup so the requirement shows.
 */
export async function requestWithdrawal(): Promise<WithdrawalView | null> {
  if (withdrawBlocked($withdrawSetup.get()) || !withdrawForm.validate()) return null;
  const { amount, method_id: methodId } = withdrawForm.$values.get();
  const centavos = parseReais(amount);
  if (centavos === null || methodId === null) return null;
  $withdrawNeedsDocuments.set(false);
  // One key for this click: the client's automatic retries reuse it, so the platform reserves the funds once.
  const idempotencyKey = newIdempotencyKey();
  try {
    const answer = await withdrawForm.submit(() =>
      api.post<{ withdrawal: WithdrawalView; wallet: WalletView }>('/wallet/withdraw/request', { amount: centavos, method_id: methodId }, { idempotencyKey }),
    );
    applyWallet(answer.wallet);
    $lastWithdrawal.set(answer.withdrawal);
    putWithdrawal(answer.withdrawal);
    // A fresh amount, the same key: players usually withdraw to one key.
    withdrawForm.reset();
    withdrawForm.$values.setKey('method_id', methodId);
    return answer.withdrawal;
  } catch (error) {
    withdrawForm.showApiError(error);
    if (isDocumentsRequired(error)) {
      $withdrawNeedsDocuments.set(true);
      withdrawForm.$formError.set(keyMessage('wallet.withdraw.documentsRequired'));
    } else if (error instanceof ApiError && error.status === 403) {
      withdrawForm.$formError.set(keyMessage('wallet.withdraw.verificationRequired'));
    }
    if (error instanceof ApiError && (error.status === 403 || error.status === 422)) void loadWithdrawSetup();
    return null;
  }
}

onPlayerChange(() => {
  $withdrawSetup.set({ status: 'idle' });
  $withdrawNeedsDocuments.set(false);
  $pixKeyNotice.set(null);
  pixKeyForm.reset();
  withdrawForm.reset();
});
