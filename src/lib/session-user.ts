/**
 * The logged-in player as the site keeps it (spec section 3, "User / profile").
 * Only `id` and `name` are required to treat a stored value as a user; the
 * rest arrives with `/auth/me` and is optional until a feature needs it.
 */
export interface SessionUser {
  id: number;
  name: string;
  first_name?: string;
  last_name?: string;
  email?: string;
  /** The phone number, used as the login name. */
  username?: string;
  avatar?: string | null;
  language?: string;
  birth_date?: string | null;
  level?: number;
  totalBet?: number;
  vip?: { level: number; points: number };
  wallet?: { balance: number; balance_withdrawal: number; deposit_count: number };
  user_likes?: number[];
  /** ISO time the account was created (the platform's clock). */
  created_at?: string;
  /** When the player last closed / refused the push modal, on any device (docs/push.md). */
  push_prompt?: { closed_at: string | null; denied_at: string | null };
}

/** Accepts an unknown JSON value as a SessionUser, or null when it lacks `id`/`name`. */
export function parseSessionUser(value: unknown): SessionUser | null {
  if (typeof value !== 'object' || value === null) return null;
  const candidate = value as Partial<SessionUser>;
  if (typeof candidate.id !== 'number' || typeof candidate.name !== 'string') return null;
  return candidate as SessionUser;
}
