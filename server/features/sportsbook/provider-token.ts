import type { KeyObject } from 'node:crypto';
import { and, lt } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify } from 'jose';
import type { Db } from '../../db/open.ts';
import { REASONS, SportsError } from './errors.ts';
import { sportsSeenTokens } from './schema.ts';

/** Seconds of clock difference tolerated between the provider and us. */
export const CLOCK_TOLERANCE_SECONDS = 30;
/** The oldest a callback token may be (`iat`): a provider signs each call when it sends it. */
export const MAX_TOKEN_AGE_SECONDS = 300;

/**
 * Verifies the provider's callback token (`{ "payload": "<JWT>" }`): ES256
 * only (the algorithm is pinned, so `none`, HS256 keyed with the public key
 * and RS256 are refused whatever the header says), signed by the provider's
 * key, with `exp` and `iat`; expired, not yet valid (`nbf`, or `iat` in the
 * future beyond the tolerance) and older-than-5-minutes tokens are refused.
 * Returns the claims: the callback's request fields.
 * @throws SportsError invalid_token (401) for any of these.
 */
export async function verifyProviderToken(token: string, key: KeyObject, now: Date = new Date()): Promise<Record<string, unknown>> {
  try {
    const { payload, protectedHeader } = await jwtVerify(token, key, {
      algorithms: ['ES256'],
      requiredClaims: ['exp', 'iat'],
      maxTokenAge: MAX_TOKEN_AGE_SECONDS,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      currentDate: now,
    });
    if (protectedHeader.alg !== 'ES256') throw new SportsError('invalid_token');
    return payload as Record<string, unknown>;
  } catch (error) {
    if (error instanceof SportsError) throw error;
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError) throw new SportsError('invalid_token');
    throw error;
  }
}

let pruneCounter = 0;

/**
 * Records a verified token's `jti` until it expires, refusing one seen
 * before (the same signed call sent twice; a provider's retry is signed
 * anew, and its transaction id makes it idempotent anyway). Tokens without a
 * `jti` are not tracked: replay of those is bounded by the 5-minute age and
 * the transaction ids. Expired rows are pruned every 100 calls.
 * @throws SportsError invalid_token on a replay.
 */
export async function rememberToken(db: Db, claims: Record<string, unknown>, now: Date = new Date()): Promise<void> {
  const jti = claims.jti;
  if (jti === undefined) return;
  if (typeof jti !== 'string' || jti.length === 0 || jti.length > 200) throw new SportsError('invalid_token');
  const exp = typeof claims.exp === 'number' ? claims.exp : now.getTime() / 1000 + MAX_TOKEN_AGE_SECONDS;
  const kept = await db
    .insert(sportsSeenTokens)
    .values({ jti, expiresAt: new Date((exp + CLOCK_TOLERANCE_SECONDS) * 1000) })
    .onConflictDoNothing()
    .returning({ jti: sportsSeenTokens.jti });
  if (kept.length === 0) throw new SportsError('invalid_token', REASONS.replayedToken);
  pruneCounter = (pruneCounter + 1) % 100;
  if (pruneCounter === 0) await db.delete(sportsSeenTokens).where(and(lt(sportsSeenTokens.expiresAt, now)));
}
