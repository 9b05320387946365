/// <reference lib="dom" />
import { formatMoney } from '../format.ts';
import { fill, type Labels } from '../labels.ts';
import type { SandboxLocale, SandboxPageView } from '../view.ts';
import type { Api, RoundAnswer } from './api.ts';
import { h } from './dom.ts';
import { createStakeControl, type StakeControl } from './stake.ts';

export interface ShellOptions {
  /** The play button's words ("Girar", "Apostar"…). */
  playLabel: string;
  /** Roulette stakes are the sum of its chips: no stake input. */
  withStake: boolean;
}

/**
 * What every game family shares: its stage, its own controls above the
 * stake, the play button (inert while a round runs), the result line
 * (announced to screen readers), the error line (the server's message) and
 * the rules panel. A family module fills `stage`, `extras` and `rules` and
 * gives `onPlay` the round it plays.
 */
export interface Shell {
  view: SandboxPageView;
  t: Labels;
  locale: SandboxLocale;
  stage: HTMLElement;
  extras: HTMLElement;
  rules: HTMLElement;
  stake: StakeControl | null;
  money(centavos: number): string;
  /** The result line of a round's payout: a win only when it pays more than the stake, a partial return said as such. */
  payoutText(round: { stake: number; payout: number }): string;
  /** True while a round runs (family controls ignore changes then). */
  busy(): boolean;
  /** Runs `play` when the player presses the play button or Enter in the form, one round at a time. */
  onPlay(play: () => Promise<void>): void;
  /** Posts a round; on a refusal shows its message and answers null. Shows the balance after the stake while the result is drawn. */
  round<Outcome>(stake: number, params: unknown): Promise<RoundAnswer<Outcome> | null>;
  /** After the draw: the final balance and the result line. */
  settle(answer: RoundAnswer<unknown>, text: string): void;
  showError(text: string): void;
  clearMessages(): void;
}

export function createShell(view: SandboxPageView, t: Labels, api: Api, options: ShellOptions): Shell {
  const locale = view.locale;
  const money = (centavos: number) => formatMoney(centavos, locale);
  const balanceOutput = document.getElementById('sbx-balance');
  const setBalance = (centavos: number) => {
    if (balanceOutput) balanceOutput.textContent = money(centavos);
  };

  const stage = h('section', { class: 'sbx-stage', 'aria-label': view.game.title, 'data-testid': 'sandbox-stage' });
  const result = h('p', { class: 'sbx-result', role: 'status', 'aria-live': 'polite', 'data-testid': 'sandbox-result' });
  const error = h('p', { class: 'sbx-error', role: 'alert', 'data-testid': 'sandbox-error' });
  const extras = h('div', { class: 'sbx-extras' });
  const stake = options.withStake ? createStakeControl({ id: 'sbx-stake', label: t['stake.label'], t, locale, limits: view.limits }) : null;
  const playButton = h('button', { type: 'submit', class: 'sbx-play', 'aria-disabled': 'false', 'data-testid': 'sandbox-play' }, options.playLabel);
  const form = h('form', { class: 'sbx-controls', novalidate: true }, extras, stake?.element, playButton);
  const rules = h('div', { class: 'sbx-rules__body' });
  const details = h('details', { class: 'sbx-rules' }, h('summary', {}, t['page.rules']), rules);

  const main = document.getElementById('sbx-game')!;
  main.replaceChildren(h('div', { class: 'sbx-board' }, stage, result, error), h('div', { class: 'sbx-side' }, form, details));
  main.removeAttribute('aria-busy');

  const showError = (text: string) => {
    error.textContent = text;
  };

  let running = false;
  let over = false; // the session ended: nothing more can be played on this page
  let play: () => Promise<void> = async () => {};
  const setRunning = (value: boolean) => {
    running = value;
    // aria-disabled, not disabled: the button keeps keyboard focus through the round.
    playButton.setAttribute('aria-disabled', String(value || over));
    main.classList.toggle('is-running', value);
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (running || over) return;
    setRunning(true);
    play()
      .catch(() => showError(t['round.failed']))
      .finally(() => setRunning(false));
  });

  const refreshBalance = () => {
    if (running || over) return;
    void api.balance().then((balance) => {
      if (balance !== null && !running) setBalance(balance);
    });
  };
  // Back from another tab (a deposit, a withdrawal…): show the balance as it is now.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') refreshBalance();
  });

  return {
    view,
    t,
    locale,
    stage,
    extras,
    rules,
    stake,
    money,
    payoutText: ({ stake, payout }) => {
      if (payout <= 0) return t['round.loss'];
      if (payout < stake) return fill(t['round.partial'], { amount: money(payout), stake: money(stake) });
      return fill(t['round.win'], { amount: money(payout) });
    },
    busy: () => running,
    onPlay(handler) {
      play = handler;
    },
    async round<Outcome>(stakeCentavos: number, params: unknown) {
      const answer = await api.playRound<Outcome>(stakeCentavos, params);
      if (!answer.ok) {
        if (answer.fatal) {
          over = true;
          playButton.setAttribute('aria-disabled', 'true');
        }
        showError(answer.message);
        return null;
      }
      // The stake is gone while the reels turn; the winnings land with the result (when the balance holds them).
      const { round, balance } = answer.answer;
      setBalance(round.held || round.payoutPending ? balance : balance - round.payout);
      return answer.answer;
    },
    settle(answer, text) {
      setBalance(answer.balance);
      const { round } = answer;
      const amount = money(round.payout);
      const note = round.held ? fill(t['round.held'], { amount }) : round.payoutPending ? fill(t['round.pending'], { amount }) : '';
      // An owed win lands once the platform acknowledges it: look again shortly.
      if (round.payoutPending) for (const delay of [3_000, 10_000]) setTimeout(refreshBalance, delay);
      result.textContent = note ? `${text} ${note}` : text;
      result.classList.toggle('is-win', answer.round.payout > 0);
    },
    showError,
    clearMessages() {
      error.textContent = '';
      result.textContent = '';
      result.classList.remove('is-win');
    },
  };
}
