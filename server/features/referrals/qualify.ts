import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { tenants } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';
import { applyMovement, type MovementResult } from '../wallet/movement.ts';
import { referrals } from './schema.ts';

export type QualifyOutcome =
  | { kind: 'none' }
  | { kind: 'below_minimum' }
  | { kind: 'rejected'; reason: 'same_person' | 'referrer_closed' }
  | { kind: 'qualified'; referrerUserId: number; reward: number; credit: MovementResult | null };

/** The ledger reference of a referral reward: one per referred friend (unique per tenant among `bonus` movements). */
export function referralReference(referredUserId: number): string {
  return `referral:${referredUserId}`;
}

/**
 * Called inside the transaction that credits a friend's deposit (receive-pix.ts),
 * after the credit. The friend's first deposit of at least the tenant's
 * `min_deposit` qualifies their pending referral, once:
 * - the referral row is locked, so concurrent or replayed deposits of one
 *   friend (already serialised by the friend's wallet lock) see it qualified
 *   and pay nothing; the ledger reference `referral:<friend id>` would refuse
 *   a second payment anyway;
 * - the friend's CPF or phone equal to the referrer's → `rejected` (one
 *   person with two accounts; the per-tenant unique CPF and phone already
 *   make this unlikely, the check keeps it impossible if those ever change);
 *   a closed referrer account → `rejected`;
 * - on a regulated tenant (Lei 14.790 art. 29; Portaria SPA/MF 1.231/2024
 *   art. 42 § 1 I forbids rewards conditioned on deposits) or with
 *   `cpa_value` 0 the friend is `qualified` with reward 0 and no money moves;
 * - otherwise the referrer gets `cpa_value` as withdrawable money: ledger type
 *   `bonus`, metadata `{source: 'referral', referred_user_id}`.
 * A friend without a referral, or one already settled, changes nothing.
 */
export async function qualifyReferral(tx: Db, deposit: { tenantId: number; userId: number; amount: bigint; at: Date }): Promise<QualifyOutcome> {
  const [referral] = await tx
    .select()
    .from(referrals)
    .where(and(eq(referrals.referredUserId, deposit.userId), eq(referrals.tenantId, deposit.tenantId)))
    .for('update');
  if (!referral || referral.status !== 'pending') return { kind: 'none' };
  const [tenant] = await tx.select({ config: tenants.config }).from(tenants).where(eq(tenants.id, deposit.tenantId));
  if (!tenant) return { kind: 'none' };
  if (deposit.amount < BigInt(tenant.config.min_deposit)) return { kind: 'below_minimum' };

  const [friend] = await tx.select({ cpf: users.cpf, phone: users.username }).from(users).where(eq(users.id, referral.referredUserId));
  const [referrer] = await tx.select({ cpf: users.cpf, phone: users.username, closedAt: users.closedAt }).from(users).where(eq(users.id, referral.referrerUserId));
  const reject = async (reason: 'same_person' | 'referrer_closed'): Promise<QualifyOutcome> => {
    await tx.update(referrals).set({ status: 'rejected', rejectedReason: reason }).where(eq(referrals.referredUserId, referral.referredUserId));
    return { kind: 'rejected', reason };
  };
  if (!friend || !referrer) return { kind: 'none' };
  const same = (a: string | null, b: string | null) => a !== null && a === b;
  if (same(friend.cpf, referrer.cpf) || same(friend.phone, referrer.phone)) return reject('same_person');
  if (referrer.closedAt) return reject('referrer_closed');

  const reward = tenant.config.is_regulated ? 0 : tenant.config.cpa_value;
  const credit =
    reward > 0
      ? await applyMovement(tx, {
          tenantId: deposit.tenantId,
          userId: referral.referrerUserId,
          type: 'bonus',
          amount: reward,
          // Money for bringing a friend, not an advantage to bet with: withdrawable at once, no rollover.
          withdrawableDelta: reward,
          reference: referralReference(referral.referredUserId),
          metadata: { source: 'referral', referred_user_id: referral.referredUserId },
        })
      : null;
  await tx
    .update(referrals)
    .set({ status: 'qualified', reward, qualifiedAt: deposit.at })
    .where(eq(referrals.referredUserId, referral.referredUserId));
  return { kind: 'qualified', referrerUserId: referral.referrerUserId, reward, credit };
}
