// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeWalletApi, page, signInPlayer, WALLET } from './fake-api.ts';

/** The withdraw form's stores: setup, Pix keys checked per type, the amount in reais, the request. */
beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
  signInPlayer();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const CPF_KEY = { id: 1, type: 'cpf', key: '52998224725', created_at: '2025-03-01T12:00:00Z' } as const;
const METHODS = { methods: [CPF_KEY], limits: { min: 1_000, max: 500_000 }, missing_verification: [] };
const withdrawal = (id: number, amount: number, status: 0 | 1 | 2 | 3 | 4 | 5 = 0) => ({
  id,
  amount,
  status,
  method: CPF_KEY,
  reason: null,
  created_at: '2025-03-10T13:00:00Z',
  updated_at: '2025-03-10T13:00:00Z',
});

describe('setup', () => {
  it('loads keys, range and verification, and chooses the first key', async () => {
    fakeWalletApi({ 'GET /wallet/withdraw/methods': () => ({ json: METHODS }) });
    const w = await import('../../../../src/stores/withdraw.ts');
    await w.loadWithdrawSetup();
    expect(w.$withdrawSetup.get()).toEqual({ status: 'ready', methods: [CPF_KEY], limits: METHODS.limits, missingVerification: [] });
    expect(w.withdrawForm.$values.get().method_id).toBe(1);
    expect(w.withdrawBlocked(w.$withdrawSetup.get())).toBe(false);
  });

  it('blocks the form while e-mail or phone is unverified, and never calls the platform', async () => {
    const { calls } = fakeWalletApi({ 'GET /wallet/withdraw/methods': () => ({ json: { ...METHODS, missing_verification: ['email', 'phone'] } }) });
    const w = await import('../../../../src/stores/withdraw.ts');
    await w.loadWithdrawSetup();
    expect(w.withdrawBlocked(w.$withdrawSetup.get())).toBe(true);
    w.withdrawForm.set('amount', '50');
    expect(await w.requestWithdrawal()).toBeNull();
    expect(calls.map((c) => c.path)).toEqual(['/wallet/withdraw/methods']);
  });

  it('a failed setup says so (and is not mistaken for "nothing to verify")', async () => {
    fakeWalletApi({ 'GET /wallet/withdraw/methods': () => ({ status: 500, json: {} }) });
    const w = await import('../../../../src/stores/withdraw.ts');
    await w.loadWithdrawSetup();
    expect(w.$withdrawSetup.get()).toEqual({ status: 'error', message: { key: 'wallet.withdraw.setupFailed' } });
    expect(w.withdrawBlocked(w.$withdrawSetup.get())).toBe(true);
  });
});

describe('adding a Pix key', () => {
  it('checks the key for its type before calling, sends it normalised, and selects the new key', async () => {
    const phoneKey = { id: 2, type: 'phone', key: '+5511987654321', created_at: '2025-03-10T13:00:00Z' };
    const { calls } = fakeWalletApi({
      'GET /wallet/withdraw/methods': () => ({ json: METHODS }),
      'POST /wallet/withdraw/method': () => ({ status: 201, json: { method: phoneKey } }),
    });
    const w = await import('../../../../src/stores/withdraw.ts');
    await w.loadWithdrawSetup();
    w.pixKeyForm.set('type', 'phone');
    w.pixKeyForm.set('key', '529.982.247-25');
    expect(w.pixKeyForm.$errors.get().key).toEqual({ key: 'wallet.pixKey.invalid.phone' });
    expect(await w.addPixKey()).toBe(false);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    // Changing the type re-checks the key already typed.
    w.pixKeyForm.set('type', 'cpf');
    expect(w.pixKeyForm.$errors.get().key).toBeUndefined();
    w.pixKeyForm.set('type', 'phone');
    w.pixKeyForm.set('key', '(11) 98765-4321');
    expect(await w.addPixKey()).toBe(true);
    expect(calls.at(-1)).toMatchObject({ method: 'POST', path: '/wallet/withdraw/method', body: { type: 'phone', key: '+5511987654321' } });
    expect(w.$withdrawSetup.get()).toMatchObject({ methods: [CPF_KEY, phoneKey] });
    expect(w.withdrawForm.$values.get().method_id).toBe(2);
    expect(w.pixKeyForm.$values.get()).toEqual({ type: 'cpf', key: '' });
    expect(w.$pixKeyNotice.get()).toEqual({ key: 'wallet.pixKey.added' });
    w.setPixKeyField('key', '1');
    expect(w.$pixKeyNotice.get()).toBeNull();
  });

  it("shows the platform's 422 under the key field (someone else's key)", async () => {
    fakeWalletApi({
      'POST /wallet/withdraw/method': () => ({ status: 422, json: { message: 'x', errors: { key: ['Esta chave Pix não está no seu CPF.'] } } }),
    });
    const w = await import('../../../../src/stores/withdraw.ts');
    w.pixKeyForm.set('type', 'cpf');
    w.pixKeyForm.set('key', '11144477735');
    expect(await w.addPixKey()).toBe(false);
    expect(w.pixKeyForm.$errors.get().key).toEqual({ text: 'Esta chave Pix não está no seu CPF.' });
  });
});

describe('amount', () => {
  it('checks the text against the range and the withdrawable balance, with the amounts in BRL', async () => {
    const w = await import('../../../../src/stores/withdraw.ts');
    const limits = { min: 1_000, max: 500_000 };
    expect(w.amountProblem('', limits, WALLET)).toEqual({ key: 'validation.required' });
    expect(w.amountProblem('abc', limits, WALLET)).toEqual({ key: 'wallet.withdraw.amountInvalid' });
    expect(w.amountProblem('0', limits, WALLET)).toEqual({ key: 'wallet.withdraw.amountInvalid' });
    expect(w.amountProblem('50,001', limits, WALLET)).toEqual({ key: 'wallet.withdraw.amountInvalid' });
    expect(w.amountProblem('9,99', limits, WALLET)).toEqual({ key: 'wallet.withdraw.belowMin', vars: { min: 'R$\u00a010,00' } });
    expect(w.amountProblem('5.000,01', limits, { ...WALLET, balance_withdrawal: 10_000_000 })).toEqual({
      key: 'wallet.withdraw.aboveMax',
      vars: { max: 'R$\u00a05.000,00' },
    });
    expect(w.amountProblem('80,01', limits, WALLET)).toEqual({ key: 'wallet.withdraw.aboveWithdrawable', vars: { available: 'R$\u00a080,00' } });
    expect(w.amountProblem('80', limits, WALLET)).toBeNull();
    expect(w.amountProblem('10', limits, WALLET)).toBeNull();
  });
});

describe('requesting a withdrawal', () => {
  it('sends integer centavos and the key, applies the reserved wallet, shows the withdrawal first in the list', async () => {
    const after = { ...WALLET, balance: 8_766, balance_withdrawal: 6_766 };
    const { calls } = fakeWalletApi({
      'GET /wallet/withdraw/methods': () => ({ json: METHODS }),
      'GET /wallet/withdrawals': () => page([withdrawal(1, 2_000, 1)], 1, 1),
      'POST /wallet/withdraw/request': () => ({ status: 201, json: { withdrawal: withdrawal(2, 1_234), wallet: after } }),
    });
    const w = await import('../../../../src/stores/withdraw.ts');
    const list = await import('../../../../src/stores/withdrawals.ts');
    const { $wallet } = await import('../../../../src/stores/wallet.ts');
    await w.loadWithdrawSetup();
    await list.withdrawals.reload();
    w.withdrawForm.set('amount', '12,34');
    const created = await w.requestWithdrawal();
    expect(created?.id).toBe(2);
    expect(calls.at(-1)).toMatchObject({ path: '/wallet/withdraw/request', body: { amount: 1234, method_id: 1 } });
    expect($wallet.get()).toEqual(after);
    expect(list.$lastWithdrawal.get()?.id).toBe(2);
    expect(list.withdrawals.$state.get().items.map((x) => x.id)).toEqual([2, 1]);
    expect(w.withdrawForm.$values.get()).toEqual({ amount: '', method_id: 1 });
  });

  it('does not call the platform with an amount above the withdrawable balance', async () => {
    const { calls } = fakeWalletApi({ 'GET /wallet/withdraw/methods': () => ({ json: METHODS }) });
    const w = await import('../../../../src/stores/withdraw.ts');
    await w.loadWithdrawSetup();
    w.withdrawForm.set('amount', '80,01');
    expect(await w.requestWithdrawal()).toBeNull();
    expect(w.withdrawForm.$errors.get().amount).toMatchObject({ key: 'wallet.withdraw.aboveWithdrawable' });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it("shows the platform's refusal under the amount, and a 403 as the verification requirement, reloading the setup", async () => {
    let status = 422;
    const { calls } = fakeWalletApi({
      'GET /wallet/withdraw/methods': () => ({ json: METHODS }),
      'POST /wallet/withdraw/request': () =>
        status === 422
          ? { status: 422, json: { message: 'x', errors: { amount: ['Saldo disponível para saque insuficiente.'] } } }
          : { status: 403, json: { message: 'Verifique seu e-mail ou telefone.' } },
    });
    const w = await import('../../../../src/stores/withdraw.ts');
    await w.loadWithdrawSetup();
    w.withdrawForm.set('amount', '50');
    expect(await w.requestWithdrawal()).toBeNull();
    expect(w.withdrawForm.$errors.get().amount).toEqual({ text: 'Saldo disponível para saque insuficiente.' });

    status = 403;
    w.withdrawForm.set('amount', '50');
    expect(await w.requestWithdrawal()).toBeNull();
    expect(w.withdrawForm.$formError.get()).toEqual({ key: 'wallet.withdraw.verificationRequired' });
    await vi.waitFor(() => expect(calls.filter((c) => c.path === '/wallet/withdraw/methods').length).toBe(3));
  });

  it('a refusal for documents not approved says so with a link to the verification page, until the next try', async () => {
    let refuse = true;
    fakeWalletApi({
      'GET /wallet/withdraw/methods': () => ({ json: METHODS }),
      'POST /wallet/withdraw/request': () =>
        refuse
          ? { status: 403, json: { message: 'Envie seus documentos antes de sacar.', code: 'documents_required', verification_url: '/user/edit/verification' } }
          : { status: 422, json: { message: 'x', errors: { amount: ['Saldo insuficiente.'] } } },
    });
    const w = await import('../../../../src/stores/withdraw.ts');
    await w.loadWithdrawSetup();
    w.withdrawForm.set('amount', '50');
    expect(await w.requestWithdrawal()).toBeNull();
    expect(w.$withdrawNeedsDocuments.get()).toBe(true);
    expect(w.withdrawForm.$formError.get()).toEqual({ key: 'wallet.withdraw.documentsRequired' });

    refuse = false;
    expect(await w.requestWithdrawal()).toBeNull();
    expect(w.$withdrawNeedsDocuments.get()).toBe(false);
  });
});

describe('another player', () => {
  it('signing out forgets the keys, the typed amount and the last withdrawal', async () => {
    fakeWalletApi({ 'GET /wallet/withdraw/methods': () => ({ json: METHODS }) });
    const w = await import('../../../../src/stores/withdraw.ts');
    const list = await import('../../../../src/stores/withdrawals.ts');
    const { signOut } = await import('../../../../src/stores/session.ts');
    await w.loadWithdrawSetup();
    w.withdrawForm.set('amount', '50');
    list.$lastWithdrawal.set(withdrawal(5, 5_000));
    signOut();
    expect(w.$withdrawSetup.get()).toEqual({ status: 'idle' });
    expect(w.withdrawForm.$values.get()).toEqual({ amount: '', method_id: null });
    expect(list.$lastWithdrawal.get()).toBeNull();
  });
});
