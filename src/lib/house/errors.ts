import { ApiError } from '../api/errors.ts';
import { keyMessage, type Message, textMessage } from '../auth/message.ts';

/**
 * The message to show for a failed house-game call: the platform's own
 * `message` (already in the caller's language: "Saldo insuficiente.",
 * "Rodada não encontrada."), else the status catalogue's text, else a
 * generic key. The catalogue text alone would be misleading here (a 422 is
 * not always about a form).
 */
export function houseErrorMessage(error: unknown): Message {
  if (error instanceof ApiError) {
    const data = error.data;
    if (typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string' && data.message.trim() !== '') {
      return textMessage(data.message);
    }
    if (error.messages[0]) return textMessage(error.messages[0]);
  }
  return keyMessage('house.errors.generic');
}
