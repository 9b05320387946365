import { and, eq, isNull } from 'drizzle-orm';
import * as v from 'valibot';
import { CompleteRegistrationSchema } from '../../../src/contract/validation/complete-registration.ts';
import { DomainError, UnauthorizedError, ValidationError } from '../../http/errors.ts';
import { recordRegistrationCheck } from '../barred/record-check.ts';
import { assertMayRegister } from '../barred/triggers.ts';
import { confirmRegistrationDetails, registrationDetailsOwed } from '../responsible-gaming/settings.ts';
import { findUserByCpf, findUserById } from '../users/find-user.ts';
import { users } from '../users/schema.ts';
import type { AccountsDeps, RequestFacts } from './deps.ts';
import { AUTH_MESSAGES } from './messages.ts';
import { present } from './session.ts';
import { userUniqueErrors } from './unique-violation.ts';

/**
 * `POST /auth/complete-registration {cpf, adult, terms}`: the registration
 * form's data that a first Google sign-in on a regulated tenant skipped.
 * Checked as registration checks it: the CPF valid, not on another account
 * of this tenant (a closed one's included), then not barred by the regulator
 * (SIGAP, failing closed); then, in one transaction, the CPF is saved, the
 * day's barred check recorded and the responsible-gaming mark
 * (`registration_details_pending`) dropped with the date of the 18+
 * confirmation and the terms' acceptance. Bets and deposits wait for this
 * (responsible-gaming/enforce.ts, `registration_incomplete`).
 * @returns the account as `/auth/me` shows it.
 * @throws 422 `errors.cpf` / `errors.adult` / `errors.terms`; 403 `cpf_barred`;
 * 503 `barred_check_unavailable`; 409 `registration_complete` when nothing is owed.
 */
export async function completeRegistration(deps: AccountsDeps, facts: RequestFacts, userId: number, rawBody: unknown) {
  const body = v.parse(CompleteRegistrationSchema, rawBody);
  const tenantId = facts.tenant.id;
  const who = { tenantId, userId };
  const user = await findUserById(deps.db, tenantId, userId);
  if (!user) throw new UnauthorizedError();
  if (!(await registrationDetailsOwed(deps.db, who))) throw new DomainError('registration_complete', 409, undefined, { message: AUTH_MESSAGES.registrationComplete });
  // A CPF already on the account (none today: the profile cannot add one) is the one to confirm, never replaced.
  if (user.cpf && user.cpf !== body.cpf) throw new ValidationError({ cpf: ['validation.cpfTaken'] });
  const byCpf = user.cpf ? null : await findUserByCpf(deps.db, tenantId, body.cpf);
  if (byCpf) throw new ValidationError({ cpf: [byCpf.closedAt ? 'validation.cpfOfClosedAccount' : 'validation.cpfTaken'] });
  await assertMayRegister(deps.barred, body.cpf, facts.locale);

  const now = deps.now();
  try {
    await deps.db.transaction(async (tx) => {
      if (!(await confirmRegistrationDetails(tx, who, now))) throw new DomainError('registration_complete', 409, undefined, { message: AUTH_MESSAGES.registrationComplete });
      if (!user.cpf) await tx.update(users).set({ cpf: body.cpf, updatedAt: now }).where(and(eq(users.id, userId), eq(users.tenantId, tenantId), isNull(users.cpf)));
      // The regulator was just asked: that is the day's check (a registration's), so today's first login need not ask again.
      if (deps.barred?.sigap) await recordRegistrationCheck(tx, who, now);
    });
  } catch (error) {
    const errors = userUniqueErrors(error);
    if (errors) throw new ValidationError(errors);
    throw error;
  }
  const saved = await findUserById(deps.db, tenantId, userId);
  if (!saved) throw new UnauthorizedError();
  return present(deps, saved, now);
}
