import type { AccountUser } from '../../lib/auth/account-user.ts';
import { onSignedOut, onUserRealtime } from '../../stores/auth.ts';
import { $session } from '../../stores/session.ts';
import { $riskWarning, dismissRiskWarning } from '../../stores/risk-warning.ts';
import { $welcome, dismissWelcome } from '../../stores/welcome.ts';

/**
 * Wires the side effects of signing in and out that need heavy code (the
 * realtime client), loaded on demand. Called by every entry that can change
 * the session (the auth island, the header's start-up check, the account
 * island); installing twice is a no-op.
 */
let installed = false;

export function installSessionEffects(): void {
  if (installed) return;
  installed = true;
  onUserRealtime((user) => {
    const session = $session.get();
    if (session.status !== 'user') return;
    void import('../../lib/auth/user-realtime.ts')
      .then((m) => m.joinUserChannels(user.id, session.token))
      .catch(() => undefined);
    void import('../notifications/player.ts').then((m) => m.startPlayerNotifications()).catch(() => undefined);
    void import('../push/start.ts').then((m) => m.startPushPrompt()).catch(() => undefined);
    // The time alert and the session-time limit (issue 17): scheduled from the player's settings.
    void Promise.all([import('../responsible-gaming/mount.tsx'), import('../../stores/time-alert.ts')])
      .then(async ([mount, alert]) => {
        mount.ensureTimeAlertRoot();
        const view = await alert.watchPlayingTime();
        // A regulated tenant's account made by a first Google sign-in still owes its registration data or limits: ask for them.
        if (!view?.registration_limits_required && !view?.registration_details_required) return;
        const limits = await import('../../stores/registration-limits.ts');
        mount.ensureRegistrationLimitsRoot();
        limits.askRegistrationLimits(view);
      })
      .catch(() => undefined);
  });
  // A player the regulator bars (SIGAP) is told so on every page; the banner's code loads only for them.
  $session.subscribe((session) => {
    if (session.status === 'user' && (session.user as AccountUser).barred) {
      void import('../barred/mount.tsx').then((m) => m.ensureBarredBannerRoot()).catch(() => undefined);
    }
  });
  // The risk warning raised by each login (issue 17), shown until dismissed.
  $riskWarning.subscribe((shown) => {
    if (shown) void import('../responsible-gaming/mount.tsx').then((m) => m.ensureRiskWarningRoot()).catch(() => undefined);
  });
  $welcome.subscribe((welcome) => {
    if (welcome.shown) void import('../welcome/mount.tsx').then((m) => m.ensureWelcomeRoot()).catch(() => undefined);
  });
  onSignedOut(() => {
    dismissWelcome();
    dismissRiskWarning();
    void import('../../stores/time-alert.ts').then((m) => m.stopWatchingTime()).catch(() => undefined);
    void import('../../lib/auth/user-realtime.ts').then((m) => m.leaveAllChannels()).catch(() => undefined);
  });
}
