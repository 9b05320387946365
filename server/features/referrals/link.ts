import type { Db } from '../../db/open.ts';
import { findReferrer, normalizeReferralCode } from './code.ts';
import { referrals } from './schema.ts';

/**
 * At registration (form or Google sign-up), inside the transaction that
 * creates the account: when `code` is a live referral code of this tenant,
 * the new player becomes its owner's referred friend (`pending`). A missing,
 * malformed or unknown code, or the player's own, links nothing and never
 * fails the registration. A friend is linked once (the primary key).
 * Same-person checks (CPF, phone) run again when the friend qualifies
 * (qualify.ts), since a Google account adds them later.
 * @returns the referrer's id when linked, else null.
 */
export async function linkReferral(db: Db, input: { tenantId: number; userId: number; code: string | null | undefined }): Promise<number | null> {
  const code = normalizeReferralCode(input.code);
  if (!code) return null;
  const referrerId = await findReferrer(db, input.tenantId, code);
  if (referrerId === null || referrerId === input.userId) return null;
  const [row] = await db
    .insert(referrals)
    .values({ tenantId: input.tenantId, referredUserId: input.userId, referrerUserId: referrerId })
    .onConflictDoNothing()
    .returning({ referrerUserId: referrals.referrerUserId });
  return row?.referrerUserId ?? null;
}
