import type { TFunction } from 'i18next';
import type { MissionReward, MissionView } from '../../contract/missions.ts';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { formatBRL } from '../../lib/money-format.ts';
import type { MissionFailure } from '../../stores/missions.ts';

/** Texts of a mission for the widgets, the /bonus list and the chat, in the page's language. */

const NUMBER_TAGS: Record<Locale, string> = { pt: 'pt-BR', en: 'en-US' };

/** A multiplier kept ×100 (250) as people read it (2,5 / 2.5). */
function multiplier(value: number, locale: Locale): string {
  return new Intl.NumberFormat(NUMBER_TAGS[locale], { maximumFractionDigits: 2 }).format(value / 100);
}

function count(value: number, locale: Locale): string {
  return new Intl.NumberFormat(NUMBER_TAGS[locale]).format(value);
}

/** "R$ 30,00 de R$ 100,00 apostados", "3 de 10 rodadas" … */
export function progressText(t: TFunction, mission: MissionView, locale: Locale): string {
  switch (mission.kind) {
    case 'wager':
    case 'deposit':
      return t(`missions.progress.${mission.kind}`, { done: formatBRL(mission.progress, locale), target: formatBRL(mission.target, locale) });
    case 'multiplier':
      return t('missions.progress.multiplier', { done: multiplier(mission.progress, locale), target: multiplier(mission.target, locale) });
    default:
      return t(`missions.progress.${mission.kind}`, { done: count(mission.progress, locale), target: count(mission.target, locale) });
  }
}

/** "50 pontos VIP", "R$ 10,00 de bônus (rollover 5×)", "Caixa Dourada" (a box named "Dourada" or "Caixa Dourada"). */
export function rewardText(t: TFunction, reward: MissionReward, locale: Locale): string {
  switch (reward.kind) {
    case 'vip_points':
      return t('missions.reward.vipPoints', { count: reward.points, points: count(reward.points, locale) });
    case 'bonus':
      return reward.rollover_multiplier > 0
        ? t('missions.reward.bonus', { amount: formatBRL(reward.amount, locale), multiplier: reward.rollover_multiplier })
        : t('missions.reward.bonusNoRollover', { amount: formatBRL(reward.amount, locale) });
    case 'box': {
      // Operators mostly name boxes "Caixa Bronze" / "Bronze Box": the word is then not said twice.
      const name = reward.box_name[locale];
      return /\b(caixa|box)\b/i.test(name) ? name : t('missions.reward.box', { name });
    }
  }
}

/** A failed claim or accept as one line (spec: the server's message, else the fixed texts). */
export function failureText(t: TFunction, failure: MissionFailure, action: 'claim' | 'accept'): string {
  if (failure.reason === 'server') return failure.message;
  if (action === 'accept') return t('missions.acceptFailed');
  return failure.reason === 'failed' ? t('missions.claimFailed') : t('missions.claimUnknown');
}
