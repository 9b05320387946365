import { dataObject, frame, isRecord } from '../codec.ts';
import { PusherError, PusherErrorCode } from '../errors.ts';
import { userAuthSubject, verifyAuth } from '../signature.ts';
import type { Handler } from './context.ts';

/**
 * `pusher:signin {auth, user_data}` (user authentication). A valid signature
 * answers `pusher:signin_success` and lets the socket subscribe to its
 * `#server-to-user-{id}` channel; an invalid one closes the connection with 4009,
 * as the protocol specifies.
 */
export const signin: Handler = ({ hub, connection }, incoming) => {
  const data = dataObject(incoming.data);
  const userData = data.user_data;
  const refused = new PusherError(PusherErrorCode.unauthorized, 'Invalid user authentication signature', true);
  if (typeof userData !== 'string' || !verifyAuth(data.auth, userAuthSubject(connection.id, userData), hub.config)) throw refused;
  const user = parseUser(userData);
  if (user === null) throw new PusherError(PusherErrorCode.unauthorized, 'user_data needs a non-empty string id', true);
  connection.user = { id: user, userData };
  connection.send(frame('pusher:signin_success', { user_data: userData }));
};

function parseUser(userData: string): string | null {
  try {
    const parsed: unknown = JSON.parse(userData);
    return isRecord(parsed) && typeof parsed.id === 'string' && parsed.id !== '' ? parsed.id : null;
  } catch {
    return null;
  }
}
