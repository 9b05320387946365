import type { LocalizedText } from '../../http/messages.ts';

/** Platform texts of Pix deposits. */
export const PAYMENT_MESSAGES = {
  cpfRequired: {
    pt: 'Cadastre seu CPF para depositar: o Pix deve vir de uma conta no seu CPF.',
    en: 'Add your CPF to deposit: the Pix must come from an account in your CPF.',
  },
  chargeNotFound: { pt: 'Cobrança não encontrada.', en: 'Charge not found.' },
  chargeNotWaiting: { pt: 'Esta cobrança não está mais aguardando pagamento.', en: 'This charge is no longer waiting for payment.' },
  invalidSignature: { pt: 'Assinatura do webhook inválida.', en: 'Invalid webhook signature.' },
  refund_payer_cpf_mismatch: {
    pt: 'Pagamento devolvido: o Pix deve vir de uma conta no seu próprio CPF.',
    en: 'Payment refunded: the Pix must come from an account in your own CPF.',
  },
  refund_expired: {
    pt: 'Pagamento devolvido: o Pix foi pago depois que o QR Code expirou.',
    en: 'Payment refunded: the Pix was paid after the QR code expired.',
  },
  refund_amount_mismatch: {
    pt: 'Pagamento devolvido: o valor pago é diferente do valor da cobrança.',
    en: 'Payment refunded: the amount paid differs from the charge.',
  },
} satisfies Record<string, LocalizedText>;

/** 422 text naming the tenant's deposit range in BRL. */
export function depositRangeMessage(min: number, max: number): LocalizedText {
  const brl = (c: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(c / 100);
  const usd = (c: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'BRL' }).format(c / 100);
  return {
    pt: `O valor do depósito deve ser entre ${brl(min)} e ${brl(max)}.`,
    en: `The deposit amount must be between ${usd(min)} and ${usd(max)}.`,
  };
}
