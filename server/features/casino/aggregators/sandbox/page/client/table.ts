/// <reference lib="dom" />
import { fill, type LabelKey } from '../labels.ts';
import { formatMultiplier } from '../format.ts';
import type { Shell } from './shell.ts';
import { h, reducedMotion, wait } from './dom.ts';
import { arrayOf, isRecord, numberOr } from './rules.ts';

type Side = 'home' | 'away' | 'tie';
interface Card {
  rank: number;
  suit: string;
}
interface TableOutcome {
  home: Card;
  away: Card;
  winner: Side;
}

const SIDES: Side[] = ['home', 'away', 'tie'];
const SIDE_LABEL: Record<Side, LabelKey> = { home: 'table.home', away: 'table.away', tie: 'table.tie' };
const RANK_NAMES: Record<number, string> = { 1: 'A', 11: 'J', 12: 'Q', 13: 'K' };
/** The engine's documented payouts at 96 %, used only when the rules do not say. */
const FALLBACK_PAYS: Record<Side, number> = { home: 2.08, away: 2.08, tie: 12.48 };

/** Each side's total payout multiple, stake included, from the engine's rules. */
function readPays(rules: unknown): Record<Side, number> {
  const pays = { ...FALLBACK_PAYS };
  for (const entry of arrayOf(isRecord(rules) ? rules.sides : null)) {
    if (isRecord(entry) && SIDES.includes(entry.side as Side)) pays[entry.side as Side] = numberOr(entry.pays, pays[entry.side as Side]);
  }
  return pays;
}

const cardText = (card: Card) => `${RANK_NAMES[card.rank] ?? String(card.rank)}${card.suit}`;

/**
 * The RNG table (every live-style and table game of the sandbox): the
 * player backs home, away or the tie, two cards are dealt, the higher wins.
 */
export function mountTable(shell: Shell): void {
  const { t, locale } = shell;
  const pays = readPays(shell.view.rules);
  // Payout multiples are shown to the centavo below, never rounded up.
  const x = (multiple: number) => formatMultiplier(Math.floor(multiple * 100 + 1e-9), locale);

  const cardSlot = (side: 'home' | 'away') => {
    const face = h('span', { class: 'sbx-card__face', 'data-testid': `sandbox-card-${side}` });
    const card = h('div', { class: 'sbx-card' }, h('span', { class: 'sbx-card__back', 'aria-hidden': 'true' }), face);
    const seat = h('figure', { class: `sbx-seat sbx-seat--${side}` }, card, h('figcaption', {}, t[SIDE_LABEL[side]]));
    return { seat, card, face };
  };
  const home = cardSlot('home');
  const away = cardSlot('away');
  shell.stage.append(
    h('div', { class: 'sbx-table' }, home.seat, h('span', { class: 'sbx-table__vs', 'aria-hidden': 'true' }, '×'), away.seat),
    // The ace is low here, unlike many card games: say so where the cards are.
    h('p', { class: 'sbx-table__rule' }, t['table.rule']),
  );

  const radios = SIDES.map((side) =>
    h('input', { type: 'radio', name: 'sbx-side', value: side, id: `sbx-side-${side}`, class: 'sbx-choice__input', checked: side === 'home', 'data-testid': `sandbox-side-${side}` }),
  );
  shell.extras.append(
    h(
      'fieldset',
      { class: 'sbx-choices' },
      h('legend', { class: 'sbx-label' }, t['table.pick']),
      ...SIDES.map((side, i) =>
        h('label', { class: 'sbx-choice', for: `sbx-side-${side}` }, radios[i]!, h('span', { class: 'sbx-choice__name' }, t[SIDE_LABEL[side]]), h('span', { class: 'sbx-choice__pays' }, fill(t['table.pays'], { mult: x(pays[side]) }))),
      ),
    ),
  );
  shell.rules.append(h('p', {}, t['table.rule']), h('ul', {}, ...SIDES.map((side) => h('li', {}, `${t[SIDE_LABEL[side]]}: ${fill(t['table.pays'], { mult: x(pays[side]) })}`))));

  const reveal = (slot: ReturnType<typeof cardSlot>, card: Card) => {
    slot.face.textContent = cardText(card);
    slot.card.classList.toggle('is-red', card.suit === '♥' || card.suit === '♦');
    slot.card.classList.add('is-open');
  };

  shell.onPlay(async () => {
    shell.clearMessages();
    const stake = shell.stake!.value();
    if (stake === null) return shell.showError(shell.stake!.invalidText());
    const side = (radios.find((r) => r.checked)?.value ?? 'home') as Side;
    for (const slot of [home, away]) {
      slot.card.classList.remove('is-open', 'is-winner');
      slot.face.textContent = '';
    }
    const answer = await shell.round<TableOutcome>(stake, { side });
    if (!answer) return;
    const outcome = answer.round.outcome;
    const motion = !reducedMotion();
    reveal(home, outcome.home);
    if (motion) await wait(450);
    reveal(away, outcome.away);
    if (motion) await wait(450);
    if (outcome.winner !== 'tie') (outcome.winner === 'home' ? home : away).card.classList.add('is-winner');
    const verdict = outcome.winner === 'tie' ? t['table.tieResult'] : fill(t['table.wins'], { side: t[SIDE_LABEL[outcome.winner]] });
    const cards = fill(t['table.cards'], { home: cardText(outcome.home), away: cardText(outcome.away) });
    const money = shell.payoutText(answer.round);
    shell.settle(answer, `${cards} ${verdict} ${money}`);
  });
}
