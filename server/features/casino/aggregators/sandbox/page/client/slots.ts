/// <reference lib="dom" />
import { fill, type LabelKey } from '../labels.ts';
import { formatMultiplier } from '../format.ts';
import type { Shell } from './shell.ts';
import { h, reducedMotion, wait } from './dom.ts';
import { isRecord } from './rules.ts';
import { SANDBOX_SLOT_MACHINE } from '../../engines/slots-reels.ts';
import { symbolPicture } from './symbols.ts';

interface LineWin {
  /** 1-based: `rules.paylines[line - 1]`. */
  line: number;
  symbol: string;
  count: number;
  payout: number;
}
interface SlotsOutcome {
  /** grid[reel][row] */
  grid: string[][];
  wins: LineWin[];
}

const REELS = 5;
const ROWS = 3;
interface SlotsRules {
  symbols: string[];
  wild: string;
  paylines: number[][];
  /** symbol → run length → pay as a multiple of the total stake (engine: `{ '3': 0.31, '4': 0.9, '5': 2.5 }`). */
  paytable: Record<string, Map<number, number>>;
}

function readPays(value: unknown): Map<number, number> {
  const pays = new Map<number, number>();
  if (isRecord(value)) for (const [count, pay] of Object.entries(value)) if (typeof pay === 'number' && Number.isInteger(Number(count))) pays.set(Number(count), pay);
  return pays;
}

function readRules(rules: unknown): SlotsRules {
  const r = isRecord(rules) ? rules : {};
  const paytable: Record<string, Map<number, number>> = {};
  if (isRecord(r.paytable)) for (const [symbol, pays] of Object.entries(r.paytable)) paytable[symbol] = readPays(pays);
  // The reels' layout is the engine's machine itself (pure, no Node imports); only the pays are scaled per game, so they come with the rules.
  const { symbols, wild, paylines } = SANDBOX_SLOT_MACHINE;
  return { symbols: [...symbols], wild, paylines: paylines.map((line) => [...line]), paytable };
}

/**
 * A 5 × 3 video slot: the reels spin while the server draws, stop one by
 * one on the drawn symbols, and the winning paylines light up. The stake is
 * the total bet, spread over the fixed lines.
 */
export function mountSlots(shell: Shell): void {
  const { t, locale } = shell;
  const rules = readRules(shell.view.rules);
  const nameOf = (symbol: string) => {
    const key = `slots.symbol.${symbol}` as LabelKey;
    return key in t ? t[key] : symbol;
  };
  const randomSymbol = () => {
    const all = [...rules.symbols, rules.wild];
    return all[Math.floor(Math.random() * all.length)]!;
  };
  const cell = (symbol: string) => h('span', { class: `sbx-cell sbx-cell--${symbol}`, 'data-symbol': symbol }, symbolPicture(symbol));

  // Start on a calm, losing-looking window (nothing in line).
  let grid: string[][] = Array.from({ length: REELS }, (_, reel) => Array.from({ length: ROWS }, (_, row) => rules.symbols[(reel * 2 + row * 3) % rules.symbols.length]!));
  const strips = grid.map(() => h('div', { class: 'sbx-reel__strip' }));
  const reels = h('div', { class: 'sbx-reels', role: 'img', 'data-testid': 'sandbox-reels' }, ...strips.map((strip) => h('div', { class: 'sbx-reel' }, strip)));
  const winsList = h('ul', { class: 'sbx-wins', 'data-testid': 'sandbox-wins' });
  shell.stage.append(h('div', { class: 'sbx-machine' }, reels), winsList);

  const describe = () =>
    `${t['slots.reels']}. ${Array.from({ length: ROWS }, (_, row) => fill(t['slots.row'], { row: row + 1, symbols: grid.map((reel) => nameOf(reel[row] ?? '')).join(', ') })).join('. ')}.`;
  const drawReel = (reel: number) => strips[reel]!.replaceChildren(...grid[reel]!.map(cell));
  grid.forEach((_, reel) => drawReel(reel));
  reels.setAttribute('aria-label', describe());

  // Paytable: each symbol's pays for each run length, as multiples of the total stake, top symbol first.
  const paying = rules.symbols.filter((symbol) => (rules.paytable[symbol]?.size ?? 0) > 0).reverse();
  const runs = [...new Set(paying.flatMap((symbol) => [...rules.paytable[symbol]!.keys()]))].sort((a, b) => a - b);
  const multiple = (pay: number | undefined) => (pay === undefined ? '–' : formatMultiplier(Math.round(pay * 100), locale));
  shell.rules.append(
    h('p', {}, fill(t['slots.lines'], { count: rules.paylines.length }), ' ', t['slots.wild']),
    h('p', { class: 'sbx-paytable__wild' }, h('span', { class: 'sbx-paytable__glyph' }, symbolPicture(rules.wild)), ` ${nameOf(rules.wild)}`),
    h(
      'table',
      { class: 'sbx-paytable', 'data-testid': 'sandbox-paytable' },
      h('thead', {}, h('tr', {}, h('td', {}), ...runs.map((count) => h('th', { scope: 'col' }, fill(t['slots.run'], { count }))))),
      h(
        'tbody',
        {},
        ...paying.map((symbol) =>
          h(
            'tr',
            {},
            h('th', { scope: 'row' }, h('span', { class: 'sbx-paytable__glyph' }, symbolPicture(symbol)), ` ${nameOf(symbol)}`),
            ...runs.map((count) => h('td', {}, multiple(rules.paytable[symbol]!.get(count)))),
          ),
        ),
      ),
    ),
  );

  const spinReel = (reel: number) => {
    // A strip three windows tall of random symbols scrolls in a loop until the reel stops.
    strips[reel]!.replaceChildren(...Array.from({ length: ROWS * 3 }, () => cell(randomSymbol())));
    strips[reel]!.parentElement!.classList.add('is-spinning');
  };
  const stopReel = (reel: number) => {
    const box = strips[reel]!.parentElement!;
    box.classList.remove('is-spinning');
    drawReel(reel);
    box.classList.add('is-landing');
    setTimeout(() => box.classList.remove('is-landing'), 250);
  };

  shell.onPlay(async () => {
    shell.clearMessages();
    const stake = shell.stake!.value();
    if (stake === null) return shell.showError(shell.stake!.invalidText());
    winsList.replaceChildren();
    for (const c of reels.querySelectorAll('.is-win')) c.classList.remove('is-win');
    const motion = !reducedMotion();
    const started = performance.now();
    if (motion) grid.forEach((_, reel) => spinReel(reel));
    const answer = await shell.round<SlotsOutcome>(stake, {});
    if (!answer) {
      if (motion) grid.forEach((_, reel) => stopReel(reel));
      return;
    }
    grid = answer.round.outcome.grid;
    if (motion) {
      await wait(Math.max(0, 450 - (performance.now() - started)));
      for (let reel = 0; reel < REELS; reel++) {
        stopReel(reel);
        await wait(160);
      }
    } else {
      grid.forEach((_, reel) => drawReel(reel));
    }
    reels.setAttribute('aria-label', describe());

    const wins = answer.round.outcome.wins;
    for (const win of wins) {
      const rows = rules.paylines[win.line - 1] ?? [];
      for (let reel = 0; reel < win.count; reel++) strips[reel]?.children[rows[reel] ?? -1]?.classList.add('is-win');
      winsList.append(h('li', {}, fill(t['slots.line'], { line: win.line, count: win.count, symbol: nameOf(win.symbol), amount: shell.money(win.payout) })));
    }
    const money = shell.payoutText(answer.round);
    shell.settle(answer, money);
  });
}
