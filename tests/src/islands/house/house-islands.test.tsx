// @vitest-environment happy-dom
import { createHash } from 'node:crypto';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
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

/** Emulates `prefers-reduced-motion` (happy-dom answers "no preference" otherwise): results show at once. */
function reduceMotion(): void {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('prefers-reduced-motion: reduce'), media: query, addEventListener() {}, removeEventListener() {} }));
}

/** The play page at `url` (its query picks the game and mode), rendered in `locale` and settled. */
async function renderPlayPage(url: string, locale: 'pt' | 'en'): Promise<Root> {
  history.replaceState(null, '', url);
  const { HousePlayApp } = await import('../../../../src/islands/house/HousePlayApp.tsx');
  const root = createRoot(document.getElementById('host')!);
  await act(async () => root.render(<HousePlayApp locale={locale} />));
  await settle();
  return root;
}

/** Presses "Jogar" and lets the answer come in. */
async function pressPlay(): Promise<void> {
  await act(async () => byTestId('house-play')!.click());
  await settle();
}

describe('play page island', () => {
  it('shows the committed hash and RTP before play, plays a demo round and lists it with a verify link', async () => {
    const p = housePlatform();
    p.nextRound = { multiplier: 19_800, payout: 198, outcome: { game: 'dice', roll: 1234 } };
    reduceMotion();
    const root = await renderPlayPage('/casino/play?game=dice&mode=demo', 'pt');

    expect(byTestId('house-game')?.dataset.game).toBe('dice');
    expect(byTestId('fairness-hash')?.textContent).toBe(HASH_A);
    expect(byTestId('house-rtp')?.textContent).toBe('RTP 99,00 %');
    expect(byTestId('house-mode-demo')?.getAttribute('aria-pressed')).toBe('true');
    expect(byTestId('dice-target')).not.toBeNull();
    expect(byTestId('dice-direction')?.dataset.value).toBe('under');

    await pressPlay();
    const result = byTestId('house-result')!;
    expect(result.dataset.multiplier).toBe('19800');
    expect(result.dataset.payout).toBe('198');
    expect(byTestId('house-result-text')?.textContent).toMatch(/^Você ganhou R\$\s1,98/);
    const rows = document.querySelectorAll<HTMLElement>('[data-testid="house-rounds"] [data-testid="house-round"]');
    expect([...rows].map((r) => r.dataset.roundId)).toEqual(['100']);
    expect(rows[0]!.querySelector('a')?.getAttribute('href')).toBe('/casino/fairness?round=100');
    expect(byTestId('fairness-nonce')?.textContent).toBe('1');
    act(() => root.unmount());
  });

  it('offers the login button instead of "Jogar" to a visitor in real-money mode', async () => {
    housePlatform();
    const root = await renderPlayPage('/casino/play?game=limbo&mode=real', 'en');
    expect(byTestId('house-game')?.dataset.game).toBe('limbo');
    expect(byTestId('house-play')).toBeNull();
    expect(document.querySelector('[data-auth-open="login"]')?.textContent).toBe('Log in to play for real money');
    act(() => root.unmount());
  });

  it('shows the bet limits and the Plinko payout table of the chosen rows and risk (the contract table the platform pays from)', async () => {
    housePlatform();
    const { PLINKO_TABLES } = await import('../../../../src/contract/house.ts');
    const root = await renderPlayPage('/casino/play?game=plinko&mode=demo', 'pt');
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
    const root = await renderPlayPage('/casino/play?game=plinko&mode=demo', 'en');
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
    reduceMotion();
    const root = await renderPlayPage('/casino/play?game=dice&mode=real', 'pt');
    expect(byTestId('house-balance')?.dataset.balance).toBe('10000');
    await pressPlay();
    expect(byTestId('house-balance')?.dataset.balance).toBe('9900');
    expect(byTestId('house-balance')?.textContent).toContain('99,00');
    act(() => root.unmount());
  });

  it('keeps the balance, the result words and "Minhas apostas" until the dice stops rolling; a new play cuts the roll short', async () => {
    const p = housePlatform();
    p.wallet = { balance: 9_900, balance_withdrawal: 9_900, deposit_count: 1 };
    p.nextRound = { multiplier: 0, payout: 0, outcome: { game: 'dice', roll: 7777 } };
    localStorage.setItem('auth', 'tok');
    localStorage.setItem('user', JSON.stringify({ ...USER, wallet: { balance: 10_000, balance_withdrawal: 10_000, deposit_count: 1 } }));
    const root = await renderPlayPage('/casino/play?game=dice&mode=real', 'pt');
    await pressPlay();
    // Mid-roll: the board moves, nothing tells the result yet.
    expect(byTestId('house-result')?.dataset.revealed).toBe('false');
    expect(Number(byTestId('dice-board')?.dataset.shown)).toBeLessThan(7777);
    expect(byTestId('house-result-text')?.textContent).toBe('');
    expect(byTestId('house-balance')?.dataset.balance).toBe('10000');
    expect(document.querySelectorAll('[data-testid="house-round"]')).toHaveLength(0);
    // "Jogar" stays pressable (and focusable) during the roll: it cuts the roll short and plays again.
    expect(byTestId('house-play')?.hasAttribute('disabled')).toBe(false);
    p.wallet = { balance: 9_800, balance_withdrawal: 9_800, deposit_count: 1 };
    await pressPlay();
    expect(document.querySelectorAll('[data-testid="house-round"]')).toHaveLength(1);
    expect(byTestId('house-balance')?.dataset.balance).toBe('9900');
    // The second round rolls to its end, then everything follows.
    for (let i = 0; i < 10 && byTestId('house-result')?.dataset.revealed !== 'true'; i++) await act(() => new Promise((r) => setTimeout(r, 200)));
    expect(byTestId('house-result')?.dataset.roundId).toBe('101');
    expect(byTestId('dice-board')?.dataset.shown).toBe('7777');
    expect(byTestId('house-result-text')?.textContent).toContain('Não foi dessa vez');
    expect(byTestId('house-balance')?.dataset.balance).toBe('9800');
    expect([...document.querySelectorAll<HTMLElement>('[data-testid="house-round"]')].map((r) => r.dataset.roundId)).toEqual(['101', '100']);
    expect(p.calls.filter((c) => c.path.includes('/house/dice/play'))).toHaveLength(2);
    act(() => root.unmount());
  });

  it('draws the Plinko board of the round and drops the ball along its path into the slot it names (reduced motion: at once)', async () => {
    const p = housePlatform();
    const path = ['R', 'L', 'L', 'L', 'L', 'L', 'R', 'R', 'L', 'R', 'L', 'R'] as const;
    p.nextRound = { multiplier: 11_000, payout: 110, outcome: { game: 'plinko', path: [...path], slot: 5 } };
    reduceMotion();
    const root = await renderPlayPage('/casino/play?game=plinko&mode=demo', 'en');
    await pressPlay();
    const board = byTestId('plinko-board')!;
    expect(board.getAttribute('role')).toBe('img');
    expect(board.querySelector('title')?.textContent).toBe('Plinko board: 12 rows, medium risk');
    expect(board.querySelector('desc')?.textContent).toBe('The ball landed in slot 5 (1.10×). Path: RLLLLLRRLRLR.');
    expect(board.querySelectorAll('.plinko-peg')).toHaveLength(102);
    expect(board.querySelectorAll('[data-testid="plinko-slot"]')).toHaveLength(13);
    expect(board.querySelector('[data-testid="plinko-slot"][data-active]')?.getAttribute('data-slot')).toBe('5');
    expect(byTestId('plinko-ball')?.dataset.stop).toBe('13');
    expect(byTestId('house-result-text')?.textContent).toContain('The ball landed in slot 5');
    act(() => root.unmount());
  });

  it('calls a payout below the stake a partial return, not a win', async () => {
    const p = housePlatform();
    p.nextRound = { multiplier: 5_000, payout: 50, outcome: { game: 'plinko', path: ['L', 'L', 'L', 'L', 'L', 'L', 'R', 'R', 'R', 'R', 'R', 'R'], slot: 6 } };
    reduceMotion();
    const root = await renderPlayPage('/casino/play?game=plinko&mode=demo', 'en');
    await pressPlay();
    expect(byTestId('house-result-text')?.textContent).toMatch(/^R\$0\.50 back on a R\$1\.00 stake/);
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
