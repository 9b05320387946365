import type { LocalizedText } from '../../http/messages.ts';

/** The `Idempotency-Key` refusals, in Portuguese (the base) and English. */
export const IDEMPOTENCY_MESSAGES = {
  invalidKey: {
    pt: 'O cabeçalho Idempotency-Key deve ter de 1 a 255 caracteres ASCII visíveis.',
    en: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.',
  },
  keyReused: {
    pt: 'Esta Idempotency-Key já foi usada com outros dados. Use uma chave nova para uma nova operação.',
    en: 'This Idempotency-Key was already used with different data. Use a new key for a new operation.',
  },
  inProgress: {
    pt: 'Uma requisição com esta chave ainda está em andamento.',
    en: 'A request with this key is in progress.',
  },
} as const satisfies Record<string, LocalizedText>;
