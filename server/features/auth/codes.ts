import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { randomSecret, sha256Hex } from '../../db/hash.ts';
import { ValidationError } from '../../http/errors.ts';
import { tooManyAttempts } from '../rate-limit/errors.ts';
import { type CodePurpose, verificationCodes, type VerificationCodeRow } from './schema.ts';

/** A code is valid 10 minutes. */
export const CODE_TTL_MS = 10 * 60 * 1000;
/** Wrong guesses allowed per code. */
export const CODE_MAX_ATTEMPTS = 5;
/** Section 9: verification-code resend wait 20 s. */
export const CODE_RESEND_MS = 20 * 1000;
/** A verified registration code gives a token valid this long. */
export const VERIFICATION_TOKEN_TTL_MS = 30 * 60 * 1000;

function hashCode(code: string, salt: string): string {
  return `${salt}$${createHash('sha256').update(`${salt}:${code}`).digest('hex')}`;
}

function codeMatches(code: string, stored: string): boolean {
  const [salt = ''] = stored.split('$');
  const expected = Buffer.from(stored);
  const actual = Buffer.from(hashCode(code, salt));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Which codes a lookup concerns: by destination, or (password reset) by player. */
export type CodeTarget = { tenantId: number; purpose: CodePurpose } & ({ destination: string } | { userId: number });

function targetWhere(target: CodeTarget) {
  return and(
    eq(verificationCodes.tenantId, target.tenantId),
    eq(verificationCodes.purpose, target.purpose),
    'destination' in target ? eq(verificationCodes.destination, target.destination) : eq(verificationCodes.userId, target.userId),
  );
}

/**
 * Creates a new 6-digit code (crypto.randomInt) for `target`, superseding
 * earlier ones. Stored only salted-hashed.
 * @returns the plain code, to be sent once.
 * @throws 429 `{retry_in}` within 20 s of the previous code for the same target.
 */
export async function issueCode(
  db: Db,
  input: { target: CodeTarget; userId: number | null; channel: 'sms' | 'email'; destination: string; now: Date },
): Promise<string> {
  const { target, now } = input;
  const [latest] = await db
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(targetWhere(target))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  const wait = latest ? latest.createdAt.getTime() + CODE_RESEND_MS - now.getTime() : 0;
  if (wait > 0) throw tooManyAttempts(Math.ceil(wait / 1000), 'code_resend_wait');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction(async (tx) => {
    await tx.update(verificationCodes).set({ consumedAt: now }).where(and(targetWhere(target), isNull(verificationCodes.consumedAt)));
    await tx.insert(verificationCodes).values({
      tenantId: target.tenantId,
      userId: input.userId,
      purpose: target.purpose,
      channel: input.channel,
      destination: input.destination,
      codeHash: hashCode(code, randomBytes(8).toString('hex')),
      createdAt: now,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    });
  });
  return code;
}

/**
 * Checks `code` against the newest live code of `target`. Every check spends
 * one attempt first (atomically), so parallel guesses cannot exceed five.
 * A match marks the code verified (and, except for registration codes whose
 * token is spent later, consumed).
 * @throws 422 `errors.code: validation.code` when there is no live code, it
 * expired or it does not match; 429 once five attempts were spent.
 */
export async function checkCode(db: Db, input: { target: CodeTarget; code: string; now: Date }): Promise<VerificationCodeRow> {
  const { target, now } = input;
  const invalid = () => new ValidationError({ code: ['validation.code'] }, 'code_invalid');
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(and(targetWhere(target), isNull(verificationCodes.consumedAt), isNull(verificationCodes.verifiedAt)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!row) throw invalid();
  const retryIn = Math.max(1, Math.ceil((row.createdAt.getTime() + CODE_RESEND_MS - now.getTime()) / 1000));
  const [spent] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(and(eq(verificationCodes.id, row.id), lt(verificationCodes.attempts, CODE_MAX_ATTEMPTS)))
    .returning({ attempts: verificationCodes.attempts });
  if (!spent) throw tooManyAttempts(retryIn, 'code_attempts_exceeded');
  if (row.expiresAt.getTime() <= now.getTime()) throw invalid();
  if (!codeMatches(input.code, row.codeHash)) {
    if (spent.attempts >= CODE_MAX_ATTEMPTS) throw tooManyAttempts(retryIn, 'code_attempts_exceeded');
    throw invalid();
  }
  const [verified] = await db
    .update(verificationCodes)
    .set({ verifiedAt: now, ...(target.purpose === 'register_phone' ? {} : { consumedAt: now }) })
    .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.verifiedAt)))
    .returning();
  if (!verified) throw invalid();
  return verified;
}

/** Gives a verified registration code its single-use token (valid 30 minutes). */
export async function issueVerificationToken(db: Db, codeId: number, now: Date): Promise<string> {
  const token = randomSecret();
  await db
    .update(verificationCodes)
    .set({ tokenHash: sha256Hex(token), tokenExpiresAt: new Date(now.getTime() + VERIFICATION_TOKEN_TTL_MS) })
    .where(eq(verificationCodes.id, codeId));
  return token;
}

/**
 * Spends a registration token for `phone` on `tenantId` (inside the
 * registration's transaction). @returns false when it is unknown, for
 * another phone or tenant, expired, superseded or already used.
 */
export async function consumeVerificationToken(db: Db, input: { tenantId: number; phone: string; token: string; now: Date }): Promise<boolean> {
  if (input.token.length > 512) return false;
  const rows = await db
    .update(verificationCodes)
    .set({ consumedAt: input.now })
    .where(
      and(
        eq(verificationCodes.tokenHash, sha256Hex(input.token)),
        eq(verificationCodes.tenantId, input.tenantId),
        eq(verificationCodes.purpose, 'register_phone'),
        eq(verificationCodes.destination, input.phone),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.tokenExpiresAt, input.now),
      ),
    )
    .returning({ id: verificationCodes.id });
  return rows.length === 1;
}
