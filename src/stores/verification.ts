import { atom, type WritableAtom } from 'nanostores';
import * as v from 'valibot';
import { CodeSchema } from '../contract/validation/code.ts';
import { api } from './api.ts';
import { ApiError } from '../lib/api/errors.ts';
import type { AccountUser } from '../lib/auth/account-user.ts';
import { type Countdown, createCountdown } from '../lib/auth/countdown.ts';
import { keyMessage, type Message } from '../lib/auth/message.ts';
import { formatPhone } from '../lib/auth/phone.ts';
import { issuesByField } from '../lib/forms/issues.ts';
import { adoptUser } from './auth.ts';
import { $session } from './session.ts';

/**
 * E-mail and phone verification of the logged-in player (account page
 * "Verificar conta"): send a code (`/auth/verify-email`, `/auth/verify-phone`),
 * then confirm it (`/auth/verify-code {channel, code}`). A new code can be
 * asked 20 s after the last one (spec section 9), shown as a countdown.
 */
export type Channel = 'email' | 'phone';

export type VerificationState =
  | { status: 'idle' }
  | { status: 'sending' }
  | { status: 'sent' }
  | { status: 'confirming' }
  | { status: 'verified' };

export interface ChannelVerification {
  $state: WritableAtom<VerificationState>;
  $code: WritableAtom<string>;
  $error: WritableAtom<Message | null>;
  $notice: WritableAtom<Message | null>;
  resend: Countdown;
}

function channelState(): ChannelVerification {
  return { $state: atom({ status: 'idle' }), $code: atom(''), $error: atom(null), $notice: atom(null), resend: createCountdown() };
}

export const verification: Record<Channel, ChannelVerification> = { email: channelState(), phone: channelState() };

function failure(error: unknown): Message {
  return error instanceof ApiError && error.messages.length > 0 ? { text: error.messages.join(' ') } : keyMessage('errors.generic');
}

function retryIn(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  const wait = (error.data as { retry_in?: unknown } | null)?.retry_in;
  return typeof wait === 'number' ? wait : null;
}

/** Sends a code to the player's own e-mail or phone; refused while the resend wait runs. */
export async function sendVerificationCode(channel: Channel): Promise<boolean> {
  const session = $session.get();
  const state = verification[channel];
  if (session.status !== 'user' || state.resend.$seconds.get() > 0) return false;
  const user = session.user as AccountUser;
  state.$state.set({ status: 'sending' });
  state.$error.set(null);
  try {
    const answer =
      channel === 'email'
        ? await api.post<{ resend_in?: number }>('/auth/verify-email', {})
        : await api.post<{ resend_in?: number }>('/auth/verify-phone', { phone: user.username ?? '' });
    state.$state.set({ status: 'sent' });
    // The number as the card above shows it (+55 11 98765 4321), not its E.164 form.
    state.$notice.set(keyMessage('auth.codeSent', { destination: (channel === 'email' ? user.email : formatPhone(user.username)) ?? '' }));
    state.resend.start(answer.resend_in ?? 20);
    return true;
  } catch (error) {
    const wait = retryIn(error);
    if (wait !== null) state.resend.start(wait);
    state.$state.set({ status: wait !== null ? 'sent' : 'idle' });
    state.$error.set(failure(error));
    return false;
  }
}

/** Model update of the code field: re-validated on every change (spec section 5). */
export function setVerificationCode(channel: Channel, code: string): void {
  const state = verification[channel];
  state.$code.set(code);
  const issue = issuesByField(v.object({ code: CodeSchema }), { code }).code;
  state.$error.set(issue ?? null);
}

/** `POST /auth/verify-code {channel, code}` → the user with the channel marked verified. */
export async function confirmVerificationCode(channel: Channel): Promise<boolean> {
  const state = verification[channel];
  const code = state.$code.get().trim();
  const issue = issuesByField(v.object({ code: CodeSchema }), { code }).code;
  if (issue) {
    state.$error.set(issue);
    return false;
  }
  state.$state.set({ status: 'confirming' });
  try {
    const { data } = await api.post<{ verified: boolean; data: AccountUser }>('/auth/verify-code', { channel, code });
    adoptUser(data);
    state.$state.set({ status: 'verified' });
    state.$code.set('');
    state.$error.set(null);
    state.$notice.set(keyMessage(channel === 'email' ? 'account.verification.emailDone' : 'account.verification.phoneDone'));
    state.resend.stop();
    return true;
  } catch (error) {
    state.$state.set({ status: 'sent' });
    state.$error.set(failure(error));
    return false;
  }
}
