import { and, eq, sql } from 'drizzle-orm';
import type { StaffLoginStep } from '../../../src/contract/backoffice.ts';
import { DomainError, UnauthorizedError } from '../../http/errors.ts';
import type { TenantContext } from '../../http/context.ts';
import type { StaffDeps } from './deps.ts';
import { STAFF_MESSAGES } from './messages.ts';
import { STAFF_LOCKOUT } from './policy.ts';
import { type StaffUserRow, staffUsers } from './schema.ts';
import { endPendingStaffSessions, endStaffSession, findStaffSession, openStaffSession } from './sessions.ts';
import { newTotpSecret, totpEnrolment, totpStep } from './totp.ts';

const lockedError = (until: Date) => new DomainError('staff_locked', 429, undefined, { message: STAFF_MESSAGES.locked, details: { lockedUntil: until.toISOString() } });

function assertNotLocked(row: StaffUserRow, now: Date): void {
  if (row.lockedUntil && row.lockedUntil > now) throw lockedError(row.lockedUntil);
}

/**
 * Counts a wrong password or code. The attempt that reaches the limit locks
 * the account for STAFF_LOCKOUT.minutes and starts the count again. Counted
 * in one UPDATE, so parallel guesses cannot slip past the limit.
 */
async function countFailure(deps: StaffDeps, staffId: number): Promise<Date | null> {
  const now = deps.now();
  const lockUntil = new Date(now.getTime() + STAFF_LOCKOUT.minutes * 60_000);
  const [row] = await deps.db
    .update(staffUsers)
    .set({
      failedAttempts: sql`CASE WHEN ${staffUsers.failedAttempts} + 1 >= ${STAFF_LOCKOUT.attempts} THEN 0 ELSE ${staffUsers.failedAttempts} + 1 END`,
      lockedUntil: sql`CASE WHEN ${staffUsers.failedAttempts} + 1 >= ${STAFF_LOCKOUT.attempts} THEN ${lockUntil.toISOString()}::timestamptz ELSE ${staffUsers.lockedUntil} END`,
    })
    .where(eq(staffUsers.id, staffId))
    .returning({ lockedUntil: staffUsers.lockedUntil });
  return row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : null;
}

/**
 * The password step. A wrong password, an unknown e-mail and a disabled
 * account all answer the same 401 (and an unknown e-mail costs a hash), so
 * the answer does not reveal who has an account. A correct password always
 * leads to the TOTP step; an account without TOTP enrols first.
 */
export async function staffPasswordStep(deps: StaffDeps, tenant: TenantContext, input: { email: string; password: string }): Promise<StaffLoginStep> {
  const [row] = await deps.db
    .select()
    .from(staffUsers)
    .where(and(eq(staffUsers.tenantId, tenant.id), eq(staffUsers.email, input.email.trim().toLowerCase())));
  const now = deps.now();
  if (row) assertNotLocked(row, now);
  const matches = await deps.hasher.check(input.password, row?.passwordHash ?? null);
  if (!row || !matches || row.disabled) {
    if (row) {
      const locked = await countFailure(deps, row.id);
      if (locked) throw lockedError(locked);
    }
    throw new UnauthorizedError('staff_login_failed', { message: STAFF_MESSAGES.badLogin });
  }
  const { token: challenge } = await openStaffSession(deps.db, row.id, now, true);
  if (row.totpEnrolledAt && row.totpSecret) return { step: 'totp', challenge };
  // Until a first code confirms it, the same secret is offered again, so a QR code already scanned keeps working.
  const secret = row.totpSecret ?? newTotpSecret();
  if (!row.totpSecret) await deps.db.update(staffUsers).set({ totpSecret: secret }).where(eq(staffUsers.id, row.id));
  return { step: 'enrol', challenge, secret, ...totpEnrolment(secret, tenant.config.siteTitle, row.email) };
}

/**
 * The TOTP step: the code of the current 30-second step (±1), never one at
 * or before the last step used. Success ends the challenge, confirms the
 * enrolment, clears the failure count and opens the real session.
 */
export async function staffCodeStep(deps: StaffDeps, tenant: TenantContext, input: { challenge: string; code: string }): Promise<{ token: string; staff: StaffUserRow; expiresAt: Date }> {
  const now = deps.now();
  const pending = await findStaffSession(deps.db, input.challenge, now, true);
  if (!pending || pending.staff.tenantId !== tenant.id || !pending.staff.totpSecret) {
    throw new UnauthorizedError('staff_challenge_expired', { message: STAFF_MESSAGES.challengeExpired });
  }
  const staff = pending.staff;
  assertNotLocked(staff, now);
  const step = totpStep(staff.totpSecret!, input.code.replace(/\s/g, ''), now);
  if (step === null || (staff.totpLastStep !== null && step <= staff.totpLastStep)) {
    const locked = await countFailure(deps, staff.id);
    if (locked) {
      await endStaffSession(deps.db, pending.sessionId, now);
      throw lockedError(locked);
    }
    throw new DomainError('staff_code_invalid', 422, undefined, { message: STAFF_MESSAGES.badCode });
  }
  // The step is taken in the UPDATE's own condition, so two parallel logins with one code cannot both succeed.
  const [updated] = await deps.db
    .update(staffUsers)
    .set({ totpLastStep: step, totpEnrolledAt: staff.totpEnrolledAt ?? now, failedAttempts: 0, lockedUntil: null, lastLoginAt: now })
    .where(and(eq(staffUsers.id, staff.id), sql`coalesce(${staffUsers.totpLastStep}, -1) < ${step}`))
    .returning();
  if (!updated) throw new DomainError('staff_code_invalid', 422, undefined, { message: STAFF_MESSAGES.badCode });
  // This challenge and any other one still waiting (an earlier password step) are spent.
  await endPendingStaffSessions(deps.db, staff.id, now);
  const session = await openStaffSession(deps.db, staff.id, now, false);
  return { token: session.token, staff: updated, expiresAt: session.expiresAt };
}
