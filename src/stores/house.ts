import { atom, computed, onMount } from 'nanostores';
import type { DiceParams, HouseGame, HouseParams, HouseRoundView, PlinkoParams } from '../contract/casino.ts';
import { HOUSE_MAX_BET, HOUSE_MIN_BET } from '../contract/house.ts';
import type { Locale } from '../contract/tenant-bundle.ts';
import type { WalletView } from '../contract/wallet.ts';
import { api } from './api.ts';
import { ApiError } from '../lib/api/errors.ts';
import { newIdempotencyKey } from '../lib/api/idempotency-key.ts';
import { keyMessage, type Message, textMessage } from '../lib/auth/message.ts';
import { houseErrorMessage } from '../lib/house/errors.ts';
import { holdWalletEvents, releaseWalletEvents } from '../lib/house/wallet-hold.ts';
import { formatHundredths, parseHundredths } from '../lib/house/format.ts';
import { currentLocale } from '../lib/locale.ts';
import { formatBRL } from '../lib/money-format.ts';
import type { HouseMode } from '../lib/house/query.ts';
import { DICE_TARGET_MAX, DICE_TARGET_MIN, LIMBO_TARGET_MAX, LIMBO_TARGET_MIN } from '../lib/house/terms.ts';
import { formatReaisInput, parseReais } from '../lib/wallet/amount.ts';
import type { FreeRoundPlayed } from '../contract/house.ts';
import { dropFreeRounds, noteFreeRoundGrant } from './free-rounds.ts';
import { noteRoundPlayed } from './house-fairness.ts';
import { addRound } from './house-rounds.ts';
import { $session } from './session.ts';
import { $wallet, applyWallet } from './wallet.ts';

/**
 * The play page of the house games: game, mode, stake, the game's params and
 * the round state. The client holds no outcome logic: a round's outcome,
 * multiplier and payout are exactly what `POST /house/{game}/play` answered.
 * Stores keep i18n keys; the island translates.
 */

export type PlayState =
  | { status: 'idle' }
  /** A round is in flight; `previous` stays on screen meanwhile. */
  | { status: 'playing'; previous: HouseRoundView | null }
  /**
   * The platform answered; the board is animating to the outcome. Its wallet,
   * "Minhas apostas" and the nonce wait for the end (`finishReveal`), so
   * nothing tells the result before the ball lands.
   */
  | { status: 'revealing'; round: HouseRoundView; wallet: WalletView | null }
  | { status: 'done'; round: HouseRoundView }
  /** Real money asked by a visitor (or a session the platform no longer accepts): show the login button. */
  | { status: 'needsLogin' }
  | { status: 'failed'; message: Message };

/** Stake typed when the page opens: R$ 1,00. */
export const DEFAULT_AMOUNT = 100;
export const DEFAULT_DICE: DiceParams = { target: 5000, direction: 'under' };
export const DEFAULT_LIMBO_TARGET = 20_000;
export const DEFAULT_PLINKO: PlinkoParams = { rows: 12, risk: 'medium' };

export const $houseGame = atom<HouseGame>('dice');
export const $houseMode = atom<HouseMode>('demo');
/** The stake and the limbo target as typed before the player touches them, in the style of `locale`. */
const defaultAmountText = (locale: Locale) => formatReaisInput(DEFAULT_AMOUNT, locale);
const defaultLimboText = (locale: Locale) => formatHundredths(DEFAULT_LIMBO_TARGET / 100, locale);

export const $amountText = atom(defaultAmountText('pt'));
export const $amountIssue = atom<Message | null>(null);
export const $dice = atom<DiceParams>(DEFAULT_DICE);
/** The limbo target as typed ("2,00"); parsed on every change into `$limboTarget`. */
export const $limboText = atom(defaultLimboText('pt'));
export const $limboTarget = atom<number | null>(DEFAULT_LIMBO_TARGET);

/** The page's locale; Portuguese where there is no page (stores tested without a DOM). */
const pageLocale = () => (typeof document === 'undefined' ? 'pt' : currentLocale());

// The defaults above are typed Brazilian style; on an English page the untouched ones read "1.00" and "2.00".
onMount($amountText, () => {
  if ($amountText.get() === defaultAmountText('pt')) $amountText.set(defaultAmountText(pageLocale()));
});
onMount($limboText, () => {
  if ($limboText.get() === defaultLimboText('pt')) $limboText.set(defaultLimboText(pageLocale()));
});
export const $plinko = atom<PlinkoParams>(DEFAULT_PLINKO);
/** A params problem (the site's own range check or the platform's 422 `params.*`). */
export const $paramsIssue = atom<Message | null>(null);
export const $play = atom<PlayState>({ status: 'idle' });
/** The last free round played: its round and the bonus its win became (null on a loss); shown once its reveal is over. */
export const $freeRoundPlayed = atom<{ roundId: number; bonus: number | null } | null>(null);

/** Real money needs a logged-in player; the island shows the login button instead of "Jogar". */
export const $needsLogin = computed([$houseMode, $session], (mode, session) => mode === 'real' && session.status !== 'user');

/** The round on screen (being revealed or done), if any. */
export function shownRound(state: PlayState): HouseRoundView | null {
  if (state.status === 'revealing' || state.status === 'done') return state.round;
  if (state.status === 'playing') return state.previous;
  return null;
}

/**
 * Ends the reveal of round `roundId` (the animation ended, or a new play,
 * game or mode cut it short): applies the round's wallet, lists it in
 * "Minhas apostas" and moves the shown nonce on. Once per round; the round
 * is never replayed nor asked for again.
 */
export function finishReveal(roundId?: number): void {
  const state = $play.get();
  if (state.status !== 'revealing' || (roundId !== undefined && state.round.id !== roundId)) return;
  if (state.wallet) applyWallet(state.wallet);
  releaseWalletEvents();
  $play.set({ status: 'done', round: state.round });
  addRound(state.round);
  noteRoundPlayed(state.round);
}

export function selectGame(game: HouseGame): void {
  if ($play.get().status === 'playing') return;
  finishReveal();
  $houseGame.set(game);
  $paramsIssue.set(null);
  $play.set({ status: 'idle' });
}

export function setMode(mode: HouseMode): void {
  if ($play.get().status === 'playing') return;
  finishReveal();
  $houseMode.set(mode);
  $amountIssue.set(null);
  $play.set({ status: 'idle' });
}

/** The amount problem for `text` in the current mode, or null when it may be sent. */
function amountProblem(text: string, wallet: WalletView | null): Message | null {
  if (text.trim() === '') return keyMessage('house.amount.required');
  const centavos = parseReais(text);
  if (centavos === null) return keyMessage('house.amount.invalid');
  if (centavos <= 0) return keyMessage('house.amount.positive');
  // The platform refuses these too (422); checking here names the limit before any call.
  if (centavos < HOUSE_MIN_BET) return keyMessage('house.amount.min', { amount: formatBRL(HOUSE_MIN_BET, currentLocale()) });
  if (centavos > HOUSE_MAX_BET) return keyMessage('house.amount.max', { amount: formatBRL(HOUSE_MAX_BET, currentLocale()) });
  if ($houseMode.get() === 'real' && wallet && centavos > wallet.balance) return keyMessage('house.amount.insufficient');
  return null;
}

export function setAmountText(text: string): void {
  $amountText.set(text);
  $amountIssue.set(text.trim() === '' ? null : amountProblem(text, $wallet.get()));
}

/** The ½ and 2× buttons: halve or double the typed stake, kept within the house bet limits. */
export function scaleAmount(factor: 0.5 | 2): void {
  const centavos = parseReais($amountText.get()) ?? DEFAULT_AMOUNT;
  const scaled = factor === 2 ? centavos * 2 : Math.floor(centavos / 2);
  const next = Math.min(HOUSE_MAX_BET, Math.max(HOUSE_MIN_BET, scaled));
  setAmountText(formatReaisInput(next, pageLocale()));
}

/** Dice target in hundredths, kept within 2.00 … 98.00. */
export function setDiceTarget(target: number): void {
  if (!Number.isFinite(target)) return;
  const clamped = Math.min(DICE_TARGET_MAX, Math.max(DICE_TARGET_MIN, Math.round(target)));
  $dice.set({ ...$dice.get(), target: clamped });
  $paramsIssue.set(null);
}

export function setDiceDirection(direction: DiceParams['direction']): void {
  $dice.set({ ...$dice.get(), direction });
  $paramsIssue.set(null);
}

/** Limbo target as typed: 1,01× … 1000× in hundredths of a multiplier. */
export function setLimboText(text: string): void {
  $limboText.set(text);
  const hundredths = parseHundredths(text);
  const target = hundredths === null ? null : hundredths * 100;
  const ok = target !== null && target >= LIMBO_TARGET_MIN && target <= LIMBO_TARGET_MAX;
  $limboTarget.set(ok ? target : null);
  $paramsIssue.set(ok ? null : keyMessage('house.limbo.targetInvalid'));
}

export function setPlinko(params: Partial<PlinkoParams>): void {
  $plinko.set({ ...$plinko.get(), ...params });
  $paramsIssue.set(null);
}

function currentParams(): HouseParams['params'] | null {
  switch ($houseGame.get()) {
    case 'dice':
      return $dice.get();
    case 'limbo': {
      const target = $limboTarget.get();
      return target === null ? null : { target };
    }
    case 'plinko':
      return $plinko.get();
  }
}

function showRefusal(error: unknown): void {
  if (error instanceof ApiError && error.status === 401) {
    $play.set({ status: 'needsLogin' });
    return;
  }
  if (error instanceof ApiError && error.errors) {
    const amount = error.errors.amount?.[0];
    const params = Object.entries(error.errors).find(([field]) => field.startsWith('params'))?.[1][0];
    if (amount) $amountIssue.set(textMessage(amount));
    if (params) $paramsIssue.set(textMessage(params));
    if (amount || params) {
      $play.set({ status: 'idle' });
      return;
    }
  }
  $play.set({ status: 'failed', message: houseErrorMessage(error) });
}

/**
 * Plays one round: checks the stake and params, `POST /house/{game}/play`,
 * then reveals the round as answered; the answer's wallet (real money),
 * "Minhas apostas" and the nonce follow at the reveal's end (`finishReveal`).
 * A play during a reveal cuts it short first. Ignored while a round is in
 * flight. Resolves to the round, or null.
 */
export async function play(): Promise<HouseRoundView | null> {
  if ($play.get().status === 'playing') return null;
  finishReveal();
  if ($needsLogin.get()) {
    $play.set({ status: 'needsLogin' });
    return null;
  }
  const problem = amountProblem($amountText.get(), $wallet.get());
  $amountIssue.set(problem);
  const params = currentParams();
  if (!params) $paramsIssue.set(keyMessage('house.limbo.targetInvalid'));
  if (problem || !params) return null;
  const game = $houseGame.get();
  const demo = $houseMode.get() === 'demo';
  $play.set({ status: 'playing', previous: shownRound($play.get()) });
  // The platform's realtime BalanceUpdated may come before this answer: hold it from now (real money only moves money).
  if (!demo) holdWalletEvents();
  try {
    const answer = await api.post<{ round: HouseRoundView; wallet?: WalletView }>(
      `/house/${game}/play`,
      { amount: parseReais($amountText.get()), demo, params },
      { idempotencyKey: newIdempotencyKey() },
    );
    $play.set({ status: 'revealing', round: answer.round, wallet: answer.wallet ?? null });
    return answer.round;
  } catch (error) {
    releaseWalletEvents();
    showRefusal(error);
    return null;
  }
}

/**
 * Plays one of the player's free rounds of the game (real-money mode, logged
 * in): `POST /house/{game}/play {free_round: true, params}` — the stake is
 * the grant's, paid by the operator, so the typed stake is not checked. The
 * round is revealed like a paid one; the grant's count follows the answer at
 * once, the win (bonus money) and the wallet at the reveal's end. Resolves to
 * the round, or null.
 */
export async function playFree(): Promise<HouseRoundView | null> {
  if ($play.get().status === 'playing') return null;
  finishReveal();
  if ($session.get().status !== 'user') {
    $play.set({ status: 'needsLogin' });
    return null;
  }
  const params = currentParams();
  if (!params) {
    $paramsIssue.set(keyMessage('house.limbo.targetInvalid'));
    return null;
  }
  const game = $houseGame.get();
  $play.set({ status: 'playing', previous: shownRound($play.get()) });
  $freeRoundPlayed.set(null);
  holdWalletEvents();
  try {
    const answer = await api.post<{ round: HouseRoundView; wallet: WalletView; free_round: FreeRoundPlayed }>(
      `/house/${game}/play`,
      { free_round: true, params },
      { idempotencyKey: newIdempotencyKey() },
    );
    noteFreeRoundGrant(answer.free_round.grant);
    $freeRoundPlayed.set({ roundId: answer.round.id, bonus: answer.free_round.bonus?.amount ?? null });
    $play.set({ status: 'revealing', round: answer.round, wallet: answer.wallet });
    return answer.round;
  } catch (error) {
    releaseWalletEvents();
    if (error instanceof ApiError && error.status === 409) dropFreeRounds(game);
    showRefusal(error);
    return null;
  }
}
