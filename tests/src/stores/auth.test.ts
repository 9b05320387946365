// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, USER } from './auth-fake-api.ts';

/** Session transitions of spec section 4 and the login modal rules of sections 2 and 6. */
beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const load = async () => ({ ...(await import('../../../src/stores/auth.ts')), ...(await import('../../../src/stores/session.ts')) });

describe('login modal', () => {
  it('opens in a mode only for a guest and only when it is not already open', async () => {
    fakeApi({});
    const { $authModal, openLoginModal, switchAuthMode, closeLoginModal, signIn } = await load();
    expect(openLoginModal('register')).toBe(true);
    expect($authModal.get()).toEqual({ open: true, mode: 'register' });
    expect(openLoginModal('login')).toBe(false);
    switchAuthMode('recovery');
    expect($authModal.get()).toEqual({ open: true, mode: 'recovery' });
    closeLoginModal();
    signIn('tok', USER);
    expect(openLoginModal('login')).toBe(false);
    expect($authModal.get()).toEqual({ open: false });
  });
});

describe('sign-in lifecycle', () => {
  it('completeSignIn stores the session, closes the modal, and joins realtime 1 s later', async () => {
    vi.useFakeTimers();
    fakeApi({});
    const { completeSignIn, openLoginModal, $authModal, $session, onSignedIn, onUserRealtime } = await load();
    const loaded = vi.fn();
    const realtime = vi.fn();
    onSignedIn(loaded);
    onUserRealtime(realtime);
    openLoginModal('login');
    completeSignIn('tok-1', USER);
    expect($session.get()).toMatchObject({ status: 'user', token: 'tok-1' });
    expect(localStorage.getItem('auth')).toBe('tok-1');
    expect($authModal.get()).toEqual({ open: false });
    expect(loaded).toHaveBeenCalledWith(USER);
    vi.advanceTimersByTime(999);
    expect(realtime).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(realtime).toHaveBeenCalledTimes(1);
  });

  it('restoreSession: auth/me refreshes the user; 401 clears the token back to guest', async () => {
    localStorage.setItem('auth', 'good');
    localStorage.setItem('user', JSON.stringify({ id: 7, name: 'Old' }));
    fakeApi({
      'GET /auth/me': (_body, call) =>
        call.headers.get('authorization') === 'Bearer good' ? { json: { data: USER } } : { status: 401, json: { message: 'no' } },
    });
    const first = await load();
    await first.restoreSession();
    expect(first.$session.get()).toMatchObject({ status: 'user', user: { name: 'Maria Silva' } });

    vi.resetModules();
    localStorage.setItem('auth', 'revoked');
    const second = await load();
    const out = vi.fn();
    second.onSignedOut(out);
    await second.restoreSession();
    expect(second.$session.get().status).toBe('guest');
    expect(localStorage.getItem('auth')).toBeNull();
    expect(out).toHaveBeenCalled();
  });

  it('restoreSession keeps the session when the platform is unreachable', async () => {
    localStorage.setItem('auth', 'good');
    localStorage.setItem('user', JSON.stringify(USER));
    fakeApi({});
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    const { restoreSession, $session } = await load();
    await restoreSession();
    expect($session.get().status).toBe('user');
  });

  it('logout revokes the token server-side, clears the session and goes home even if the call fails', async () => {
    localStorage.setItem('auth', 'tok');
    localStorage.setItem('user', JSON.stringify(USER));
    const { calls } = fakeApi({ 'GET /auth/logout': () => ({ status: 500, json: { message: 'down' } }) });
    const { logout, $session, onSignedOut } = await load();
    const cleared = vi.fn();
    onSignedOut(cleared);
    const home = vi.fn();
    await logout(home);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /auth/logout']);
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer tok');
    expect($session.get().status).toBe('guest');
    expect(cleared).toHaveBeenCalled();
    expect(home).toHaveBeenCalled();
  });
});

describe('login', () => {
  it('validates on change with the shared schema messages (keys) and sends E.164', async () => {
    const { calls } = fakeApi({ 'POST /auth/login': () => ({ json: { data: USER, token: 'tok-2' } }) });
    const { loginForm, submitLogin } = await import('../../../src/stores/login.ts');
    const { $session } = await import('../../../src/stores/session.ts');
    expect(await submitLogin()).toBe(false);
    expect(loginForm.$errors.get()).toMatchObject({ phone: { key: 'validation.required' }, password: { key: 'validation.required' } });
    loginForm.set('phone', '11');
    expect(loginForm.$errors.get().phone).toMatchObject({ key: 'validation.phone.tooShort' });
    loginForm.set('phone', '(11) 98765-4321');
    expect(loginForm.$errors.get().phone).toBeUndefined();
    loginForm.set('password', 'qualquer');
    expect(await submitLogin()).toBe(true);
    expect(calls[0]!.body).toEqual({ username: '+5511987654321', password: 'qualquer' });
    expect($session.get()).toMatchObject({ status: 'user', token: 'tok-2' });
  });

  it('shows the platform message of a wrong password under the phone field', async () => {
    fakeApi({
      'POST /auth/login': () => ({ status: 422, json: { message: 'x', errors: { username: ['Telefone ou senha incorretos.'] } } }),
    });
    const { loginForm, submitLogin } = await import('../../../src/stores/login.ts');
    loginForm.set('phone', '11987654321');
    loginForm.set('password', 'errada');
    expect(await submitLogin()).toBe(false);
    expect(loginForm.$errors.get().phone).toEqual({ text: 'Telefone ou senha incorretos.' });
    // Its cause may be the password: typing another one clears it.
    loginForm.set('password', 'errada2');
    expect(loginForm.$errors.get().phone).toBeUndefined();
  });

  it('a self-excluded player is refused: token cleared and the dates kept', async () => {
    fakeApi({
      'POST /auth/login': () => ({
        status: 403,
        json: { message: 'excluded', selfExcluded: true, start_at: '2026-01-10T12:00:00Z', end_at: '2026-07-10T12:00:00Z' },
      }),
    });
    const { loginForm, submitLogin } = await import('../../../src/stores/login.ts');
    const { $selfExclusion } = await import('../../../src/stores/auth.ts');
    loginForm.set('phone', '11987654321');
    loginForm.set('password', 'qualquer1');
    expect(await submitLogin()).toBe(false);
    expect($selfExclusion.get()).toEqual({ start_at: '2026-01-10T12:00:00Z', end_at: '2026-07-10T12:00:00Z' });
    expect(localStorage.getItem('auth')).toBeNull();
  });

  it('asks for CPF and e-mail when the tenant requires them at login', async () => {
    const { calls } = fakeApi({ 'POST /auth/login': () => ({ json: { data: USER, token: 't' } }) });
    const { $authConfig } = await import('../../../src/stores/auth.ts');
    $authConfig.set({ registerCPF: false, loginRequiresCpf: true, loginRequiresEmail: true, google: null, turnstile: null, registerLimits: false });
    const { loginForm, loginFields, submitLogin } = await import('../../../src/stores/login.ts');
    expect(loginFields()).toEqual(['phone', 'password', 'cpf', 'email']);
    loginForm.set('phone', '11987654321');
    loginForm.set('password', 'qualquer1');
    expect(await submitLogin()).toBe(false);
    expect(loginForm.$errors.get()).toMatchObject({ cpf: { key: 'validation.required' }, email: { key: 'validation.required' } });
    // The field shows the printed mask; the call still gets the 11 digits.
    loginForm.set('cpf', '529.982.247-25');
    loginForm.set('email', 'maria@ex.com');
    expect(await submitLogin()).toBe(true);
    expect(calls[0]!.body).toEqual({ username: '+5511987654321', password: 'qualquer1', cpf: '52998224725', email: 'maria@ex.com' });
  });
});
