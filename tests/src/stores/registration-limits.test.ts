// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, USER } from './auth-fake-api.ts';

/**
 * The registration limits asked after a first Google sign-in on a regulated
 * tenant (issue 17): asked while the platform says so, both required, sent
 * as one `PUT /responsible-gambling/limits`, gone once saved or logged out.
 */

const view = (required: boolean) => ({
  limits: {},
  session: { value: required ? null : 60, pending: null, started_at: null, ends_at: null },
  reality_check_minutes: null,
  minute_seconds: 60,
  cool_off_until: null,
  self_exclusion_platform_url: 'https://www.gov.br/autoexclusaoapostas',
  now: new Date().toISOString(),
  registration_limits_required: required,
});

async function load() {
  localStorage.setItem('auth', 'tok');
  localStorage.setItem('user', JSON.stringify(USER));
  return { ...(await import('../../../src/stores/registration-limits.ts')), ...(await import('../../../src/stores/session.ts')) };
}

beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('the registration limits after a Google sign-up', () => {
  it('are asked only while the platform waits for them', async () => {
    fakeApi({});
    const s = await load();
    s.askRegistrationLimits(view(false));
    expect(s.$registrationLimits.get()).toEqual({ status: 'hidden' });
    s.askRegistrationLimits(view(true));
    expect(s.$registrationLimits.get()).toEqual({ status: 'asking', step: 'limits' });
  });

  it('need a loss limit from R$ 1,00, its period and a session limit; nothing is sent before', async () => {
    const { calls } = fakeApi({});
    const s = await load();
    s.askRegistrationLimits(view(true));
    expect(await s.saveRegistrationLimits()).toBe(false);
    expect(Object.keys(s.registrationLimitsForm.$errors.get()).sort()).toEqual(['loss_limit', 'loss_limit_period', 'session_limit_minutes']);
    s.registrationLimitsForm.set('loss_limit', '0,50');
    expect(s.registrationLimitsForm.$errors.get().loss_limit).toBeTruthy();
    expect(calls).toHaveLength(0);
    expect(s.$registrationLimits.get()).toEqual({ status: 'asking', step: 'limits' });
  });

  it('are saved in one call (centavos, minutes) and the dialog closes', async () => {
    const { calls } = fakeApi({ 'PUT /responsible-gambling/limits': () => ({ json: view(false) }) });
    const s = await load();
    s.askRegistrationLimits(view(true));
    s.registrationLimitsForm.set('loss_limit', '250,00');
    s.registrationLimitsForm.set('loss_limit_period', 'week');
    s.registrationLimitsForm.set('session_limit_minutes', '120');
    expect(await s.saveRegistrationLimits()).toBe(true);
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([['PUT', '/responsible-gambling/limits', { loss: { week: 25_000 }, session_minutes: 120 }]]);
    expect(s.$registrationLimits.get()).toEqual({ status: 'hidden' });
  });

  it('a refused save keeps the dialog with the platform’s message', async () => {
    fakeApi({ 'PUT /responsible-gambling/limits': () => ({ status: 500, json: { message: 'Erro no servidor.' } }) });
    const s = await load();
    s.askRegistrationLimits(view(true));
    s.registrationLimitsForm.set('loss_limit', '250');
    s.registrationLimitsForm.set('loss_limit_period', 'day');
    s.registrationLimitsForm.set('session_limit_minutes', '60');
    expect(await s.saveRegistrationLimits()).toBe(false);
    expect(s.$registrationLimits.get()).toEqual({ status: 'asking', step: 'limits' });
    expect(s.registrationLimitsForm.$formError.get()).not.toBeNull();
  });

  it('are no longer asked once the player logs out', async () => {
    fakeApi({});
    const s = await load();
    s.askRegistrationLimits(view(true));
    s.signOut();
    expect(s.$registrationLimits.get()).toEqual({ status: 'hidden' });
  });
});

describe('the registration form’s data after a Google sign-up (CPF, 18+, terms)', () => {
  const owing = (details: boolean, limits: boolean) => ({ ...view(limits), registration_details_required: details });

  it('is asked first, then the limits', async () => {
    fakeApi({});
    const s = await load();
    s.askRegistrationLimits(owing(true, true));
    expect(s.$registrationLimits.get()).toEqual({ status: 'asking', step: 'details' });
    s.askRegistrationLimits(owing(false, true));
    expect(s.$registrationLimits.get()).toEqual({ status: 'asking', step: 'limits' });
  });

  it('needs a valid CPF, the 18+ box and the terms box; nothing is sent before', async () => {
    const { calls } = fakeApi({});
    const s = await load();
    const d = await import('../../../src/stores/registration-details.ts');
    s.askRegistrationLimits(owing(true, true));
    expect(await d.saveRegistrationDetails()).toBe(false);
    expect(Object.keys(d.registrationDetailsForm.$errors.get()).sort()).toEqual(['adult', 'cpf', 'terms']);
    d.registrationDetailsForm.set('cpf', '123.456.789-00');
    expect(d.registrationDetailsForm.$errors.get().cpf).toMatchObject({ key: 'validation.cpf' });
    expect(calls).toHaveLength(0);
  });

  it('sends the digits and both confirmations, keeps the masked CPF on the session and moves on to the limits', async () => {
    const { calls } = fakeApi({
      'POST /auth/complete-registration': () => ({ json: { data: { ...USER, cpf_masked: '***.***.*47-25' } } }),
      'GET /responsible-gambling': () => ({ json: owing(false, true) }),
    });
    const s = await load();
    const d = await import('../../../src/stores/registration-details.ts');
    s.askRegistrationLimits(owing(true, true));
    d.registrationDetailsForm.set('cpf', '529.982.247-25');
    d.registrationDetailsForm.set('adult', true);
    d.registrationDetailsForm.set('terms', true);
    expect(await d.saveRegistrationDetails()).toBe(true);
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/auth/complete-registration', { cpf: '52998224725', adult: true, terms: true }],
      ['GET', '/responsible-gambling', undefined],
    ]);
    expect(s.$registrationLimits.get()).toEqual({ status: 'asking', step: 'limits' });
    const session = s.$session.get();
    expect(session.status === 'user' && session.user).toMatchObject({ cpf_masked: '***.***.*47-25' });
  });

  it('shows a barred CPF’s refusal under the CPF, and the regulator being unreachable in the form’s message', async () => {
    let answer = { status: 403, json: { message: 'Este CPF consta na lista…', code: 'cpf_barred', errors: { cpf: ['Este CPF consta na lista…'] } } as Record<string, unknown> };
    fakeApi({ 'POST /auth/complete-registration': () => answer });
    const s = await load();
    const d = await import('../../../src/stores/registration-details.ts');
    s.askRegistrationLimits(owing(true, true));
    d.registrationDetailsForm.set('cpf', '111.222.333-96');
    d.registrationDetailsForm.set('adult', true);
    d.registrationDetailsForm.set('terms', true);
    expect(await d.saveRegistrationDetails()).toBe(false);
    expect(d.registrationDetailsForm.$errors.get().cpf).toEqual({ text: 'Este CPF consta na lista…' });
    answer = { status: 503, json: { message: 'Tente mais tarde.', errors: { barred_check: ['Tente mais tarde.'] } } };
    expect(await d.saveRegistrationDetails()).toBe(false);
    expect(d.registrationDetailsForm.$formError.get()).toEqual({ text: 'Tente mais tarde.' });
    expect(s.$registrationLimits.get()).toEqual({ status: 'asking', step: 'details' });
  });
});
