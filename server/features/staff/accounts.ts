import { and, asc, eq, ne } from 'drizzle-orm';
import * as v from 'valibot';
import { STAFF_ROLES, type StaffRole } from '../../../src/contract/backoffice.ts';
import { DomainError, ForbiddenError, NotFoundError } from '../../http/errors.ts';
import type { StaffDeps } from './deps.ts';
import { STAFF_MESSAGES } from './messages.ts';
import { STAFF_PASSWORD_MIN } from './policy.ts';
import { type StaffUserRow, staffUsers } from './schema.ts';
import { endAllStaffSessions } from './sessions.ts';
import { uniqueViolation } from '../auth/unique-violation.ts';

const roleField = v.picklist(STAFF_ROLES, `must be one of ${STAFF_ROLES.join(', ')}`);

export const NewStaffSchema = v.object({
  email: v.pipe(v.string('is required'), v.trim(), v.toLowerCase(), v.maxLength(254, 'must be at most 254 characters'), v.email('must be an e-mail address')),
  name: v.pipe(v.string('is required'), v.trim(), v.minLength(2, 'must be at least 2 characters'), v.maxLength(100, 'must be at most 100 characters')),
  role: roleField,
  password: v.pipe(v.string('is required'), v.minLength(STAFF_PASSWORD_MIN, `must be at least ${STAFF_PASSWORD_MIN} characters`), v.maxLength(200, 'must be at most 200 characters')),
});

export const StaffChangeSchema = v.object({
  role: v.optional(roleField),
  disabled: v.optional(v.boolean('must be true or false')),
  /** Forget the TOTP secret: the next login enrols a new one (a lost phone). */
  resetTotp: v.optional(v.literal(true, 'must be true')),
  password: v.optional(NewStaffSchema.entries.password),
});

export async function listStaff(deps: StaffDeps, tenantId: number): Promise<StaffUserRow[]> {
  return deps.db.select().from(staffUsers).where(eq(staffUsers.tenantId, tenantId)).orderBy(asc(staffUsers.id));
}

export async function findStaff(deps: StaffDeps, tenantId: number, id: number): Promise<StaffUserRow> {
  const [row] = await deps.db.select().from(staffUsers).where(and(eq(staffUsers.tenantId, tenantId), eq(staffUsers.id, id)));
  if (!row) throw new NotFoundError('staff_not_found', { message: STAFF_MESSAGES.staffNotFound });
  return row;
}

export async function createStaff(deps: StaffDeps, tenantId: number, input: v.InferOutput<typeof NewStaffSchema>): Promise<StaffUserRow> {
  const passwordHash = await deps.hasher.hash(input.password);
  try {
    const [row] = await deps.db.insert(staffUsers).values({ tenantId, email: input.email, name: input.name, role: input.role, passwordHash }).returning();
    return row!;
  } catch (error) {
    if (uniqueViolation(error) !== null) throw new DomainError('staff_email_taken', 409, { email: ['is taken'] }, { message: STAFF_MESSAGES.emailTaken });
    throw error;
  }
}

/**
 * Changes a staff account. Any change that narrows access (role, disabled,
 * TOTP reset, new password) ends the account's sessions at once. A tenant
 * always keeps an active admin, and nobody disables or demotes themselves.
 */
export async function changeStaff(
  deps: StaffDeps,
  tenantId: number,
  id: number,
  change: v.InferOutput<typeof StaffChangeSchema>,
  by: { staffId: number | null },
): Promise<StaffUserRow> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(staffUsers).where(and(eq(staffUsers.tenantId, tenantId), eq(staffUsers.id, id))).for('update');
    if (!row) throw new NotFoundError('staff_not_found', { message: STAFF_MESSAGES.staffNotFound });
    const losesAdmin = row.role === 'admin' && !row.disabled && ((change.role !== undefined && change.role !== 'admin') || change.disabled === true);
    if (losesAdmin && by.staffId === id) throw new ForbiddenError('staff_not_yourself', { message: STAFF_MESSAGES.notYourself });
    if (losesAdmin) {
      const others = await tx
        .select({ id: staffUsers.id })
        .from(staffUsers)
        .where(and(eq(staffUsers.tenantId, tenantId), eq(staffUsers.role, 'admin' satisfies StaffRole), eq(staffUsers.disabled, false), ne(staffUsers.id, id)))
        .for('update');
      if (others.length === 0) throw new DomainError('staff_last_admin', 409, undefined, { message: STAFF_MESSAGES.lastAdmin });
    }
    const values = {
      ...(change.role !== undefined ? { role: change.role } : {}),
      ...(change.disabled !== undefined ? { disabled: change.disabled } : {}),
      ...(change.resetTotp ? { totpSecret: null, totpEnrolledAt: null, totpLastStep: null } : {}),
      ...(change.password ? { passwordHash: await deps.hasher.hash(change.password), failedAttempts: 0, lockedUntil: null } : {}),
    };
    // A body that changes nothing (`{}`) changes nothing, and ends no session.
    if (Object.keys(values).length === 0) return row;
    const [updated] = await tx.update(staffUsers).set(values).where(eq(staffUsers.id, id)).returning();
    if (change.role !== undefined || change.disabled || change.resetTotp || change.password) await endAllStaffSessions(tx, id, deps.now());
    return updated!;
  });
}
