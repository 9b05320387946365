// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, installTestRuntime, USER } from './auth-fake-api.ts';

/** The profile's closure and data-download stores. */
beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
  localStorage.setItem('auth', 'tok');
  localStorage.setItem('user', JSON.stringify(USER));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('closing the account', () => {
  it('confirms with the password, ends the session and keeps the closing date', async () => {
    const { calls } = fakeApi({
      'GET /profile/close-account': () => ({ json: { confirm_with: 'password' } }),
      'POST /profile/close-account': () => ({ json: { closed_at: '2026-03-01T10:00:00Z' } }),
    });
    const s = await import('../../../src/stores/account-closure.ts');
    const { $session } = await import('../../../src/stores/session.ts');
    await s.loadClosureInfo();
    s.closeAccountForm.set('note', ' Vou parar ');
    expect(s.requestClose()).toBe(true);
    expect(s.$closeConfirming.get()).toBe(true);
    expect(await s.confirmClose()).toBe(false);
    expect(s.closeAccountForm.$errors.get().password).toMatchObject({ key: 'validation.required' });

    s.closeAccountForm.set('password', 'senha-forte1');
    expect(await s.confirmClose()).toBe(true);
    expect(calls.at(-1)).toMatchObject({ method: 'POST', body: { password: 'senha-forte1', note: 'Vou parar' } });
    expect(s.$accountClosed.get()).toEqual({ closed_at: '2026-03-01T10:00:00Z' });
    expect(s.$closeConfirming.get()).toBe(false);
    expect($session.get().status).toBe('guest');
  });

  it('asks a player without a password for the typed word', async () => {
    const { calls } = fakeApi({
      'GET /profile/close-account': () => ({ json: { confirm_with: 'word' } }),
      'POST /profile/close-account': () => ({ json: { closed_at: '2026-03-01T10:00:00Z' } }),
    });
    const s = await import('../../../src/stores/account-closure.ts');
    await s.loadClosureInfo();
    s.requestClose();
    s.closeAccountForm.set('confirmation', 'talvez');
    expect(await s.confirmClose()).toBe(false);
    expect(s.closeAccountForm.$errors.get().confirmation).toMatchObject({ key: 'account.closure.wordRequired' });
    s.closeAccountForm.set('confirmation', 'encerrar');
    expect(await s.confirmClose()).toBe(true);
    expect(calls.at(-1)!.body).toEqual({ confirmation: 'encerrar' });
  });

  it('shows a refusal in the platform’s words and keeps the dialog and the session', async () => {
    fakeApi({
      'POST /profile/close-account': () => ({ status: 409, json: { message: 'Saque seu saldo de R$ 50,00 antes de encerrar a conta.', balance_withdrawal: 5000 } }),
    });
    const s = await import('../../../src/stores/account-closure.ts');
    const { $session } = await import('../../../src/stores/session.ts');
    s.requestClose();
    s.closeAccountForm.set('password', 'senha-forte1');
    expect(await s.confirmClose()).toBe(false);
    expect(s.closeAccountForm.$formError.get()).toEqual({ text: 'Saque seu saldo de R$ 50,00 antes de encerrar a conta.' });
    expect(s.$closeConfirming.get()).toBe(true);
    expect($session.get().status).toBe('user');
    s.cancelClose();
    expect(s.$closeConfirming.get()).toBe(false);
    expect(s.closeAccountForm.$values.get().password).toBe('');
  });

  it('a wrong password lands under the password field', async () => {
    fakeApi({ 'POST /profile/close-account': () => ({ status: 422, json: { message: 'x', errors: { password: ['Senha incorreta.'] } } }) });
    const s = await import('../../../src/stores/account-closure.ts');
    s.requestClose();
    s.closeAccountForm.set('password', 'errada');
    expect(await s.confirmClose()).toBe(false);
    expect(s.closeAccountForm.$errors.get().password).toEqual({ text: 'Senha incorreta.' });
  });
});

describe('login of a closed account', () => {
  it('shows the platform’s closed-account message, not the 403 catalogue text', async () => {
    localStorage.clear();
    fakeApi({
      'POST /auth/login': () => ({ status: 403, json: { message: 'Esta conta foi encerrada em 01/03/2026 e não pode mais ser acessada.', accountClosed: true } }),
    });
    const login = await import('../../../src/stores/login.ts');
    login.loginForm.set('phone', '11987654321');
    login.loginForm.set('password', 'senha-forte1');
    expect(await login.submitLogin()).toBe(false);
    expect(login.loginForm.$formError.get()).toEqual({ text: 'Esta conta foi encerrada em 01/03/2026 e não pode mais ser acessada.' });
  });

  it('shows a Google sign-in’s refusals in the login form (closed account, token not verified)', async () => {
    localStorage.clear();
    let answer: { status: number; json: unknown } = { status: 403, json: { message: 'This account was closed on Mar 1, 2026 and can no longer be accessed.', accountClosed: true } };
    fakeApi({ 'POST /auth/google': () => answer });
    const login = await import('../../../src/stores/login.ts');
    const { $session } = await import('../../../src/stores/session.ts');
    expect(await login.submitGoogleLogin('id-token')).toBe(false);
    expect(login.loginForm.$formError.get()).toEqual({ text: 'This account was closed on Mar 1, 2026 and can no longer be accessed.' });
    expect($session.get().status).toBe('guest');

    answer = { status: 422, json: { message: 'Dados inválidos.', errors: { idToken: ['Não foi possível confirmar seu login com o Google.'] } } };
    expect(await login.submitGoogleLogin('id-token')).toBe(false);
    expect(login.loginForm.$formError.get()).toEqual({ text: 'Não foi possível confirmar seu login com o Google.' });
  });
});

describe('downloading my data', () => {
  it('fetches the export with the player’s token and hands the file to the browser', async () => {
    installTestRuntime();
    const requests: Request[] = [];
    const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
      requests.push(new Request(input, init));
      return new Response('id,created_at\r\n', { headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="dados-7-sessions-2026-03-01.csv"' } });
    }) as typeof fetch;
    const clicked: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const d = await import('../../../src/stores/data-export.ts');
    d.$exportSection.set('sessions');
    expect(await d.downloadData('csv', fetchImpl)).toBe(true);
    expect(requests[0]!.url).toBe('https://api.test/api/profile/export?format=csv&section=sessions');
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer tok');
    expect(clicked).toEqual(['dados-7-sessions-2026-03-01.csv']);
    expect(d.$dataExport.get()).toEqual({ status: 'done', file: 'dados-7-sessions-2026-03-01.csv' });
    click.mockRestore();
  });

  it('shows the platform’s refusal (e.g. too many exports)', async () => {
    installTestRuntime();
    const fetchImpl = (async () => new Response(JSON.stringify({ message: 'Muitas tentativas. Aguarde 60 s.', retry_in: 60 }), { status: 429 })) as typeof fetch;
    const d = await import('../../../src/stores/data-export.ts');
    expect(await d.downloadData('json', fetchImpl)).toBe(false);
    expect(d.$dataExport.get()).toEqual({ status: 'error', message: { text: 'Muitas tentativas. Aguarde 60 s.' } });
  });
});
