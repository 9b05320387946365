import type { TFunction } from 'i18next';
import { useId } from 'react';
import type { AffiliatesAnswer } from '../../contract/referrals.ts';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { formatDay } from '../../lib/datetime.ts';
import { formatBRL } from '../../lib/money-format.ts';

/** Brasília time, as the platform's periods and the rest of the account pages. */
const TIME_ZONE = 'America/Sao_Paulo';

/** The referred friends: masked name, sign-up day, status and reward; the totals above. */
export function FriendsList({ t, locale, answer }: { t: TFunction; locale: Locale; answer: AffiliatesAnswer }) {
  const id = useId();
  const { totals } = answer;
  return (
    <section className="account-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('refer.friendsTitle')}</h2>
      <p className="refers__totals">
        {t('refer.totals', { friends: totals.friends, qualified: totals.qualified, rewards: formatBRL(totals.rewards, locale) })}
      </p>
      {answer.data.length === 0 ? (
        <p>{t('refer.empty')}</p>
      ) : (
        <ul className="refers__friends">
          {answer.data.map((friend, index) => (
            <li key={`${friend.registered_at}-${index}`} className="refers__friend">
              <span className="refers__friend-name">{friend.name}</span>
              <span className="refers__friend-date">{t('refer.registeredOn', { date: formatDay(friend.registered_at, locale, TIME_ZONE) })}</span>
              <span className={`refers__badge refers__badge--${friend.status}`}>{t(`refer.status.${friend.status}`)}</span>
              <span className="refers__friend-reward">
                {friend.status === 'qualified' && friend.reward > 0 ? t('refer.reward', { amount: formatBRL(friend.reward, locale) }) : t('refer.noReward')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
