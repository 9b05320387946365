import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RealtimeEvent, realtimeChannel, wireEventName } from '../../../../src/contract/realtime.ts';
import { createSeamlessWallet } from '../../../../server/features/casino/provider-wallet/service.ts';
import { notifications } from '../../../../server/features/notifications/schema.ts';
import { seedDemoRanks } from '../../../../server/features/ranks/demo.ts';
import { inLoggedTransaction } from '../../../../server/features/wallet/ledger-log.ts';
import { applyMovement } from '../../../../server/features/wallet/movement.ts';
import { silentLog } from '../../helpers/app.ts';
import { freshDatabase, type TestDatabase } from '../../helpers/db.ts';
import { demoTenant, playerMaker, recordingPublisher, type Tenant } from '../../helpers/feature-harness.ts';

/*
 * A rank-up is pushed live (docs/rewards.md "Rank-ups"): the notice stored in
 * the bet's transaction goes out as `NotificationSent` on the player's
 * private channel once that transaction has committed, once, and never for a
 * bet that rolled back. The demo table puts level 2 (Bronze) at R$ 100,00.
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */

let tdb: TestDatabase;
let db: TestDatabase['handle']['db'];
let tenant: Tenant;
let makePlayer: ReturnType<typeof playerMaker>;
const recorder = recordingPublisher();
const live = { publish: recorder.publish, log: silentLog };
let seq = 0;

beforeAll(async () => {
  tdb = await freshDatabase();
  db = tdb.handle.db;
  tenant = await demoTenant(db, 'localhost');
  await seedDemoRanks(db, ['localhost'], silentLog);
  makePlayer = playerMaker(db);
});
afterAll(() => tdb?.close());

async function funded() {
  const { userId } = await makePlayer(tenant);
  await applyMovement(db, { tenantId: tenant.id, userId, type: 'deposit', amount: 1_000_000, reference: `live-dep-${(seq += 1)}` });
  return userId;
}
const betInput = (userId: number, amount: number, reference: string) => ({ tenantId: tenant.id, userId, type: 'bet' as const, amount: -amount, reference, metadata: { game: 'Dice' } });
const sentTo = (userId: number) =>
  recorder.published.filter((p) => p.event === wireEventName(RealtimeEvent.NotificationSent) && p.channels.includes(realtimeChannel.actorPrivate(userId)));
const storedFor = (userId: number) => db.select().from(notifications).where(eq(notifications.userId, userId));

describe('rank-up published after the commit', () => {
  it('a bet crossing a rank publishes the stored notice once, only after its transaction committed', async () => {
    const userId = await funded();
    await inLoggedTransaction(
      db,
      undefined,
      async (_tx, move) => {
        await move(betInput(userId, 10_000, 'live-bet-1'));
        // Inside the transaction nothing has gone out yet.
        expect(sentTo(userId)).toHaveLength(0);
      },
      live,
    );
    const [stored] = await storedFor(userId);
    const sent = sentTo(userId);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.data).toMatchObject({ id: stored!.id, type: 'user', read: false, notification: { title: { pt: 'Você subiu de rank!' }, url: '/ranking' } });

    // The same bet again (a provider's retry) is a replay: no second notice, nothing published.
    await inLoggedTransaction(db, undefined, (_tx, move) => move(betInput(userId, 10_000, 'live-bet-1')), live);
    // A bet that crosses nothing new publishes nothing either.
    await inLoggedTransaction(db, undefined, (_tx, move) => move(betInput(userId, 500, 'live-bet-2')), live);
    expect(sentTo(userId)).toHaveLength(1);
    expect(await storedFor(userId)).toHaveLength(1);
  });

  it('a bet that rolls back stores and publishes nothing; the retried bet does, once', async () => {
    const userId = await funded();
    await expect(
      inLoggedTransaction(
        db,
        undefined,
        async (_tx, move) => {
          await move(betInput(userId, 10_000, 'live-bet-rb'));
          throw new Error('the round failed after the stake');
        },
        live,
      ),
    ).rejects.toThrow('the round failed');
    expect(await storedFor(userId)).toHaveLength(0);
    expect(sentTo(userId)).toHaveLength(0);

    await inLoggedTransaction(db, undefined, (_tx, move) => move(betInput(userId, 10_000, 'live-bet-rb')), live);
    expect(await storedFor(userId)).toHaveLength(1);
    expect(sentTo(userId)).toHaveLength(1);
  });

  it('a realtime failure is logged and never undoes the bet or its notice', async () => {
    const userId = await funded();
    recorder.fail(true);
    try {
      const moved = await inLoggedTransaction(db, undefined, (_tx, move) => move(betInput(userId, 25_000, 'live-bet-down')), live);
      expect(moved.replayed).toBe(false);
    } finally {
      recorder.fail(false);
    }
    expect(await storedFor(userId)).toHaveLength(1);
    expect(sentTo(userId)).toHaveLength(0);
  });

  it("an aggregator's bet publishes the rank-up through the seamless wallet; concurrent duplicates publish it once", async () => {
    const userId = await funded();
    const wallet = createSeamlessWallet(db, 'acme', silentLog, () => new Date(), live);
    const player = { tenantId: tenant.id, userId };
    await Promise.all(Array.from({ length: 5 }, () => wallet.bet(player, { roundId: 'live-r1', transactionId: 'live-t1', amount: 10_000, game: 'Big Bass' })));
    expect(await storedFor(userId)).toHaveLength(1);
    expect(sentTo(userId)).toHaveLength(1);
  });
});
