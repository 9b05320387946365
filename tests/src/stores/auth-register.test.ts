// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, USER } from './auth-fake-api.ts';

/** Multi-step registration (spec sections 2 and 5) against a fake platform. */
beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function load(config: { registerCPF?: boolean; turnstile?: boolean; registerLimits?: boolean } = {}) {
  const auth = await import('../../../src/stores/auth.ts');
  auth.$authConfig.set({
    registerCPF: config.registerCPF ?? false,
    loginRequiresCpf: false,
    loginRequiresEmail: false,
    google: null,
    turnstile: config.turnstile ? { siteKey: 'site-key', scriptUrl: 'https://captcha.test/api.js' } : null,
    registerLimits: config.registerLimits ?? false,
  });
  return { ...auth, ...(await import('../../../src/stores/register.ts')) };
}

const codeRoutes = {
  'POST /auth/verify-phone': () => ({ json: { message: 'ok', resend_in: 20 } }),
  'POST /auth/verify-code': (body: unknown) =>
    (body as { code: string }).code === '123456'
      ? { json: { verified: true, verification_token: 'vt-1' } }
      : { status: 422, json: { message: 'x', errors: { code: ['Código inválido ou expirado.'] } } },
};

describe('registration steps', () => {
  it('has a captcha step only with a Turnstile key', async () => {
    fakeApi({});
    expect((await load()).registerSteps()).toEqual(['about', 'phone', 'account', 'terms']);
    vi.resetModules();
    expect((await load({ turnstile: true })).registerSteps()).toEqual(['about', 'phone', 'account', 'terms', 'captcha']);
  });

  it('a regulated tenant adds the limits step: a loss limit in reais (sent in centavos), its period and a session-time limit', async () => {
    const { calls } = fakeApi({ ...codeRoutes, 'POST /auth/register': () => ({ status: 201, json: { data: USER, token: 'tok-l' } }) });
    const r = await load({ registerLimits: true });
    expect(r.registerSteps()).toEqual(['about', 'phone', 'account', 'terms', 'limits']);
    r.setRegisterField('gender', 'female');
    r.setRegisterField('marital_status', 'single');
    r.setRegisterField('name', 'Maria Silva');
    await r.continueRegistration('pt');
    r.setRegisterField('phone', '(11) 98765-4321');
    await r.sendPhoneCode();
    r.setRegisterField('code', '123456');
    await r.continueRegistration('pt');
    r.setRegisterField('email', 'maria@ex.com');
    r.setRegisterField('password', 'senha-forte-1');
    r.setRegisterField('password_confirmation', 'senha-forte-1');
    await r.continueRegistration('pt');
    r.setRegisterField('adult', true);
    r.setRegisterField('terms', true);
    await r.continueRegistration('pt');
    expect(r.$registerStep.get()).toBe('limits');
    expect(await r.continueRegistration('pt')).toBe(false);
    expect(r.registerForm.$errors.get()).toMatchObject({
      loss_limit: { key: 'validation.required' },
      loss_limit_period: { key: 'validation.required' },
      session_limit_minutes: { key: 'validation.required' },
    });
    r.setRegisterField('loss_limit', '0,50');
    expect(r.registerForm.$errors.get().loss_limit).toMatchObject({ key: 'validation.generic' });
    r.setRegisterField('loss_limit', '1.500,00');
    r.setRegisterField('loss_limit_period', 'week');
    r.setRegisterField('session_limit_minutes', '120');
    expect(await r.continueRegistration('pt')).toBe(true);
    expect(calls.find((c) => c.path === '/auth/register')!.body).toMatchObject({ loss_limit: 150_000, loss_limit_period: 'week', session_limit_minutes: 120 });
  });

  it('step 1 shows the fullName messages on model update and blocks until valid', async () => {
    fakeApi({});
    const r = await load();
    expect(await r.continueRegistration('pt')).toBe(false);
    expect(r.registerForm.$errors.get()).toMatchObject({
      gender: { key: 'validation.required' },
      marital_status: { key: 'validation.required' },
      name: { key: 'validation.required' },
    });
    r.setRegisterField('name', 'Maria');
    expect(r.registerForm.$errors.get().name).toMatchObject({ key: 'validation.fullName' });
    r.setRegisterField('name', 'Maria S');
    expect(r.registerForm.$errors.get().name).toMatchObject({ key: 'validation.surnameShort' });
    r.setRegisterField('name', 'Maria Silva');
    r.setRegisterField('gender', 'female');
    r.setRegisterField('marital_status', 'married');
    await r.continueRegistration('pt');
    expect(r.$registerStep.get()).toBe('phone');
  });

  it('the phone step needs the code first, then verifies it and moves on', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const { calls } = fakeApi(codeRoutes);
    const r = await load();
    r.$registerStep.set('phone');
    r.setRegisterField('phone', '11987654321');
    expect(await r.continueRegistration('pt')).toBe(false);
    expect(r.registerForm.$errors.get().code).toMatchObject({ key: 'validation.codeFirst' });

    expect(await r.sendPhoneCode()).toBe(true);
    expect(calls.at(-1)!.body).toEqual({ phone: '+5511987654321' });
    // The code is on its way: "informe o código primeiro" no longer applies, and the notice shows the number as typed.
    expect(r.registerForm.$errors.get().code).toBeUndefined();
    expect(r.$phoneNotice.get()).toEqual({ key: 'auth.codeSent', vars: { destination: '(11) 98765-4321' } });
    expect(r.phoneResend.$seconds.get()).toBe(20);
    expect(await r.sendPhoneCode()).toBe(false);
    vi.advanceTimersByTime(5000);
    expect(r.phoneResend.$seconds.get()).toBe(15);

    r.setRegisterField('code', '000000');
    expect(await r.continueRegistration('pt')).toBe(false);
    expect(r.registerForm.$errors.get().code).toEqual({ text: 'Código inválido ou expirado.' });
    r.setRegisterField('code', '123456');
    await r.continueRegistration('pt');
    expect(r.$phoneVerification.get()).toMatchObject({ status: 'verified', token: 'vt-1' });
    expect(r.$registerStep.get()).toBe('account');

    // Changing the number discards the verification made for the old one.
    r.setRegisterField('phone', '11912345678');
    expect(r.$phoneVerification.get()).toEqual({ status: 'idle' });
  });

  it('the account step checks the CPF locally, then with /validate/validate-cpf', async () => {
    const { calls } = fakeApi({
      'POST /validate/validate-cpf': () => ({ status: 422, json: { message: 'x', errors: { cpf: ['Este CPF já está cadastrado.'] } } }),
    });
    const r = await load({ registerCPF: true });
    r.$registerStep.set('account');
    r.setRegisterField('email', 'maria@ex.com');
    r.setRegisterField('password', 'senha-forte-1');
    r.setRegisterField('password_confirmation', 'senha-forte-2');
    expect(r.registerForm.$errors.get().password_confirmation).toMatchObject({ key: 'validation.passwordConfirm' });
    r.setRegisterField('password_confirmation', 'senha-forte-1');
    r.setRegisterField('cpf', '11111111111');
    expect(r.registerForm.$errors.get().cpf).toMatchObject({ key: 'validation.cpf' });
    expect(await r.continueRegistration('pt')).toBe(false);
    expect(calls).toHaveLength(0);
    r.setRegisterField('cpf', '52998224725');
    expect(await r.continueRegistration('pt')).toBe(false);
    expect(calls.map((c) => c.body)).toEqual([{ cpf: '52998224725' }]);
    expect(r.registerForm.$errors.get().cpf).toEqual({ text: 'Este CPF já está cadastrado.' });
    expect(r.$registerStep.get()).toBe('account');
  });

  it('the last step sends the whole body with the stored ref and signs in', async () => {
    localStorage.setItem('ref', 'AMIGO42');
    const { calls } = fakeApi({
      ...codeRoutes,
      'POST /validate/validate-cpf': () => ({ json: { valid: true } }),
      'POST /auth/register': () => ({ status: 201, json: { data: USER, token: 'tok-r' } }),
    });
    const r = await load({ registerCPF: true });
    const { $session } = await import('../../../src/stores/session.ts');
    r.setRegisterField('gender', 'female');
    r.setRegisterField('marital_status', 'single');
    r.setRegisterField('name', 'Maria Silva');
    await r.continueRegistration('en');
    r.setRegisterField('phone', '(11) 98765-4321');
    await r.sendPhoneCode();
    r.setRegisterField('code', '123456');
    await r.continueRegistration('en');
    r.setRegisterField('email', 'maria@ex.com');
    r.setRegisterField('password', 'senha-forte-1');
    r.setRegisterField('password_confirmation', 'senha-forte-1');
    r.setRegisterField('cpf', '529.982.247-25');
    await r.continueRegistration('en');
    expect(r.$registerStep.get()).toBe('terms');
    expect(await r.continueRegistration('en')).toBe(false);
    expect(r.registerForm.$errors.get()).toMatchObject({ adult: { key: 'validation.adult' }, terms: { key: 'validation.terms' } });
    r.setRegisterField('adult', true);
    r.setRegisterField('terms', true);
    expect(await r.continueRegistration('en')).toBe(true);
    expect(calls.find((c) => c.path === '/auth/register')!.body).toEqual({
      gender: 'female',
      marital_status: 'single',
      name: 'Maria Silva',
      username: '+5511987654321',
      phone_verification_token: 'vt-1',
      email: 'maria@ex.com',
      password: 'senha-forte-1',
      password_confirmation: 'senha-forte-1',
      cpf: '52998224725',
      reference_code: 'AMIGO42',
      adult: true,
      terms: true,
      language: 'en',
    });
    expect($session.get()).toMatchObject({ status: 'user', token: 'tok-r' });
    expect(r.$registerStep.get()).toBe('about');
  });
});
