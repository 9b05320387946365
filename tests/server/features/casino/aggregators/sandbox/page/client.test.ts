// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEngine } from '../../../../../../../server/features/casino/aggregators/sandbox/engines/index.ts';
import type { EngineKind } from '../../../../../../../server/features/casino/aggregators/sandbox/engines/types.ts';
import { renderGamePage, type SandboxPageView } from '../../../../../../../server/features/casino/aggregators/sandbox/page/render.ts';

/*
 * The game page's browser script against a scripted aggregator: what it
 * posts for each family's choices, what it shows of the answer (result,
 * balance, winning lines, pocket), and how it shows refusals. Reduced motion
 * is on, so results show at once (the animations are the only difference).
 */

interface Call {
  url: string;
  body: { token: string; stake: number; params: unknown } | null;
}
type Answer = { status: number; json: unknown };

let calls: Call[];
let answers: Answer[];

function view(kind: EngineKind, overrides: Partial<SandboxPageView> = {}): SandboxPageView {
  return {
    token: 'tok-1',
    locale: 'pt',
    demo: false,
    game: { title: 'Jogo', provider: 'Estúdio', kind },
    rtpBps: 9650,
    balance: 10_000,
    limits: { minStake: 10, maxStake: 100_000 },
    rules: createEngine(kind, 9650).describe(),
    apiBase: '/sandbox-aggregator',
    ...overrides,
  };
}

/** Loads the page as the browser would: the server's HTML, then the script. */
async function open(pageView: SandboxPageView): Promise<void> {
  // Without the stylesheet link: the test DOM does not load CSS (and says so loudly).
  const html = renderGamePage(pageView, { jsPath: '/a.js', cssPath: '/a.css' }).replace(/<link rel="stylesheet"[^>]*>/, '');
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  document.body.replaceWith(document.importNode(parsed.body, true));
  vi.resetModules();
  await import('../../../../../../../server/features/casino/aggregators/sandbox/page/client/main.ts');
}

const byTestId = <T extends HTMLElement = HTMLElement>(id: string) => document.querySelector<T>(`[data-testid="${id}"]`)!;
const text = (id: string) => (byTestId(id).textContent ?? '').replace(/\s/g, ' ');

function answerRound(kind: EngineKind, stake: number, payout: number, outcome: unknown, balance: number): Answer {
  return { status: 200, json: { round: { id: 'sbx-1', kind, stake, payout, outcome }, balance } };
}

/** Presses the play button and waits for the round to be over. */
async function play(): Promise<void> {
  const before = calls.length;
  byTestId('sandbox-play').click();
  await vi.waitFor(() => {
    expect(byTestId('sandbox-play').getAttribute('aria-disabled')).toBe('false');
    expect(text('sandbox-result') + text('sandbox-error')).not.toBe('');
  });
  expect(calls.length).toBeLessThanOrEqual(before + 1);
}

beforeEach(() => {
  calls = [];
  answers = [];
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query }));
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), body: typeof init?.body === 'string' ? JSON.parse(init.body) : null });
    const answer = answers.shift() ?? { status: 500, json: {} };
    return new Response(JSON.stringify(answer.json), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sandbox game page (browser script)', () => {
  it('slots: posts the typed stake, draws the reels, lights the winning line, announces the win and shows the new balance', async () => {
    await open(view('slots'));
    byTestId<HTMLInputElement>('sandbox-stake').value = '2,50';
    const grid = [
      ['seven', 'cherry', 'lemon'],
      ['wild', 'lemon', 'bell'],
      ['seven', 'star', 'cherry'],
      ['bell', 'cherry', 'diamond'],
      ['lemon', 'bell', 'star'],
    ];
    answers.push(answerRound('slots', 250, 1000, { grid, wins: [{ line: 2, symbol: 'seven', count: 3, payout: 1000 }] }, 10_750));
    await play();

    expect(calls).toEqual([{ url: '/sandbox-aggregator/rounds', body: { token: 'tok-1', stake: 250, params: {} } }]);
    const cells = [...document.querySelectorAll('.sbx-reel')].map((reel) => [...reel.querySelectorAll('.sbx-cell')]);
    expect(cells.map((reel) => reel.map((cell) => cell.getAttribute('data-symbol')))).toEqual(grid);
    // Line 2 is the top row: its first three cells win, nothing else does.
    const winning = cells.flatMap((reel, r) => reel.flatMap((cell, row) => (cell.classList.contains('is-win') ? [`${r}:${row}`] : [])));
    expect(winning).toEqual(['0:0', '1:0', '2:0']);
    expect(text('sandbox-result')).toBe('Você ganhou R$ 10,00!');
    expect(text('sandbox-wins')).toBe('Linha 2: 3× sete paga R$ 10,00');
    expect(text('sandbox-balance')).toBe('R$ 107,50');
    expect(byTestId('sandbox-reels').getAttribute('aria-label')).toContain('Linha 1: sete, coringa, sete, sino, limão');
  });

  it('slots: a payout below the stake is a partial return, not a win', async () => {
    await open(view('slots'));
    byTestId<HTMLInputElement>('sandbox-stake').value = '2,00';
    const grid = [
      ['cherry', 'lemon', 'bell'],
      ['cherry', 'bell', 'lemon'],
      ['cherry', 'star', 'lemon'],
      ['bell', 'lemon', 'diamond'],
      ['lemon', 'bell', 'star'],
    ];
    answers.push(answerRound('slots', 200, 62, { grid, wins: [{ line: 2, symbol: 'cherry', count: 3, payout: 62 }] }, 9_862));
    await play();
    expect(text('sandbox-result')).toBe('Retorno de R$ 0,62 (aposta de R$ 2,00).');
  });

  it('refuses a stake outside the limits without calling the aggregator, and shows a refusal in the server’s words', async () => {
    await open(view('slots', { locale: 'en' }));
    byTestId<HTMLInputElement>('sandbox-stake').value = '2000';
    await play();
    expect(calls).toEqual([]);
    expect(text('sandbox-error')).toBe('The stake must be between R$0.10 and R$1,000.00.');

    byTestId<HTMLInputElement>('sandbox-stake').value = '20';
    answers.push({ status: 422, json: { error: 'insufficient_funds', message: 'Insufficient balance.' } });
    await play();
    expect(calls).toHaveLength(1);
    expect(text('sandbox-error')).toBe('Insufficient balance.');
    expect(byTestId('sandbox-error').getAttribute('role')).toBe('alert');
    expect(text('sandbox-balance')).toBe('R$100.00');
  });

  it('stops play once the session has expired', async () => {
    await open(view('table'));
    answers.push({ status: 401, json: { error: 'session_expired', message: 'A sessão do jogo expirou. Abra o jogo de novo.' } });
    byTestId('sandbox-play').click();
    await vi.waitFor(() => expect(text('sandbox-error')).toBe('A sessão do jogo expirou. Abra o jogo de novo.'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(byTestId('sandbox-play').getAttribute('aria-disabled')).toBe('true');
    byTestId('sandbox-play').click();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(1);
  });

  it('roulette: chips add up per spot, the stake is their sum, and the drawn pocket is shown and lit', async () => {
    await open(view('roulette'));
    byTestId('sandbox-bet-red').click();
    byTestId('sandbox-bet-red').click();
    byTestId('sandbox-bet-straight-17').click();
    byTestId('sandbox-bet-dozen-2').click();
    byTestId('sandbox-undo').click();
    expect(text('sandbox-total')).toBe('R$ 3,00');
    expect(byTestId('sandbox-bet-red').getAttribute('aria-label')!.replace(/\s/g, ' ')).toBe('Vermelho: R$ 2,00 apostado');

    answers.push(answerRound('roulette', 300, 3600, { pocket: 17, color: 'black' }, 13_300));
    await play();
    expect(calls[0]!.body).toEqual({
      token: 'tok-1',
      stake: 300,
      params: {
        bets: [
          { type: 'red', amount: 200 },
          { type: 'straight', value: 17, amount: 100 },
        ],
      },
    });
    expect(text('sandbox-pocket')).toBe('17');
    expect(byTestId('sandbox-bet-straight-17').classList.contains('is-hit')).toBe(true);
    expect(byTestId('sandbox-bet-black').classList.contains('is-hit')).toBe(true);
    expect(byTestId('sandbox-bet-red').classList.contains('is-hit')).toBe(false);
    expect(text('sandbox-result')).toBe('Deu 17 Preto. Você ganhou R$ 36,00!');
    expect(text('sandbox-balance')).toBe('R$ 133,00');

    // The bets stay for the next spin; "Limpar" empties the table and a spin then asks for a bet.
    expect(text('sandbox-total')).toBe('R$ 3,00');
    byTestId('sandbox-clear').click();
    expect(text('sandbox-total')).toBe('R$ 0,00');
    await play();
    expect(calls).toHaveLength(1);
    expect(text('sandbox-error')).toBe('Faça uma aposta na mesa antes de girar.');
  });

  it('crash: posts the cash-out target in hundredths, refuses one under 1,01× and shows the crash point', async () => {
    await open(view('crash'));
    const target = byTestId<HTMLInputElement>('sandbox-crash-target');
    target.value = '1';
    await play();
    expect(calls).toEqual([]);
    expect(text('sandbox-error')).toBe('O alvo de retirada deve ficar entre 1,01× e 1000,00×.');

    target.value = '1,5';
    answers.push(answerRound('crash', 100, 150, { crashPoint: 312, cashedOut: true }, 10_050));
    await play();
    expect(calls[0]!.body).toEqual({ token: 'tok-1', stake: 100, params: { cashout: 150 } });
    expect(text('sandbox-crash-value')).toBe('3,12×');
    expect(text('sandbox-result')).toBe('Retirou em 1,50×: ganhou R$ 1,50!');
    expect(target.value).toBe('1,50');
  });

  it('table: posts the chosen side and turns both cards', async () => {
    await open(view('table', { locale: 'en', demo: true }));
    expect(text('sandbox-mode')).toBe('Demo mode');
    byTestId<HTMLInputElement>('sandbox-side-tie').click();
    answers.push(answerRound('table', 100, 0, { home: { rank: 12, suit: '♥' }, away: { rank: 1, suit: '♠' }, winner: 'home' }, 9_900));
    await play();
    expect(calls[0]!.body).toEqual({ token: 'tok-1', stake: 100, params: { side: 'tie' } });
    expect(text('sandbox-card-home')).toBe('Q♥');
    expect(text('sandbox-card-away')).toBe('A♠');
    expect(text('sandbox-result')).toBe('Home Q♥, Away A♠. Home wins. No win this time.');
    expect(text('sandbox-balance')).toBe('R$99.00');
  });
});
