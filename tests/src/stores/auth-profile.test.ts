// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, USER } from './auth-fake-api.ts';

/** Account page stores: verification with the resend wait, password change, privacy, self-exclusion. */
beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
  localStorage.setItem('auth', 'tok');
  localStorage.setItem('user', JSON.stringify(USER));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('verification', () => {
  it('sends an e-mail code, counts the 20 s wait down, then confirms and stores the verified user', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const verified = { ...USER, email_verified_at: '2026-01-01T00:00:00Z' };
    const { calls } = fakeApi({
      'POST /auth/verify-email': () => ({ json: { message: 'sent', resend_in: 20 } }),
      'POST /auth/verify-code': () => ({ json: { verified: true, data: verified } }),
    });
    const v = await import('../../../src/stores/verification.ts');
    const { $session } = await import('../../../src/stores/session.ts');
    expect(await v.sendVerificationCode('email')).toBe(true);
    expect(v.verification.email.$notice.get()).toEqual({ key: 'auth.codeSent', vars: { destination: 'maria@ex.com' } });
    expect(v.verification.email.resend.$seconds.get()).toBe(20);
    expect(await v.sendVerificationCode('email')).toBe(false);
    vi.advanceTimersByTime(20_000);
    expect(v.verification.email.resend.$seconds.get()).toBe(0);

    v.setVerificationCode('email', '12');
    expect(v.verification.email.$error.get()).toMatchObject({ key: 'validation.code' });
    v.setVerificationCode('email', '654321');
    expect(v.verification.email.$error.get()).toBeNull();
    expect(await v.confirmVerificationCode('email')).toBe(true);
    expect(calls.at(-1)!.body).toEqual({ channel: 'email', code: '654321' });
    expect($session.get()).toMatchObject({ user: { email_verified_at: '2026-01-01T00:00:00Z' } });
  });

  it('the phone code notice shows the number formatted, not in E.164', async () => {
    const { calls } = fakeApi({ 'POST /auth/verify-phone': () => ({ json: { message: 'sent', resend_in: 20 } }) });
    const v = await import('../../../src/stores/verification.ts');
    expect(await v.sendVerificationCode('phone')).toBe(true);
    expect(calls.at(-1)!.body).toEqual({ phone: '+5511987654321' });
    expect(v.verification.phone.$notice.get()).toEqual({ key: 'auth.codeSent', vars: { destination: '+55 11 98765 4321' } });
  });

  it('a 429 inside the wait restarts the countdown from retry_in', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    fakeApi({ 'POST /auth/verify-phone': () => ({ status: 429, json: { message: 'Aguarde.', retry_in: 12 } }) });
    const v = await import('../../../src/stores/verification.ts');
    expect(await v.sendVerificationCode('phone')).toBe(false);
    expect(v.verification.phone.resend.$seconds.get()).toBe(12);
    // Section 8: without an `errors` object the catalogue message of the status is shown.
    expect(v.verification.phone.$error.get()).toEqual({ text: 'Muitas requisições. Aguarde um momento e tente novamente.' });
  });
});

describe('password change', () => {
  it("shows 'As senhas não coincidem' (validation.passwordMismatch) before calling the platform", async () => {
    const { calls } = fakeApi({ 'POST /auth/request-password-change': () => ({ json: { message: 'ok' } }) });
    const p = await import('../../../src/stores/password.ts');
    p.passwordChangeForm.set('current_password', 'antiga-senha-1');
    p.passwordChangeForm.set('password', 'nova-senha-1');
    p.passwordChangeForm.set('password_confirmation', 'nova-senha-2');
    expect(p.passwordChangeForm.$errors.get().password_confirmation).toMatchObject({ key: 'validation.passwordMismatch' });
    expect(await p.changePassword()).toBe(false);
    expect(calls).toHaveLength(0);
    p.passwordChangeForm.set('password_confirmation', 'nova-senha-1');
    expect(await p.changePassword()).toBe(true);
    expect(p.$passwordNotice.get()).toEqual({ key: 'account.password.changed' });
  });
});

describe('profile', () => {
  it('a privacy toggle posts only that setting and adopts the returned user', async () => {
    const updated = { ...USER, settings: { hide_username: true } };
    const { calls } = fakeApi({ 'POST /profile/update-settings': () => ({ json: { data: updated } }) });
    const profile = await import('../../../src/stores/profile.ts');
    expect(await profile.savePrivacySetting('hide_username', true)).toBe(true);
    expect(calls[0]!.body).toEqual({ hide_username: true });
    expect(profile.$account.get()?.settings).toEqual({ hide_username: true });
    expect(profile.$toggleSaving.get().size).toBe(0);
  });

  it('shows a toggle at once and puts it back when the platform refuses it', async () => {
    let answerSeen = false;
    fakeApi({
      'POST /profile/toggle-hide-metrics': () => {
        answerSeen = true;
        return { status: 500, json: { message: 'boom' } };
      },
    });
    const profile = await import('../../../src/stores/profile.ts');
    const saving = profile.saveHideMetrics(true);
    expect(profile.$account.get()?.hide_metrics).toBe(true);
    expect(await saving).toBe(false);
    expect(answerSeen).toBe(true);
    expect(profile.$account.get()?.hide_metrics).toBeUndefined();
    expect(profile.$toggleError.get()).not.toBeNull();
  });

  it('refuses avatar files of other types or over 2 MB before uploading', async () => {
    fakeApi({});
    const { avatarProblem } = await import('../../../src/stores/profile.ts');
    expect(avatarProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(avatarProblem({ type: 'image/svg+xml', size: 1000 })).toBeNull();
    expect(avatarProblem({ type: 'application/pdf', size: 1000 })).toEqual({ key: 'account.avatar.badType' });
    expect(avatarProblem({ type: 'image/png', size: 2 * 1024 * 1024 + 1 })).toEqual({ key: 'account.avatar.tooBig' });
  });
});

describe('self-exclusion', () => {
  it('validates the period, asks for confirmation, then ends the session and keeps the dates', async () => {
    const { calls } = fakeApi({
      'POST /profile/self-exclusion': () => ({ json: { start_at: '2026-03-01T10:00:00Z', end_at: '2026-09-01T10:00:00Z' } }),
    });
    const s = await import('../../../src/stores/self-exclusion.ts');
    const { $selfExclusion } = await import('../../../src/stores/auth.ts');
    const { $session } = await import('../../../src/stores/session.ts');
    s.selfExclusionForm.set('value', '6');
    s.selfExclusionForm.set('date', 'years');
    expect(s.requestSelfExclusion()).toBe(false);
    expect(s.selfExclusionForm.$errors.get().value).toMatchObject({ key: 'validation.generic', field: 'value' });
    s.selfExclusionForm.set('date', 'months');
    expect(s.requestSelfExclusion()).toBe(true);
    expect(s.$selfExclusionConfirming.get()).toBe(true);
    expect(await s.confirmSelfExclusion()).toBe(true);
    expect(calls[0]!.body).toEqual({ value: 6, date: 'months' });
    expect($session.get().status).toBe('guest');
    expect($selfExclusion.get()).toEqual({ start_at: '2026-03-01T10:00:00Z', end_at: '2026-09-01T10:00:00Z' });
  });
});
