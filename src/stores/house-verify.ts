import { atom } from 'nanostores';
import type { DiceParams, HouseGame, HouseParams, HouseRoundView, PlinkoParams, VerifyAnswer } from '../contract/casino.ts';
import { api } from './api.ts';
import { ApiError } from '../lib/api/errors.ts';
import { keyMessage, type Message, textMessage } from '../lib/auth/message.ts';
import { parseHundredths, sameOutcome } from '../lib/house/format.ts';
import { houseErrorMessage } from '../lib/house/errors.ts';
import { sha256Hex } from '../lib/house/sha256.ts';

/**
 * The verification page (`/casino/fairness`): a round's seeds and params,
 * typed or prefilled from `?round=ID`. Checking computes SHA-256 of the
 * server seed in the browser (compared with the hash committed before play)
 * and asks the platform to recompute the round (`POST /house/verify`); the
 * recomputed outcome and multiplier are compared with the stored round's.
 * The site recomputes nothing itself.
 */

/** The form as typed: numbers stay text until checked. */
export interface VerifyValues {
  game: HouseGame;
  server_seed: string;
  client_seed: string;
  nonce: string;
  /** The hash shown before play (prefilled from the round; optional when typed). */
  server_seed_hash: string;
  /** Dice target ("50,00") and Limbo target multiplier ("2,00"). */
  target: string;
  direction: DiceParams['direction'];
  rows: PlinkoParams['rows'];
  risk: PlinkoParams['risk'];
}

export type StoredRoundView =
  | { status: 'none' }
  | { status: 'loading'; id: number }
  | { status: 'ready'; round: HouseRoundView }
  /** The round's pair is still active: its server seed stays secret until a rotation. */
  | { status: 'unrevealed'; round: HouseRoundView }
  | { status: 'failed'; id: number; message: Message };

export interface VerifyReport {
  answer: VerifyAnswer;
  /** SHA-256(server seed) computed by this browser. */
  browserHash: string;
  /** The committed hash compared with (lowercase), or null when none was given. */
  committedHash: string | null;
  /** Browser hash = committed hash (null when no committed hash was given). */
  hashMatch: boolean | null;
  /** Recomputed outcome / multiplier = the stored round's (null without a stored round). */
  outcomeMatch: boolean | null;
  multiplierMatch: boolean | null;
  /** Every comparison made agrees (and the platform's hash agrees with the browser's). */
  match: boolean;
}

export type VerifyState =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'done'; report: VerifyReport }
  | { status: 'failed'; message: Message };

export const EMPTY_VALUES: VerifyValues = {
  game: 'dice',
  server_seed: '',
  client_seed: '',
  nonce: '0',
  server_seed_hash: '',
  target: '50,00',
  direction: 'under',
  rows: 12,
  risk: 'medium',
};

export const $verifyValues = atom<VerifyValues>(EMPTY_VALUES);
export const $storedRound = atom<StoredRoundView>({ status: 'none' });
export const $verify = atom<VerifyState>({ status: 'idle' });
export const $verifyIssues = atom<Partial<Record<keyof VerifyValues, Message>>>({});

export function setVerifyValue<K extends keyof VerifyValues>(key: K, value: VerifyValues[K]): void {
  $verifyValues.set({ ...$verifyValues.get(), [key]: value });
  const issues = { ...$verifyIssues.get() };
  delete issues[key];
  $verifyIssues.set(issues);
  if ($verify.get().status !== 'checking') $verify.set({ status: 'idle' });
}

function hundredthsText(value: number): string {
  return `${Math.floor(value / 100)},${String(value % 100).padStart(2, '0')}`;
}

/** The form values of a stored round. */
export function valuesOfRound(round: HouseRoundView): VerifyValues {
  const values: VerifyValues = {
    ...EMPTY_VALUES,
    game: round.game,
    server_seed: round.server_seed ?? '',
    client_seed: round.client_seed,
    nonce: String(round.nonce),
    server_seed_hash: round.server_seed_hash,
  };
  const params = round.params as Partial<DiceParams & PlinkoParams & { target: number }>;
  if (round.game === 'dice' && params.target !== undefined) Object.assign(values, { target: hundredthsText(params.target), direction: params.direction ?? 'under' });
  if (round.game === 'limbo' && params.target !== undefined) values.target = hundredthsText(params.target / 100);
  if (round.game === 'plinko') Object.assign(values, { rows: params.rows ?? 12, risk: params.risk ?? 'medium' });
  return values;
}

/** Params for the verify call, or the field with a problem. */
function paramsOf(values: VerifyValues): HouseParams['params'] | 'target' {
  if (values.game === 'plinko') return { rows: values.rows, risk: values.risk };
  const hundredths = parseHundredths(values.target);
  if (hundredths === null) return 'target';
  return values.game === 'dice' ? { target: hundredths, direction: values.direction } : { target: hundredths * 100 };
}

/**
 * `GET /house/rounds/{id}` → prefills the form; a revealed round is checked
 * at once, an unrevealed one says the seed is still secret.
 */
export async function loadRoundForVerify(id: number): Promise<void> {
  $storedRound.set({ status: 'loading', id });
  $verify.set({ status: 'idle' });
  try {
    const round = await api.get<HouseRoundView>(`/house/rounds/${id}`);
    $verifyValues.set(valuesOfRound(round));
    $verifyIssues.set({});
    if (round.server_seed === null) {
      $storedRound.set({ status: 'unrevealed', round });
      return;
    }
    $storedRound.set({ status: 'ready', round });
    await verify();
  } catch (error) {
    $storedRound.set({ status: 'failed', id, message: houseErrorMessage(error) });
  }
}

/** Rotates the actor's seed pair from the verification page, then reloads the round (now revealed). */
export async function revealAndReload(): Promise<void> {
  const view = $storedRound.get();
  if (view.status !== 'unrevealed') return;
  try {
    await api.post('/house/fairness/rotate');
  } catch (error) {
    $verify.set({ status: 'failed', message: houseErrorMessage(error) });
    return;
  }
  await loadRoundForVerify(view.round.id);
}

/**
 * Checks the form: browser SHA-256 of the server seed, `POST /house/verify`,
 * and the comparisons with the committed hash and the stored round.
 */
export async function verify(): Promise<VerifyReport | null> {
  if ($verify.get().status === 'checking') return null;
  const values = $verifyValues.get();
  const issues: Partial<Record<keyof VerifyValues, Message>> = {};
  if (values.server_seed.trim() === '') issues.server_seed = keyMessage('house.verify.required');
  if (values.client_seed === '') issues.client_seed = keyMessage('house.verify.required');
  if (!/^\d{1,10}$/.test(values.nonce.trim())) issues.nonce = keyMessage('house.verify.nonceInvalid');
  const params = paramsOf(values);
  if (params === 'target') issues.target = keyMessage('house.verify.targetInvalid');
  $verifyIssues.set(issues);
  if (Object.keys(issues).length > 0 || params === 'target') return null;

  $verify.set({ status: 'checking' });
  try {
    const serverSeed = values.server_seed.trim();
    const [browserHash, answer] = await Promise.all([
      sha256Hex(serverSeed),
      api.post<VerifyAnswer>('/house/verify', {
        game: values.game,
        server_seed: serverSeed,
        client_seed: values.client_seed,
        nonce: Number(values.nonce.trim()),
        params,
      }),
    ]);
    const committed = values.server_seed_hash.trim().toLowerCase();
    const stored = $storedRound.get();
    const round = stored.status === 'ready' ? stored.round : null;
    // Compare with the stored round only while the form still shows that round.
    const sameRound = round !== null && round.game === values.game && round.nonce === Number(values.nonce.trim()) && round.client_seed === values.client_seed;
    const hashMatch = committed === '' ? null : committed === browserHash;
    const outcomeMatch = sameRound ? sameOutcome(answer.outcome, round.outcome) : null;
    const multiplierMatch = sameRound ? answer.multiplier === round.multiplier : null;
    const match = answer.server_seed_hash === browserHash && hashMatch !== false && outcomeMatch !== false && multiplierMatch !== false;
    const report: VerifyReport = { answer, browserHash, committedHash: committed === '' ? null : committed, hashMatch, outcomeMatch, multiplierMatch, match };
    $verify.set({ status: 'done', report });
    return report;
  } catch (error) {
    const fields = error instanceof ApiError ? error.errors : null;
    if (fields) {
      const mapped: Partial<Record<keyof VerifyValues, Message>> = {};
      for (const [field, messages] of Object.entries(fields)) {
        const key = (field.startsWith('params') ? 'target' : field) as keyof VerifyValues;
        if (messages[0]) mapped[key] = textMessage(messages[0]);
      }
      $verifyIssues.set(mapped);
    }
    $verify.set({ status: 'failed', message: houseErrorMessage(error) });
    return null;
  }
}
