import { atom } from 'nanostores';
import type { FairnessState, HouseRoundView, RevealedSeed } from '../contract/casino.ts';
import { api } from './api.ts';
import { ApiError } from '../lib/api/errors.ts';
import { keyMessage, type Message, textMessage } from '../lib/auth/message.ts';
import { houseErrorMessage } from '../lib/house/errors.ts';

/**
 * The actor's seed pair on the play page (spec "House games"): the hash of
 * the server seed is shown before any play, the client seed may be changed,
 * and a rotation reveals the previous server seed. All values come from the
 * platform; the nonce shown moves on with each round the platform answers.
 */

export type FairnessView =
  | { status: 'loading' }
  | { status: 'ready'; state: FairnessState }
  | { status: 'failed'; message: Message };

/** Answer of the client-seed and rotate calls. */
export interface RotateAnswer {
  revealed: RevealedSeed | null;
  active: FairnessState;
}

/** The platform's rule for a client seed: 1–64 printable ASCII characters. */
export const CLIENT_SEED_PATTERN = /^[\x20-\x7e]{1,64}$/;

export const $fairness = atom<FairnessView>({ status: 'loading' });
export const $clientSeedText = atom('');
export const $clientSeedIssue = atom<Message | null>(null);
/** The pair revealed by the last client-seed change or rotation on this page. */
export const $revealed = atom<RevealedSeed | null>(null);
export const $fairnessBusy = atom(false);

function showState(state: FairnessState): void {
  $fairness.set({ status: 'ready', state });
  $clientSeedText.set(state.client_seed);
  $clientSeedIssue.set(null);
}

/** `GET /house/fairness` (also after a login or logout: seeds belong to the actor). */
export async function loadFairness(): Promise<void> {
  $fairness.set({ status: 'loading' });
  try {
    showState(await api.get<FairnessState>('/house/fairness'));
  } catch (error) {
    $fairness.set({ status: 'failed', message: houseErrorMessage(error) });
  }
}

export function setClientSeedText(text: string): void {
  $clientSeedText.set(text);
  $clientSeedIssue.set(CLIENT_SEED_PATTERN.test(text) ? null : keyMessage('house.fairness.clientSeedInvalid'));
}

async function changePair(path: string, body?: Record<string, unknown>): Promise<boolean> {
  if ($fairnessBusy.get()) return false;
  $fairnessBusy.set(true);
  try {
    const answer = await api.post<RotateAnswer>(path, body);
    if (answer.revealed) $revealed.set(answer.revealed);
    showState(answer.active);
    return true;
  } catch (error) {
    const fieldError = error instanceof ApiError ? error.errors?.client_seed?.[0] : undefined;
    $clientSeedIssue.set(fieldError ? textMessage(fieldError) : houseErrorMessage(error));
    return false;
  } finally {
    $fairnessBusy.set(false);
  }
}

/** `POST /house/fairness/client-seed`: starts a new pair with this client seed (nonce 0), revealing the previous server seed. */
export async function saveClientSeed(): Promise<boolean> {
  const text = $clientSeedText.get();
  if (!CLIENT_SEED_PATTERN.test(text)) {
    $clientSeedIssue.set(keyMessage('house.fairness.clientSeedInvalid'));
    return false;
  }
  return changePair('/house/fairness/client-seed', { client_seed: text });
}

/** `POST /house/fairness/rotate`: reveals the current server seed and starts a new pair. */
export function rotateSeed(): Promise<boolean> {
  return changePair('/house/fairness/rotate');
}

/**
 * A round the platform just answered: the pair's next nonce follows it. A
 * round of another pair (seeds changed in another tab) reloads the state.
 */
export function noteRoundPlayed(round: HouseRoundView): void {
  const view = $fairness.get();
  if (view.status === 'ready' && view.state.server_seed_hash === round.server_seed_hash && view.state.client_seed === round.client_seed) {
    $fairness.set({ status: 'ready', state: { ...view.state, nonce: round.nonce + 1 } });
  } else {
    void loadFairness();
  }
}
