import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { PageQuerySchema, type WithdrawalStatusCode } from '../../../src/contract/wallet.ts';
import type { AppEnv } from '../../http/context.ts';
import { parseJsonText } from '../../http/body.ts';
import type { WithdrawalsDeps } from '../withdrawals/deps.ts';
import { listTenantWithdrawals, operatorWithdrawalView } from '../withdrawals/list-withdrawals.ts';
import { approveWithdrawal, rejectWithdrawal } from '../withdrawals/review.ts';
import { withdrawals } from '../withdrawals/schema.ts';

const ListQuery = v.object({
  status: v.optional(v.pipe(v.string(), v.regex(/^[0-5]$/, 'must be a status code from 0 to 5'), v.transform((s) => Number(s) as WithdrawalStatusCode))),
  ...PageQuerySchema.entries,
});
const IdParam = v.pipe(v.string(), v.regex(/^[1-9]\d{0,14}$/, 'must be a withdrawal id'), v.transform(Number));
const RejectBody = v.object({ reason: v.optional(v.pipe(v.string('must be text'), v.trim(), v.maxLength(500, 'must be at most 500 characters'))) });

/** The withdrawal as it was before the review, for the audit log (null when it is not the tenant's). */
async function beforeReview(deps: WithdrawalsDeps, tenantId: number, id: number): Promise<unknown> {
  const [row] = await deps.db.select({ tenantId: withdrawals.tenantId }).from(withdrawals).where(eq(withdrawals.id, id));
  return row?.tenantId === tenantId ? operatorWithdrawalView(deps.db, id) : null;
}

/**
 * The operator's withdrawal review, under `/operator/withdrawals` (behind
 * `requireOperator`, so only the key's own tenant): list (optionally by
 * `?status=`), approve (5 → sent to the PSP now) and reject (5 → cancelled,
 * funds back). Another tenant's withdrawal answers 404 like a missing one.
 */
export function operatorWithdrawalRoutes(deps: WithdrawalsDeps): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const q = v.parse(ListQuery, { status: c.req.query('status'), page: c.req.query('page') });
      return c.json(await listTenantWithdrawals(deps.db, { tenantId: c.get('tenant').id, status: q.status ?? null, page: q.page }));
    })
    .post('/:id/approve', async (c) => {
      const id = v.parse(IdParam, c.req.param('id'));
      c.set('auditBefore', await beforeReview(deps, c.get('tenant').id, id));
      await approveWithdrawal(deps, { tenantId: c.get('tenant').id, id });
      return c.json({ withdrawal: await operatorWithdrawalView(deps.db, id) });
    })
    .post('/:id/reject', async (c) => {
      const id = v.parse(IdParam, c.req.param('id'));
      c.set('auditBefore', await beforeReview(deps, c.get('tenant').id, id));
      // The body is optional: no body, or `{}`, rejects without a reason.
      const raw = await c.req.text();
      const { reason } = raw.trim() === '' ? v.parse(RejectBody, {}) : parseJsonText(raw, RejectBody);
      await rejectWithdrawal(deps, { tenantId: c.get('tenant').id, id, note: reason || null });
      return c.json({ withdrawal: await operatorWithdrawalView(deps.db, id) });
    });
}
