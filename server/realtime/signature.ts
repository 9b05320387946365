import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 of `text` keyed by the app secret, lower-case hex (Pusher's signature format). */
export function hmacHex(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text, 'utf8').digest('hex');
}

/** MD5 hex of a request body, as the HTTP API's `body_md5` carries it. */
export function md5Hex(body: string): string {
  return createHash('md5').update(body, 'utf8').digest('hex');
}

/** Constant-time string comparison; unequal lengths are simply unequal. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The string a channel subscription signs: `socket_id:channel[:channel_data]`. */
export function channelAuthSubject(socketId: string, channelName: string, channelData?: string): string {
  return channelData === undefined ? `${socketId}:${channelName}` : `${socketId}:${channelName}:${channelData}`;
}

/** The string a user sign-in signs: `socket_id::user::user_data`. */
export function userAuthSubject(socketId: string, userData: string): string {
  return `${socketId}::user::${userData}`;
}

export interface PresenceMemberInput {
  user_id: string;
  user_info?: Record<string, unknown>;
}

/**
 * Signs a channel subscription exactly as the official `pusher` SDK's
 * `authorizeChannel` does: `auth` is `key:hex`, and for presence channels
 * `channel_data` is the JSON the signature covers (send it back verbatim).
 */
export function authorizeChannel(input: {
  secret: string;
  key: string;
  socketId: string;
  channelName: string;
  presence?: PresenceMemberInput;
}): { auth: string; channel_data?: string } {
  const channelData = input.presence === undefined ? undefined : JSON.stringify(input.presence);
  const signature = hmacHex(input.secret, channelAuthSubject(input.socketId, input.channelName, channelData));
  const auth = `${input.key}:${signature}`;
  return channelData === undefined ? { auth } : { auth, channel_data: channelData };
}

/**
 * Signs a user sign-in (`pusher:signin`) as the SDK's `authenticateUser` does.
 * `user.id` must be a non-empty string (pusher-js drops the sign-in otherwise).
 */
export function authenticateUser(input: {
  secret: string;
  key: string;
  socketId: string;
  user: { id: string; [k: string]: unknown };
}): { auth: string; user_data: string } {
  const userData = JSON.stringify(input.user);
  const signature = hmacHex(input.secret, userAuthSubject(input.socketId, userData));
  return { auth: `${input.key}:${signature}`, user_data: userData };
}

/**
 * Checks an `auth` value (`key:hex`) against the expected signature of `subject`.
 * False for another app's key, a malformed value or a wrong signature.
 */
export function verifyAuth(auth: unknown, subject: string, app: { key: string; secret: string }): boolean {
  if (typeof auth !== 'string') return false;
  const separator = auth.indexOf(':');
  if (separator < 0 || auth.slice(0, separator) !== app.key) return false;
  return safeEqual(auth.slice(separator + 1), hmacHex(app.secret, subject));
}
