import { ApiError } from '../api/errors.ts';
import { type Message, textMessage } from '../auth/message.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The platform's own words of a refusal (`message` of the answer, already
 * in the page's language), e.g. "Saque seu saldo de R$ 20,00 antes de
 * encerrar a conta." for a 409; the section 8 catalogue text says only
 * "Este registro já existe." for that status. Null when the answer has none.
 */
export function refusalText(error: unknown): Message | null {
  if (!(error instanceof ApiError) || !isRecord(error.data)) return null;
  const message = error.data.message;
  return typeof message === 'string' && message.trim() !== '' ? textMessage(message) : null;
}

/** The login refusal of a closed account (403 `accountClosed`): its message, else null. */
export function closedAccountRefusal(error: unknown): Message | null {
  if (!(error instanceof ApiError) || error.status !== 403 || !isRecord(error.data) || error.data.accountClosed !== true) return null;
  return refusalText(error);
}
