import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { localePath } from '../../i18n/locales.ts';
import { $couponList, loadCoupons } from '../../stores/coupons.ts';
import { $session } from '../../stores/session.ts';
import { installSessionEffects } from '../auth/session-effects.ts';
import { useTranslator } from '../auth/use-translator.ts';
import '../account/account.css';
import './bonus.css';
import { rewardText } from './reward-text.ts';

const DATE_TAGS: Record<Locale, string> = { pt: 'pt-BR', en: 'en-US' };

/**
 * `/promo-codes`: the tenant's public coupons on offer now (`GET
 * /bonuses/coupons`), visitors included, each with "Usar", a link to
 * `/bonus?coupon=CODE` that fills the coupon field there (the player applies
 * it, logged in). The player's own redemptions follow.
 */
export function PromoCodesApp({ locale }: { locale: Locale }) {
  const t = useTranslator(locale);
  const state = useStore($couponList);
  const session = useStore($session);

  useEffect(() => installSessionEffects(), []);
  // Again after a login: the list then says which codes the player used.
  useEffect(() => void loadCoupons(), [session.status]);

  if (!t) return <p className="account-loading">…</p>;
  if (state.status === 'failed') {
    return (
      <div className="account-card bonus-failed">
        <p className="form-message form-message--error" role="alert">
          {t('bonus.promoCodes.failed')}
        </p>
        <button type="button" className="button" onClick={() => void loadCoupons()}>
          {t('bonus.active.retry')}
        </button>
      </div>
    );
  }
  if (state.status !== 'ready') return <p className="account-loading">…</p>;
  const { data, redemptions } = state.answer;
  const dateText = (iso: string) => new Intl.DateTimeFormat(DATE_TAGS[locale], { dateStyle: 'short' }).format(new Date(iso));
  return (
    <>
      {data.length === 0 ? (
        <p className="account-card">{t('bonus.promoCodes.empty')}</p>
      ) : (
        <ul className="promo-codes">
          {data.map((coupon) => (
            <li key={coupon.code} className="account-card promo-code" data-testid="promo-code">
              <div className="promo-code__text">
                <span className="promo-code__code">{coupon.code}</span>
                <p>{coupon.description[locale]}</p>
                <p className="promo-code__meta">
                  {rewardText(t, coupon.reward, locale)}
                  {coupon.ends_at && ` · ${t('bonus.promoCodes.until', { date: dateText(coupon.ends_at) })}`}
                </p>
              </div>
              {coupon.available ? (
                <a className="button button--primary" href={`${localePath(locale, '/bonus')}?coupon=${encodeURIComponent(coupon.code)}`}>
                  {t('bonus.promoCodes.use', { code: coupon.code })}
                </a>
              ) : (
                <span className="promo-code__meta">{t('bonus.promoCodes.used')}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      {redemptions.length > 0 && (
        <section className="account-card" aria-labelledby="promo-redemptions">
          <h2 id="promo-redemptions">{t('bonus.promoCodes.redemptions')}</h2>
          <ul className="bonus-list">
            {redemptions.map((r, i) => (
              <li key={`${r.code}-${i}`}>
                <strong>{r.code}</strong> · {rewardText(t, r.reward, locale)} · <time dateTime={r.date}>{dateText(r.date)}</time>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
