import { sql } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { users } from '../users/schema.ts';
import { vipPointEntries } from './schema.ts';

type Reason = (typeof vipPointEntries.$inferInsert)['reason'];

/**
 * Adds (or, negative, takes back) VIP points: one `vip_point_entries` row
 * and `users.vip_points` moved by as much, in the caller's transaction.
 * Idempotent on the entry's unique (tenant, reason, reference). VIP points
 * are a loyalty count, never money: nothing here touches the wallet.
 * @returns false when `reference` was already used for `reason` (nothing changed).
 */
export async function addVipPoints(tx: Db, input: { tenantId: number; userId: number; points: number; reason: Reason; reference: string }): Promise<boolean> {
  if (input.points === 0) return false;
  const [entry] = await tx
    .insert(vipPointEntries)
    .values({ tenantId: input.tenantId, userId: input.userId, points: input.points, reason: input.reason, reference: input.reference })
    .onConflictDoNothing()
    .returning({ id: vipPointEntries.id });
  if (!entry) return false;
  await tx
    .update(users)
    .set({ vipPoints: sql`${users.vipPoints} + ${input.points}` })
    .where(sql`${users.id} = ${input.userId} and ${users.tenantId} = ${input.tenantId}`);
  return true;
}

/**
 * The VIP points a wager earns at `per100` points per R$ 100,00 (10 000
 * centavos), counted on the running total so small bets add up: the points
 * of the total after, less those of the total before (a bet and its refund
 * at the same rate cancel exactly).
 */
export function wagerPoints(before: number, after: number, per100: number): number {
  const at = (total: number) => Math.floor((Math.max(0, total) * per100) / 10_000);
  return at(after) - at(before);
}
