import type { TFunction } from 'i18next';
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useId } from 'react';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { PRIVACY_SETTINGS } from '../../contract/validation/profile.ts';
import { $account, $avatarUpload, $profileNotice, $toggleError, $toggleSaving, AVATAR_TYPES, saveHideMetrics, savePrivacySetting, uploadAvatar } from '../../stores/profile.ts';
import { FormMessage } from '../auth/fields.tsx';
import { messageText } from '../auth/use-translator.ts';
import { CloseAccountCard } from './CloseAccountCard.tsx';
import { DataExportCard } from './DataExportCard.tsx';
import { PublicProfileCard } from './PublicProfileCard.tsx';
import { SelfExclusionCard } from './SelfExclusionCard.tsx';

// The cashback card (issue 18, spec "profile with ranks and cashback") comes in its own chunk, after the profile shows.
const CashbackCard = lazy(() => import('../cashback/CashbackCard.tsx').then((m) => ({ default: m.CashbackCard })));
// The rank card (issue 18): the player's rank and the bar to the next one, in its own chunk too.
const RankCard = lazy(() => import('../ranking/RankCard.tsx').then((m) => ({ default: m.RankCard })));

/** `/user`: picture, privacy toggles (section 3), the public view, self-exclusion, the data download and closing the account (issue 17). */
export function ProfileView({ t, locale }: { t: TFunction; locale: Locale }) {
  const user = useStore($account);
  const upload = useStore($avatarUpload);
  const saving = useStore($toggleSaving);
  const toggleError = useStore($toggleError);
  const notice = useStore($profileNotice);
  const fileId = useId();
  if (!user) return null;
  const settings = user.settings ?? {};

  return (
    <>
      <section className="account-card" aria-labelledby={`${fileId}-identity`}>
        <h2 id={`${fileId}-identity`} className="visually-hidden">
          {t('account.avatar.label')}
        </h2>
        <div className="account-identity">
          {user.avatar ? (
            <img className="account-avatar" src={user.avatar} alt={t('account.avatar.label')} width={72} height={72} />
          ) : (
            <span className="account-avatar account-avatar--empty" aria-hidden="true">
              {user.name.slice(0, 1).toUpperCase()}
            </span>
          )}
          <div>
            <p>
              <strong>{user.name}</strong>
            </p>
            {typeof user.level === 'number' && <p>{t('account.level', { level: user.level })}</p>}
          </div>
        </div>
        <div className="field">
          <label htmlFor={fileId}>{t('account.avatar.change')}</label>
          <input
            id={fileId}
            type="file"
            accept={AVATAR_TYPES.join(',')}
            aria-describedby={`${fileId}-hint`}
            disabled={upload.status === 'saving'}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void uploadAvatar(file);
              e.target.value = '';
            }}
          />
          <p id={`${fileId}-hint`} className="field__hint">
            {t('account.avatar.hint')}
          </p>
          {upload.status === 'error' && (
            <p className="field__error" role="alert">
              {messageText(t, upload.message)}
            </p>
          )}
        </div>
      </section>

      <section className="account-card" aria-labelledby={`${fileId}-privacy`}>
        <h2 id={`${fileId}-privacy`}>{t('account.privacy.heading')}</h2>
        <ul className="toggle-list">
          {PRIVACY_SETTINGS.map((setting) => (
            <li key={setting}>
              <label>
                <input
                  type="checkbox"
                  checked={settings[setting] === true}
                  disabled={saving.has(setting)}
                  onChange={(e) => void savePrivacySetting(setting, e.target.checked)}
                />
                {t(`account.privacy.${setting}`)}
              </label>
            </li>
          ))}
          <li>
            <label>
              <input
                type="checkbox"
                checked={user.hide_metrics === true}
                disabled={saving.has('hide_metrics')}
                onChange={(e) => void saveHideMetrics(e.target.checked)}
              />
              {t('account.privacy.hide_metrics')}
            </label>
          </li>
        </ul>
        <FormMessage t={t} message={toggleError} tone="error" />
        <FormMessage t={t} message={notice} tone="info" />
      </section>

      <Suspense fallback={null}>
        <RankCard t={t} locale={locale} />
      </Suspense>
      <Suspense fallback={null}>
        <CashbackCard t={t} locale={locale} />
      </Suspense>
      <PublicProfileCard t={t} locale={locale} userId={user.id} />
      <SelfExclusionCard t={t} />
      <DataExportCard t={t} />
      <CloseAccountCard t={t} />
    </>
  );
}
