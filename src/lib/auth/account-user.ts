import type { BarredStatus } from '../../contract/auth.ts';
import type { PrivacySettings } from '../../contract/validation/profile.ts';
import type { SessionUser } from '../session-user.ts';

/**
 * The player as the auth and profile calls return it (issue 3 API contract:
 * the `data` / `user` object). Kept in `$session` (local storage `user`);
 * everything beyond `SessionUser` is optional so an older stored user still
 * reads.
 */
export interface AccountUser extends SessionUser {
  email_verified_at?: string | null;
  phone_verified_at?: string | null;
  cpf_masked?: string | null;
  gender?: 'male' | 'female' | null;
  marital_status?: 'single' | 'dating' | 'married' | null;
  settings?: Partial<PrivacySettings>;
  hide_metrics?: boolean;
  selfExcluded?: boolean;
  start_at?: string | null;
  end_at?: string | null;
  created_at?: string;
  /** The regulator's bar (SIGAP): bets and deposits refused, withdrawals allowed, the account closing at `closes_at`. */
  barred?: BarredStatus | null;
}

/** `{ data: user, token }`: the answer of login, register and Google login. */
export interface AuthAnswer {
  data: AccountUser;
  token: string;
}

/** What the platform tells a self-excluded player (403 on login, or the self-exclusion answer). */
export interface SelfExclusionPeriod {
  start_at: string;
  end_at: string;
}

/** The self-exclusion dates of a login refusal body (`{ selfExcluded: true, start_at, end_at }`), or null. */
export function selfExclusionOf(body: unknown): SelfExclusionPeriod | null {
  if (typeof body !== 'object' || body === null) return null;
  const b = body as Record<string, unknown>;
  if (b.selfExcluded !== true || typeof b.start_at !== 'string' || typeof b.end_at !== 'string') return null;
  return { start_at: b.start_at, end_at: b.end_at };
}
