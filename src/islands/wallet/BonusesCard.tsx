import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { walletBonuses } from '../../stores/wallet-bonuses.ts';
import { signedBRL, whenText } from './format.ts';
import { ListStatus } from './ListStatus.tsx';

/** "Bônus": bonus credits and rollover releases (`GET /wallet/bonuses`), a section of `/account/wallet`. */
export function BonusesCard({ t, locale }: { t: TFunction; locale: Locale }) {
  const { items } = useStore(walletBonuses.$state);
  const headingId = useId();
  const now = new Date();
  return (
    <section className="account-card wallet-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('wallet.bonuses.heading')}</h2>
      {items.length > 0 && (
        <ul className="wallet-rows">
          {items.map((bonus) => (
            <li key={bonus.id} className="wallet-row" data-testid="bonus-row" data-type={bonus.type}>
              <span className="wallet-row__main">
                <span className="wallet-row__title">{bonus.description ?? t(`wallet.bonuses.type.${bonus.type}`)}</span>
                <span className="wallet-row__meta">
                  {bonus.description ? `${t(`wallet.bonuses.type.${bonus.type}`)} · ` : ''}
                  <time dateTime={bonus.date}>{whenText(t, bonus.date, locale, now)}</time>
                </span>
              </span>
              <span className={`wallet-row__amount wallet-row__amount--${bonus.amount >= 0 ? 'in' : 'out'}`}>{signedBRL(bonus.amount, locale)}</span>
            </li>
          ))}
        </ul>
      )}
      <ListStatus t={t} list={walletBonuses} emptyKey="wallet.bonuses.empty" />
    </section>
  );
}
