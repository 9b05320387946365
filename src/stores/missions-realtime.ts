import { RealtimeEvent } from '../contract/realtime.ts';
import { receiveMission } from './missions.ts';

/** The part of laravel-echo's objects this binding uses (tests pass fakes). */
export interface MissionEcho {
  private(channel: string): { listen(event: string, callback: (payload: unknown) => void): unknown };
}

/**
 * Listens on a new player connection: `MissionAssigned` (the operator gave
 * the player a mission) and `MissionProgress` (an accepted mission moved or
 * completed) on the player's private channel; both carry `{mission}`.
 */
export function bindMissionEvents(echo: MissionEcho, channel: string): void {
  const own = echo.private(channel);
  own.listen(RealtimeEvent.MissionAssigned, receiveMission);
  own.listen(RealtimeEvent.MissionProgress, receiveMission);
}
