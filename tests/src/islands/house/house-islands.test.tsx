// @vitest-environment happy-dom
import { createHash } from 'node:crypto';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { USER } from '../../stores/auth-fake-api.ts';
import { HASH_A, housePlatform, round } from '../../stores/house-fake-api.ts';

/**
 * The house-game islands render their stores with the browser tests' hooks:
 * the play page (mode, stake, dice controls, result, rounds, fairness panel)
 * and the verification form (prefilled from `?round=`, ✓/✗ result).
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);

async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await act(() => new Promise((r) => setTimeout(r, 10)));
}

beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
  document.body.innerHTML = '<div id="host"></div>';
});

afterEach(() => vi.unstubAllGlobals());

describe('play page island', () => {
  it('shows the committed hash and RTP before play, plays a demo round and lists it with a verify link', async () => {
    const p = housePlatform();
    p.nextRound = { multiplier: 19_800, payout: 198, outcome: { game: 'dice', roll: 1234 } };
    history.replaceState(null, '', '/casino/play?game=dice&mode=demo');
    const { HousePlayApp } = await import('../../../../src/islands/house/HousePlayApp.tsx');
    const root = createRoot(document.getElementById('host')!);
    await act(async () => root.render(<HousePlayApp locale="pt" />));
    await settle();

    expect(byTestId('house-game')?.dataset.game).toBe('dice');
    expect(byTestId('fairness-hash')?.textContent).toBe(HASH_A);
    expect(byTestId('house-rtp')?.textContent).toBe('RTP 99,00 %');
    expect(byTestId('house-mode-demo')?.getAttribute('aria-pressed')).toBe('true');
    expect(byTestId('dice-target')).not.toBeNull();
    expect(byTestId('dice-direction')?.dataset.value).toBe('under');

    await act(async () => byTestId('house-play')!.click());
    await settle();
    const result = byTestId('house-result')!;
    expect(result.dataset.multiplier).toBe('19800');
    expect(result.dataset.payout).toBe('198');
    const rows = document.querySelectorAll<HTMLElement>('[data-testid="house-rounds"] [data-testid="house-round"]');
    expect([...rows].map((r) => r.dataset.roundId)).toEqual(['100']);
    expect(rows[0]!.querySelector('a')?.getAttribute('href')).toBe('/casino/fairness?round=100');
    expect(byTestId('fairness-nonce')?.textContent).toBe('1');
    act(() => root.unmount());
  });

  it('offers the login button instead of "Jogar" to a visitor in real-money mode', async () => {
    housePlatform();
    history.replaceState(null, '', '/casino/play?game=limbo&mode=real');
    const { HousePlayApp } = await import('../../../../src/islands/house/HousePlayApp.tsx');
    const root = createRoot(document.getElementById('host')!);
    await act(async () => root.render(<HousePlayApp locale="en" />));
    await settle();
    expect(byTestId('house-game')?.dataset.game).toBe('limbo');
    expect(byTestId('house-play')).toBeNull();
    expect(document.querySelector('[data-auth-open="login"]')?.textContent).toBe('Log in to play for real money');
    act(() => root.unmount());
  });

  it('shows the bet limits and the Plinko payout table of the chosen rows and risk (the contract table the platform pays from)', async () => {
    housePlatform();
    history.replaceState(null, '', '/casino/play?game=plinko&mode=demo');
    const { PLINKO_TABLES } = await import('../../../../src/contract/house.ts');
    const { HousePlayApp } = await import('../../../../src/islands/house/HousePlayApp.tsx');
    const root = createRoot(document.getElementById('host')!);
    await act(async () => root.render(<HousePlayApp locale="pt" />));
    await settle();
    expect(byTestId('house-amount-limits')?.textContent).toBe('Aposta mínima R$\u00a00,10, máxima R$\u00a01.000,00.');

    const table = () => byTestId('plinko-table')!;
    const payouts = () => [...table().querySelectorAll('li')].map((li) => li.textContent);
    expect(table().dataset.rows).toBe('12');
    expect(table().dataset.risk).toBe('medium');
    expect(payouts()).toHaveLength(13);
    expect(payouts()[0]).toBe('Casa 0: 33×');
    expect(payouts()[6]).toBe('Casa 6: 0,3×');
    expect(document.getElementById(table().getAttribute('aria-labelledby')!)?.textContent).toBe('Pagamento por casa (12 linhas, risco médio)');

    const choose = async (testId: string, value: string) =>
      act(async () => {
        const select = byTestId(testId) as HTMLSelectElement;
        select.value = value;
        select.dispatchEvent(new Event('change', { bubbles: true }));
      });
    await choose('plinko-rows', '16');
    await choose('plinko-risk', 'high');
    expect(payouts()).toHaveLength(17);
    expect(payouts()[0]).toBe('Casa 0: 1.000×');
    expect(payouts()[1]).toBe('Casa 1: 130×');
    expect([...table().querySelectorAll('li')].map((li) => Number(li.dataset.multiplier))).toEqual(PLINKO_TABLES[16].high);

    // A stake below the minimum is refused under the field, with its limit; nothing is sent.
    await act(async () => {
      const input = byTestId('house-amount') as HTMLInputElement;
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(input, '0,05');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(byTestId('house-amount-error')?.textContent).toBe('A aposta mínima é R$\u00a00,10.');
    expect(byTestId('house-amount')?.getAttribute('aria-invalid')).toBe('true');
    act(() => root.unmount());
  });

  it('shows the Plinko payouts and the limits in English with English numbers', async () => {
    housePlatform();
    history.replaceState(null, '', '/casino/play?game=plinko&mode=demo');
    const { HousePlayApp } = await import('../../../../src/islands/house/HousePlayApp.tsx');
    const root = createRoot(document.getElementById('host')!);
    await act(async () => root.render(<HousePlayApp locale="en" />));
    await settle();
    expect(byTestId('house-amount-limits')?.textContent).toBe('Minimum bet R$0.10, maximum R$1,000.00.');
    const payouts = [...byTestId('plinko-table')!.querySelectorAll('li')].map((li) => li.textContent);
    expect(payouts[6]).toBe('Slot 6: 0.3×');
    expect(payouts[1]).toBe('Slot 1: 11×');
    act(() => root.unmount());
  });

  it("shows a player's balance and applies the wallet of a real-money round", async () => {
    const p = housePlatform();
    p.wallet = { balance: 9_900, balance_withdrawal: 9_900, deposit_count: 1 };
    localStorage.setItem('auth', 'tok');
    localStorage.setItem('user', JSON.stringify({ ...USER, wallet: { balance: 10_000, balance_withdrawal: 10_000, deposit_count: 1 } }));
    history.replaceState(null, '', '/casino/play?game=dice&mode=real');
    const { HousePlayApp } = await import('../../../../src/islands/house/HousePlayApp.tsx');
    const root = createRoot(document.getElementById('host')!);
    await act(async () => root.render(<HousePlayApp locale="pt" />));
    await settle();
    expect(byTestId('house-balance')?.dataset.balance).toBe('10000');
    await act(async () => byTestId('house-play')!.click());
    await settle();
    expect(byTestId('house-balance')?.dataset.balance).toBe('9900');
    expect(byTestId('house-balance')?.textContent).toContain('99,00');
    act(() => root.unmount());
  });
});

describe('verification island', () => {
  it('prefills from ?round=, checks it and marks the result data-match="true"', async () => {
    const sha = createHash('sha256').update('seed-a').digest('hex');
    const p = housePlatform();
    p.stored[1] = round({ id: 1, server_seed: 'seed-a', server_seed_hash: sha, outcome: { game: 'dice', roll: 1234 }, multiplier: 19_800 });
    p.verifyAnswer = { outcome: { game: 'dice', roll: 1234 }, multiplier: 19_800, server_seed_hash: sha };
    localStorage.setItem('auth', 'tok');
    localStorage.setItem('user', JSON.stringify(USER));
    history.replaceState(null, '', '/casino/fairness?round=1');
    const { VerifyApp } = await import('../../../../src/islands/house/VerifyApp.tsx');
    const root = createRoot(document.getElementById('host')!);
    await act(async () => root.render(<VerifyApp locale="pt" />));
    await settle();
    expect(byTestId('verify-form')).not.toBeNull();
    expect(byTestId('verify-result')?.dataset.match).toBe('true');
    expect(byTestId('verify-browser-hash')?.textContent).toBe(sha);
    await act(async () => {
      const input = byTestId('verify-server-seed') as HTMLInputElement;
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(input, 'seed-b');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => byTestId('verify-submit')!.click());
    await settle();
    expect(byTestId('verify-result')?.dataset.match).toBe('false');
    act(() => root.unmount());
  });
});
