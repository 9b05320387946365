import type { TFunction } from 'i18next';
import { useStore } from '@nanostores/react';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { formatDay } from '../../lib/auth/dates.ts';
import { $selfExclusion } from '../../stores/auth.ts';

/** The refusal of a self-excluded player, with the period's start and end dates. */
export function SelfExclusionNotice({ t, locale }: { t: TFunction; locale: Locale }) {
  const period = useStore($selfExclusion);
  if (!period) return null;
  return (
    <div className="notice notice--warning" role="alert">
      <strong>{t('auth.login.selfExcludedTitle')}</strong>
      <p>{t('auth.selfExcluded', { start: formatDay(period.start_at, locale), end: formatDay(period.end_at, locale) })}</p>
    </div>
  );
}
