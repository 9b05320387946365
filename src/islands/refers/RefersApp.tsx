import type { Locale } from '../../contract/tenant-bundle.ts';
import { loadReferrals } from '../../stores/referrals.ts';
import { PlayerOnly } from '../account/PlayerOnly.tsx';
import '../account/account.css';
import './refers.css';
import { RefersView } from './RefersView.tsx';

/**
 * `/refers` (auth): the player's referral link and friends. A visitor gets
 * the login prompt and the login modal, as on the account pages; the view
 * loads once a player is logged in (and again after a login here).
 */
export function RefersApp({ locale, brand }: { locale: Locale; brand: string }) {
  return (
    <PlayerOnly locale={locale} loginText="account.loginRequired" onPlayer={loadReferrals}>
      {(t) => <RefersView t={t} locale={locale} brand={brand} />}
    </PlayerOnly>
  );
}
