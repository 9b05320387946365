import type { LimitPeriod, MoneyLimitKind } from '../../../src/contract/responsible-gaming.ts';
import type { LocalizedText, MessageLocale } from '../../http/messages.ts';
import { fill } from '../auth/messages.ts';
import { LIMIT_TIME_ZONE } from './periods.ts';

/** Refusal texts of the responsible-gaming rules; `{{name}}` placeholders filled by `fill`. */
export const RG_MESSAGES = {
  limitReached: {
    pt: '{{action}} ultrapassa seu limite {{period}} de {{kind}} de {{limit}} (disponível: {{left}}). O limite renova em {{resets}} (horário de Brasília).',
    en: '{{action}} would exceed your {{period}} {{kind}} limit of {{limit}} (left: {{left}}). The limit resets on {{resets}} (Brasília time).',
  },
  coolingOff: {
    pt: 'Você está em pausa até {{until}} (horário de Brasília): apostas e depósitos estão bloqueados. Saques continuam disponíveis.',
    en: 'You are taking a break until {{until}} (Brasília time): bets and deposits are blocked. Withdrawals remain available.',
  },
  sessionLimit: {
    pt: 'Seu limite de tempo de sessão ({{limit}}) foi atingido: as apostas estão bloqueadas. Saia e faça uma pausa.',
    en: 'Your session time limit ({{limit}}) has been reached: bets are blocked. Log out and take a break.',
  },
  limitsRequired: {
    pt: 'Antes de apostar ou depositar, escolha seu limite de perdas e seu limite de tempo por sessão (exigência da Portaria SPA/MF nº 1.231/2024). Defina-os em Jogo Responsável.',
    en: 'Before betting or depositing, choose your loss limit and your time limit per session (required by SPA/MF Ordinance 1,231/2024). Set them under Responsible Gaming.',
  },
  registrationIncomplete: {
    pt: 'Antes de apostar ou depositar, complete seu cadastro: informe seu CPF, confirme que tem 18 anos ou mais e aceite os termos e condições (exigência da Lei nº 14.790/2023).',
    en: 'Before betting or depositing, complete your registration: enter your CPF, confirm you are 18 or older and accept the terms and conditions (required by Law 14,790/2023).',
  },
  coolOffShorter: {
    pt: 'Você já está em pausa até {{until}}: uma pausa não pode ser encurtada.',
    en: 'You are already taking a break until {{until}}: a break cannot be shortened.',
  },
} satisfies Record<string, LocalizedText>;

const ACTIONS: Record<'bet' | 'deposit', LocalizedText> = {
  bet: { pt: 'Esta aposta', en: 'This bet' },
  deposit: { pt: 'Este depósito', en: 'This deposit' },
};
const KINDS: Record<MoneyLimitKind, LocalizedText> = {
  deposit: { pt: 'depósitos', en: 'deposit' },
  loss: { pt: 'perdas', en: 'loss' },
  wager: { pt: 'apostas', en: 'wager' },
};
const PERIODS: Record<LimitPeriod, LocalizedText> = {
  day: { pt: 'diário', en: 'daily' },
  week: { pt: 'semanal', en: 'weekly' },
  month: { pt: 'mensal', en: 'monthly' },
};

const TAGS: Record<MessageLocale, string> = { pt: 'pt-BR', en: 'en-US' };
const dateFormats = {
  pt: new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: LIMIT_TIME_ZONE }),
  en: new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: LIMIT_TIME_ZONE }),
};

/** BRL in the locale's writing: `R$ 10,00`, `R$10.00`. */
export function brl(centavos: bigint | number, locale: MessageLocale): string {
  return new Intl.NumberFormat(TAGS[locale], { style: 'currency', currency: 'BRL' }).format(Number(centavos) / 100);
}

/** A date and time in Brasília time, as players there read it. */
export function brasiliaTime(at: Date, locale: MessageLocale): string {
  return dateFormats[locale].format(at);
}

/** `2 h`, `30 min`. */
export function minutesText(minutes: number): string {
  return minutes % 60 === 0 ? `${minutes / 60} h` : `${minutes} min`;
}

/** Both languages of a limit refusal naming the limit, what is left and when it resets. */
export function limitReachedMessage(input: {
  action: 'bet' | 'deposit';
  kind: MoneyLimitKind;
  period: LimitPeriod;
  limit: bigint;
  left: bigint;
  resetsAt: Date;
}): LocalizedText {
  const text = (locale: MessageLocale) =>
    fill(RG_MESSAGES.limitReached[locale], {
      action: ACTIONS[input.action][locale],
      period: PERIODS[input.period][locale],
      kind: KINDS[input.kind][locale],
      limit: brl(input.limit, locale),
      left: brl(input.left < 0n ? 0n : input.left, locale),
      resets: brasiliaTime(input.resetsAt, locale),
    });
  return { pt: text('pt'), en: text('en') };
}

/** Both languages of `template` with `vars` computed per language. */
export function localized(template: LocalizedText, vars: (locale: MessageLocale) => Record<string, string | number>): LocalizedText {
  return { pt: fill(template.pt, vars('pt')), en: fill(template.en, vars('en')) };
}
