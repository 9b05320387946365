/**
 * Refer a friend ("Indique um amigo e ganhe", issue 18): the shapes `/refers`
 * and the platform share. Call (player, under `/api`, bearer token,
 * `Cache-Control: no-store`):
 * - `GET /profile/affiliates` → `AffiliatesAnswer`: the player's code (made on
 *   this first call when they have none), what a qualified friend pays on this
 *   tenant, and the friends who registered through the code, newest first.
 * The site builds the link itself: `<its origin><locale home>?ref=<code>`.
 */

/** A referred friend as the referrer sees them: never their full name. */
export interface AffiliateView {
  /** First letters of each word, the rest as `*` ("Ma*** S****"). */
  name: string;
  /** When the friend registered (ISO 8601). */
  registered_at: string;
  /** `pending` until the friend's first qualifying deposit; `rejected` when the platform refused the referral (same CPF or phone as the referrer). */
  status: 'pending' | 'qualified' | 'rejected';
  /** When the friend qualified (ISO 8601), else null. */
  qualified_at: string | null;
  /** Centavos paid to the referrer for this friend (0 while pending, and on a tenant that pays no cash reward). */
  reward: number;
}

export interface AffiliatesAnswer {
  /** The player's referral code (the `ref` of their link). */
  code: string;
  /**
   * Centavos a qualified friend earns the referrer on this tenant; 0 when the
   * tenant pays nothing (no `cpa_value`, or a regulated tenant: Portaria
   * SPA/MF 1.231/2024 art. 42 forbids rewards conditioned on deposits).
   */
  reward_per_friend: number;
  /** Centavos the friend's first deposit must reach to qualify (the tenant's `min_deposit`). */
  qualifying_deposit: number;
  /** True on a regulated tenant: referrals are tracked but never paid in money (the page says why). */
  regulated: boolean;
  /** Friends who registered through the code, newest first (at most `AFFILIATES_LIST_LIMIT`). */
  data: AffiliateView[];
  /** Counts and sum over every friend, not only those listed. */
  totals: { friends: number; qualified: number; rewards: number };
}

/** Most friends one answer lists. */
export const AFFILIATES_LIST_LIMIT = 100;

/** Referral codes: 8 characters of an alphabet without look-alikes (0/O, 1/I/L), case-insensitive. */
export const REFERRAL_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const REFERRAL_CODE_LENGTH = 8;
