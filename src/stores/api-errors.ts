import { atom } from 'nanostores';
import type { ApiError } from '../lib/api/errors.ts';

/**
 * Spec section 8 side effects of failed calls: messages shown to the player
 * (the "current error list", rendered by a toast island) and a count of
 * network failures, which never produce a message of their own.
 */
export const $apiErrorMessages = atom<readonly string[]>([]);
export const $networkErrorCount = atom(0);

/** Applies the section 8 rules: network → counter only; silent or aborted → nothing; else messages appended. */
export function reportApiError(error: ApiError): void {
  if (error.kind === 'network') {
    $networkErrorCount.set($networkErrorCount.get() + 1);
    return;
  }
  if (error.silent || error.kind === 'aborted' || error.messages.length === 0) return;
  $apiErrorMessages.set([...$apiErrorMessages.get(), ...error.messages]);
}

/** Removes one shown message (by value) or, without an argument, all of them. */
export function dismissApiErrors(message?: string): void {
  $apiErrorMessages.set(message === undefined ? [] : $apiErrorMessages.get().filter((m) => m !== message));
}
