import type { LocalizedText } from '../../http/messages.ts';

/** Platform texts of account closure, in Portuguese and English ({{name}} placeholders filled by `fill`). */
export const CLOSURE_MESSAGES = {
  passwordWrong: { pt: 'Senha incorreta.', en: 'Wrong password.' },
  passwordRequired: { pt: 'Digite sua senha para confirmar.', en: 'Enter your password to confirm.' },
  confirmationRequired: {
    pt: 'Digite ENCERRAR para confirmar.',
    en: 'Type CLOSE to confirm.',
  },
  balanceLeft: {
    pt: 'Saque seu saldo de {{amount}} antes de encerrar a conta.',
    en: 'Withdraw your balance of {{amount}} before closing the account.',
  },
  withdrawalInFlight: {
    pt: 'Você tem um saque em andamento. Aguarde a conclusão (ou cancele-o) antes de encerrar a conta.',
    en: 'You have a withdrawal in progress. Wait for it to finish (or cancel it) before closing the account.',
  },
  depositPending: {
    pt: 'Você tem um Pix de depósito aguardando pagamento. Aguarde ele expirar antes de encerrar a conta.',
    en: 'You have a Pix deposit waiting for payment. Wait for it to expire before closing the account.',
  },
  openBets: {
    pt: 'Você tem apostas esportivas em aberto. Encerre a conta depois que elas forem liquidadas.',
    en: 'You have open sports bets. Close the account once they are settled.',
  },
  alreadyClosed: { pt: 'Esta conta já foi encerrada.', en: 'This account is already closed.' },
  closedLogin: {
    pt: 'Esta conta foi encerrada em {{date}} e não pode mais ser acessada.',
    en: 'This account was closed on {{date}} and can no longer be used.',
  },
} satisfies Record<string, LocalizedText>;
