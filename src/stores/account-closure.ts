import { atom } from 'nanostores';
import { type CloseAccountInfo, type CloseAccountResponse, isCloseConfirmation } from '../contract/account-closure.ts';
import { refusalText } from '../lib/account-closure/refusal.ts';
import { ApiError } from '../lib/api/errors.ts';
import { keyMessage } from '../lib/auth/message.ts';
import { api } from './api.ts';
import { endSession } from './auth.ts';
import { createForm, type FieldErrors } from './form.ts';

/**
 * Closing the account from the profile (issue 17): the balance rule is
 * explained on the card, the player confirms in a dialog with their
 * password (or, without one, by typing ENCERRAR / CLOSE), the platform
 * closes it and ends every session, and the page shows the closing date
 * instead of the login modal.
 */
export interface CloseAccountValues {
  password: string;
  confirmation: string;
  note: string;
}

/** How this player confirms (`GET /profile/close-account`); password until known. */
export const $closureConfirmWith = atom<CloseAccountInfo['confirm_with']>('password');

export const closeAccountForm = createForm<CloseAccountValues>({
  initial: () => ({ password: '', confirmation: '', note: '' }),
  check: (values) => {
    const errors: FieldErrors<keyof CloseAccountValues> = {};
    if ($closureConfirmWith.get() === 'password') {
      if (values.password === '') errors.password = keyMessage('validation.required');
    } else if (!isCloseConfirmation(values.confirmation)) {
      errors.confirmation = keyMessage('account.closure.wordRequired');
    }
    if (values.note.length > 500) errors.note = keyMessage('validation.generic');
    return errors;
  },
});

/** The confirmation dialog is open. */
export const $closeConfirming = atom(false);

/** Set once this page closed the account: the account pages show it instead of the login modal. */
export const $accountClosed = atom<CloseAccountResponse | null>(null);

/** Asks the platform how the player confirms; a failure keeps the password (the platform says otherwise on submit). */
export async function loadClosureInfo(): Promise<void> {
  try {
    $closureConfirmWith.set((await api.get<CloseAccountInfo>('/profile/close-account')).confirm_with);
  } catch {
    // Reported by the client; the password field stays.
  }
}

/** Opens the confirmation dialog (the note is checked first). */
export function requestClose(): boolean {
  if (!closeAccountForm.validate(['note'])) return false;
  closeAccountForm.$formError.set(null);
  $closeConfirming.set(true);
  return true;
}

export function cancelClose(): void {
  $closeConfirming.set(false);
  closeAccountForm.set('password', '');
  closeAccountForm.set('confirmation', '');
}

/**
 * `POST /profile/close-account` → the session ends and `$accountClosed`
 * holds the date. A refusal (wrong password, balance still to withdraw, a
 * withdrawal in flight…) is shown in the dialog in the platform's words.
 */
export async function confirmClose(): Promise<boolean> {
  const word = $closureConfirmWith.get() === 'word';
  if (!closeAccountForm.validate([word ? 'confirmation' : 'password'])) return false;
  const { password, confirmation, note } = closeAccountForm.$values.get();
  try {
    const closed = await closeAccountForm.submit(() =>
      api.post<CloseAccountResponse>('/profile/close-account', { ...(word ? { confirmation } : { password }), ...(note.trim() ? { note: note.trim() } : {}) }),
    );
    $closeConfirming.set(false);
    $accountClosed.set(closed);
    closeAccountForm.reset();
    endSession();
    return true;
  } catch (error) {
    const shown = closeAccountForm.showApiError(error);
    if (shown.length === 0 && error instanceof ApiError && error.kind !== 'aborted') {
      closeAccountForm.$formError.set(refusalText(error) ?? closeAccountForm.$formError.get());
    }
    return false;
  }
}
