import { atom } from 'nanostores';
import type { GameView } from '../contract/casino.ts';
import { ApiError } from '../lib/api/errors.ts';
import { keyMessage, type Message, textMessage } from '../lib/auth/message.ts';
import { casinoApi } from './casino-api.ts';
import { sameGame } from '../lib/casino/format.ts';
import { currentLocale } from '../lib/locale.ts';
import { favoritesList, recentList } from './casino-player.ts';
import { gamesList } from './games.ts';
import { $session, updateSessionUser } from './session.ts';

/**
 * The game page's state (spec section 4 "Game loading", like and favorite
 * toggles, game URL): the selected game with the caller's flags, the toggles'
 * last error, and the play area (iframe URL or the maintenance state).
 */
export type SelectedGame =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; game: GameView }
  | { status: 'not-found' };

export type PlayState =
  | { status: 'idle' }
  | { status: 'loading'; demo: boolean }
  | { status: 'ready'; demo: boolean; url: string }
  | { status: 'maintenance' };

export const $selectedGame = atom<SelectedGame>({ status: 'idle' });
export const $gameMessage = atom<Message | null>(null);
export const $play = atom<PlayState>({ status: 'idle' });

/** What a toggle asks the island to do: nothing more, or open the login modal (visitors). */
export type ToggleResult = 'done' | 'login' | 'failed';

const isGameView = (item: unknown): item is GameView => typeof item === 'object' && item !== null && 'hasLike' in item && 'totalLikes' in item;

/** A game already loaded in one of the lists (with the caller's flags), matched ignoring case. */
function fromLoadedLists(gamecode: string, providercode: string): GameView | undefined {
  for (const list of [gamesList, favoritesList, recentList]) {
    const found = (list.$state.get().items as unknown[]).find((item) => isGameView(item) && sameGame(item, gamecode, providercode));
    if (found) return found as GameView;
  }
  return undefined;
}

let loadGeneration = 0;

/** Selects a game: from a loaded list when the codes match, else `POST /games/get`; a failure is "not found". */
export async function loadGame(gamecode: string, providercode: string): Promise<void> {
  const mine = ++loadGeneration;
  $play.set({ status: 'idle' });
  $gameMessage.set(null);
  const loaded = fromLoadedLists(gamecode, providercode);
  if (loaded) {
    $selectedGame.set({ status: 'ready', game: loaded });
    return;
  }
  $selectedGame.set({ status: 'loading' });
  try {
    const { game } = await casinoApi.game(gamecode, providercode);
    if (mine === loadGeneration) $selectedGame.set({ status: 'ready', game });
  } catch {
    if (mine === loadGeneration) $selectedGame.set({ status: 'not-found' });
  }
}

/**
 * After a login or logout (on this page or in the game frame): re-reads the
 * selected game for the new caller (likes, favorite) and leaves the play
 * area alone, so an open game frame stays open. A failure keeps the game
 * as shown.
 */
export async function refreshSelectedGame(gamecode: string, providercode: string): Promise<void> {
  const mine = ++loadGeneration;
  try {
    const { game } = await casinoApi.game(gamecode, providercode);
    if (mine === loadGeneration) $selectedGame.set({ status: 'ready', game });
  } catch {
    // The flags stay as they were; the next toggle reconciles them with the platform.
  }
}

function isPlayer(): boolean {
  return $session.get().status === 'user';
}

/** Writes a game's flags everywhere it shows: the selected game and every loaded list. */
function applyToGame(id: number, change: (game: GameView) => GameView): void {
  const selected = $selectedGame.get();
  if (selected.status === 'ready' && selected.game.id === id) $selectedGame.set({ status: 'ready', game: change(selected.game) });
  for (const list of [gamesList, favoritesList, recentList]) {
    list.updateItems((items) => items.map((item) => (item.id === id && isGameView(item) ? change(item) : item)) as typeof items);
  }
}

function setUserLike(id: number, liked: boolean): void {
  const session = $session.get();
  if (session.status !== 'user') return;
  const likes = (session.user.user_likes ?? []).filter((x) => x !== id);
  updateSessionUser({ ...session.user, user_likes: liked ? [...likes, id] : likes });
}

function failure(error: unknown): Message {
  return error instanceof ApiError && error.messages[0] ? textMessage(error.messages[0]) : keyMessage('casino.errors.toggle');
}

/**
 * Like toggle: optimistic (flag, counter, the player's likes list), then the
 * platform's `action` flag and count win; a failure reverts and shows an error.
 */
export async function toggleLike(): Promise<ToggleResult> {
  if (!isPlayer()) return 'login';
  const selected = $selectedGame.get();
  if (selected.status !== 'ready') return 'failed';
  const before = selected.game;
  const liked = !before.hasLike;
  $gameMessage.set(null);
  applyToGame(before.id, (g) => ({ ...g, hasLike: liked, totalLikes: Math.max(0, g.totalLikes + (liked ? 1 : -1)) }));
  setUserLike(before.id, liked);
  try {
    const answer = await casinoApi.like(before.id);
    applyToGame(before.id, (g) => ({ ...g, hasLike: answer.action, totalLikes: answer.totalLikes }));
    setUserLike(before.id, answer.action);
    return 'done';
  } catch (error) {
    applyToGame(before.id, (g) => ({ ...g, hasLike: before.hasLike, totalLikes: before.totalLikes }));
    setUserLike(before.id, before.hasLike);
    $gameMessage.set(failure(error));
    return 'failed';
  }
}

/** Favorite toggle: flips `hasFavorite` (optimistic, the answer's flag wins, reverted on failure). */
export async function toggleFavorite(): Promise<ToggleResult> {
  if (!isPlayer()) return 'login';
  const selected = $selectedGame.get();
  if (selected.status !== 'ready') return 'failed';
  const before = selected.game;
  $gameMessage.set(null);
  applyToGame(before.id, (g) => ({ ...g, hasFavorite: !before.hasFavorite }));
  try {
    const answer = await casinoApi.favorite(before.id);
    applyToGame(before.id, (g) => ({ ...g, hasFavorite: answer.action }));
    // The favorites page must not keep showing a game the player just removed.
    if (!answer.action) favoritesList.updateItems((items) => items.filter((g) => g.id !== before.id));
    else if (favoritesList.$state.get().currentPage > 0) void favoritesList.refresh();
    return 'done';
  } catch (error) {
    applyToGame(before.id, (g) => ({ ...g, hasFavorite: before.hasFavorite }));
    $gameMessage.set(failure(error));
    return 'failed';
  }
}

/**
 * Play: `POST /games/url` → the iframe URL. Real money needs a player
 * ('login' for visitors); demo is open to anyone. Any failure is the game's
 * maintenance state. The game opens in the page's language (`lang`).
 */
export async function launchGame(demo: boolean): Promise<ToggleResult> {
  const selected = $selectedGame.get();
  if (selected.status !== 'ready') return 'failed';
  if (!demo && !isPlayer()) return 'login';
  const { game } = selected;
  $play.set({ status: 'loading', demo });
  try {
    const { gameUrl } = await casinoApi.url(game.gamecode, game.providercode, demo || game.only_demo, currentLocale());
    $play.set({ status: 'ready', demo: demo || game.only_demo, url: gameUrl });
    return 'done';
  } catch {
    $play.set({ status: 'maintenance' });
    return 'failed';
  }
}

/**
 * Closes the game frame (back to the play buttons). Rounds played in it
 * (not the launch) put the game in the player's recents: re-read them.
 */
export function closeGame(): void {
  $play.set({ status: 'idle' });
  if (isPlayer() && recentList.$state.get().currentPage > 0) void recentList.refresh();
}
