import type { LocalizedText } from '../../http/messages.ts';

/** Refusals of the operator's promotion calls. */
export const PROMOTION_MESSAGES = {
  notFound: { pt: 'Esta promoção não existe.', en: 'This promotion does not exist.' },
  patchNotObject: { pt: 'O patch deve ser um objeto JSON.', en: 'The patch must be a JSON object.' },
} satisfies Record<string, LocalizedText>;
