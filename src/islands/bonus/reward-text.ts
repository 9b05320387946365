import type { TFunction } from 'i18next';
import type { CouponRewardView } from '../../contract/bonuses.ts';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { formatBRL } from '../../lib/money-format.ts';

const NUMBER_TAGS: Record<Locale, string> = { pt: 'pt-BR', en: 'en-US' };

/** "R$ 10,00 de bônus, rollover de 3× em até 7 dias" / "500 pontos VIP". */
export function rewardText(t: TFunction, reward: CouponRewardView, locale: Locale): string {
  if (reward.kind === 'vip_points') return t('bonus.reward.vip_points', { points: reward.points.toLocaleString(NUMBER_TAGS[locale]) });
  return t('bonus.reward.bonus', {
    amount: formatBRL(reward.amount, locale),
    multiplier: reward.rollover_multiplier.toLocaleString(NUMBER_TAGS[locale]),
    days: reward.expires_days,
  });
}
