// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { USER } from '../../stores/auth-fake-api.ts';

/**
 * The header's balance and the page's "Depositar" buttons, without React:
 * a player's click opens the deposit modal, a visitor's the register modal
 * (spec sections 2 and 6); the balance follows the stored wallet live.
 */
const opened = vi.hoisted(() => ({ deposit: 0, auth: [] as string[] }));
vi.mock('../../../../src/islands/deposit/mount.tsx', () => ({
  openDeposit: () => {
    opened.deposit++;
    return true;
  },
}));
vi.mock('../../../../src/islands/auth/mount.tsx', () => ({ openAuth: (mode: string) => opened.auth.push(mode) }));
vi.mock('../../../../src/stores/wallet-realtime.ts', () => ({ startWalletRealtime: () => undefined }));

const HEADER = `
  <header>
    <span data-wallet-balance data-testid="header-balance" hidden></span>
    <button type="button" data-deposit-open><svg><path></path></svg><span>Depositar</span></button>
  </header>
  <main><a href="/x" data-deposit-open>Depositar agora</a></main>`;

/** Listeners each test's fresh module adds to the shared document, removed after the test. */
let added: [string, EventListenerOrEventListenerObject][] = [];
const addEventListener = document.addEventListener.bind(document);

beforeEach(() => {
  vi.spyOn(document, 'addEventListener').mockImplementation((type: string, listener: EventListenerOrEventListenerObject | null) => {
    if (!listener) return;
    added.push([type, listener]);
    addEventListener(type, listener);
  });
  vi.resetModules();
  localStorage.clear();
  opened.deposit = 0;
  opened.auth = [];
  document.documentElement.dataset.locale = 'pt';
  document.body.innerHTML = HEADER;
});

afterEach(() => {
  for (const [type, listener] of added) document.removeEventListener(type, listener);
  added = [];
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const balance = () => document.querySelector<HTMLElement>('[data-testid="header-balance"]')!;
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('header wallet', () => {
  it("shows a player's balance in BRL and follows every wallet change", async () => {
    localStorage.setItem('auth', 'tok');
    localStorage.setItem('user', JSON.stringify({ ...USER, wallet: { balance: 123_456, balance_withdrawal: 0, deposit_count: 0 } }));
    const { initHeaderWallet } = await import('../../../../src/scripts/header/wallet.ts');
    const { applyWallet } = await import('../../../../src/stores/wallet.ts');
    initHeaderWallet();
    expect(balance().hidden).toBe(false);
    expect(balance().textContent?.replace(/\s/g, ' ')).toBe('R$ 1.234,56');
    applyWallet({ balance: 128_456, balance_withdrawal: 5_000, deposit_count: 1 });
    expect(balance().textContent?.replace(/\s/g, ' ')).toBe('R$ 1.284,56');
  });

  it('hides the balance for a visitor', async () => {
    const { initHeaderWallet } = await import('../../../../src/scripts/header/wallet.ts');
    initHeaderWallet();
    expect(balance().hidden).toBe(true);
    expect(balance().textContent).toBe('');
  });

  it('any [data-deposit-open] opens the register modal for a visitor and the deposit modal for a player', async () => {
    const { initHeaderWallet } = await import('../../../../src/scripts/header/wallet.ts');
    const { signIn } = await import('../../../../src/stores/session.ts');
    initHeaderWallet();
    document.querySelector<HTMLElement>('header [data-deposit-open] path')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await settle();
    expect(opened).toEqual({ deposit: 0, auth: ['register'] });

    signIn('tok', USER);
    const link = document.querySelector<HTMLAnchorElement>('main [data-deposit-open]')!;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(click);
    await settle();
    expect(click.defaultPrevented).toBe(true);
    expect(opened).toEqual({ deposit: 1, auth: ['register'] });
  });
});
