import { atom, map, type WritableAtom } from 'nanostores';
import type {
  BuyBoxAnswer,
  OpenBoxAnswer,
  SellBoxAnswer,
  SellPrizeAnswer,
  UserBoxView,
  UserPrizeView,
} from '../contract/boxes.ts';
import { ApiError } from '../lib/api/errors.ts';
import { api, rethrowAsApiError } from './api.ts';
import { $session } from './session.ts';
import { applyWallet } from './wallet.ts';

/**
 * Mystery boxes and prizes for the player (issue 19): `/account/boxes`
 * (`GET /boxes/user/get`, open, sell an unopened box), `/account/items`
 * (`GET /prizes/user`, sell a prize) and the buy button of a box page
 * (`POST /boxes/buy`). Every money answer carries the wallet, which goes to
 * the header through `applyWallet`. One click, one request: an action on a
 * box or prize already running is ignored. A sign-out drops everything and
 * any answer of the old session.
 */

export type ListState<T> =
  | { status: 'idle' }
  | { status: 'loading'; items: T[] }
  | { status: 'ready'; items: T[] }
  | { status: 'failed'; items: T[] };

/** What is running on one user box or prize, or the last refusal of an action on it. */
export type ItemAction = { status: 'opening' | 'selling' } | { status: 'failed'; message: string | null };

export const $userBoxes = atom<ListState<UserBoxView>>({ status: 'idle' });
export const $userPrizes = atom<ListState<UserPrizeView>>({ status: 'idle' });
/** By user box id. */
export const $boxActions = map<Record<string, ItemAction>>({});
/** By user prize id. */
export const $prizeActions = map<Record<string, ItemAction>>({});

/** A refusal's words: a field error, the platform's `message` (a silent 403 has no other), else null (the caller's own text). */
export async function refusalMessage(error: unknown): Promise<string | null> {
  let wrapped: unknown = error;
  if (!(error instanceof ApiError)) wrapped = await rethrowAsApiError(error).catch((e: unknown) => e);
  if (!(wrapped instanceof ApiError) || wrapped.kind === 'network' || wrapped.kind === 'aborted') return null;
  const firstFieldError = wrapped.errors ? Object.values(wrapped.errors).flat()[0] : undefined;
  if (firstFieldError) return firstFieldError;
  const data = wrapped.data as { message?: unknown } | null | undefined;
  if (typeof data === 'object' && data !== null && typeof data.message === 'string' && data.message !== '') return data.message;
  return wrapped.messages[0] ?? null;
}

let generation = 0;

function itemsOf<T>(state: ListState<T>): T[] {
  return state.status === 'idle' ? [] : state.items;
}

async function loadList<T>(store: WritableAtom<ListState<T>>, path: string): Promise<void> {
  const mine = generation;
  const shown = itemsOf(store.get());
  store.set({ status: 'loading', items: shown });
  try {
    const answer = await api.get<{ data: T[] }>(path);
    if (mine === generation) store.set({ status: 'ready', items: answer.data });
  } catch {
    if (mine === generation) store.set({ status: 'failed', items: shown });
  }
}

/** `GET /boxes/user/get`: the player's boxes, unopened first (the platform's order). */
export function loadUserBoxes(): Promise<void> {
  return loadList($userBoxes, '/boxes/user/get');
}

/** `GET /prizes/user`: the player's item prizes, kept first. */
export function loadUserPrizes(): Promise<void> {
  return loadList($userPrizes, '/prizes/user');
}

/** Puts `box` in place of the listed box with its id (or first when new). */
function replaceBox(box: UserBoxView): void {
  const state = $userBoxes.get();
  const items = itemsOf(state);
  const next = items.some((b) => b.id === box.id) ? items.map((b) => (b.id === box.id ? box : b)) : [box, ...items];
  $userBoxes.set({ status: state.status === 'idle' ? 'ready' : state.status, items: next });
}

function replacePrize(prize: UserPrizeView): void {
  const state = $userPrizes.get();
  const items = itemsOf(state);
  const next = items.some((p) => p.id === prize.id) ? items.map((p) => (p.id === prize.id ? prize : p)) : [prize, ...items];
  $userPrizes.set({ status: state.status === 'idle' ? 'ready' : state.status, items: next });
}

function clearAction(actions: typeof $boxActions, id: number): void {
  const next = { ...actions.get() };
  delete next[String(id)];
  actions.set(next);
}

function busy(actions: typeof $boxActions, id: number): boolean {
  const action = actions.get()[String(id)];
  return action?.status === 'opening' || action?.status === 'selling';
}

/**
 * `POST /boxes/open {box_id}` (the USER box id): the prize drawn on the
 * server. The opened box (with its revealed seed) replaces the listed one
 * and the prize joins the items. Null when refused (the action says why) or
 * when the same box is already being opened or sold.
 */
export async function openBox(userBoxId: number): Promise<OpenBoxAnswer | null> {
  if (busy($boxActions, userBoxId)) return null;
  const mine = generation;
  $boxActions.setKey(String(userBoxId), { status: 'opening' });
  try {
    const answer = await api.post<OpenBoxAnswer>('/boxes/open', { box_id: userBoxId });
    if (mine !== generation) return null;
    clearAction($boxActions, userBoxId);
    replaceBox(answer.box);
    if ($userPrizes.get().status !== 'idle') replacePrize(answer.prize);
    return answer;
  } catch (error) {
    if (mine === generation) $boxActions.setKey(String(userBoxId), { status: 'failed', message: await refusalMessage(error) });
    return null;
  }
}

/** `POST /boxes/sell {id}`: an unopened box sold for its `sell_value`; the wallet follows. */
export async function sellBox(userBoxId: number): Promise<SellBoxAnswer | null> {
  if (busy($boxActions, userBoxId)) return null;
  const mine = generation;
  $boxActions.setKey(String(userBoxId), { status: 'selling' });
  try {
    const answer = await api.post<SellBoxAnswer>('/boxes/sell', { id: userBoxId });
    if (mine !== generation) return null;
    clearAction($boxActions, userBoxId);
    replaceBox(answer.box);
    applyWallet(answer.wallet);
    return answer;
  } catch (error) {
    if (mine === generation) $boxActions.setKey(String(userBoxId), { status: 'failed', message: await refusalMessage(error) });
    return null;
  }
}

/** `POST /prizes/sell {id}`: a kept prize sold once for its `sell_value`; the wallet follows. */
export async function sellPrize(userPrizeId: number): Promise<SellPrizeAnswer | null> {
  if (busy($prizeActions, userPrizeId)) return null;
  const mine = generation;
  $prizeActions.setKey(String(userPrizeId), { status: 'selling' });
  try {
    const answer = await api.post<SellPrizeAnswer>('/prizes/sell', { id: userPrizeId });
    if (mine !== generation) return null;
    clearAction($prizeActions, userPrizeId);
    replacePrize(answer.prize);
    applyWallet(answer.wallet);
    return answer;
  } catch (error) {
    if (mine === generation) $prizeActions.setKey(String(userPrizeId), { status: 'failed', message: await refusalMessage(error) });
    return null;
  }
}

/** Forgets the refusal shown on a box or prize (its message was dismissed or the player retries). */
export function dismissBoxAction(userBoxId: number): void {
  if (!busy($boxActions, userBoxId)) clearAction($boxActions, userBoxId);
}
export function dismissPrizeAction(userPrizeId: number): void {
  if (!busy($prizeActions, userPrizeId)) clearAction($prizeActions, userPrizeId);
}

export type BuyState =
  | { status: 'idle' }
  | { status: 'buying' }
  | { status: 'bought'; box: UserBoxView }
  /** `message`: the platform's words (a regulated tenant's 403 `boxes_purchase_not_allowed`, no money…), null → the page's own text. */
  | { status: 'refused'; message: string | null; code: string | null };

/** The buy button of the box page being shown (one box per page). */
export const $buy = atom<BuyState>({ status: 'idle' });

/**
 * `POST /boxes/buy {box_id}` (a catalogue box id): the ledger debits the
 * price, the new unopened box is added to the player's boxes and the wallet
 * to the header. A second click while buying is ignored.
 */
export async function buyBox(boxId: number): Promise<BuyState> {
  if ($buy.get().status === 'buying') return $buy.get();
  const mine = generation;
  $buy.set({ status: 'buying' });
  try {
    const answer = await api.post<BuyBoxAnswer>('/boxes/buy', { box_id: boxId });
    if (mine !== generation) return $buy.get();
    applyWallet(answer.wallet);
    if ($userBoxes.get().status !== 'idle') replaceBox(answer.box);
    $buy.set({ status: 'bought', box: answer.box });
  } catch (error) {
    if (mine !== generation) return $buy.get();
    const data = error instanceof ApiError ? (error.data as { code?: unknown } | null | undefined) : null;
    const code = typeof data === 'object' && data !== null && typeof data.code === 'string' ? data.code : null;
    $buy.set({ status: 'refused', message: await refusalMessage(error), code });
  }
  return $buy.get();
}

/** Back to nothing (sign-out): answers of the old session are dropped. */
export function resetBoxes(): void {
  generation += 1;
  $userBoxes.set({ status: 'idle' });
  $userPrizes.set({ status: 'idle' });
  $boxActions.set({});
  $prizeActions.set({});
  $buy.set({ status: 'idle' });
}

let lastToken: string | null = null;
$session.subscribe((session) => {
  const token = session.status === 'user' ? session.token : null;
  if (token !== lastToken && lastToken !== null) resetBoxes();
  lastToken = token;
});
