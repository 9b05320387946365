import type { Actor } from '../../http/context.ts';
import { UnauthorizedError } from '../../http/errors.ts';
import { HOUSE_MESSAGES } from './messages.ts';

/**
 * Whose seeds and rounds: `user:{id}` for players, `guest:{guestId}` for
 * visitors. A call without any actor (no Guest-ID, no valid token) gets 401.
 */
export function houseActorKey(actor: Actor | null): string {
  if (actor?.kind === 'user') return `user:${actor.userId}`;
  if (actor?.kind === 'guest') return `guest:${actor.guestId}`;
  throw new UnauthorizedError('unauthenticated', { message: HOUSE_MESSAGES.noActor });
}
