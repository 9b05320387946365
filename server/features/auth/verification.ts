import { and, eq, isNull } from 'drizzle-orm';
import type { CodeSentResponse, ContactVerifiedResponse, PhoneVerifiedResponse } from '../../../src/contract/auth.ts';
import { CODE_RESEND_SECONDS } from '../../../src/contract/auth.ts';
import { phoneErrorKey, toE164 } from '../../../src/contract/validation/index.ts';
import type { Actor } from '../../http/context.ts';
import { UnauthorizedError, ValidationError } from '../../http/errors.ts';
import { translate } from '../../http/translate.ts';
import { findUserById, findUserByPhone } from '../users/find-user.ts';
import { users, type UserRow } from '../users/schema.ts';
import { checkCode, issueVerificationToken } from './codes.ts';
import type { AccountsDeps, RequestFacts } from './deps.ts';
import { AUTH_MESSAGES } from './messages.ts';
import { limitCodeRequests, sendCode } from './send-code.ts';
import { present } from './session.ts';
import { userUniqueErrors } from './unique-violation.ts';

async function currentUser(deps: AccountsDeps, facts: RequestFacts, actor: Actor | null): Promise<UserRow | null> {
  if (actor?.kind !== 'user') return null;
  const user = await findUserById(deps.db, facts.tenant.id, actor.userId);
  if (!user) throw new UnauthorizedError();
  return user;
}

const codeSent = (facts: RequestFacts, destination: string): CodeSentResponse => ({
  message: translate(facts.locale, 'auth.codeSent', { destination }),
  resend_in: CODE_RESEND_SECONDS,
});

/**
 * `POST /auth/verify-phone {phone}`. A guest gets a registration code (the
 * phone must be free on this tenant); a player gets a code for their own
 * phone (or, for an account without one, for the new phone).
 */
export async function requestPhoneCode(deps: AccountsDeps, facts: RequestFacts, actor: Actor | null, phone: string): Promise<CodeSentResponse> {
  const user = await currentUser(deps, facts, actor);
  if (user?.username && user.username !== phone) throw new ValidationError({ phone: [AUTH_MESSAGES.phoneMismatch[facts.locale]] });
  if (!user?.username) {
    const owner = await findUserByPhone(deps.db, facts.tenant.id, phone);
    // A closed account keeps its phone (issue 17): say so, rather than a bare "already registered".
    if (owner) throw new ValidationError({ phone: [owner.closedAt ? 'validation.phoneOfClosedAccount' : 'validation.phoneTaken'] });
  }
  await limitCodeRequests(deps, facts, phone);
  await sendCode(deps, facts, {
    target: user ? { tenantId: facts.tenant.id, purpose: 'verify_phone', userId: user.id } : { tenantId: facts.tenant.id, purpose: 'register_phone', destination: phone },
    userId: user?.id ?? null,
    channel: 'sms',
    destination: phone,
  });
  return codeSent(facts, phone);
}

/** `POST /auth/verify-email {}` (logged in): a code to the player's e-mail. */
export async function requestEmailCode(deps: AccountsDeps, facts: RequestFacts, actor: Actor | null): Promise<CodeSentResponse> {
  const user = await currentUser(deps, facts, actor);
  if (!user) throw new UnauthorizedError();
  if (!user.email) throw new ValidationError({ email: [AUTH_MESSAGES.noEmail[facts.locale]] });
  await limitCodeRequests(deps, facts, user.email);
  await sendCode(deps, facts, {
    target: { tenantId: facts.tenant.id, purpose: 'verify_email', userId: user.id },
    userId: user.id,
    channel: 'email',
    destination: user.email,
  });
  return codeSent(facts, user.email);
}

/**
 * `POST /auth/verify-code`. Guest: `{channel: 'phone', destination, code}` →
 * a registration token. Player: marks their phone or e-mail verified (an
 * account without a phone takes the verified number as its login).
 */
export async function verifyCode(
  deps: AccountsDeps,
  facts: RequestFacts,
  actor: Actor | null,
  body: { channel: 'phone' | 'email'; destination?: string | undefined; code: string },
): Promise<PhoneVerifiedResponse | ContactVerifiedResponse> {
  const now = deps.now();
  const user = await currentUser(deps, facts, actor);
  if (!user) {
    if (body.channel !== 'phone') throw new UnauthorizedError();
    if (!body.destination) throw new ValidationError({ destination: ['validation.required'] });
    const problem = phoneErrorKey(body.destination);
    if (problem) throw new ValidationError({ destination: [problem] });
    const phone = toE164(body.destination);
    const row = await checkCode(deps.db, { target: { tenantId: facts.tenant.id, purpose: 'register_phone', destination: phone }, code: body.code, now });
    return { verified: true, verification_token: await issueVerificationToken(deps.db, row.id, now) };
  }
  const purpose = body.channel === 'phone' ? 'verify_phone' : 'verify_email';
  const row = await checkCode(deps.db, { target: { tenantId: facts.tenant.id, purpose, userId: user.id }, code: body.code, now });
  const change =
    body.channel === 'phone'
      ? { phoneVerifiedAt: now, ...(user.username ? {} : { username: row.destination }), updatedAt: now }
      : { emailVerifiedAt: now, updatedAt: now };
  const matches = body.channel === 'phone' ? (user.username ? eq(users.username, row.destination) : isNull(users.username)) : eq(users.email, row.destination);
  let updated: UserRow | undefined;
  try {
    [updated] = await deps.db.update(users).set(change).where(and(eq(users.id, user.id), matches)).returning();
  } catch (error) {
    const errors = userUniqueErrors(error, () => 'code');
    if (errors) throw new ValidationError(errors);
    throw error;
  }
  // The contact changed since the code was sent: the code proves nothing now.
  if (!updated) throw new ValidationError({ code: ['validation.code'] });
  return { verified: true, data: await present(deps, updated) };
}
