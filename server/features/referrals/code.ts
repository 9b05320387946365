import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { REFERRAL_CODE_ALPHABET, REFERRAL_CODE_LENGTH } from '../../../src/contract/referrals.ts';
import type { Db } from '../../db/open.ts';
import { referralCodes } from './schema.ts';

const CODE_PATTERN = new RegExp(`^[${REFERRAL_CODE_ALPHABET}]{${REFERRAL_CODE_LENGTH}}$`);

/** A fresh random code: 31^8 ≈ 8.5·10¹¹ values, so guessing a live one is hopeless and collisions are rare (retried). */
export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i += 1) code += REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)];
  return code;
}

/** A typed or linked `ref` as a code (trimmed, upper case), or null when it cannot be one (then it is ignored, never an error). */
export function normalizeReferralCode(raw: string | null | undefined): string | null {
  const code = raw?.trim().toUpperCase() ?? '';
  return CODE_PATTERN.test(code) ? code : null;
}

/** The owner of `code` on this tenant, or null. */
export async function findReferrer(db: Db, tenantId: number, code: string): Promise<number | null> {
  const [row] = await db
    .select({ userId: referralCodes.userId })
    .from(referralCodes)
    .where(and(eq(referralCodes.tenantId, tenantId), eq(referralCodes.code, code)))
    .limit(1);
  return row?.userId ?? null;
}

/**
 * The player's code, made on first need (the `/refers` page's first call).
 * Concurrent first calls meet in the primary key (one code per player);
 * a code already taken on the tenant is drawn again.
 */
export async function ensureReferralCode(db: Db, owner: { tenantId: number; userId: number }): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const [existing] = await db.select({ code: referralCodes.code }).from(referralCodes).where(eq(referralCodes.userId, owner.userId)).limit(1);
    if (existing) return existing.code;
    // ON CONFLICT without a target absorbs both a concurrent first call (user_id) and a drawn code already taken (tenant, code).
    const [made] = await db
      .insert(referralCodes)
      .values({ userId: owner.userId, tenantId: owner.tenantId, code: newReferralCode() })
      .onConflictDoNothing()
      .returning({ code: referralCodes.code });
    if (made) return made.code;
  }
  throw new Error(`no referral code could be stored for user ${owner.userId}`);
}
