import { bigserial, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, boolean, bigint } from 'drizzle-orm/pg-core';
import { STAFF_ROLES } from '../../../src/contract/backoffice.ts';
import { tenants } from '../tenants/schema.ts';

/**
 * Back-office staff of one tenant (issue 21). Login is e-mail + password +
 * TOTP (mandatory, Portaria SPA/MF 722 asks for MFA): `totp_secret` is set at
 * enrolment and `totp_enrolled_at` once a first code confirmed it;
 * `totp_last_step` refuses a code used again. Failed logins count up to a
 * lockout (`locked_until`). Accounts are disabled, never deleted, so the audit
 * log keeps naming them.
 */
export const staffUsers = pgTable(
  'staff_users',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    passwordHash: text('password_hash').notNull(),
    totpSecret: text('totp_secret'),
    totpEnrolledAt: timestamp('totp_enrolled_at', { withTimezone: true }),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    failedAttempts: smallint('failed_attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    disabled: boolean('disabled').notNull().default(false),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_users_email_idx').on(t.tenantId, t.email)],
);

export type StaffUserRow = typeof staffUsers.$inferSelect;

/**
 * Staff sessions, by sha256 of the token (the token itself is only in the
 * staff member's cookie). `mfa_pending` rows are the few minutes between a
 * correct password and the TOTP code: they authorise nothing else.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    mfaPending: boolean('mfa_pending').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_sessions_token_idx').on(t.tokenHash), index('staff_sessions_staff_idx').on(t.staffId)],
);

/**
 * The audit log (GLI-19 2.8.8): every operator call that changes something,
 * by a staff member or the operator key, with its outcome. Append-only: a
 * trigger (migration 0020) refuses UPDATE and DELETE, and no tenant deletion
 * cascades into it.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorKind: text('actor_kind', { enum: ['staff', 'operator_key'] }).notNull(),
    staffId: integer('staff_id'),
    /** Copied, so the row still says who after the account changed. */
    staffEmail: text('staff_email'),
    staffRole: text('staff_role', { enum: STAFF_ROLES }),
    /** `withdrawals.approve`, `site-config.patch`, `staff.create`… */
    action: text('action').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: smallint('status').notNull(),
    ip: text('ip'),
    request: jsonb('request'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_log_tenant_idx').on(t.tenantId, t.id), index('audit_log_staff_idx').on(t.tenantId, t.staffId, t.id)],
);

export type AuditRow = typeof auditLog.$inferSelect;
