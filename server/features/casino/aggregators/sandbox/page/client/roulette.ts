/// <reference lib="dom" />
import { fill, type LabelKey } from '../labels.ts';
import { formatMoney } from '../format.ts';
import type { Shell } from './shell.ts';
import { h, reducedMotion, wait } from './dom.ts';
import { arrayOf, isRecord, numberOr } from './rules.ts';
// The table's layout and which bets a pocket wins: the engine's own definition (pure, no Node imports), so the lit spots always agree with the payout.
import { betWins, pocketColor, type RouletteBet, type RouletteBetType, type RouletteOutcome } from '../../engines/roulette-table.ts';

type BetType = RouletteBetType;
type Bet = Pick<RouletteBet, 'type' | 'value'>;
/** Chip values offered, centavos, kept within the table's limits. */
const CHIP_CANDIDATES = [50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 50_000];
const OUTSIDE: { type: BetType; label: LabelKey }[] = [
  { type: 'low', label: 'roulette.low' },
  { type: 'even', label: 'roulette.even' },
  { type: 'red', label: 'roulette.red' },
  { type: 'black', label: 'roulette.black' },
  { type: 'odd', label: 'roulette.odd' },
  { type: 'high', label: 'roulette.high' },
];
const DOZENS = ['1–12', '13–24', '25–36'];

const keyOf = (bet: Bet) => (bet.value === undefined ? bet.type : `${bet.type}:${bet.value}`);

/** The chips a player can pick: up to five round values the limits allow (at least the minimum). */
export function chipValues(limits: { minStake: number; maxStake: number }): number[] {
  const inside = CHIP_CANDIDATES.filter((v) => v >= limits.minStake && v <= limits.maxStake).slice(0, 5);
  return inside.length > 0 ? inside : [limits.minStake];
}

/**
 * European roulette: chips on a board (numbers, colours, even/odd, halves,
 * dozens, columns), one spin settles them all. The board's bets stay after
 * a spin so the same bets can be spun again; "Limpar" and "Desfazer" edit them.
 */
export function mountRoulette(shell: Shell): void {
  const { t, locale, view } = shell;
  const rules = isRecord(view.rules) ? view.rules : {};
  const maxBets = numberOr(rules.maxBets, 20);
  const pays = new Map<string, number>();
  for (const entry of arrayOf(rules.bets)) if (isRecord(entry) && typeof entry.type === 'string') pays.set(entry.type, numberOr(entry.pays, 0));

  const colorOf = pocketColor;
  const colorName = (color: RouletteOutcome['color']) => t[`roulette.${color}`];

  // --- bets and their spots on the board
  const bets = new Map<string, { bet: Bet; amount: number }>();
  const placed: { key: string; amount: number }[] = []; // chips in the order they were put down (for undo)
  const spots = new Map<string, { button: HTMLButtonElement; chip: HTMLElement; name: string; bet: Bet }>();
  const total = h('output', { class: 'sbx-total__value', 'data-testid': 'sandbox-total' }, formatMoney(0, locale));
  const chips = chipValues(view.limits);
  let chip = chips.find((v) => v >= 100) ?? chips[0]!;

  const refresh = () => {
    let sum = 0;
    for (const [key, spot] of spots) {
      const amount = bets.get(key)?.amount ?? 0;
      sum += amount;
      spot.chip.textContent = amount > 0 ? formatMoney(amount, locale) : '';
      spot.button.classList.toggle('has-bet', amount > 0);
      spot.button.setAttribute('aria-label', amount > 0 ? fill(t['roulette.betOn'], { bet: spot.name, amount: formatMoney(amount, locale) }) : spot.name);
    }
    total.textContent = formatMoney(sum, locale);
  };
  const sumOfBets = () => [...bets.values()].reduce((s, b) => s + b.amount, 0);

  const place = (key: string) => {
    if (shell.busy()) return;
    shell.clearMessages();
    const spot = spots.get(key)!;
    if (sumOfBets() + chip > view.limits.maxStake) return shell.showError(fill(t['roulette.overMax'], { max: formatMoney(view.limits.maxStake, locale) }));
    if (!bets.has(key) && bets.size >= maxBets) return shell.showError(fill(t['roulette.maxBets'], { count: maxBets }));
    const current = bets.get(key);
    bets.set(key, { bet: spot.bet, amount: (current?.amount ?? 0) + chip });
    placed.push({ key, amount: chip });
    refresh();
  };

  const spot = (bet: Bet, name: string, text: string, className: string) => {
    const key = keyOf(bet);
    const chipBadge = h('span', { class: 'sbx-spot__chip', 'aria-hidden': 'true' });
    const button = h('button', { type: 'button', class: `sbx-spot ${className}`, 'data-bet': key, 'data-testid': `sandbox-bet-${key.replace(':', '-')}`, onclick: () => place(key) }, h('span', { class: 'sbx-spot__text', 'aria-hidden': 'true' }, text), chipBadge);
    spots.set(key, { button, chip: chipBadge, name, bet });
    return button;
  };

  const board = h('div', { class: 'sbx-roulette__board', role: 'group', 'aria-label': t['roulette.board'] });
  board.append(spot({ type: 'straight', value: 0 }, `${fill(t['roulette.number'], { n: 0 })}, ${colorName('green')}`, '0', 'sbx-spot--zero is-green'));
  for (let n = 1; n <= 36; n++) {
    const button = spot({ type: 'straight', value: n }, `${fill(t['roulette.number'], { n })}, ${colorName(colorOf(n))}`, String(n), `sbx-spot--number is-${colorOf(n)}`);
    // Street (row of three) and place in it: the CSS lays the board out upright on a phone, sideways when wide.
    button.style.setProperty('--street', String(Math.ceil(n / 3)));
    button.style.setProperty('--place', String(((n - 1) % 3) + 1));
    board.append(button);
  }
  for (let c = 1; c <= 3; c++) board.append(spot({ type: 'column', value: c }, fill(t['roulette.column'], { n: c }), '2:1', `sbx-spot--column sbx-spot--column-${c}`));
  DOZENS.forEach((range, i) => board.append(spot({ type: 'dozen', value: i + 1 }, fill(t['roulette.dozen'], { range }), range, `sbx-spot--dozen sbx-spot--dozen-${i + 1}`)));
  OUTSIDE.forEach(({ type, label }, i) => board.append(spot({ type }, t[label], t[label], `sbx-spot--outside sbx-spot--outside-${i + 1}${type === 'red' || type === 'black' ? ` is-${type}` : ''}`)));

  // One tab stop for the whole board; the arrow keys move between its spots (in reading order), Home and End jump to its ends.
  const buttons = [...spots.values()].map((s) => s.button);
  const rove = (to: HTMLButtonElement) => {
    for (const b of buttons) b.tabIndex = b === to ? 0 : -1;
    to.focus();
  };
  buttons.forEach((b, i) => (b.tabIndex = i === 0 ? 0 : -1));
  board.addEventListener('keydown', (event) => {
    const at = buttons.indexOf(event.target as HTMLButtonElement);
    if (at < 0) return;
    const step: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: -buttons.length, End: buttons.length };
    const move = step[event.key];
    if (move === undefined) return;
    event.preventDefault();
    rove(buttons[Math.min(buttons.length - 1, Math.max(0, at + move))]!);
  });
  board.addEventListener('focusin', (event) => {
    if (buttons.includes(event.target as HTMLButtonElement)) rove(event.target as HTMLButtonElement);
  });

  const ball = h('output', { class: 'sbx-ball', 'aria-label': t['roulette.ball'], 'aria-live': 'off', 'data-testid': 'sandbox-pocket' }, '–');
  const lastNumbers = h('ol', { class: 'sbx-roulette__last', 'aria-label': t['roulette.lastNumbers'] });
  shell.stage.append(h('div', { class: 'sbx-roulette__top' }, h('div', { class: 'sbx-wheel', 'aria-hidden': 'true' }), ball, lastNumbers), board);

  // --- chip picker, total, clear and undo
  const chipRadios = chips.map((value) =>
    h('input', { type: 'radio', name: 'sbx-chip', value: String(value), id: `sbx-chip-${value}`, class: 'sbx-choice__input', checked: value === chip, onchange: () => (chip = value) }),
  );
  shell.extras.append(
    h(
      'fieldset',
      { class: 'sbx-chips' },
      h('legend', { class: 'sbx-label' }, t['stake.chip']),
      ...chips.map((value, i) => h('label', { class: 'sbx-chip', for: `sbx-chip-${value}` }, chipRadios[i]!, h('span', {}, formatMoney(value, locale)))),
    ),
    h(
      'div',
      { class: 'sbx-total' },
      h('span', { class: 'sbx-label' }, t['roulette.total']),
      total,
      h('button', { type: 'button', class: 'sbx-link', 'data-testid': 'sandbox-undo', onclick: () => {
        if (shell.busy()) return;
        const last = placed.pop();
        const current = last && bets.get(last.key);
        if (!last || !current) return;
        if (current.amount <= last.amount) bets.delete(last.key);
        else bets.set(last.key, { ...current, amount: current.amount - last.amount });
        refresh();
      } }, t['roulette.undo']),
      h('button', { type: 'button', class: 'sbx-link', 'data-testid': 'sandbox-clear', onclick: () => {
        if (shell.busy()) return;
        bets.clear();
        placed.length = 0;
        shell.clearMessages();
        refresh();
      } }, t['roulette.clear']),
    ),
    h('small', { class: 'sbx-hint' }, fill(t['stake.limits'], { min: formatMoney(view.limits.minStake, locale), max: formatMoney(view.limits.maxStake, locale) })),
  );
  const payLine = (key: LabelKey | string, type: BetType) => h('li', {}, `${key}: ${fill(t['roulette.pays'], { mult: `${pays.get(type) ?? 0}×` })}`);
  shell.rules.append(
    h('ul', {}, payLine(fill(t['roulette.number'], { n: '0–36' }), 'straight'), payLine(`${t['roulette.red']} / ${t['roulette.black']}`, 'red'), payLine(`${t['roulette.even']} / ${t['roulette.odd']}`, 'even'), payLine('1–18 / 19–36', 'low'), payLine(fill(t['roulette.dozen'], { range: '' }).trim(), 'dozen'), payLine(fill(t['roulette.column'], { n: '' }).trim(), 'column')),
  );
  refresh();

  const showPocket = (n: number) => {
    ball.textContent = String(n);
    ball.className = `sbx-ball is-${colorOf(n)}`;
  };

  shell.onPlay(async () => {
    shell.clearMessages();
    for (const { button } of spots.values()) button.classList.remove('is-hit');
    const stake = sumOfBets();
    if (stake === 0) return shell.showError(t['roulette.noBets']);
    if (stake < view.limits.minStake || stake > view.limits.maxStake) return shell.showError(fill(t['stake.invalid'], { min: formatMoney(view.limits.minStake, locale), max: formatMoney(view.limits.maxStake, locale) }));
    const list = [...bets.values()].map(({ bet, amount }) => ({ ...bet, amount }));
    const motion = !reducedMotion();
    shell.stage.classList.add('is-spinning');
    const answer = await shell.round<RouletteOutcome>(stake, { bets: list });
    if (answer && motion) {
      // A rolling number that slows down onto the drawn pocket.
      for (let i = 0, delay = 40; i < 16; i++, delay *= 1.15) {
        showPocket(Math.floor(Math.random() * 37));
        await wait(delay);
      }
    }
    shell.stage.classList.remove('is-spinning');
    if (!answer) return;
    const { pocket } = answer.round.outcome;
    showPocket(pocket);
    for (const { button, bet } of spots.values()) if (betWins(bet, pocket)) button.classList.add('is-hit');
    lastNumbers.prepend(h('li', { class: `is-${colorOf(pocket)}` }, String(pocket)));
    while (lastNumbers.children.length > 8) lastNumbers.lastElementChild?.remove();
    const drawn = fill(t['roulette.result'], { pocket, color: colorName(colorOf(pocket)) });
    const money = shell.payoutText(answer.round);
    shell.settle(answer, `${drawn} ${money}`);
  });
}
