import type { LocalizedText } from '../../http/messages.ts';
import { MAX_WITHDRAW_METHODS } from './schema.ts';

/** Platform texts of Pix withdrawals: every refusal in Portuguese and English. */
export const WITHDRAWAL_MESSAGES = {
  cpfKeyInvalid: {
    pt: 'Chave CPF inválida: informe os 11 dígitos de um CPF válido.',
    en: 'Invalid CPF key: enter the 11 digits of a valid CPF.',
  },
  phoneKeyInvalid: {
    pt: 'Chave celular inválida: informe um celular brasileiro com DDD, por exemplo (11) 98765-4321.',
    en: 'Invalid phone key: enter a Brazilian mobile number with area code, e.g. (11) 98765-4321.',
  },
  emailKeyInvalid: {
    pt: 'Chave e-mail inválida: informe um e-mail válido com até 77 caracteres.',
    en: 'Invalid e-mail key: enter a valid e-mail address of up to 77 characters.',
  },
  randomKeyInvalid: {
    pt: 'Chave aleatória inválida: informe a chave no formato 123e4567-e89b-12d3-a456-426614174000.',
    en: 'Invalid random key: enter the key in the form 123e4567-e89b-12d3-a456-426614174000.',
  },
  cpfRequired: {
    pt: 'Cadastre seu CPF antes de adicionar uma chave Pix: os saques só vão para contas no seu CPF.',
    en: 'Add your CPF before adding a Pix key: withdrawals only go to accounts in your CPF.',
  },
  cpfKeyNotYours: {
    pt: 'A chave CPF deve ser o seu próprio CPF.',
    en: 'A CPF key must be your own CPF.',
  },
  keyNotFound: {
    pt: 'Chave Pix não encontrada. Confira a chave e tente novamente.',
    en: 'Pix key not found. Check the key and try again.',
  },
  keyNotYours: {
    pt: 'Esta chave Pix não está no seu CPF. Os saques só podem ir para contas no seu nome.',
    en: 'This Pix key is not in your CPF. Withdrawals can only go to accounts in your name.',
  },
  tooManyKeys: {
    pt: `Você pode cadastrar no máximo ${MAX_WITHDRAW_METHODS} chaves Pix.`,
    en: `You can register at most ${MAX_WITHDRAW_METHODS} Pix keys.`,
  },
  keyLookupUnavailable: {
    pt: 'Não foi possível consultar a chave Pix agora. Tente novamente em instantes.',
    en: 'The Pix key could not be checked right now. Please try again in a moment.',
  },
  methodNotFound: { pt: 'Chave Pix de saque não encontrada.', en: 'Withdrawal Pix key not found.' },
  verificationRequired: {
    pt: 'Verifique seu e-mail ou seu celular antes de sacar.',
    en: 'Verify your e-mail or your phone before withdrawing.',
  },
  documentsRequired: {
    pt: 'Para sacar, envie seus documentos (frente e verso do documento de identidade e uma selfie) e aguarde a aprovação na página Verificação da sua conta.',
    en: 'To withdraw, send your documents (identity document front and back and a selfie) and wait for approval on the Verification page of your account.',
  },
  insufficientFunds: {
    pt: 'Saldo disponível para saque insuficiente.',
    en: 'Not enough withdrawable balance.',
  },
  withdrawalNotFound: { pt: 'Saque não encontrado.', en: 'Withdrawal not found.' },
  notCancellable: {
    pt: 'Este saque não pode mais ser cancelado: ele já foi enviado ao banco ou encerrado.',
    en: 'This withdrawal can no longer be cancelled: it was already sent to the bank or closed.',
  },
  notUnderReview: {
    pt: 'Este saque não está em análise.',
    en: 'This withdrawal is not under review.',
  },
} satisfies Record<string, LocalizedText>;

/** 422 text naming the tenant's withdrawal range in BRL. */
export function withdrawalRangeMessage(min: number, max: number): LocalizedText {
  const brl = (c: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(c / 100);
  const usd = (c: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'BRL' }).format(c / 100);
  return {
    pt: `O valor do saque deve ser entre ${brl(min)} e ${brl(max)}.`,
    en: `The withdrawal amount must be between ${usd(min)} and ${usd(max)}.`,
  };
}
