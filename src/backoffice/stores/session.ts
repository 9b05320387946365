import { atom } from 'nanostores';
import type { StaffArea, StaffLoginStep, StaffSessionView } from '../../contract/backoffice.ts';
import { BackofficeError, call, whenSessionLost } from '../api.ts';
import { t } from '../i18n.ts';

export type SessionState =
  { kind: 'loading' } | { kind: 'signed-out'; notice: string | null } | { kind: 'second-factor'; step: StaffLoginStep; site: string } | { kind: 'signed-in'; session: StaffSessionView };

export const $session = atom<SessionState>({ kind: 'loading' });
/** The last refusal of the login form, shown next to it. */
export const $loginError = atom<string | null>(null);
export const $loginBusy = atom(false);

whenSessionLost(() => {
  if ($session.get().kind === 'signed-in') $session.set({ kind: 'signed-out', notice: t('login.sessionEnded') });
});

/** Whether the signed-in staff member's role covers `area`. */
export function mayUse(area: StaffArea): boolean {
  const state = $session.get();
  return state.kind === 'signed-in' && state.session.areas.includes(area);
}

export async function loadSession(): Promise<void> {
  try {
    $session.set({ kind: 'signed-in', session: await call<StaffSessionView>('/backoffice/session') });
  } catch {
    $session.set({ kind: 'signed-out', notice: null });
  }
}

async function busy<T>(work: () => Promise<T>): Promise<T | undefined> {
  $loginBusy.set(true);
  $loginError.set(null);
  try {
    return await work();
  } catch (error) {
    $loginError.set(error instanceof BackofficeError ? error.message : String(error));
    return undefined;
  } finally {
    $loginBusy.set(false);
  }
}

export async function submitPassword(input: { site: string; email: string; password: string }): Promise<void> {
  await busy(async () => {
    const step = await call<StaffLoginStep>('/backoffice/login', { method: 'POST', body: input });
    $session.set({ kind: 'second-factor', step, site: input.site });
  });
}

export async function submitCode(code: string): Promise<void> {
  const state = $session.get();
  if (state.kind !== 'second-factor') return;
  await busy(async () => {
    const session = await call<StaffSessionView>('/backoffice/login/code', { method: 'POST', body: { site: state.site, challenge: state.step.challenge, code } });
    $session.set({ kind: 'signed-in', session });
  });
}

export function restartLogin(): void {
  $loginError.set(null);
  $session.set({ kind: 'signed-out', notice: null });
}

export async function logout(): Promise<void> {
  await call('/backoffice/logout', { method: 'POST' }).catch(() => undefined);
  $session.set({ kind: 'signed-out', notice: t('login.signedOut') });
}
