import type { LimitPeriod, LimitView, MoneyLimitKind } from './responsible-gaming.ts';
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
export const STAFF_AREAS = ['site', 'finance', 'reports', 'players', 'support', 'compliance', 'marketing', 'staff', 'audit'] as const;
export type StaffArea = (typeof STAFF_AREAS)[number];

/** What each role may do. Admin has every area; the others only what their work needs. */
export const ROLE_AREAS: Record<StaffRole, readonly StaffArea[]> = {
  admin: STAFF_AREAS,
  finance: ['finance', 'reports', 'players'],
  support: ['support', 'players'],
  compliance: ['compliance', 'players', 'audit'],
  marketing: ['marketing'],
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
}

/** The player directory's paged answer. */
export interface PlayerPage {
  data: PlayerRowView[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}
