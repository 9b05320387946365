import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import type { AffiliatesAnswer } from '../../contract/referrals.ts';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { formatBRL } from '../../lib/money-format.ts';
import { $referrals, loadReferrals, referralLink } from '../../stores/referrals.ts';
import { FriendsList } from './FriendsList.tsx';
import { ReferralLinkCard } from './ReferralLinkCard.tsx';

/** What a qualified friend earns here, or why nothing is paid. */
function introText(t: TFunction, locale: Locale, answer: AffiliatesAnswer): string {
  if (answer.regulated) return t('refer.introRegulated');
  if (answer.reward_per_friend > 0) {
    return t('refer.introReward', { reward: formatBRL(answer.reward_per_friend, locale), min: formatBRL(answer.qualifying_deposit, locale) });
  }
  return t('refer.introNoReward');
}

/** The logged-in player's referral page: what it pays, the link with its copy and share buttons, the friends. */
export function RefersView({ t, locale, brand }: { t: TFunction; locale: Locale; brand: string }) {
  const load = useStore($referrals);
  if (load.status === 'idle' || load.status === 'loading') return <p className="account-loading">{t('account.loading')}</p>;
  if (load.status === 'error') {
    return (
      <div className="account-card" role="alert">
        <p>{t('refer.loadFailed')}</p>
        <button type="button" className="button" onClick={() => void loadReferrals()}>
          {t('refer.retry')}
        </button>
      </div>
    );
  }
  const { answer } = load;
  const link = referralLink(window.location.origin, locale, answer.code);
  return (
    <>
      <p className="refers__intro">{introText(t, locale, answer)}</p>
      <ReferralLinkCard t={t} link={link} code={answer.code} brand={brand} />
      <FriendsList t={t} locale={locale} answer={answer} />
    </>
  );
}
