import * as v from 'valibot';
import type { AuthSessionResponse } from '../../../src/contract/auth.ts';
import type { RegistrationLimitsEntries } from '../../../src/contract/responsible-gaming.ts';
import { createRegisterSchema } from '../../../src/contract/validation/index.ts';
import { type FieldErrors, ValidationError } from '../../http/errors.ts';
import { recordRegistrationCheck } from '../barred/record-check.ts';
import { linkReferral } from '../referrals/link.ts';
import { assertMayRegister } from '../barred/triggers.ts';
import { setRegistrationLimits } from '../responsible-gaming/settings.ts';
import { findUserByCpf, findUserByEmail, findUserByPhone } from '../users/find-user.ts';
import { users, type UserRow } from '../users/schema.ts';
import { assertCaptcha, captchaRequired } from './captcha-check.ts';
import { consumeVerificationToken } from './codes.ts';
import type { AccountsDeps, RequestFacts } from './deps.ts';
import { startSession } from './session.ts';
import { userUniqueErrors } from './unique-violation.ts';

/**
 * `POST /auth/register`: validates the body with the tenant's rules (CPF when
 * `registerCPF`, captcha when a Turnstile site key is set, a loss limit and a
 * session-time limit when `is_regulated`), checks the phone
 * verification token and the uniqueness of phone, e-mail and CPF on this
 * tenant and asks the regulator whether the CPF is barred (SIGAP), then
 * creates the account and logs it in. Nothing is written unless
 * every check passes (the token is spent in the same transaction as the insert).
 * @throws 422 with `errors` per field; 403 `cpf_barred` for a barred CPF;
 * 503 `barred_check_unavailable` when the regulator cannot be reached (server/features/barred/triggers.ts).
 */
export async function register(deps: AccountsDeps, facts: RequestFacts, rawBody: unknown): Promise<AuthSessionResponse> {
  const limitsRequired = facts.tenant.config.is_regulated;
  const body = v.parse(createRegisterSchema({ cpfRequired: facts.tenant.config.registerCPF, captchaRequired: captchaRequired(facts), limitsRequired }), rawBody);
  await assertCaptcha(deps, facts, body.captcha_token);
  const tenantId = facts.tenant.id;
  const taken: FieldErrors = {};
  // A closed account keeps its phone, e-mail and CPF on record (issue 17): they cannot open a new account, and the message says why.
  const byPhone = await findUserByPhone(deps.db, tenantId, body.username);
  if (byPhone) taken.username = [byPhone.closedAt ? 'validation.phoneOfClosedAccount' : 'validation.phoneTaken'];
  const byEmail = await findUserByEmail(deps.db, tenantId, body.email);
  if (byEmail) taken.email = [byEmail.closedAt ? 'validation.emailOfClosedAccount' : 'validation.emailTaken'];
  const byCpf = body.cpf ? await findUserByCpf(deps.db, tenantId, body.cpf) : null;
  if (byCpf) taken.cpf = [byCpf.closedAt ? 'validation.cpfOfClosedAccount' : 'validation.cpfTaken'];
  if (Object.keys(taken).length > 0) throw new ValidationError(taken);
  await assertMayRegister(deps.barred, body.cpf, facts.locale);

  const passwordHash = await deps.hasher.hash(body.password);
  const now = deps.now();
  let user: UserRow;
  try {
    user = await deps.db.transaction(async (tx) => {
      const spent = await consumeVerificationToken(tx, { tenantId, phone: body.username, token: body.phone_verification_token, now });
      if (!spent) throw new ValidationError({ phone_verification_token: ['validation.code'] });
      const [row] = await tx
        .insert(users)
        .values({
          tenantId,
          name: body.name,
          username: body.username,
          email: body.email,
          cpf: body.cpf ?? null,
          passwordHash,
          gender: body.gender,
          maritalStatus: body.marital_status,
          language: body.language ?? facts.locale,
          phoneVerifiedAt: now,
          referenceCode: body.reference_code ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('user insert returned no row');
      // A valid `ref` makes the new player its owner's referred friend; a bad one is ignored (issue 18).
      await linkReferral(tx, { tenantId, userId: row.id, code: body.reference_code });
      if (deps.barred?.sigap && row.cpf) await recordRegistrationCheck(tx, { tenantId, userId: row.id }, now);
      if (limitsRequired && 'session_limit_minutes' in body) {
        const limits = body as v.InferOutput<v.ObjectSchema<typeof RegistrationLimitsEntries, undefined>>;
        await setRegistrationLimits(
          tx,
          { tenantId, userId: row.id },
          { lossLimit: limits.loss_limit, lossPeriod: limits.loss_limit_period, sessionMinutes: limits.session_limit_minutes },
          now,
        );
      }
      return row;
    });
  } catch (error) {
    const errors = userUniqueErrors(error);
    if (errors) throw new ValidationError(errors);
    throw error;
  }
  return startSession(deps, user, facts);
}
