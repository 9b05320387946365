import { onUserChannel } from '../../lib/auth/user-realtime.ts';
import { bindMissionEvents } from '../../stores/missions-realtime.ts';
import { loadMissions, resetMissions } from '../../stores/missions.ts';
import { $session } from '../../stores/session.ts';

/**
 * A signed-in player's missions on this page, started by the header once the
 * page is idle (never for a visitor): the list, the live events on each
 * player connection and the widgets' island. The list loads again after each
 * new sign-in and is dropped at logout.
 */
let started = false;
let loadedFor: string | null = null;

export function startPlayerMissions(): void {
  const session = $session.get();
  if (session.status !== 'user') return;
  if (!started) {
    started = true;
    onUserChannel((echo, channel) => bindMissionEvents(echo, channel));
    $session.listen((next) => {
      if (next.status !== 'user') {
        loadedFor = null;
        resetMissions();
      }
    });
    void import('./mount.tsx').then((m) => m.mountMissionWidgets()).catch(() => undefined);
  }
  if (loadedFor === session.token) return;
  loadedFor = session.token;
  void loadMissions();
}
