import type { LocalizedText, MessageLocale } from '../../http/messages.ts';
import { fill } from '../auth/messages.ts';
import { brl } from '../responsible-gaming/messages.ts';
import { HOUSE_GAME_TITLES } from '../house/limits.ts';
import type { CouponReward } from './schema.ts';

/** Coupon answers and refusals; `{{name}}` placeholders filled by `fill`. */
export const COUPON_MESSAGES = {
  invalid: { pt: 'Cupom inválido. Confira o código e tente de novo.', en: 'Invalid coupon. Check the code and try again.' },
  notStarted: { pt: 'Este cupom ainda não está valendo.', en: 'This coupon is not valid yet.' },
  expired: { pt: 'Este cupom expirou.', en: 'This coupon has expired.' },
  usedUp: { pt: 'Este cupom esgotou: todos os usos já foram resgatados.', en: 'This coupon is used up: every use has been claimed.' },
  alreadyUsed: { pt: 'Você já usou este cupom.', en: 'You have already used this coupon.' },
  redeemedBonus: {
    pt: 'Cupom aplicado: {{amount}} de bônus. Aposte {{rollover}} até {{until}} para liberar o saque.',
    en: 'Coupon applied: {{amount}} bonus. Bet {{rollover}} by {{until}} to make it withdrawable.',
  },
  redeemedBonusNoRollover: { pt: 'Cupom aplicado: {{amount}} de bônus, já disponível para saque.', en: 'Coupon applied: {{amount}} bonus, withdrawable now.' },
  redeemedPoints: { pt: 'Cupom aplicado: {{points}} pontos VIP.', en: 'Coupon applied: {{points}} VIP points.' },
  redeemedFreeRounds: {
    pt: 'Cupom aplicado: {{rounds}} rodadas grátis de {{game}}, {{stake}} cada, até {{until}}.',
    en: 'Coupon applied: {{rounds}} free rounds of {{game}}, {{stake}} each, until {{until}}.',
  },
  redeemedFreeRound: {
    pt: 'Cupom aplicado: 1 rodada grátis de {{game}}, {{stake}}, até {{until}}.',
    en: 'Coupon applied: 1 free round of {{game}}, {{stake}}, until {{until}}.',
  },
  notFound: { pt: 'Cupom não encontrado.', en: 'Coupon not found.' },
  exists: { pt: 'Já existe um cupom com este código.', en: 'A coupon with this code already exists.' },
  patchNotObject: { pt: 'Envie um objeto JSON com os campos a alterar.', en: 'Send a JSON object with the fields to change.' },
} satisfies Record<string, LocalizedText>;

const dates = {
  pt: new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeZone: 'America/Sao_Paulo' }),
  en: new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'America/Sao_Paulo' }),
};

/** What a redeemed coupon gave, in `locale`. */
export function redeemedMessage(reward: CouponReward, expiresAt: Date | null, locale: MessageLocale): string {
  if (reward.kind === 'vip_points') return fill(COUPON_MESSAGES.redeemedPoints[locale], { points: reward.points.toLocaleString(locale === 'pt' ? 'pt-BR' : 'en-US') });
  if (reward.kind === 'free_rounds') {
    return fill(COUPON_MESSAGES[reward.rounds === 1 ? 'redeemedFreeRound' : 'redeemedFreeRounds'][locale], {
      rounds: String(reward.rounds),
      game: HOUSE_GAME_TITLES[reward.game],
      stake: brl(reward.stake, locale),
      until: expiresAt ? dates[locale].format(expiresAt) : '—',
    });
  }
  const rollover = Math.ceil(reward.amount * reward.rollover_multiplier);
  if (rollover === 0) return fill(COUPON_MESSAGES.redeemedBonusNoRollover[locale], { amount: brl(reward.amount, locale) });
  return fill(COUPON_MESSAGES.redeemedBonus[locale], {
    amount: brl(reward.amount, locale),
    rollover: brl(rollover, locale),
    until: expiresAt ? dates[locale].format(expiresAt) : '—',
  });
}
