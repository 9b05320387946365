import { atom, computed, map } from 'nanostores';
import type { MissionAnswer, MissionClaimAnswer, MissionListAnswer, MissionView, MissionWidgetState } from '../contract/missions.ts';
import { ApiError } from '../lib/api/errors.ts';
import { WIDGET_HEIGHT_CLOSED, WIDGET_MIN_Y, WIDGET_SPACING } from '../lib/missions/widget-layout.ts';
import { readHiddenWidgets, readWidgetStates, writeHiddenWidgets, writeWidgetStates } from '../lib/missions/widget-state.ts';
import { api } from './api.ts';
import { $session } from './session.ts';
import { applyWallet } from './wallet.ts';

/**
 * The player's missions (issue 19): the list of `GET /missions` (offered and
 * the player's own), accepting and claiming, live changes from the player's
 * channel (`MissionAssigned`, `MissionProgress`), and the draggable widgets'
 * state kept on the device (lib/missions/widget-state.ts). Islands render
 * these atoms and call these actions; progress only ever comes from the
 * platform.
 */
export type MissionsState = { status: 'idle' } | { status: 'loading' } | { status: 'error' } | { status: 'ready'; missions: MissionView[] };

/**
 * Why an accept or a claim failed: the platform's own words (`server`), a
 * non-200 answer without them (`failed`: "Falha ao reivindicar a
 * recompensa."), or no usable answer at all (`unknown`: "Erro desconhecido
 * ao reivindicar a recompensa.").
 */
export type MissionFailure = { reason: 'server'; message: string } | { reason: 'failed' } | { reason: 'unknown' };

export type MissionActionState = { status: 'idle' } | { status: 'busy' } | { status: 'failed'; failure: MissionFailure };

export const $missions = atom<MissionsState>({ status: 'idle' });
/** Widget state per mission id (spec: id, positionY, isOpen, isClaimed, completed_at, claimed_at). */
export const $missionWidgets = atom<readonly MissionWidgetState[]>([]);
/** Claimed missions whose widget the player put away. */
export const $hiddenMissionWidgets = atom<readonly number[]>([]);
export const $claims = map<Record<number, MissionActionState>>({});
export const $accepts = map<Record<number, MissionActionState>>({});

/** Statuses that have a widget: the player's running, finished and (until put away) claimed missions. */
const WIDGET_STATUSES = new Set<MissionView['status']>(['accepted', 'completed', 'claimed']);

/** The missions drawn as widgets, in the store's order, with their state. */
export const $widgetMissions = computed([$missions, $missionWidgets, $hiddenMissionWidgets], (state, widgets, hidden) => {
  if (state.status !== 'ready') return [];
  const byId = new Map(widgets.map((w) => [w.id, w]));
  return state.missions.flatMap((mission) => {
    const widget = byId.get(mission.id);
    return widget && WIDGET_STATUSES.has(mission.status) && !hidden.includes(mission.id) ? [{ mission, widget }] : [];
  });
});

let loadedFromStorage = false;

function loadWidgetStorage(): void {
  if (loadedFromStorage) return;
  loadedFromStorage = true;
  $missionWidgets.set(readWidgetStates());
  $hiddenMissionWidgets.set(readHiddenWidgets());
}

function saveWidgets(widgets: MissionWidgetState[]): void {
  $missionWidgets.set(widgets);
  writeWidgetStates(widgets);
}

/**
 * Brings the widget states in step with the missions: a new running mission
 * gets a closed widget under the others; `completed_at`, `claimed_at` and
 * `isClaimed` follow the platform. A mission claimed elsewhere gets no new
 * widget (only one the player already had shows "claimed"). With `prune`,
 * states of missions no longer listed are dropped.
 */
function syncWidgets(missions: readonly MissionView[], prune: boolean): void {
  loadWidgetStorage();
  const current = $missionWidgets.get();
  const byId = new Map(current.map((w) => [w.id, w]));
  let lowest = current.reduce((bottom, w) => Math.max(bottom, w.positionY + WIDGET_HEIGHT_CLOSED + WIDGET_SPACING), WIDGET_MIN_Y);
  const next = new Map<number, MissionWidgetState>(prune ? [] : byId);
  for (const mission of missions) {
    const had = byId.get(mission.id);
    if (!had && (mission.status === 'accepted' || mission.status === 'completed')) {
      next.set(mission.id, { id: mission.id, positionY: lowest, isOpen: false, isClaimed: false, completed_at: mission.completed_at, claimed_at: null });
      lowest += WIDGET_HEIGHT_CLOSED + WIDGET_SPACING;
    } else if (had) {
      next.set(mission.id, { ...had, isClaimed: mission.status === 'claimed', completed_at: mission.completed_at, claimed_at: mission.claimed_at });
    }
  }
  const widgets = [...next.values()];
  if (JSON.stringify(widgets) !== JSON.stringify(current)) saveWidgets(widgets);
}

/** Replaces one mission in the list (or adds it first) and updates its widget. */
function upsertMission(mission: MissionView): void {
  const state = $missions.get();
  const missions = state.status === 'ready' ? state.missions : [];
  const index = missions.findIndex((m) => m.id === mission.id);
  const next = index === -1 ? [mission, ...missions] : missions.map((m, i) => (i === index ? mission : m));
  $missions.set({ status: 'ready', missions: next });
  syncWidgets([mission], false);
}

/** `GET /missions` for the signed-in player; a visitor's list stays idle. */
export async function loadMissions(): Promise<MissionsState> {
  if ($session.get().status !== 'user') {
    $missions.set({ status: 'idle' });
    return $missions.get();
  }
  if ($missions.get().status !== 'ready') $missions.set({ status: 'loading' });
  try {
    const answer = await api.get<MissionListAnswer>('/missions');
    $missions.set({ status: 'ready', missions: answer.data });
    syncWidgets(answer.data, true);
  } catch {
    if ($missions.get().status !== 'ready') $missions.set({ status: 'error' });
  }
  return $missions.get();
}

function isMissionLike(value: unknown): value is MissionView {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Partial<MissionView>;
  return Number.isSafeInteger(m.id) && typeof m.status === 'string' && typeof m.title === 'object' && m.title !== null && typeof m.percent === 'number';
}

/** A live `MissionAssigned` / `MissionProgress` payload (`{mission}`): the mission and its widget updated at once. */
export function receiveMission(payload: unknown): void {
  if ($session.get().status !== 'user') return;
  const mission = typeof payload === 'object' && payload !== null ? (payload as { mission?: unknown }).mission : undefined;
  if (isMissionLike(mission)) upsertMission(mission);
}

/** The failure of an accept or claim, read from the thrown error (see {@link MissionFailure}). */
export function failureOf(error: unknown): MissionFailure {
  if (!(error instanceof ApiError) || error.status === null) return { reason: 'unknown' };
  const data = error.data as { message?: unknown } | null | undefined;
  if (typeof data === 'object' && data !== null && typeof data.message === 'string' && data.message.trim() !== '') return { reason: 'server', message: data.message };
  return { reason: 'failed' };
}

/**
 * `POST /missions/{id}/claim`, once per click burst: a second call while one
 * runs, or after the mission is claimed, does nothing (the platform pays once
 * anyway). Success marks the widget claimed and applies the wallet when the
 * reward moved money.
 */
export async function claimMission(id: number): Promise<MissionActionState> {
  const running = $claims.get()[id];
  if (running?.status === 'busy') return running;
  const listed = $missions.get();
  if (listed.status === 'ready' && listed.missions.find((m) => m.id === id)?.status === 'claimed') return { status: 'idle' };
  $claims.setKey(id, { status: 'busy' });
  let outcome: MissionActionState;
  try {
    const answer = await api.post<MissionClaimAnswer>(`/missions/${id}/claim`);
    if (!isMissionLike(answer?.mission)) throw new Error('claim answer without a mission');
    upsertMission(answer.mission);
    if (answer.wallet) applyWallet(answer.wallet);
    outcome = { status: 'idle' };
  } catch (error) {
    outcome = { status: 'failed', failure: failureOf(error) };
  }
  $claims.setKey(id, outcome);
  return outcome;
}

/** `POST /missions/{id}/accept` (idempotent on the platform); the mission then gets its widget. */
export async function acceptMission(id: number): Promise<MissionActionState> {
  const running = $accepts.get()[id];
  if (running?.status === 'busy') return running;
  $accepts.setKey(id, { status: 'busy' });
  let outcome: MissionActionState;
  try {
    const answer = await api.post<MissionAnswer>(`/missions/${id}/accept`);
    if (!isMissionLike(answer?.mission)) throw new Error('accept answer without a mission');
    upsertMission(answer.mission);
    outcome = { status: 'idle' };
  } catch (error) {
    outcome = { status: 'failed', failure: failureOf(error) };
  }
  $accepts.setKey(id, outcome);
  return outcome;
}

/** `GET /missions/{id}`: one mission (the chat's offer when the list does not hold it). */
export async function loadMission(id: number): Promise<MissionView | null> {
  try {
    const { mission } = await api.get<MissionAnswer>(`/missions/${id}`);
    if (isMissionLike(mission)) upsertMission(mission);
    return mission;
  } catch {
    return null;
  }
}

function updateWidget(id: number, change: (widget: MissionWidgetState) => MissionWidgetState): void {
  loadWidgetStorage();
  saveWidgets($missionWidgets.get().map((w) => (w.id === id ? change(w) : w)));
}

/** Opens or closes a widget (kept on the device). */
export function toggleMissionWidget(id: number): void {
  updateWidget(id, (w) => ({ ...w, isOpen: !w.isOpen }));
}

/** Keeps the widgets' positions (tops already clamped and stacked by the caller). */
export function setMissionWidgetPositions(positions: ReadonlyMap<number, number>): void {
  loadWidgetStorage();
  saveWidgets($missionWidgets.get().map((w) => (positions.has(w.id) ? { ...w, positionY: positions.get(w.id)! } : w)));
}

/** Puts a claimed mission's widget away for good on this device. */
export function hideMissionWidget(id: number): void {
  loadWidgetStorage();
  const hidden = [...$hiddenMissionWidgets.get().filter((h) => h !== id), id];
  $hiddenMissionWidgets.set(hidden);
  writeHiddenWidgets(hidden);
}

/** After a logout: nothing of the last player's missions stays in memory (the device keeps widget places). */
export function resetMissions(): void {
  $missions.set({ status: 'idle' });
  $claims.set({});
  $accepts.set({});
}
