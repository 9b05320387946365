import { and, eq, ne } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import * as v from 'valibot';
import type { CpfValidResponse, UserResponse } from '../../../src/contract/auth.ts';
import { UpdateUserSchema, ValidateCpfSchema } from '../../../src/contract/validation/index.ts';
import { UnauthorizedError, ValidationError } from '../../http/errors.ts';
import { tooManyAttempts } from '../rate-limit/errors.ts';
import { perIpRule, RATE_RULES, rateKey } from '../rate-limit/rules.ts';
import { findUserByCpf } from '../users/find-user.ts';
import { users, type UserRow } from '../users/schema.ts';
import type { AccountsDeps, RequestFacts } from './deps.ts';
import { present } from './session.ts';
import { userUniqueErrors } from './unique-violation.ts';

/**
 * Applies `change` to the player and returns the user object. A duplicate
 * e-mail (unique per tenant) → 422 `errors.email: validation.emailTaken`.
 */
export async function updateUser(deps: AccountsDeps, facts: RequestFacts, userId: number, change: PgUpdateSetSource<typeof users>): Promise<UserResponse> {
  let row: UserRow | undefined;
  try {
    [row] = await deps.db
      .update(users)
      .set({ ...change, updatedAt: deps.now() })
      .where(and(eq(users.id, userId), eq(users.tenantId, facts.tenant.id)))
      .returning();
  } catch (error) {
    const errors = userUniqueErrors(error);
    if (errors) throw new ValidationError(errors);
    throw error;
  }
  if (!row) throw new UnauthorizedError();
  return { data: await present(deps, row) };
}

/**
 * `POST /auth/update {name?, birth_date?, email?, language?}`: a changed
 * e-mail must be free on the tenant and becomes unverified again.
 */
export async function updateAccount(deps: AccountsDeps, facts: RequestFacts, userId: number, rawBody: unknown): Promise<UserResponse> {
  const body = v.parse(UpdateUserSchema, rawBody);
  const change: Partial<typeof users.$inferInsert> = {};
  if (body.name !== undefined) change.name = body.name;
  if (body.birth_date !== undefined) change.birthDate = body.birth_date;
  if (body.language !== undefined) change.language = body.language;
  if (body.email !== undefined) {
    const [other] = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, facts.tenant.id), eq(users.email, body.email), ne(users.id, userId)))
      .limit(1);
    if (other) throw new ValidationError({ email: ['validation.emailTaken'] });
    const [current] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
    if (current?.email !== body.email) {
      change.email = body.email;
      change.emailVerifiedAt = null;
    }
  }
  return updateUser(deps, facts, userId, change);
}

/**
 * `POST /validate/validate-cpf {cpf}`: the section 5 CPF rule plus "not yet
 * registered on this tenant". Limited per IP, since each answer tells
 * whether a CPF is registered.
 */
export async function validateCpf(deps: AccountsDeps, facts: RequestFacts, rawBody: unknown): Promise<CpfValidResponse> {
  const body = v.parse(ValidateCpfSchema, rawBody);
  const byIp = await deps.limiter.hit(rateKey.cpfIp(facts.tenant.id, facts.ip), perIpRule(RATE_RULES.cpfChecksPerIp, deps.config.ipRateLimitScale));
  if (byIp.blocked) throw tooManyAttempts(byIp.retryIn);
  if (await findUserByCpf(deps.db, facts.tenant.id, body.cpf)) throw new ValidationError({ cpf: ['validation.cpfTaken'] });
  return { valid: true };
}
