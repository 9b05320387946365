/**
 * Channel kinds, chosen by name prefix as in the Pusher protocol. The table is
 * ordered: the first matching prefix wins (`private-encrypted-` before `private-`,
 * `#server-to-user-` before the reserved `#`).
 */
export type ChannelKind = 'server-to-user' | 'reserved' | 'encrypted' | 'private' | 'presence' | 'public';

export interface ChannelRules {
  kind: ChannelKind;
  /** A subscription must carry a valid HMAC `auth`. */
  signed: boolean;
  /** Subscribers may send `client-` events (never on encrypted channels: the server cannot read them). */
  clientEvents: boolean;
  /** Subscriptions carry member data; member_added / member_removed are sent. */
  presence: boolean;
}

const KINDS: ReadonlyArray<{ prefix: string; rules: ChannelRules }> = [
  { prefix: '#server-to-user-', rules: { kind: 'server-to-user', signed: false, clientEvents: false, presence: false } },
  { prefix: '#', rules: { kind: 'reserved', signed: false, clientEvents: false, presence: false } },
  { prefix: 'private-encrypted-', rules: { kind: 'encrypted', signed: true, clientEvents: false, presence: false } },
  { prefix: 'private-', rules: { kind: 'private', signed: true, clientEvents: true, presence: false } },
  { prefix: 'presence-', rules: { kind: 'presence', signed: true, clientEvents: true, presence: true } },
  { prefix: '', rules: { kind: 'public', signed: false, clientEvents: false, presence: false } },
];

/** The rules of the channel called `name`. */
export function channelRules(name: string): ChannelRules {
  const match = KINDS.find((entry) => name.startsWith(entry.prefix));
  // The last entry has an empty prefix, so a match always exists.
  return (match ?? KINDS[KINDS.length - 1]!).rules;
}

/** Pusher's channel-name alphabet and length limit (164), `#` allowed only as a reserved prefix. */
const VALID_NAME = /^#?[A-Za-z0-9_\-=@,.;]{1,164}$/;

export function isValidChannelName(name: string): boolean {
  return VALID_NAME.test(name);
}

/** The user id a `#server-to-user-{id}` channel belongs to. */
export function serverToUserId(name: string): string {
  return name.slice('#server-to-user-'.length);
}
