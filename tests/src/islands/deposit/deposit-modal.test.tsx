// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, USER } from '../../stores/auth-fake-api.ts';

/**
 * The deposit island renders the store: a labelled modal with the stable
 * test hooks, the amount step's range messages in the page language, the
 * charge (QR, code, countdown), and the paid state with its confetti.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const CODE = '00020101021226850014br.gov.bcb.pix2563pix.example.com/qr/v2/cobv/abc52040000530398654045.005802BR6304ABCD';
let paid = false;
/** The current test's store: its timers are stopped after each test. */
let stopStore: (() => void) | null = null;

beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
  paid = false;
  localStorage.setItem('auth', 'tok');
  localStorage.setItem('user', JSON.stringify({ ...USER, wallet: { balance: 0, balance_withdrawal: 0, deposit_count: 0 } }));
  document.body.innerHTML = '<div id="host"></div>';
});

afterEach(() => {
  stopStore?.();
  stopStore = null;
  vi.unstubAllGlobals();
});

async function render(locale: 'pt' | 'en') {
  fakeApi({
    'POST /main-gateway/qrcode-pix': (body) => ({
      json: { txid: 'TXID42', qrcode: CODE, amount: (body as { amount: number }).amount, expires_at: new Date(Date.now() + 300_000).toISOString(), show: true },
    }),
    'POST /main-gateway/consult-status-transaction': () => ({ json: { status: paid ? 'paid' : 'waiting_payment' } }),
    'GET /profile/wallet': () => ({ json: { wallet: { balance: 5_000, balance_withdrawal: 5_000, deposit_count: 1 } } }),
  });
  document.documentElement.dataset.locale = locale;
  document.body.insertAdjacentHTML('beforeend', '<script type="application/json" id="deposit-config">{"min":1000,"max":5000000}</script>');
  const { DepositRoot } = await import('../../../../src/islands/deposit/DepositRoot.tsx');
  const store = await import('../../../../src/stores/deposit.ts');
  const { readDepositConfig } = await import('../../../../src/lib/wallet/deposit-config.ts');
  store.$depositLimits.set(readDepositConfig());
  stopStore = store.resetDeposit;
  const root = createRoot(document.getElementById('host')!);
  await act(async () => root.render(<DepositRoot />));
  await act(async () => void store.openDepositModal());
  await settle();
  return { store, root };
}

async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await act(() => new Promise((r) => setTimeout(r, 10)));
}

const modal = () => document.querySelector<HTMLDialogElement>('[data-testid="deposit-modal"]');

async function type(text: string): Promise<void> {
  const input = document.querySelector<HTMLInputElement>('input[name="amount"]')!;
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('deposit modal', () => {
  it('is a dialog labelled by its title, with the amount field, presets and the range', async () => {
    const { root } = await render('pt');
    const dialog = modal()!;
    expect(dialog.tagName).toBe('DIALOG');
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).toBe('Depositar via Pix');
    expect(dialog.hasAttribute('data-txid')).toBe(false);
    const presets = [...dialog.querySelectorAll('[role="group"] button')].map((b) => b.textContent?.replace(/\s/g, ' '));
    expect(presets).toEqual(['R$ 20,00', 'R$ 50,00', 'R$ 100,00', 'R$ 200,00', 'R$ 500,00']);
    expect(dialog.textContent?.replace(/\s/g, ' ')).toContain('Mínimo R$ 10,00, máximo R$ 50.000,00.');
    await type('5');
    const input = dialog.querySelector<HTMLInputElement>('input[name="amount"]')!;
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby')!.split(' ');
    expect(document.getElementById(describedBy[0]!)?.textContent?.replace(/\s/g, ' ')).toBe('O depósito mínimo é R$ 10,00.');
    act(() => root.unmount());
  });

  it('speaks English on the English site', async () => {
    const { root } = await render('en');
    await type('60.000');
    const dialog = modal()!;
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).toBe('Deposit with Pix');
    expect(dialog.textContent?.replace(/\s/g, ' ')).toContain('The maximum deposit is R$50,000.00.');
    act(() => root.unmount());
  });

  it('shows the charge (QR, code, countdown, txid), then the paid state with 40 pieces and 20 dots of confetti', async () => {
    const { store, root } = await render('pt');
    await act(async () => void (document.querySelector('[role="group"] button:nth-child(2)') as HTMLButtonElement).click());
    await act(async () => void document.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })));
    await settle();
    const dialog = modal()!;
    expect(dialog.dataset.txid).toBe('TXID42');
    const qr = dialog.querySelector('[data-testid="pix-qr"]')!;
    expect(qr.getAttribute('role')).toBe('img');
    expect(qr.getAttribute('aria-label')?.replace(/\s/g, ' ')).toBe('QR Code Pix de R$ 50,00');
    expect(qr.querySelector('path')!.getAttribute('d')).toMatch(/^M\d+,\d+h1v1h-1z/);
    expect(dialog.querySelector<HTMLTextAreaElement>('[data-testid="pix-code"]')!.value).toBe(CODE);
    expect(dialog.querySelector('[role="timer"]')!.textContent).toMatch(/^0[45]:\d\d$/);

    paid = true;
    await act(async () => void (await store.checkDepositStatus()));
    await settle();
    const done = dialog.querySelector('[data-testid="deposit-paid"]')!;
    expect(done.textContent?.replace(/\s/g, ' ')).toContain('R$ 50,00 creditado no seu saldo.');
    expect(done.textContent?.replace(/\s/g, ' ')).toContain('Saldo atual: R$ 50,00');
    expect(done.querySelectorAll('.confetti__piece')).toHaveLength(40);
    expect(done.querySelectorAll('.confetti__dot')).toHaveLength(20);
    expect(document.activeElement?.textContent).toBe('Depósito confirmado!');
    act(() => root.unmount());
  });

  it('draws no confetti for players who ask for reduced motion', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query }));
    const { store, root } = await render('pt');
    await type('50');
    await act(async () => void (await store.generatePix()));
    paid = true;
    await act(async () => void (await store.checkDepositStatus()));
    await settle();
    expect(modal()!.querySelector('[data-testid="deposit-paid"]')).not.toBeNull();
    expect(modal()!.querySelector('.confetti')).toBeNull();
    act(() => root.unmount());
  });

  it('a failed copy selects the code and says to copy it by hand', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: () => Promise.reject(new Error('denied')) } });
    const { store, root } = await render('en');
    await type('50');
    await act(async () => void (await store.generatePix()));
    await settle();
    const copy = [...modal()!.querySelectorAll('button')].find((b) => b.textContent === 'Copy code')!;
    await act(async () => void copy.click());
    await settle();
    const code = modal()!.querySelector<HTMLTextAreaElement>('[data-testid="pix-code"]')!;
    expect(document.getElementById(code.getAttribute('aria-describedby')!)?.textContent).toBe('Copy failed. Select the code and copy it manually.');
    expect(document.activeElement).toBe(code);
    act(() => root.unmount());
  });

  it('Esc (the cancel event) closes the modal', async () => {
    const { store, root } = await render('pt');
    await act(async () => void modal()!.dispatchEvent(new Event('cancel', { cancelable: true })));
    await settle();
    expect(store.$depositOpen.get()).toBe(false);
    expect(modal()).toBeNull();
    act(() => root.unmount());
  });
});
