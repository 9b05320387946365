import type { LocalizedText } from '../../http/messages.ts';

/** Platform texts of the wallet feature. */
export const WALLET_MESSAGES = {
  insufficientFunds: { pt: 'Saldo insuficiente.', en: 'Insufficient balance.' },
  walletNotFound: { pt: 'Carteira não encontrada.', en: 'Wallet not found.' },
  referenceConflict: {
    pt: 'Esta referência já foi usada por outra conta.',
    en: 'This reference was already used by another account.',
  },
  transactionsFailed: { pt: 'Falha ao buscar transações.', en: 'Failed to fetch transactions.' },
} satisfies Record<string, LocalizedText>;
