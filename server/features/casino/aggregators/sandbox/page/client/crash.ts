/// <reference lib="dom" />
import { fill } from '../labels.ts';
import { formatDecimal, formatMultiplier, parseHundredths } from '../format.ts';
import type { Shell } from './shell.ts';
import { frame, h, reducedMotion } from './dom.ts';
import { isRecord, numberOr } from './rules.ts';
import { rocketPicture } from './symbols.ts';

interface CrashOutcome {
  crashPoint: number;
  cashedOut: boolean;
}

/** How many past crash points the history strip keeps. */
const HISTORY = 12;
/** Growth rate of the shown multiplier per second (e^(0.6 t): 2× after ~1.2 s). */
const GROWTH = 0.6;
/** No round's animation lasts longer than this, however high it flies. */
const MAX_FLIGHT_MS = 4_500;

function readLimits(rules: unknown): { min: number; max: number } {
  const cashout = isRecord(rules) && isRecord(rules.cashout) ? rules.cashout : {};
  return { min: numberOr(cashout.min, 101), max: numberOr(cashout.max, 100_000) };
}

/**
 * Crash with an automatic cash-out: the player sets the target before the
 * round, the server draws the crash point, and the page flies the
 * multiplier up to it, marking the cash-out when the target is passed.
 */
export function mountCrash(shell: Shell): void {
  const { t, locale } = shell;
  const limits = readLimits(shell.view.rules);
  const x = (hundredths: number) => formatMultiplier(hundredths, locale);

  // Not a live region: it changes every frame in flight; the result line announces the outcome once.
  const multiplier = h('output', { class: 'sbx-crash__value', 'aria-live': 'off', 'data-testid': 'sandbox-crash-value' }, x(100));
  const rocket = h('span', { class: 'sbx-crash__rocket', 'aria-hidden': 'true' }, rocketPicture());
  const note = h('p', { class: 'sbx-crash__note' });
  const sky = h('div', { class: 'sbx-crash__sky', 'aria-hidden': 'true' }, rocket);
  const history = h('ol', { class: 'sbx-crash__history', 'aria-label': t['crash.history'] });
  shell.stage.append(h('div', { class: 'sbx-crash' }, sky, h('div', { class: 'sbx-crash__readout' }, multiplier, note)), h('div', { class: 'sbx-crash__past' }, h('span', { class: 'sbx-label' }, t['crash.history']), history));

  const hint = fill(t['crash.targetHint'], { min: x(limits.min), max: x(limits.max) });
  const target = h('input', {
    id: 'sbx-target',
    class: 'sbx-stake__input',
    type: 'text',
    inputmode: 'decimal',
    autocomplete: 'off',
    'aria-describedby': 'sbx-target-hint',
    'data-testid': 'sandbox-crash-target',
    value: formatDecimal(200, locale),
  });
  shell.extras.append(
    h(
      'div',
      { class: 'sbx-stake' },
      h('label', { class: 'sbx-label', for: 'sbx-target' }, t['crash.target']),
      h('div', { class: 'sbx-stake__row' }, h('span', { class: 'sbx-stake__field' }, target, h('span', { class: 'sbx-stake__currency', 'aria-hidden': 'true' }, '×'))),
      h('small', { class: 'sbx-hint', id: 'sbx-target-hint' }, hint),
    ),
  );
  shell.rules.append(h('p', {}, hint), h('p', {}, fill(t['crash.maxWin'], { mult: x(limits.max) })));

  const show = (hundredths: number, climb: number) => {
    multiplier.textContent = x(hundredths);
    // The rocket climbs with the logarithm of the multiplier, so early seconds move visibly and 1000× stays on screen.
    rocket.style.setProperty('--climb', String(Math.min(1, climb)));
  };

  /** Flies from 1.00× to the crash point (real time up to MAX_FLIGHT_MS, then faster). */
  const fly = async (outcome: CrashOutcome, cashout: number) => {
    const end = outcome.crashPoint;
    const naturalMs = (Math.log(end / 100) / GROWTH) * 1000;
    const speed = naturalMs > MAX_FLIGHT_MS ? naturalMs / MAX_FLIGHT_MS : 1;
    const top = Math.log(Math.max(end, 1000) / 100);
    const start = await frame();
    let marked = false;
    for (;;) {
      const now = await frame();
      const seconds = ((now - start) / 1000) * speed;
      const current = Math.min(end, Math.floor(100 * Math.exp(GROWTH * seconds)));
      show(current, Math.log(current / 100) / top);
      if (!marked && outcome.cashedOut && current >= cashout) {
        marked = true;
        shell.stage.classList.add('is-cashed');
      }
      if (current >= end) return;
    }
  };

  shell.onPlay(async () => {
    shell.clearMessages();
    shell.stage.classList.remove('is-crashed', 'is-cashed');
    note.textContent = '';
    const stake = shell.stake!.value();
    const cashout = parseHundredths(target.value);
    if (stake === null) return shell.showError(shell.stake!.invalidText());
    if (cashout === null || cashout < limits.min || cashout > limits.max) {
      target.setAttribute('aria-invalid', 'true');
      return shell.showError(fill(t['crash.targetInvalid'], { min: x(limits.min), max: x(limits.max) }));
    }
    target.removeAttribute('aria-invalid');
    target.value = formatDecimal(cashout, locale);
    show(100, 0);
    shell.stage.classList.add('is-flying');
    const answer = await shell.round<CrashOutcome>(stake, { cashout });
    if (!answer) {
      shell.stage.classList.remove('is-flying');
      return;
    }
    const outcome = answer.round.outcome;
    if (reducedMotion()) {
      show(outcome.crashPoint, 1);
      if (outcome.cashedOut) shell.stage.classList.add('is-cashed');
    } else {
      await fly(outcome, cashout);
    }
    shell.stage.classList.remove('is-flying');
    shell.stage.classList.add('is-crashed');
    const crashed = fill(t['crash.crashed'], { point: x(outcome.crashPoint) });
    note.textContent = crashed;
    history.prepend(h('li', { class: outcome.crashPoint >= 200 ? 'is-high' : 'is-low' }, x(outcome.crashPoint)));
    while (history.children.length > HISTORY) history.lastElementChild?.remove();
    const text = outcome.cashedOut ? fill(t['crash.cashedOut'], { target: x(cashout), amount: shell.money(answer.round.payout) }) : `${crashed} ${t['round.loss']}`;
    shell.settle(answer, text);
  });
}
