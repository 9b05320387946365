import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { randomSecret, sha256Hex } from '../../db/hash.ts';
import { STAFF_CHALLENGE_MINUTES, STAFF_SESSION } from './policy.ts';
import { type StaffUserRow, staffSessions, staffUsers } from './schema.ts';

const MINUTE = 60_000;
const TOUCH_EVERY_MS = MINUTE;

/** Opens a session (or, with `mfaPending`, the short wait for the TOTP code) and returns its token. */
export async function openStaffSession(db: Db, staffId: number, now: Date, mfaPending: boolean): Promise<{ token: string; expiresAt: Date }> {
  const token = randomSecret();
  const expiresAt = new Date(now.getTime() + (mfaPending ? STAFF_CHALLENGE_MINUTES * MINUTE : STAFF_SESSION.absoluteHours * 60 * MINUTE));
  await db.insert(staffSessions).values({ staffId, tokenHash: sha256Hex(token), mfaPending, createdAt: now, lastSeenAt: now, expiresAt });
  return { token, expiresAt };
}

export interface LiveStaffSession {
  sessionId: number;
  staff: StaffUserRow;
  expiresAt: Date;
}

/**
 * The live session of `token`: not ended, before its absolute end, used
 * within the idle limit, its account enabled. A live full session is
 * touched (the idle clock restarts, at most once a minute); `mfaPending` selects the TOTP wait.
 */
export async function findStaffSession(db: Db, token: string, now: Date, mfaPending = false): Promise<LiveStaffSession | null> {
  const [found] = await db
    .select({ session: staffSessions, staff: staffUsers })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffId))
    .where(and(eq(staffSessions.tokenHash, sha256Hex(token)), eq(staffSessions.mfaPending, mfaPending), isNull(staffSessions.endedAt), gt(staffSessions.expiresAt, now)));
  if (!found || found.staff.disabled) return null;
  if (!mfaPending) {
    if (now.getTime() - found.session.lastSeenAt.getTime() > STAFF_SESSION.idleMinutes * MINUTE) return null;
    // Written at most once a minute: every back-office call passes here, and the idle limit counts in minutes.
    if (now.getTime() - found.session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
      await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, found.session.id));
    }
  }
  return { sessionId: found.session.id, staff: found.staff, expiresAt: found.session.expiresAt };
}

export async function endStaffSession(db: Db, sessionId: number, now: Date): Promise<void> {
  await db.update(staffSessions).set({ endedAt: now }).where(eq(staffSessions.id, sessionId));
}

/** Ends every session of a staff member (disabled, role changed, TOTP reset). */
export async function endAllStaffSessions(db: Db, staffId: number, now: Date): Promise<void> {
  await db.update(staffSessions).set({ endedAt: now }).where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.endedAt)));
}

/** Ends the staff member's TOTP waits (once one of them succeeded). */
export async function endPendingStaffSessions(db: Db, staffId: number, now: Date): Promise<void> {
  await db
    .update(staffSessions)
    .set({ endedAt: now })
    .where(and(eq(staffSessions.staffId, staffId), eq(staffSessions.mfaPending, true), isNull(staffSessions.endedAt)));
}
