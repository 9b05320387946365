import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import type { SelfExclusionResponse } from '../../../src/contract/auth.ts';
import { SelfExclusionSchema, selfExclusionEnd } from '../../../src/contract/validation/index.ts';
import { UnauthorizedError, ValidationError } from '../../http/errors.ts';
import type { AccountsDeps, RequestFacts } from '../auth/deps.ts';
import { isSelfExcluded } from '../users/present.ts';
import { users } from '../users/schema.ts';
import { revokeUserTokens } from '../users/tokens.ts';
import { fill } from '../auth/messages.ts';
import { PROFILE_MESSAGES } from './messages.ts';

/**
 * `POST /profile/self-exclusion {value, date}`: effective immediately; every
 * session of the player ends in the same transaction, and login is refused
 * until `end_at`. A longer period may replace a running one, never a shorter.
 */
export async function startSelfExclusion(deps: AccountsDeps, facts: RequestFacts, userId: number, rawBody: unknown): Promise<SelfExclusionResponse> {
  const body = v.parse(SelfExclusionSchema, rawBody);
  const now = deps.now();
  const end = selfExclusionEnd(now, body.value, body.date);
  return deps.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(and(eq(users.id, userId), eq(users.tenantId, facts.tenant.id))).limit(1);
    if (!user) throw new UnauthorizedError();
    const running = isSelfExcluded(user, now) && user.selfExclusionEndAt && user.selfExclusionEndAt.getTime() > end.getTime();
    const start = running ? (user.selfExclusionStartAt ?? now) : now;
    const finalEnd = running && user.selfExclusionEndAt ? user.selfExclusionEndAt : end;
    await tx.update(users).set({ selfExclusionStartAt: start, selfExclusionEndAt: finalEnd, updatedAt: now }).where(eq(users.id, userId));
    await revokeUserTokens(tx, userId, { now });
    return { start_at: start.toISOString(), end_at: finalEnd.toISOString() };
  });
}

/**
 * `POST /profile/self-exclusion/remove`: clears an ENDED period (a running
 * one cannot be lifted early).
 * @throws 422 `errors.self_exclusion` while it runs.
 */
export async function removeSelfExclusion(deps: AccountsDeps, facts: RequestFacts, userId: number): Promise<{ message: string }> {
  const now = deps.now();
  const [user] = await deps.db.select().from(users).where(and(eq(users.id, userId), eq(users.tenantId, facts.tenant.id))).limit(1);
  if (!user) throw new UnauthorizedError();
  if (isSelfExcluded(user, now) && user.selfExclusionEndAt) {
    const end = new Intl.DateTimeFormat(facts.locale === 'pt' ? 'pt-BR' : 'en-US', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Sao_Paulo' }).format(
      user.selfExclusionEndAt,
    );
    throw new ValidationError({ self_exclusion: [fill(PROFILE_MESSAGES.selfExclusionRunning[facts.locale], { end })] });
  }
  await deps.db.update(users).set({ selfExclusionStartAt: null, selfExclusionEndAt: null, updatedAt: now }).where(eq(users.id, userId));
  return { message: PROFILE_MESSAGES.selfExclusionRemoved[facts.locale] };
}
