import type { TFunction } from 'i18next';
import { useStore } from '@nanostores/react';
import { lazy, type SubmitEvent, Suspense, useId } from 'react';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { formatPhone } from '../../lib/auth/phone.ts';
import { $account } from '../../stores/profile.ts';
import { type Channel, confirmVerificationCode, sendVerificationCode, setVerificationCode, verification } from '../../stores/verification.ts';
import { FormMessage, TextField } from '../auth/fields.tsx';

// The identity documents (issue 17) load only on this page: the other account pages never download them.
const DocumentsCard = lazy(() => import('./DocumentsCard.tsx').then((m) => ({ default: m.DocumentsCard })));

/**
 * `/user/edit/verification` ("Verificar conta"): e-mail and phone, each with
 * a code and a 20 s resend wait, then the identity documents.
 */
export function VerificationView({ t, locale }: { t: TFunction; locale: Locale }) {
  const user = useStore($account);
  if (!user) return null;
  return (
    <>
      <ChannelCard t={t} channel="email" destination={user.email ?? ''} verifiedAt={user.email_verified_at ?? null} />
      <ChannelCard t={t} channel="phone" destination={formatPhone(user.username)} verifiedAt={user.phone_verified_at ?? null} />
      <Suspense fallback={<p className="account-loading">{t('account.loading')}</p>}>
        <DocumentsCard t={t} locale={locale} />
      </Suspense>
    </>
  );
}

function ChannelCard({ t, channel, destination, verifiedAt }: { t: TFunction; channel: Channel; destination: string; verifiedAt: string | null }) {
  const state = verification[channel];
  const status = useStore(state.$state);
  const code = useStore(state.$code);
  const error = useStore(state.$error);
  const notice = useStore(state.$notice);
  const seconds = useStore(state.resend.$seconds);
  const headingId = useId();
  const verified = Boolean(verifiedAt);
  const sent = status.status === 'sent' || status.status === 'confirming';

  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    void confirmVerificationCode(channel);
  };

  return (
    <section className="account-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t(channel === 'email' ? 'account.verification.emailHeading' : 'account.verification.phoneHeading')}</h2>
      <p>
        {destination}{' '}
        <span className={`status-pill${verified ? ' status-pill--ok' : ''}`}>
          {t(verified ? 'account.verification.verified' : 'account.verification.notVerified')}
        </span>
      </p>
      <FormMessage t={t} message={notice} tone="info" />
      {!verified && channel === 'email' && destination === '' && <p>{t('account.verification.noEmail')}</p>}
      {!verified && destination !== '' && (
        <>
          <button type="button" className="button" disabled={seconds > 0 || status.status === 'sending'} onClick={() => void sendVerificationCode(channel)}>
            {seconds > 0
              ? t('account.verification.resendIn', { seconds })
              : sent
                ? t('account.verification.resend')
                : t('account.verification.send')}
          </button>
          {sent && (
            <form onSubmit={onSubmit} noValidate>
              <TextField
                t={t}
                label={t('auth.fields.code')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onValue={(c) => setVerificationCode(channel, c)}
                error={error}
              />
              <button type="submit" className="button button--primary" disabled={status.status === 'confirming'}>
                {t('account.verification.confirm')}
              </button>
            </form>
          )}
          {!sent && <FormMessage t={t} message={error} tone="error" />}
        </>
      )}
    </section>
  );
}
