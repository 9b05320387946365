import { and, eq, sql } from 'drizzle-orm';
import type { StaffLoginStep } from '../../../src/contract/backoffice.ts';
import { DomainError, UnauthorizedError } from '../../http/errors.ts';
import type { TenantContext } from '../../http/context.ts';
import { tooManyAttempts } from '../rate-limit/errors.ts';
import { perIpRule } from '../rate-limit/rules.ts';
import type { StaffDeps } from './deps.ts';
import { STAFF_MESSAGES } from './messages.ts';
import { STAFF_LOCKOUT, STAFF_SIGN_IN_PER_IP, staffSignInIpKey } from './policy.ts';
import { type StaffUserRow, staffUsers } from './schema.ts';
import { endPendingStaffSessions, endStaffSession, findStaffSession, openStaffSession } from './sessions.ts';
import { newTotpSecret, totpEnrolment, totpStep } from './totp.ts';
import { readTotpSecret, sealTotpSecret } from './totp-secret.ts';

const lockedError = (until: Date) => new DomainError('staff_locked', 429, undefined, { message: STAFF_MESSAGES.locked, details: { lockedUntil: until.toISOString() } });

/**
 * Counts one sign-in attempt (password or code step) from `ip`, whatever the
 * account or site, before anything else is checked.
 * @throws 429 `backoffice_login_limited` `{message, retry_in}` past
 * STAFF_SIGN_IN_PER_IP (× IP_RATE_LIMIT_SCALE).
 */
export async function countSignInAttempt(deps: StaffDeps, ip: string): Promise<void> {
  const byIp = await deps.limiter.hit(staffSignInIpKey(ip), perIpRule(STAFF_SIGN_IN_PER_IP, deps.ipRateLimitScale));
  if (byIp.blocked) throw tooManyAttempts(byIp.retryIn, 'backoffice_login_limited');
}

/**
 * The account's TOTP secret in clear, and whether it was stored plain (from
 * before sealing). A value that does not decrypt refuses the sign-in: it was
 * altered or sealed under another STAFF_TOTP_KEY, and an admin resets it.
 * @throws 401 `staff_totp_unreadable`.
 */
function openSecret(deps: StaffDeps, staff: StaffUserRow & { totpSecret: string }): { secret: string; legacy: boolean } {
  const read = readTotpSecret(staff.totpSecret, deps.totpKey);
  if (read.status === 'unreadable') {
    deps.log.error(`backoffice: the TOTP secret of staff ${staff.id} does not decrypt (altered, or sealed under another STAFF_TOTP_KEY); an admin must reset its TOTP`);
    throw new UnauthorizedError('staff_totp_unreadable', { message: STAFF_MESSAGES.totpUnreadable });
  }
  return { secret: read.secret, legacy: read.status === 'legacy' };
}

const hasSecret = (staff: StaffUserRow): staff is StaffUserRow & { totpSecret: string } => staff.totpSecret !== null;

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
 * leads to the TOTP step; an account without TOTP enrols first (its new
 * secret is stored sealed, see totp-secret.ts).
 * @throws 401 `staff_totp_unreadable` when a pending enrolment's secret does not decrypt.
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
  if (row.totpEnrolledAt && hasSecret(row)) {
    const { token: challenge } = await openStaffSession(deps.db, row.id, now, true);
    return { step: 'totp', challenge };
  }
  // Until a first code confirms it, the same secret is offered again, so a QR code already scanned keeps working.
  const secret = hasSecret(row) ? openSecret(deps, row).secret : newTotpSecret();
  if (!row.totpSecret) await deps.db.update(staffUsers).set({ totpSecret: sealTotpSecret(secret, deps.totpKey) }).where(eq(staffUsers.id, row.id));
  const { token: challenge } = await openStaffSession(deps.db, row.id, now, true);
  return { step: 'enrol', challenge, secret, ...totpEnrolment(secret, tenant.config.siteTitle, row.email) };
}

/**
 * The TOTP step: the code of the current 30-second step (±1), never one at
 * or before the last step used. Success ends the challenge, confirms the
 * enrolment, clears the failure count and opens the real session.
 * @throws 401 `staff_totp_unreadable` when the stored secret does not
 * decrypt (the sign-in is refused, nothing else is told).
 */
export async function staffCodeStep(deps: StaffDeps, tenant: TenantContext, input: { challenge: string; code: string }): Promise<{ token: string; staff: StaffUserRow; expiresAt: Date }> {
  const now = deps.now();
  const pending = await findStaffSession(deps.db, input.challenge, now, true);
  if (!pending || pending.staff.tenantId !== tenant.id || !hasSecret(pending.staff)) {
    throw new UnauthorizedError('staff_challenge_expired', { message: STAFF_MESSAGES.challengeExpired });
  }
  const staff = pending.staff;
  assertNotLocked(staff, now);
  const { secret, legacy } = openSecret(deps, staff);
  const step = totpStep(secret, input.code.replace(/\s/g, ''), now);
  if (step === null || (staff.totpLastStep !== null && step <= staff.totpLastStep)) {
    const locked = await countFailure(deps, staff.id);
    if (locked) {
      await endStaffSession(deps.db, pending.sessionId, now);
      throw lockedError(locked);
    }
    throw new DomainError('staff_code_invalid', 422, undefined, { message: STAFF_MESSAGES.badCode });
  }
  // The step is taken in the UPDATE's own condition, so two parallel logins with one code cannot both succeed.
  // A secret still stored plain (written before sealing) is sealed now.
  const [updated] = await deps.db
    .update(staffUsers)
    .set({
      totpLastStep: step,
      totpEnrolledAt: staff.totpEnrolledAt ?? now,
      failedAttempts: 0,
      lockedUntil: null,
      lastLoginAt: now,
      ...(legacy ? { totpSecret: sealTotpSecret(secret, deps.totpKey) } : {}),
    })
    .where(and(eq(staffUsers.id, staff.id), sql`coalesce(${staffUsers.totpLastStep}, -1) < ${step}`))
    .returning();
  if (!updated) throw new DomainError('staff_code_invalid', 422, undefined, { message: STAFF_MESSAGES.badCode });
  // This challenge and any other one still waiting (an earlier password step) are spent.
  await endPendingStaffSessions(deps.db, staff.id, now);
  const session = await openStaffSession(deps.db, staff.id, now, false);
  return { token: session.token, staff: updated, expiresAt: session.expiresAt };
}
