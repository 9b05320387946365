import type { ResponsibleGamingView } from '../../contract/responsible-gaming.ts';

/**
 * When the time alert and the end of the session come, from the platform's
 * view and the browser's clock: the platform's `now` sets the offset, so a
 * wrong browser clock does not move them. Null = none to schedule.
 */
export interface TimeSchedule {
  /** Milliseconds until the next time alert. */
  alertInMs: number | null;
  /** Milliseconds until the session-time limit ends the session (0 = already over). */
  sessionEndsInMs: number | null;
}

export function timeSchedule(view: Pick<ResponsibleGamingView, 'now' | 'session' | 'reality_check_minutes' | 'minute_seconds'>, clientNow: number, fetchedAt: number = clientNow): TimeSchedule {
  const serverNow = Date.parse(view.now) + (clientNow - fetchedAt);
  const started = view.session.started_at ? Date.parse(view.session.started_at) : null;
  let alertInMs: number | null = null;
  if (started !== null && view.reality_check_minutes) {
    const interval = view.reality_check_minutes * view.minute_seconds * 1000;
    const elapsed = Math.max(0, serverNow - started);
    alertInMs = interval - (elapsed % interval);
  }
  const sessionEndsInMs = view.session.ends_at ? Math.max(0, Date.parse(view.session.ends_at) - serverNow) : null;
  return { alertInMs, sessionEndsInMs };
}

/** `1 h 05 min`, `12 min`, `45 s` for the time alert's "time played". */
export function playedText(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  if (h > 0) return `${h} h ${String(m).padStart(2, '0')} min`;
  if (m > 0) return `${m} min`;
  return `${Math.max(0, Math.floor(seconds))} s`;
}
