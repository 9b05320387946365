import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missions, playerMissions } from '../../../../server/features/missions/schema.ts';
import { makeClaims, settleTransaction, type SportsHarness, sportsHarness } from '../sportsbook/harness.ts';

/*
 * Sports bets move missions through the sportsbook's real callbacks (the
 * ledger's sports_bet / sports_refund / sports_rollback rows): a stake counts
 * for unscoped missions and those scoped to the `sports` category or the
 * `sportsbook` provider, never for a casino-scoped one; a refund takes it
 * back and rolling the refund back counts it again. PGlite, and PostgreSQL
 * when TEST_DATABASE_URL is set.
 */

let s: SportsHarness;
beforeAll(async () => {
  s = await sportsHarness();
}, 60_000);
afterAll(() => s?.close());

async function mission(scope: Record<string, string> | null, kind: 'wager' | 'rounds' = 'wager'): Promise<number> {
  const [row] = await s.db
    .insert(missions)
    .values({ tenantId: s.tenantId, title: { pt: 'm', en: 'm' }, description: { pt: '', en: '' }, kind, target: 100_000, scope, reward: { kind: 'vip_points', points: 1 } })
    .returning();
  return row!.id;
}
const progressOf = async (missionId: number, userId: number) =>
  (await s.db.select().from(playerMissions).where(eq(playerMissions.missionId, missionId))).find((r) => r.userId === userId)?.progress;

describe('sports bets and missions', () => {
  it('a betslip counts for sports and unscoped missions only; a refund takes it back; undoing the refund counts it again', async () => {
    const { userId } = await s.player(10_000);
    const sports = await mission({ category: 'sports' });
    const book = await mission({ provider: 'sportsbook' });
    const casino = await mission({ provider: 'house' });
    const any = await mission(null);
    const rounds = await mission(null, 'rounds');
    for (const missionId of [sports, book, casino, any, rounds]) await s.db.insert(playerMissions).values({ tenantId: s.tenantId, missionId, userId });

    const claims = makeClaims(userId, { amount: 1_000 });
    const reply = await s.call('bet/make', claims);
    expect(reply.status).toBe(200);
    // The provider's retry is a replay: nothing counts twice.
    expect((await s.call('bet/make', claims)).status).toBe(200);
    expect([await progressOf(sports, userId), await progressOf(book, userId), await progressOf(casino, userId), await progressOf(any, userId), await progressOf(rounds, userId)]).toEqual([
      1_000, 1_000, 0, 1_000, 1,
    ]);

    const refund = await s.call('bet/refund', {
      bet_transaction_id: reply.body.id,
      reason: 'cancelled',
      transaction: settleTransaction(userId, claims.betslip.id, 'refund', 1_000),
    });
    expect(refund.status).toBe(200);
    expect([await progressOf(sports, userId), await progressOf(rounds, userId)]).toEqual([0, 0]);
    const undo = await s.call('bet/rollback', {
      bet_transaction_id: reply.body.id,
      parent_transaction_id: refund.body.id,
      transaction: settleTransaction(userId, claims.betslip.id, 'rollback', 1_000),
    });
    expect(undo.status).toBe(200);
    expect([await progressOf(sports, userId), await progressOf(rounds, userId)]).toEqual([1_000, 1]);
  });
});
