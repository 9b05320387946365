import { atom } from 'nanostores';
import type { ResponsibleGamingView, SessionSummary } from '../contract/responsible-gaming.ts';
import { timeSchedule } from '../lib/responsible-gaming/schedule.ts';
import { api } from './api.ts';
import { logout } from './auth.ts';
import { $session } from './session.ts';

/**
 * The time alert (reality check) and the session-time limit of issue 17,
 * for a logged-in player on any page: every N minutes of the session (the
 * player's choice on `/responsible-gambling`) a dialog shows the time played
 * and the net result with "Continuar" / "Parar" ("Parar" logs out); when the
 * session-time limit is reached a dialog says so and its button logs out
 * (the platform already refuses bets then).
 */
export type TimeAlert =
  | { status: 'hidden' }
  | { status: 'alert'; summary: SessionSummary }
  | { status: 'sessionOver'; minutes: number };

export const $timeAlert = atom<TimeAlert>({ status: 'hidden' });

let alertTimer: ReturnType<typeof setTimeout> | undefined;
let sessionTimer: ReturnType<typeof setTimeout> | undefined;
let generation = 0;

function clearTimers(): void {
  if (alertTimer !== undefined) clearTimeout(alertTimer);
  if (sessionTimer !== undefined) clearTimeout(sessionTimer);
  alertTimer = undefined;
  sessionTimer = undefined;
}

async function showAlert(run: number): Promise<void> {
  try {
    const summary = await api.get<SessionSummary>('/responsible-gambling/session');
    if (run !== generation || $session.get().status !== 'user') return;
    // The session-time limit's dialog wins over a time alert.
    if ($timeAlert.get().status !== 'sessionOver') $timeAlert.set({ status: 'alert', summary });
  } catch {
    // Offline or logged out meanwhile: the next watch (next page, next login) tries again.
  }
}

/** Schedules both from the platform's view of the player's settings. */
export function scheduleTimeAlerts(view: ResponsibleGamingView, fetchedAt: number = Date.now()): void {
  clearTimers();
  const run = ++generation;
  const { alertInMs, sessionEndsInMs } = timeSchedule(view, Date.now(), fetchedAt);
  if (alertInMs !== null) alertTimer = setTimeout(() => void showAlert(run), alertInMs);
  const minutes = view.session.value;
  if (sessionEndsInMs !== null && minutes !== null) {
    sessionTimer = setTimeout(() => {
      if (run === generation && $session.get().status === 'user') $timeAlert.set({ status: 'sessionOver', minutes });
    }, sessionEndsInMs);
  }
}

/**
 * Reads the player's settings and schedules the alerts (a logged-in player;
 * errors leave nothing scheduled). Returns the settings read (null when
 * none), so the sign-in's other checks need no second call.
 */
export async function watchPlayingTime(): Promise<ResponsibleGamingView | null> {
  if ($session.get().status !== 'user') return null;
  try {
    const fetchedAt = Date.now();
    const view = await api.get<ResponsibleGamingView>('/responsible-gambling');
    if ($session.get().status !== 'user') return null;
    scheduleTimeAlerts(view, fetchedAt);
    return view;
  } catch {
    clearTimers();
    return null;
  }
}

/** Logged out: nothing more to watch. */
export function stopWatchingTime(): void {
  generation += 1;
  clearTimers();
  if ($timeAlert.get().status !== 'hidden') $timeAlert.set({ status: 'hidden' });
}

/** "Continuar": closes the alert; the next one comes N minutes after this one. */
export function continuePlaying(): void {
  $timeAlert.set({ status: 'hidden' });
  void watchPlayingTime();
}

/** "Parar" (or the session limit's "Sair"): logs the player out and goes home. */
export async function stopPlaying(goHome: () => void): Promise<void> {
  stopWatchingTime();
  await logout(goHome);
}
