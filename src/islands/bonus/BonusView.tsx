import type { TFunction } from 'i18next';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { CashbackCard } from '../cashback/CashbackCard.tsx';
import { MissionsCard } from '../missions/MissionsCard.tsx';
import { ActiveBonuses } from './ActiveBonuses.tsx';
import { CouponCard } from './CouponCard.tsx';
import { FreeRoundsCard } from './FreeRoundsCard.tsx';

/**
 * The logged-in content of `/bonus` (spec: coupons field, active bonuses,
 * cashback; and the missions, issue 19), one card per concern, in this order.
 */
export function BonusView({ t, locale, regulated }: { t: TFunction; locale: Locale; regulated: boolean }) {
  return (
    <div className="bonus-view">
      {regulated && <p className="bonus-note bonus-note--regulated">{t('bonus.regulatedNote')}</p>}
      <CouponCard t={t} />
      <ActiveBonuses t={t} locale={locale} />
      <FreeRoundsCard t={t} locale={locale} />
      <CashbackCard t={t} locale={locale} />
      <MissionsCard t={t} locale={locale} />
    </div>
  );
}
