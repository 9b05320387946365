import type { TFunction } from 'i18next';
import { useStore } from '@nanostores/react';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { formatDay } from '../../lib/auth/dates.ts';
import { $accountClosed } from '../../stores/account-closure.ts';

/** What an account page shows once the player closed their account here: the date, no login modal. */
export function AccountClosedNotice({ t, locale }: { t: TFunction; locale: Locale }) {
  const closed = useStore($accountClosed);
  if (!closed) return null;
  return (
    <div className="notice" role="status">
      <strong>{t('account.closure.closedTitle')}</strong>
      <p>{t('account.closure.closed', { date: formatDay(closed.closed_at, locale) })}</p>
    </div>
  );
}
