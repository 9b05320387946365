import type { Locale } from '../../contract/tenant-bundle.ts';
import { loadActiveBonuses } from '../../stores/bonuses.ts';
import { PlayerOnly } from '../account/PlayerOnly.tsx';
import '../auth/auth.css';
import '../account/account.css';
import './bonus.css';
import { BonusView } from './BonusView.tsx';

/**
 * `/bonus` (auth): coupons, active bonuses, cashback. A visitor gets the
 * login prompt and the login modal, as on the account pages; the bonuses
 * load once a player is logged in (and again after a login here).
 */
export function BonusApp({ locale, regulated }: { locale: Locale; regulated: boolean }) {
  return (
    <PlayerOnly locale={locale} loginText="bonus.loginRequired" onPlayer={loadActiveBonuses}>
      {(t) => <BonusView t={t} locale={locale} regulated={regulated} />}
    </PlayerOnly>
  );
}
