import type { MissionWidgetState } from '../../contract/missions.ts';
import { safeStorage } from '../storage.ts';

/**
 * The mission widgets' state kept on the device (spec "Mission widget: id,
 * positionY, isOpen, isClaimed, completed_at, claimed_at"), in local storage
 * under `mission_widgets` as a JSON array, so each widget keeps its place and
 * its open/closed state across pages and visits. `mission_widgets_hidden`
 * lists the claimed widgets the player put away. Blocked storage is no
 * error: the state then lives for the page only. Unreadable entries are
 * dropped.
 */
export const MISSION_WIDGETS_KEY = 'mission_widgets';
export const HIDDEN_MISSION_WIDGETS_KEY = 'mission_widgets_hidden';
/** Kept entries at most (oldest dropped): a player never runs this many missions at once. */
const MAX_KEPT = 50;

const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;
const dateOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function parseWidget(value: unknown): MissionWidgetState | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (!isId(v.id) || typeof v.positionY !== 'number' || !Number.isFinite(v.positionY)) return null;
  return {
    id: v.id,
    positionY: v.positionY,
    isOpen: v.isOpen === true,
    isClaimed: v.isClaimed === true,
    completed_at: dateOrNull(v.completed_at),
    claimed_at: dateOrNull(v.claimed_at),
  };
}

function readArray(key: string): unknown[] {
  const raw = safeStorage.getItem(key);
  if (raw === null) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/** The stored widgets (one per mission id, the last entry winning). */
export function readWidgetStates(): MissionWidgetState[] {
  const byId = new Map<number, MissionWidgetState>();
  for (const entry of readArray(MISSION_WIDGETS_KEY)) {
    const widget = parseWidget(entry);
    if (widget) byId.set(widget.id, widget);
  }
  return [...byId.values()];
}

export function writeWidgetStates(widgets: readonly MissionWidgetState[]): void {
  safeStorage.setItem(MISSION_WIDGETS_KEY, JSON.stringify(widgets.slice(-MAX_KEPT)));
}

/** Mission ids whose claimed widget the player put away. */
export function readHiddenWidgets(): number[] {
  return readArray(HIDDEN_MISSION_WIDGETS_KEY).filter(isId);
}

export function writeHiddenWidgets(ids: readonly number[]): void {
  safeStorage.setItem(HIDDEN_MISSION_WIDGETS_KEY, JSON.stringify(ids.slice(-MAX_KEPT)));
}
