import { isRecord } from '../codec.ts';
import { serverToUserId, type ChannelKind } from '../channels/kinds.ts';
import type { PresenceMember } from '../channels/presence.ts';
import type { Connection } from '../connection.ts';
import { channelAuthSubject, verifyAuth } from '../signature.ts';

/** The outcome of checking a subscription request. */
export type SubscriptionCheck = { ok: true; member?: PresenceMember } | { ok: false; reason: string };

export interface SubscriptionRequest {
  connection: Connection;
  channel: string;
  auth: unknown;
  channelData: unknown;
  app: { key: string; secret: string };
}

const signed = (request: SubscriptionRequest, channelData?: string): boolean =>
  verifyAuth(request.auth, channelAuthSubject(request.connection.id, request.channel, channelData), request.app);

const INVALID_SIGNATURE = 'Invalid signature';

/** How each channel kind admits a subscriber. */
const CHECKS: Readonly<Record<ChannelKind, (request: SubscriptionRequest) => SubscriptionCheck>> = {
  public: () => ({ ok: true }),
  reserved: () => ({ ok: false, reason: 'Channels starting with # are reserved to the server' }),
  'server-to-user': ({ connection, channel }) =>
    connection.user !== null && connection.user.id === serverToUserId(channel)
      ? { ok: true }
      : { ok: false, reason: 'Only the signed-in user may subscribe to its own channel' },
  private: (request) => (signed(request) ? { ok: true } : { ok: false, reason: INVALID_SIGNATURE }),
  encrypted: (request) => (signed(request) ? { ok: true } : { ok: false, reason: INVALID_SIGNATURE }),
  presence: (request) => {
    if (typeof request.channelData !== 'string') return { ok: false, reason: 'Presence channels need channel_data' };
    if (!signed(request, request.channelData)) return { ok: false, reason: INVALID_SIGNATURE };
    const member = parseMember(request.channelData);
    return member === null ? { ok: false, reason: 'channel_data needs a user_id' } : { ok: true, member };
  },
};

/** Checks a subscription against the rules of its channel kind. */
export function checkSubscription(kind: ChannelKind, request: SubscriptionRequest): SubscriptionCheck {
  return CHECKS[kind](request);
}

function parseMember(channelData: string): PresenceMember | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(channelData);
  } catch {
    return null;
  }
  if (!isRecord(parsed)) return null;
  const id = parsed.user_id;
  if ((typeof id !== 'string' || id === '') && typeof id !== 'number') return null;
  return { user_id: String(id), user_info: parsed.user_info ?? null };
}
