// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WalletView } from '../../../src/contract/wallet.ts';
import { fakeApi, USER } from './auth-fake-api.ts';

/**
 * The Pix deposit store (spec sections 2, 4 and 9): amount rules, the
 * charge's state machine (waiting → paid / expired / refunded), the status
 * poll, and the marketing events sent once per deposit.
 */

const MIN = 1_000;
const MAX = 5_000_000;

interface Platform {
  calls: ReturnType<typeof fakeApi>['calls'];
  /** What the next consult answers. */
  status: { status: string; message?: string };
  wallet: WalletView;
  /** The next charge call's refusal, if any. */
  refuse: { status: number; json: unknown } | null;
  /** The platform runs the sandbox PSP (charges say `sandbox_pay: true`; pay-own pays them). */
  sandbox: boolean;
}

function platform(): Platform {
  let n = 0;
  const state: Omit<Platform, 'calls'> = {
    status: { status: 'waiting_payment' },
    wallet: { balance: 0, balance_withdrawal: 0, deposit_count: 0 },
    refuse: null,
    sandbox: false,
  };
  const { calls } = fakeApi({
    'POST /main-gateway/qrcode-pix': (body) => {
      if (state.refuse) return state.refuse;
      n++;
      const amount = (body as { amount: number }).amount;
      return {
        json: { txid: `TX${n}`, qrcode: `00020101BRCODE${n}`, amount, expires_at: new Date(Date.now() + 300_000).toISOString(), show: true, sandbox_pay: state.sandbox },
      };
    },
    'POST /pix/sandbox/pay-own': (body) => {
      if (!state.sandbox) return { status: 404, json: { message: 'Not found' } };
      state.status = { status: 'paid' };
      return { json: { txid: (body as { txid: string }).txid, webhookStatus: 200 } };
    },
    'POST /main-gateway/consult-status-transaction': () => ({ json: state.status }),
    'GET /profile/wallet': () => ({ json: { wallet: state.wallet } }),
  });
  return Object.assign(state, { calls });
}

function signedIn(wallet: WalletView = { balance: 0, balance_withdrawal: 0, deposit_count: 0 }): void {
  localStorage.setItem('auth', 'tok');
  localStorage.setItem('user', JSON.stringify({ ...USER, wallet }));
}

async function load() {
  const store = await import('../../../src/stores/deposit.ts');
  store.$depositLimits.set({ min: MIN, max: MAX });
  return {
    ...store,
    ...(await import('../../../src/stores/session.ts')),
    ...(await import('../../../src/stores/wallet.ts')),
  };
}

const paths = (p: Platform) => p.calls.map((c) => `${c.method} ${c.path}`);
const consults = (p: Platform) => paths(p).filter((c) => c.endsWith('consult-status-transaction')).length;
const dataLayer = () => ((window as unknown as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? []).filter((e) => 'event' in e);

beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
  delete (window as unknown as { dataLayer?: unknown }).dataLayer;
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('opening', () => {
  it('is refused for a visitor (the caller shows the register modal) and allowed for a player', async () => {
    platform();
    const guest = await load();
    expect(guest.openDepositModal()).toBe(false);
    expect(guest.$depositOpen.get()).toBe(false);

    vi.resetModules();
    signedIn();
    const player = await load();
    expect(player.openDepositModal()).toBe(true);
    expect(player.$depositOpen.get()).toBe(true);
    expect(player.$deposit.get()).toEqual({ step: 'amount' });
  });
});

describe('amount', () => {
  it('names the range in the messages and makes no call for a refused amount', async () => {
    signedIn();
    const p = platform();
    const s = await load();
    s.openDepositModal();
    await s.generatePix();
    expect(s.$amountIssue.get()).toEqual({ kind: 'empty' });
    s.setAmountText('abc');
    expect(s.$amountIssue.get()).toEqual({ kind: 'invalid' });
    s.setAmountText('9,99');
    expect(s.$amountIssue.get()).toEqual({ kind: 'belowMin', min: MIN });
    s.setAmountText('50.000,01');
    expect(s.$amountIssue.get()).toEqual({ kind: 'aboveMax', max: MAX });
    await s.generatePix();
    expect(p.calls).toEqual([]);
    s.setAmountText('10');
    expect(s.$amountIssue.get()).toBeNull();
  });

  it('sends exact integer centavos for a Brazilian-formatted amount and shows the charge', async () => {
    signedIn();
    const p = platform();
    const s = await load();
    s.openDepositModal();
    s.setAmountText('1.234,56');
    await s.generatePix();
    expect(p.calls[0]!.body).toEqual({ amount: 123_456 });
    const state = s.$deposit.get();
    expect(state).toMatchObject({ step: 'waiting', charge: { txid: 'TX1', code: '00020101BRCODE1', amount: 123_456 } });
    s.closeDepositModal();
  });

  it('a preset fills the field with an amount the player could have typed', async () => {
    signedIn();
    platform();
    const s = await load();
    s.choosePreset(5_000, 'pt');
    expect(s.$amountText.get()).toBe('50');
    s.choosePreset(1_050, 'en');
    expect(s.$amountText.get()).toBe('10.50');
  });

  it("shows the platform's range refusal under the field and other refusals as the form message", async () => {
    signedIn();
    const p = platform();
    const s = await load();
    s.openDepositModal();
    s.setAmountText('50');
    p.refuse = {
      status: 422,
      json: { message: 'The deposit amount must be between R$20.00 and R$100.00.', min: 2_000, max: 10_000, errors: { amount: ['pt text'] } },
    };
    await s.generatePix();
    expect(s.$deposit.get()).toEqual({ step: 'amount' });
    expect(s.$amountIssue.get()).toEqual({ kind: 'server', message: { text: 'The deposit amount must be between R$20.00 and R$100.00.' } });

    p.refuse = { status: 422, json: { message: 'Cadastre seu CPF para depositar.' } };
    await s.generatePix();
    expect(s.$depositError.get()).toEqual({ text: 'Cadastre seu CPF para depositar.' });
    expect(s.$amountIssue.get()).toBeNull();
  });
});

describe('charge lifecycle', () => {
  async function waitingCharge(wallet?: WalletView) {
    vi.useFakeTimers();
    signedIn(wallet);
    const p = platform();
    const s = await load();
    s.openDepositModal();
    s.setAmountText('50');
    await s.generatePix();
    return { p, s };
  }

  it('polls every 5 s while waiting; paid → paid state, wallet reloaded, purchase and first_deposit once', async () => {
    const { p, s } = await waitingCharge();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(consults(p)).toBe(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(consults(p)).toBe(2);
    expect(s.$deposit.get().step).toBe('waiting');

    p.status = { status: 'paid' };
    p.wallet = { balance: 5_000, balance_withdrawal: 5_000, deposit_count: 1 };
    await vi.advanceTimersByTimeAsync(5_000);
    expect(s.$deposit.get()).toMatchObject({ step: 'paid', charge: { txid: 'TX1' } });
    expect(paths(p)).toContain('GET /profile/wallet');
    expect(s.$wallet.get()).toEqual(p.wallet);

    // The realtime event arriving after the poll changes nothing more.
    await s.handlePaymentApproved({ txid: 'TX1', amount: 5_000 });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(consults(p)).toBe(3);
    expect(dataLayer()).toEqual([
      expect.objectContaining({ event: 'purchase', transaction_id: 'TX1', value: 50, currency: 'BRL' }),
      { event: 'first_deposit', transaction_id: 'TX1', value: 50, currency: 'BRL' },
    ]);
  });

  it('the realtime event marks it paid at once; a later poll answer does not repeat the events', async () => {
    const { p, s } = await waitingCharge({ balance: 10_000, balance_withdrawal: 10_000, deposit_count: 1 });
    p.wallet = { balance: 15_000, balance_withdrawal: 15_000, deposit_count: 2 };
    await s.handlePaymentApproved({ txid: 'TX1', amount: 5_000 });
    expect(s.$deposit.get().step).toBe('paid');
    p.status = { status: 'paid' };
    await s.handlePaymentApproved({ txid: 'TX1', amount: 5_000 });
    await vi.advanceTimersByTimeAsync(30_000);
    // Paid: no more polling.
    expect(consults(p)).toBe(0);
    // Second deposit of this player: a purchase, no first_deposit.
    expect(dataLayer().map((e) => e.event)).toEqual(['purchase']);
  });

  it('without a fresh wallet, decides first_deposit from the count before the deposit', async () => {
    const { s } = await waitingCharge({ balance: 10_000, balance_withdrawal: 10_000, deposit_count: 1 });
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    await s.handlePaymentApproved({ txid: 'TX1', amount: 5_000 });
    expect(s.$deposit.get().step).toBe('paid');
    expect(dataLayer().map((e) => e.event)).toEqual(['purchase']);
  });

  it('ignores a PaymentApproved for a charge this page did not create', async () => {
    const { s } = await waitingCharge();
    await s.handlePaymentApproved({ txid: 'SOMEONE-ELSE', amount: 5_000 });
    await s.handlePaymentApproved({ nonsense: true });
    expect(s.$deposit.get().step).toBe('waiting');
    expect(dataLayer()).toEqual([]);
    s.closeDepositModal();
  });

  it('a charge left with "Alterar valor" and paid later still counts once', async () => {
    const { p, s } = await waitingCharge();
    s.changeAmount();
    expect(s.$deposit.get()).toEqual({ step: 'amount' });
    p.wallet = { balance: 5_000, balance_withdrawal: 5_000, deposit_count: 1 };
    await s.handlePaymentApproved({ txid: 'TX1', amount: 5_000 });
    await s.handlePaymentApproved({ txid: 'TX1', amount: 5_000 });
    expect(s.$deposit.get()).toEqual({ step: 'amount' });
    expect(dataLayer().map((e) => e.event)).toEqual(['purchase', 'first_deposit']);
  });

  it('closing the modal stops the poll; reopening shows the same charge and polls again', async () => {
    const { p, s } = await waitingCharge();
    s.closeDepositModal();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(consults(p)).toBe(0);
    expect(s.openDepositModal()).toBe(true);
    expect(s.$deposit.get()).toMatchObject({ step: 'waiting', charge: { txid: 'TX1' } });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(consults(p)).toBe(1);
    s.closeDepositModal();
  });

  it('expires when the countdown ends, asks once more, and "Gerar novo" makes a new charge for the same amount', async () => {
    const { p, s } = await waitingCharge();
    await vi.advanceTimersByTimeAsync(300_000);
    expect(s.$deposit.get()).toMatchObject({ step: 'expired', charge: { txid: 'TX1' } });
    const asked = consults(p);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(consults(p)).toBe(asked);
    await s.generateAgain();
    expect(s.$deposit.get()).toMatchObject({ step: 'waiting', charge: { txid: 'TX2', amount: 5_000 } });
    expect(p.calls.filter((c) => c.path === '/main-gateway/qrcode-pix').map((c) => c.body)).toEqual([{ amount: 5_000 }, { amount: 5_000 }]);
    s.closeDepositModal();
  });

  it('a payment that lands as the countdown ends still shows as paid', async () => {
    const { p, s } = await waitingCharge();
    await vi.advanceTimersByTimeAsync(295_000);
    p.status = { status: 'paid' };
    p.wallet = { balance: 5_000, balance_withdrawal: 5_000, deposit_count: 1 };
    await vi.advanceTimersByTimeAsync(5_000);
    expect(s.$deposit.get().step).toBe('paid');
  });

  it("the platform's expired status ends the wait too", async () => {
    const { p, s } = await waitingCharge();
    p.status = { status: 'expired' };
    await s.checkDepositStatus();
    expect(s.$deposit.get().step).toBe('expired');
    s.closeDepositModal();
  });

  it("a refund shows the platform's reason", async () => {
    const { p, s } = await waitingCharge();
    p.status = { status: 'refunded', message: 'Pagamento devolvido: o Pix deve vir de uma conta no seu próprio CPF.' };
    await vi.advanceTimersByTimeAsync(5_000);
    expect(s.$deposit.get()).toMatchObject({
      step: 'refunded',
      message: { text: 'Pagamento devolvido: o Pix deve vir de uma conta no seu próprio CPF.' },
    });
    expect(dataLayer()).toEqual([]);
  });

  it('copies the code, or reports the failure for a manual copy', async () => {
    const { s } = await waitingCharge();
    const writeText = vi.fn(async () => undefined);
    await s.copyPixCode({ writeText });
    expect(writeText).toHaveBeenCalledWith('00020101BRCODE1');
    expect(s.$copyState.get()).toBe('copied');
    await s.copyPixCode({ writeText: async () => Promise.reject(new DOMException('denied', 'NotAllowedError')) });
    expect(s.$copyState.get()).toBe('failed');
    s.$copyState.set('idle');
    await s.copyPixCode(null);
    expect(s.$copyState.get()).toBe('failed');
    s.closeDepositModal();
  });

  it('offers the sandbox payment only when the platform says so; paying it ends in the paid state', async () => {
    const { p, s } = await waitingCharge();
    expect(s.$deposit.get()).toMatchObject({ step: 'waiting', charge: { sandboxPay: false } });
    await s.payInSandbox();
    expect(paths(p)).not.toContain('POST /pix/sandbox/pay-own');

    p.sandbox = true;
    s.changeAmount();
    await s.generatePix();
    expect(s.$deposit.get()).toMatchObject({ step: 'waiting', charge: { txid: 'TX2', sandboxPay: true } });
    await s.payInSandbox();
    expect(p.calls.find((c) => c.path === '/pix/sandbox/pay-own')?.body).toEqual({ txid: 'TX2' });
    expect(s.$deposit.get()).toMatchObject({ step: 'paid', charge: { txid: 'TX2' } });
    expect(s.$sandboxPayState.get()).toBe('idle');
    s.closeDepositModal();
  });

  it('a refused sandbox payment says so and leaves the charge waiting', async () => {
    const { p, s } = await waitingCharge();
    p.sandbox = true;
    s.changeAmount();
    await s.generatePix();
    p.sandbox = false;
    await s.payInSandbox();
    expect(s.$sandboxPayState.get()).toBe('failed');
    expect(s.$deposit.get()).toMatchObject({ step: 'waiting' });
    s.closeDepositModal();
  });

  it("signing out closes the modal and forgets the player's charge", async () => {
    const { p, s } = await waitingCharge();
    s.signOut();
    expect(s.$depositOpen.get()).toBe(false);
    expect(s.$deposit.get()).toEqual({ step: 'amount' });
    expect(s.$amountText.get()).toBe('');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(consults(p)).toBe(0);
  });
});
