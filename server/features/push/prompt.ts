import { and, eq } from 'drizzle-orm';
import type { PushPromptAnswer } from '../../../src/contract/push.ts';
import type { Db } from '../../db/open.ts';
import { users } from '../users/schema.ts';

/**
 * Records when the player closed the push-permission modal or refused
 * notifications in it (`/auth/me` returns it as `push_prompt`), so another
 * browser waits as long as the one where it happened.
 */
export async function recordPushPromptAnswer(ctx: { db: Db; tenantId: number; userId: number; now: Date }, input: PushPromptAnswer): Promise<void> {
  const set = input.answer === 'denied' ? { pushPromptDeniedAt: ctx.now } : { pushPromptClosedAt: ctx.now };
  await ctx.db
    .update(users)
    .set(set)
    .where(and(eq(users.id, ctx.userId), eq(users.tenantId, ctx.tenantId)));
}
