import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import * as v from 'valibot';
import type { AuthSessionResponse } from '../../../src/contract/auth.ts';
import { GoogleLoginSchema, normalizeEmail } from '../../../src/contract/validation/index.ts';
import { ForbiddenError, ValidationError } from '../../http/errors.ts';
import { checkAtLogin } from '../barred/triggers.ts';
import { assertNotClosed } from '../account-closure/closed-error.ts';
import { assertNotBlocked } from '../players/blocked-error.ts';
import { linkReferral } from '../referrals/link.ts';
import { requireRegistrationLimits } from '../responsible-gaming/settings.ts';
import { users, type UserRow } from '../users/schema.ts';
import type { AccountsDeps, RequestFacts } from './deps.ts';
import { AUTH_MESSAGES } from './messages.ts';
import { assertNotSelfExcluded } from './self-exclusion-error.ts';
import { startSession } from './session.ts';
import { uniqueViolation } from './unique-violation.ts';

/**
 * `POST /auth/google {idToken}` on a tenant with `casAllowGoogleAuth`: the
 * token must verify against GOOGLE_JWKS_URL for the tenant's
 * `googleClientId`, with a verified e-mail. Logs in the account linked to
 * that Google subject; else links the account of this tenant holding that
 * e-mail if the player verified it (linking an unverified address would let
 * whoever typed it first share the account); else creates an account (no phone yet: the player adds one by
 * verifying it). On a regulated tenant the new account owes the limits the
 * registration form would have asked (a loss limit and a session-time
 * limit, issue 17): it may not bet or deposit until it has chosen them.
 * @throws 403 when the tenant does not offer Google login; 422
 * `errors.idToken` for a token that does not verify; 403 self-excluded;
 * 403 `account_closed` for a closed account; 403 `account_blocked` for one
 * the operator blocked.
 */
export async function googleLogin(deps: AccountsDeps, facts: RequestFacts, rawBody: unknown): Promise<AuthSessionResponse> {
  const config = facts.tenant.config;
  const body = v.parse(GoogleLoginSchema, rawBody);
  if (!config.casAllowGoogleAuth || !config.googleClientId) throw new ForbiddenError('google_disabled', { message: AUTH_MESSAGES.googleDisabled });
  const identity = await deps.google.verify(body.idToken, config.googleClientId);
  const email = identity ? normalizeEmail(identity.email.trim()) : null;
  if (!identity || !email) throw new ValidationError({ idToken: [AUTH_MESSAGES.googleInvalid[facts.locale]] }, 'google_invalid');
  const tenantId = facts.tenant.id;
  const now = deps.now();

  const find = async (): Promise<UserRow | undefined> => {
    const [bySub] = await deps.db.select().from(users).where(and(eq(users.tenantId, tenantId), eq(users.googleSub, identity.sub))).limit(1);
    if (bySub) return bySub;
    const [linked] = await deps.db
      .update(users)
      .set({ googleSub: identity.sub, emailVerifiedAt: now, updatedAt: now })
      .where(and(eq(users.tenantId, tenantId), eq(users.email, email), isNotNull(users.emailVerifiedAt), isNull(users.googleSub)))
      .returning();
    return linked;
  };

  let user = await find();
  if (!user) {
    const name = (identity.name ?? email.split('@')[0] ?? 'Google').normalize('NFC').replace(/[\p{Cc}\p{Cf}]/gu, '').trim().slice(0, 100) || 'Google';
    try {
      user = await deps.db.transaction(async (tx) => {
        const [made] = await tx
          .insert(users)
          .values({ tenantId, name, email, emailVerifiedAt: now, googleSub: identity.sub, language: facts.locale, referenceCode: body.reference_code ?? null, createdAt: now, updatedAt: now })
          .returning();
        if (made && config.is_regulated) await requireRegistrationLimits(tx, { tenantId, userId: made.id }, now);
        // A new account only: signing in again with a `ref` links nothing (issue 18).
        if (made) await linkReferral(tx, { tenantId, userId: made.id, code: body.reference_code });
        return made;
      });
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === null) throw error;
      // The e-mail belongs to an account that has not verified it.
      if (constraint === 'users_tenant_email_unique' && !(await find())) {
        throw new ValidationError({ idToken: [AUTH_MESSAGES.googleEmailUnverified[facts.locale]] }, 'google_email_taken');
      }
      // A concurrent first login created or linked it: use that account.
      user = await find();
    }
  }
  if (!user) throw new ValidationError({ idToken: [AUTH_MESSAGES.googleInvalid[facts.locale]] }, 'google_invalid');
  assertNotClosed(user);
  assertNotBlocked(user);
  assertNotSelfExcluded(user, now);
  await checkAtLogin(deps.barred, user);
  return startSession(deps, user, facts);
}
