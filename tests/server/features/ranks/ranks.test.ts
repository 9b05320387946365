import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerBonuses } from '../../../../server/features/bonuses/schema.ts';
import { notifications } from '../../../../server/features/notifications/schema.ts';
import { rankOperatorRoutes } from '../../../../server/features/ranks/operator-routes.ts';
import { rankRoutes } from '../../../../server/features/ranks/routes.ts';
import { rankUps, ranks, vipPointEntries } from '../../../../server/features/ranks/schema.ts';
import { demoRanks, seedDemoRanks } from '../../../../server/features/ranks/demo.ts';
import { patchTenantConfig } from '../../../../server/features/tenants/update-config.ts';
import { users } from '../../../../server/features/users/schema.ts';
import { applyMovement } from '../../../../server/features/wallet/movement.ts';
import { silentLog } from '../../helpers/app.ts';
import { freshDatabase, type TestDatabase } from '../../helpers/db.ts';
import { featureApp, jsonCaller, playerMaker, type Tenant, twoDemoTenants } from '../../helpers/feature-harness.ts';

/*
 * Ranks and VIP points (issue 18) on the real ledger: rank-ups inside the
 * bet's transaction, once per level whatever the concurrency; VIP points
 * idempotent; the player's and the operator's calls. Runs on PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */

let tdb: TestDatabase;
let db: TestDatabase['handle']['db'];
let local: Tenant;
let sorte: Tenant;
let makePlayer: ReturnType<typeof playerMaker>;
let call: ReturnType<typeof jsonCaller>;
let seq = 0;

beforeAll(async () => {
  tdb = await freshDatabase();
  db = tdb.handle.db;
  ({ local, sorte } = await twoDemoTenants(db));
  await seedDemoRanks(db, ['localhost', 'sorte.localhost'], silentLog);
  makePlayer = playerMaker(db);
  call = jsonCaller(featureApp(db, { operator: [rankOperatorRoutes({ db })], tenant: [rankRoutes({ db })] }));
});
afterAll(() => tdb?.close());

async function funded(tenant: Tenant, amount = 10_000_000) {
  const player = await makePlayer(tenant);
  await applyMovement(db, { tenantId: tenant.id, userId: player.userId, type: 'deposit', amount, reference: `rank-dep-${(seq += 1)}` });
  return player;
}
const bet = (tenant: Tenant, userId: number, amount: number, reference = `rank-bet-${(seq += 1)}`) =>
  applyMovement(db, { tenantId: tenant.id, userId, type: 'bet', amount: -amount, reference, metadata: { game: 'Dice' } });
const refund = (tenant: Tenant, userId: number, amount: number, of: string) =>
  applyMovement(db, { tenantId: tenant.id, userId, type: 'bet', amount, reference: `${of}:rollback`, metadata: { refund_of: of } });

async function playerRow(userId: number) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row!;
}
async function pointsSum(userId: number) {
  const [row] = await db.select({ s: sql<number>`coalesce(sum(${vipPointEntries.points}), 0)::int` }).from(vipPointEntries).where(eq(vipPointEntries.userId, userId));
  return row!.s;
}
const levelsOf = async (userId: number) => (await db.select({ level: rankUps.level }).from(rankUps).where(eq(rankUps.userId, userId))).map((r) => r.level).sort();
const noticesOf = (userId: number) => db.select().from(notifications).where(eq(notifications.userId, userId));
const operator = (tenant: Tenant, method: string, path: string, body?: unknown) => call(method, `/operator${path}`, { 'x-operator-key': tenant.key }, body);

describe('rank-ups inside the bet', () => {
  it('crossing a threshold sets the level, records the rank-up, gives its VIP points and stores one notice in both languages', async () => {
    const { userId } = await funded(local);
    await bet(local, userId, 9_999);
    expect(await playerRow(userId)).toMatchObject({ level: 1, totalBet: 9_999 });
    expect(await levelsOf(userId)).toEqual([]);
    await bet(local, userId, 1);
    // Level 2 (Bronze) at R$ 100,00: its reward is 50 VIP points; the R$ 100,00 wagered earned 1 more at the default rate.
    expect(await playerRow(userId)).toMatchObject({ level: 2, vipLevel: 2, totalBet: 10_000, vipPoints: 51 });
    expect(await levelsOf(userId)).toEqual([2]);
    expect(await pointsSum(userId)).toBe(51);
    const notices = await noticesOf(userId);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.notification).toMatchObject({ title: { pt: 'Você subiu de rank!', en: 'You ranked up!' }, url: '/ranking' });
    expect((notices[0]!.notification.message as { pt: string; en: string }).pt).toContain('Bronze');
    expect((notices[0]!.notification.message as { pt: string; en: string }).en).toContain('50 VIP points');
  });

  it('a bet that jumps several ranks records each once, rewards each, and sends one notice for the top one', async () => {
    const { userId } = await funded(local);
    await bet(local, userId, 200_000);
    expect(await playerRow(userId)).toMatchObject({ level: 4, totalBet: 200_000 });
    expect(await levelsOf(userId)).toEqual([2, 3, 4]);
    // 50 + 100 + 250 for the ranks, 20 for R$ 2.000,00 wagered.
    expect((await playerRow(userId)).vipPoints).toBe(420);
    const notices = await noticesOf(userId);
    expect(notices).toHaveLength(1);
    expect((notices[0]!.notification.message as { pt: string }).pt).toContain('Ouro');
  });

  it('a refund lowers total_bet but keeps the rank; crossing again gives nothing twice', async () => {
    const { userId } = await funded(local);
    await bet(local, userId, 10_000, 'rank-keep-1');
    await refund(local, userId, 10_000, 'rank-keep-1');
    expect(await playerRow(userId)).toMatchObject({ level: 2, totalBet: 0 });
    await bet(local, userId, 10_000);
    expect(await levelsOf(userId)).toEqual([2]);
    expect(await noticesOf(userId)).toHaveLength(1);
    // 50 once for the rank; 1 earned, taken back with the refund, earned again.
    expect(await playerRow(userId)).toMatchObject({ vipPoints: 51 });
    expect(await pointsSum(userId)).toBe(51);
  });

  it('concurrent bets crossing the same threshold give the rank, its reward and its notice once', async () => {
    const { userId } = await funded(local);
    await bet(local, userId, 9_000);
    await Promise.all(Array.from({ length: 12 }, () => bet(local, userId, 1_000)));
    const row = await playerRow(userId);
    expect(row).toMatchObject({ level: 2, totalBet: 21_000 });
    expect(await levelsOf(userId)).toEqual([2]);
    expect(await noticesOf(userId)).toHaveLength(1);
    expect(row.vipPoints).toBe(50 + 2);
    expect(await pointsSum(userId)).toBe(row.vipPoints);
  });

  it('a rejected bet (insufficient funds) changes nothing', async () => {
    const { userId } = await funded(local, 5_000);
    await expect(bet(local, userId, 50_000)).rejects.toMatchObject({ status: 422 });
    expect(await playerRow(userId)).toMatchObject({ level: 1, totalBet: 0, vipPoints: 0 });
    expect(await levelsOf(userId)).toEqual([]);
  });
});

describe('VIP points of wagering', () => {
  it('small bets add up on the running total at the operator rate; replays and concurrent duplicates earn once', async () => {
    const { userId } = await funded(sorte);
    await patchTenantConfig(db, sorte.id, { vip_points_per_100: 10 });
    try {
      for (let i = 0; i < 4; i++) await bet(sorte, userId, 2_500);
      expect((await playerRow(userId)).vipPoints).toBe(10 + 50);
      await Promise.all(Array.from({ length: 8 }, () => bet(sorte, userId, 1_000, 'vip-dup')));
      expect(await playerRow(userId)).toMatchObject({ totalBet: 11_000, vipPoints: 61 });
      expect(await pointsSum(userId)).toBe(61);
      const [{ n } = { n: 0 }] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(vipPointEntries)
        .where(and(eq(vipPointEntries.userId, userId), eq(vipPointEntries.reference, 'bet:vip-dup')));
      expect(n).toBe(1);
    } finally {
      await patchTenantConfig(db, sorte.id, { vip_points_per_100: null });
    }
  });

  it('a rate of 0 earns none', async () => {
    const { userId } = await funded(sorte);
    await patchTenantConfig(db, sorte.id, { vip_points_per_100: 0 });
    try {
      await bet(sorte, userId, 5_000);
      expect((await playerRow(userId)).vipPoints).toBe(0);
    } finally {
      await patchTenantConfig(db, sorte.id, { vip_points_per_100: null });
    }
  });
});

describe('bonus rewards and the regulated tenant', () => {
  const bonusTable = () =>
    demoRanks('sorte.localhost').map((r) => (r.level === 2 ? { ...r, reward: { kind: 'bonus' as const, amount: 1_000, rollover_multiplier: 0 } } : r));

  it('on a regulated tenant a bonus reward is skipped and the bet still goes through', async () => {
    // Set while the tenant was not regulated (a regulated one refuses such a table, see the operator API below).
    await patchTenantConfig(db, sorte.id, { is_regulated: false });
    expect((await operator(sorte, 'PUT', '/ranks', { ranks: bonusTable() })).status).toBe(200);
    await patchTenantConfig(db, sorte.id, { is_regulated: true });
    const { userId } = await funded(sorte);
    await bet(sorte, userId, 10_000);
    expect(await playerRow(userId)).toMatchObject({ level: 2, totalBet: 10_000 });
    expect(await db.select().from(playerBonuses).where(eq(playerBonuses.userId, userId))).toEqual([]);
  });

  it('on an unregulated tenant it is granted once, as bonus money', async () => {
    await patchTenantConfig(db, sorte.id, { is_regulated: false });
    try {
      expect((await operator(sorte, 'PUT', '/ranks', { ranks: bonusTable() })).status).toBe(200);
      const { userId } = await funded(sorte, 20_000);
      const moved = await bet(sorte, userId, 10_000);
      // The bet's answer is the wallet after the hook's own movement (the bonus, released at once: rollover 0).
      expect(Number(moved.wallet.balance)).toBe(11_000);
      const bonuses = await db.select().from(playerBonuses).where(eq(playerBonuses.userId, userId));
      expect(bonuses).toHaveLength(1);
      expect(bonuses[0]).toMatchObject({ source: 'rank', sourceRef: 'level:2', amount: 1_000 });
    } finally {
      await patchTenantConfig(db, sorte.id, { is_regulated: true });
      await operator(sorte, 'PUT', '/ranks', { ranks: demoRanks('sorte.localhost') });
    }
  });
});

describe('GET /ranking and GET /profile/vip', () => {
  it('a guest gets the table and no player', async () => {
    const res = await call('GET', '/ranking', { host: 'localhost' });
    expect(res.status).toBe(200);
    const body = res.body as { ranks: { level: number; totalBet: number; name: { pt: string }; image: string }[]; player: null };
    expect(body.player).toBeNull();
    expect(body.ranks.map((r) => r.level)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(body.ranks[0]).toEqual({ level: 1, name: { pt: 'Iniciante', en: 'Rookie' }, totalBet: 0, image: '/demo/localhost/ranks/1.svg' });
  });

  it('a player gets their level, total, progress and amount to the next rank; and their VIP figures', async () => {
    const { userId, token } = await funded(local);
    await bet(local, userId, 30_000);
    const res = await call('GET', '/ranking', { host: 'localhost', authorization: `Bearer ${token}` });
    expect(res.body.player).toEqual({ level: 2, totalBet: 30_000, progress: 50, toNext: 20_000, nextLevel: 3 });
    const vip = await call('GET', '/profile/vip', { host: 'localhost', authorization: `Bearer ${token}` });
    expect(vip.status).toBe(200);
    expect(vip.body.vip).toEqual({ level: 2, points: 53, pointsPer100: 1 });
    expect((await call('GET', '/profile/vip', { host: 'localhost' })).status).toBe(401);
  });
});

describe('operator API', () => {
  const snapshot = async (tenant: Tenant) => db.select().from(ranks).where(eq(ranks.tenantId, tenant.id)).orderBy(ranks.level);

  it('lists the table with rewards and the VIP rate; needs the key', async () => {
    const res = await operator(local, 'GET', '/ranks');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ vip_points_per_100: 1 });
    expect((res.body.ranks as unknown[])[1]).toMatchObject({ level: 2, totalBet: 10_000, reward: { kind: 'vip_points', points: 50 } });
    expect((await call('GET', '/operator/ranks', { 'x-operator-key': 'nope' })).status).toBe(401);
  });

  it.each([
    ['levels not starting at 1', [{ level: 2, name: { pt: 'A', en: 'A' }, totalBet: 0 }], 'ranks'],
    ['a gap in the levels', [{ level: 1, name: { pt: 'A', en: 'A' }, totalBet: 0 }, { level: 3, name: { pt: 'B', en: 'B' }, totalBet: 10 }], 'ranks'],
    ['level 1 above 0', [{ level: 1, name: { pt: 'A', en: 'A' }, totalBet: 5 }], 'ranks'],
    ['thresholds not strictly increasing', [{ level: 1, name: { pt: 'A', en: 'A' }, totalBet: 0 }, { level: 2, name: { pt: 'B', en: 'B' }, totalBet: 0 }], 'ranks'],
    ['an empty table', [], 'ranks'],
    ['a name missing in English', [{ level: 1, name: { pt: 'A', en: ' ' }, totalBet: 0 }], 'ranks.0.name.en'],
    ['a fractional threshold', [{ level: 1, name: { pt: 'A', en: 'A' }, totalBet: 0 }, { level: 2, name: { pt: 'B', en: 'B' }, totalBet: 10.5 }], 'ranks.1.totalBet'],
    ['an unknown reward', [{ level: 1, name: { pt: 'A', en: 'A' }, totalBet: 0, reward: { kind: 'cash', amount: 5 } }], 'ranks.0.reward.kind'],
    ['an image that is not a path or https', [{ level: 1, name: { pt: 'A', en: 'A' }, totalBet: 0, image: 'javascript:alert(1)' }], 'ranks.0.image'],
  ])('refuses %s with 422 and changes nothing', async (_, table, field) => {
    const before = await snapshot(local);
    const res = await operator(local, 'PUT', '/ranks', { ranks: table });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors as object)).toContain(field);
    expect(await snapshot(local)).toEqual(before);
  });

  it('replaces the table; the message of a refusal is in the request language', async () => {
    const table = [
      { level: 1, name: { pt: 'Novato', en: 'Newbie' }, totalBet: 0 },
      { level: 2, name: { pt: 'Veterano', en: 'Veteran' }, totalBet: 1_000, image: '/x/2.svg', reward: { kind: 'vip_points', points: 5 } },
    ];
    const res = await operator(sorte, 'PUT', '/ranks', { ranks: table });
    expect(res.status).toBe(200);
    expect((await snapshot(sorte)).map((r) => [r.level, r.totalBet, r.name.en])).toEqual([
      [1, 0, 'Newbie'],
      [2, 1_000, 'Veteran'],
    ]);
    const pt = await call('PUT', '/operator/ranks', { 'x-operator-key': sorte.key, 'accept-language': 'pt-BR' }, { ranks: [table[1]] });
    expect(pt.status).toBe(422);
    expect(JSON.stringify(pt.body.errors)).toMatch(/nível|níveis/i);
    await operator(sorte, 'PUT', '/ranks', { ranks: demoRanks('sorte.localhost') });
  });

  it('a rank paying bonus money is refused on a regulated tenant (Lei 14.790 art. 29, 403, nothing changed) and taken on an unregulated one', async () => {
    const table = [
      { level: 1, name: { pt: 'Novato', en: 'Newbie' }, totalBet: 0 },
      { level: 2, name: { pt: 'Veterano', en: 'Veteran' }, totalBet: 1_000, reward: { kind: 'bonus', amount: 10_00, rollover_multiplier: 5 } },
    ];
    const before = await snapshot(sorte);
    const refused = await call('PUT', '/operator/ranks', { 'x-operator-key': sorte.key, 'accept-language': 'pt-BR' }, { ranks: table });
    expect(refused).toMatchObject({ status: 403, body: { message: expect.stringMatching(/14\.790/) } });
    expect(await snapshot(sorte)).toEqual(before);
    await patchTenantConfig(db, sorte.id, { is_regulated: false });
    try {
      expect((await operator(sorte, 'PUT', '/ranks', { ranks: table })).status).toBe(200);
      expect((await snapshot(sorte))[1]!.reward).toMatchObject({ kind: 'bonus', amount: 10_00 });
    } finally {
      await patchTenantConfig(db, sorte.id, { is_regulated: true });
      await operator(sorte, 'PUT', '/ranks', { ranks: demoRanks('sorte.localhost') });
    }
  });

  it('sets the VIP rate through the validated site configuration (422 and nothing changed when out of range)', async () => {
    expect((await operator(sorte, 'PUT', '/ranks/vip-rate', { vip_points_per_100: 10_001 })).status).toBe(422);
    expect((await operator(sorte, 'PUT', '/ranks/vip-rate', { vip_points_per_100: 2.5 })).status).toBe(422);
    expect((await operator(sorte, 'GET', '/ranks')).body.vip_points_per_100).toBe(1);
    const res = await operator(sorte, 'PUT', '/ranks/vip-rate', { vip_points_per_100: 25 });
    expect(res.body).toEqual({ vip_points_per_100: 25 });
    expect((await operator(sorte, 'GET', '/ranks')).body.vip_points_per_100).toBe(25);
    await operator(sorte, 'PUT', '/ranks/vip-rate', { vip_points_per_100: 1 });
  });

  it('lists who reached what, newest first', async () => {
    const { userId } = await funded(local);
    await bet(local, userId, 50_000);
    const res = await operator(local, 'GET', '/ranks/reached?page=1');
    expect(res.status).toBe(200);
    const data = res.body.data as { user_id: number; level: number }[];
    expect(data.filter((r) => r.user_id === userId).map((r) => r.level)).toEqual([3, 2]);
    expect(res.body).toMatchObject({ current_page: 1, last_page: 1 });
    expect((await operator(local, 'GET', '/ranks/reached?page=0')).status).toBe(422);
  });
});
