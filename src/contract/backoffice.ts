import type { DocumentView } from './documents.ts';
import type { LimitPeriod, LimitView, MoneyLimitKind } from './responsible-gaming.ts';
import type { SportsBetStatus } from './sportsbook.ts';
import type { LedgerType, WithdrawalStatusCode } from './wallet.ts';

/**
 * The operator back office's shapes, shared by the platform (server/features/staff)
 * and the back-office app (src/backoffice). Which role may do what is decided
 * here once: the server enforces it on every operator call, the app only uses
 * it to leave out screens a role cannot open.
 */

export const STAFF_ROLES = ['admin', 'finance', 'support', 'compliance', 'marketing'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** A group of operator calls (and the screens built on them) that roles are given. */
export const STAFF_AREAS = ['site', 'images', 'finance', 'reports', 'players', 'support', 'compliance', 'marketing', 'staff', 'audit'] as const;
export type StaffArea = (typeof STAFF_AREAS)[number];

/** What each role may do. Admin has every area; the others only what their work needs. */
export const ROLE_AREAS: Record<StaffRole, readonly StaffArea[]> = {
  admin: STAFF_AREAS,
  finance: ['finance', 'reports', 'players'],
  support: ['support', 'players'],
  compliance: ['compliance', 'players', 'audit'],
  // Marketing uploads the pictures of its boxes, prizes, ranks and promotions.
  marketing: ['marketing', 'images'],
};

/**
 * The area of each operator call, by the first segment of its path under
 * `/api/operator`. A segment missing here is admin-only: a new call is closed
 * to the other roles until someone decides who needs it.
 */
export const OPERATOR_PATH_AREAS: Record<string, StaffArea> = {
  'site-config': 'site',
  status: 'site',
  pages: 'site',
  rebuild: 'site',
  builds: 'site',
  catalogue: 'site',
  // The uploaded images: admin and marketing (a delete is refused while the site uses the file).
  'site-files': 'images',
  withdrawals: 'finance',
  'provider-wins': 'finance',
  reports: 'reports',
  chat: 'support',
  notifications: 'support',
  documents: 'compliance',
  barred: 'compliance',
  'account-closures': 'compliance',
  promotions: 'marketing',
  coupons: 'marketing',
  missions: 'marketing',
  boxes: 'marketing',
  ranks: 'marketing',
  cashback: 'marketing',
  players: 'players',
  exports: 'finance',
  staff: 'staff',
  audit: 'audit',
};

/** The area an operator path (`/withdrawals/12/approve`, relative to `/api/operator`) belongs to; `null` = admin only. */
export function areaOfOperatorPath(path: string): StaffArea | null {
  const first = path.replace(/^\/+/, '').split(/[/?]/)[0] ?? '';
  return Object.hasOwn(OPERATOR_PATH_AREAS, first) ? (OPERATOR_PATH_AREAS[first] ?? null) : null;
}

/** Whether `role` may make operator calls of `area` (`null`: admin only). */
export function roleMayUse(role: StaffRole, area: StaffArea | null): boolean {
  return role === 'admin' || (area !== null && ROLE_AREAS[role].includes(area));
}

/** A staff account as the back office shows it (never its password or TOTP secret). */
export interface StaffView {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  disabled: boolean;
  totpEnrolled: boolean;
  lastLoginAt: string | null;
  createdAt: string;
}

/**
 * The answer to a correct password: the second factor is always asked. A
 * staff member without TOTP yet enrols now (the secret, its `otpauth://` URI
 * and a QR code of it), then confirms with a first code.
 */
export type StaffLoginStep =
  | { step: 'totp'; challenge: string }
  | { step: 'enrol'; challenge: string; secret: string; otpauthUri: string; qrSvg: string };

/** The signed-in staff member, their tenant and until when the session lasts. */
export interface StaffSessionView {
  staff: StaffView;
  tenant: { domain: string; siteTitle: string };
  areas: StaffArea[];
  /** The session ends then, or sooner after `idleMinutes` without a call. */
  expiresAt: string;
  idleMinutes: number;
}

/** One row of the audit log (GLI-19 2.8.8): who, when, what, before and after. */
export interface AuditEntryView {
  id: number;
  at: string;
  actor: { kind: 'staff' | 'operator_key'; staffId: number | null; email: string | null; role: StaffRole | null };
  action: string;
  method: string;
  path: string;
  status: number;
  ip: string | null;
  request: unknown;
  before: unknown;
  after: unknown;
}

/** One São Paulo day of the dashboard, amounts in centavos. */
export interface DailyFigures {
  day: string;
  deposits: number;
  withdrawals: number;
  bets: number;
  wins: number;
  /** Gross gaming revenue: bets − wins. */
  ggr: number;
  activePlayers: number;
}

/**
 * One player of the directory (`GET /api/operator/players`), amounts in
 * centavos. The CPF is shown whole: staff check it against documents (KYC).
 */
export interface PlayerRowView {
  id: number;
  name: string;
  email: string | null;
  /** E.164 (`+5511987654321`); null for a Google account that has not verified a phone yet. */
  phone: string | null;
  cpf: string | null;
  balance: number;
  /** The part of `balance` that may be withdrawn. */
  withdrawable: number;
  createdAt: string;
  /** When the account was closed (it can no longer log in), or null. */
  closedAt: string | null;
  /** The end of a self-exclusion running now, or null. */
  selfExcludedUntil: string | null;
  /** When the operator blocked the account (no login, no call with its tokens), or null. */
  blockedAt: string | null;
  /** The staff's reason for the block (never shown to the player); null when not blocked. */
  blockedReason: string | null;
}

/** One ledger movement as the back office shows it: signed centavos, credits positive. */
export interface LedgerLineView {
  id: number;
  type: LedgerType;
  amount: number;
  withdrawableDelta: number;
  balanceAfter: number;
  reference: string | null;
  createdAt: string;
}

/** A player's responsible-gaming limits in force (no usage figures), as set by the player. */
export interface PlayerLimitsView {
  money: Record<MoneyLimitKind, Record<LimitPeriod, LimitView>>;
  /** Session-time limit, minutes. */
  session: LimitView;
  realityCheckMinutes: number | null;
  /** A pause running until then, or null. */
  coolOffUntil: string | null;
}

/** `GET /api/operator/players/{id}`: the row, the latest movements, withdrawals by status and limits. */
export interface PlayerDetailView extends PlayerRowView {
  /** The latest 50 movements, newest first. */
  ledger: LedgerLineView[];
  /** Only the statuses the player has; `amount` is their sum in centavos. */
  withdrawals: Array<{ status: WithdrawalStatusCode; count: number; amount: number }>;
  limits: PlayerLimitsView;
  /** Staff notes, newest first, the latest 50. */
  notes: PlayerNoteView[];
  /** The player's logins (access tokens), newest first, the latest 20. */
  sessions: PlayerSessionView[];
  /** House rounds, casino rounds and sports bets merged, newest first, the latest 30. */
  rounds: PlayerRoundView[];
  /** Identity documents sent, newest first, the latest 20 (reviewed on the documents screen). */
  documents: DocumentView[];
}

/** The player directory's paged answer. */
export interface PlayerPage {
  data: PlayerRowView[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

/** Longest staff note on a player. */
export const PLAYER_NOTE_MAX = 2000;
/** Longest reason for blocking a player. */
export const PLAYER_BLOCK_REASON_MAX = 500;

/**
 * A staff note on a player: append-only, never edited or deleted.
 * `POST /api/operator/players/{id}/notes {body}` (1 to PLAYER_NOTE_MAX
 * characters, trimmed) → 201 `{ note }`.
 */
export interface PlayerNoteView {
  id: number;
  body: string;
  /** The author's staff id and e-mail as they were; both null for the operator key. */
  authorStaffId: number | null;
  authorEmail: string | null;
  createdAt: string;
}

/**
 * One login of the player (an access token; never its hash). `live` tokens
 * are accepted now; `idle` ones passed the 30-minute inactivity limit,
 * `expired` ones their 30 days, `revoked` ones were ended (logout, password
 * reset, self-exclusion, closure, block). The platform records no IP or
 * user agent for a login.
 */
export interface PlayerSessionView {
  id: number;
  status: 'live' | 'idle' | 'expired' | 'revoked';
  createdAt: string;
  /** Last recorded use (written at most once a minute), or null. */
  lastUsedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
  /** The IP and User-Agent the session was started from (null for sessions started before they were recorded). */
  ip: string | null;
  userAgent: string | null;
}

/**
 * One bet of the player, whatever the product, amounts in centavos:
 * - `house`: an original game round (`game` is dice, limbo or plinko), settled when played; demo rounds are left out;
 * - `casino`: a provider round (`game` as the provider named it, `provider` its code), open until the provider settles it;
 * - `sports`: a betslip (`game` its events, joined by ` + `), with the sportsbook's status.
 * `payout` is what went back to the wallet (wins, cash-out and refunds).
 */
export interface PlayerRoundView {
  kind: 'house' | 'casino' | 'sports';
  /** Unique within its kind. */
  id: number;
  game: string;
  provider: string | null;
  stake: number;
  payout: number;
  status: 'open' | 'settled' | SportsBetStatus;
  createdAt: string;
}

/**
 * `POST /api/operator/players/{id}/block {reason}` (1 to
 * PLAYER_BLOCK_REASON_MAX characters) ends every session of the player and
 * refuses their login and every call with their tokens (403
 * `account_blocked`) until `POST /api/operator/players/{id}/unblock`. Both
 * answer `{ player }` (the row as it is now); blocking a blocked player or
 * unblocking one who is not → 409.
 */
export interface PlayerBlockResponse {
  player: PlayerRowView;
}
