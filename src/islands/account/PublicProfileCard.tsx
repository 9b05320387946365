import type { TFunction } from 'i18next';
import { useStore } from '@nanostores/react';
import { useEffect, useId } from 'react';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { formatDay } from '../../lib/auth/dates.ts';
import { $account, $publicProfile, loadPublicProfile } from '../../stores/profile.ts';
import { messageText } from '../auth/use-translator.ts';

/**
 * What other players see (`/profile/show` on the player's own id): whatever
 * the platform leaves out because of the privacy toggles shows as hidden.
 * Reloaded whenever the player's settings change.
 */
export function PublicProfileCard({ t, locale, userId }: { t: TFunction; locale: Locale; userId: number }) {
  const state = useStore($publicProfile);
  const user = useStore($account);
  const headingId = useId();
  const settingsKey = JSON.stringify([user?.settings, user?.hide_metrics, user?.name, user?.avatar]);
  useEffect(() => {
    void loadPublicProfile(userId);
  }, [userId, settingsKey]);

  const show = (value: unknown, format: (v: unknown) => string = String) =>
    value === undefined || value === null || value === '' ? t('account.public.hidden') : format(value);

  return (
    <section className="account-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('account.public.heading')}</h2>
      {state.status === 'loading' && <p>{t('account.loading')}</p>}
      {state.status === 'error' && <p role="alert">{messageText(t, state.message)}</p>}
      {state.status === 'ready' && (
        <dl className="public-profile" aria-label={t('account.public.heading')}>
          <dt>{t('account.public.name')}</dt>
          <dd>{show(state.profile.name)}</dd>
          <dt>{t('account.public.level')}</dt>
          <dd>{show(state.profile.level)}</dd>
          <dt>{t('account.public.totalBet')}</dt>
          <dd>{show(state.profile.totalBet)}</dd>
          <dt>{t('account.public.since')}</dt>
          <dd>{show(state.profile.created_at, (v) => formatDay(String(v), locale))}</dd>
        </dl>
      )}
    </section>
  );
}
