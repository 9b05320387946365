import type { LocalizedText } from '../../http/messages.ts';
import { brasiliaTime, localized } from '../responsible-gaming/messages.ts';

/** Player-facing texts of the barred-bettor check; `{{name}}` placeholders filled by `localized`. */
export const BARRED_MESSAGES = {
  registrationBarred: {
    pt: 'Este CPF consta na lista de pessoas impedidas de apostar do Ministério da Fazenda (SIGAP) e não pode ser cadastrado.',
    en: 'This CPF is on the Ministry of Finance’s list of people barred from betting (SIGAP) and cannot be registered.',
  },
  checkUnavailable: {
    pt: 'Não foi possível consultar agora a lista de impedidos do Ministério da Fazenda, exigida para o cadastro. Tente novamente mais tarde.',
    en: 'The Ministry of Finance’s list of barred bettors, required to register, cannot be checked right now. Please try again later.',
  },
  refused: {
    pt: 'Seu CPF consta na lista de pessoas impedidas de apostar do Ministério da Fazenda (SIGAP): apostas e depósitos estão bloqueados. Você pode sacar seu saldo; a conta será encerrada em {{closes}} (horário de Brasília).',
    en: 'Your CPF is on the Ministry of Finance’s list of people barred from betting (SIGAP): bets and deposits are blocked. You can withdraw your balance; the account will be closed on {{closes}} (Brasília time).',
  },
  barredTitle: { pt: 'Conta bloqueada para apostas', en: 'Account blocked for betting' },
  barredNotice: {
    pt: 'Seu CPF passou a constar na lista de pessoas impedidas de apostar do Ministério da Fazenda (SIGAP). Apostas e depósitos foram bloqueados. Você pode sacar seu saldo; a conta será encerrada em {{closes}} (horário de Brasília).',
    en: 'Your CPF is now on the Ministry of Finance’s list of people barred from betting (SIGAP). Bets and deposits have been blocked. You can withdraw your balance; the account will be closed on {{closes}} (Brasília time).',
  },
  liftedTitle: { pt: 'Bloqueio retirado', en: 'Block lifted' },
  liftedNotice: {
    pt: 'Seu CPF não consta mais na lista de pessoas impedidas de apostar do Ministério da Fazenda (SIGAP). Apostas e depósitos estão liberados novamente.',
    en: 'Your CPF is no longer on the Ministry of Finance’s list of people barred from betting (SIGAP). Bets and deposits are allowed again.',
  },
  playerNotFound: { pt: 'Jogador não encontrado.', en: 'Player not found.' },
  checkOff: { pt: 'A consulta de impedidos está desligada (SIGAP_PROVIDER=none).', en: 'The barred-bettor check is off (SIGAP_PROVIDER=none).' },
  cpfMissing: { pt: 'O jogador não tem CPF cadastrado: não há o que consultar.', en: 'The player has no CPF on file: there is nothing to check.' },
  operatorUnavailable: {
    pt: 'Não foi possível consultar a lista de impedidos do Ministério da Fazenda agora. Tente novamente mais tarde.',
    en: 'The Ministry of Finance’s list of barred bettors cannot be checked right now. Please try again later.',
  },
} satisfies Record<string, LocalizedText>;

/** `template` with `{{closes}}` as the closing instant in Brasília time, each language its own way. */
export function withClosing(template: LocalizedText, closesAt: Date): LocalizedText {
  return localized(template, (locale) => ({ closes: brasiliaTime(closesAt, locale) }));
}
