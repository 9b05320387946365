import type { LocalizedText } from '../../http/messages.ts';

/** Refusals of the cashback calls, in Portuguese (the base) and English. */
export const CASHBACK_MESSAGES = {
  notFound: { pt: 'Cashback não encontrado.', en: 'Cashback not found.' },
  notYet: {
    pt: 'Este cashback ainda não pode ser resgatado. Tente novamente no horário indicado (horário de Brasília).',
    en: 'This cashback cannot be claimed yet. Try again at the time shown (Brasília time).',
  },
  claimedAll: {
    pt: 'Você já resgatou tudo o que está disponível deste cashback por agora.',
    en: 'You have already claimed everything available from this cashback for now.',
  },
  disabled: { pt: 'O cashback está desativado neste site.', en: 'Cashback is turned off on this site.' },
  notPeriodStart: {
    pt: 'O período deve começar no dia da semana de liberação do cashback (cashback_release_day).',
    en: 'The period must start on the cashback release weekday (cashback_release_day).',
  },
  periodNotOver: {
    pt: 'Este período ainda não terminou. Para pagá-lo agora, envie immediate: true (o período fica encerrado para o cashback).',
    en: 'This period is not over yet. To pay it now, send immediate: true (the period is then closed for cashback).',
  },
  alreadyRun: { pt: 'O cashback deste período já foi calculado.', en: 'The cashback of this period was already computed.' },
  laterPeriodRun: {
    pt: 'O cashback de um período posterior já foi calculado: os períodos são pagos em ordem, e as perdas deste já podem ter sido contadas.',
    en: 'The cashback of a later period was already computed: periods are paid in order, and this one’s losses may already have been counted.',
  },
} satisfies Record<string, LocalizedText>;
