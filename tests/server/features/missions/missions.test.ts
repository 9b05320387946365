import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerBonuses } from '../../../../server/features/bonuses/schema.ts';
import { gameProviders, games } from '../../../../server/features/casino/schema.ts';
import { createSeamlessWallet } from '../../../../server/features/casino/provider-wallet/service.ts';
import { chatOperatorRoutes } from '../../../../server/features/chat/operator-routes.ts';
import { chatRoutes } from '../../../../server/features/chat/routes.ts';
import { boxes, userBoxes } from '../../../../server/features/boxes/schema.ts';
import { houseRoutes } from '../../../../server/features/house/routes.ts';
import { demoMissions, seedDemoMissions } from '../../../../server/features/missions/demo.ts';
import { missionOperatorRoutes } from '../../../../server/features/missions/operator-routes.ts';
import { publishMissionProgress } from '../../../../server/features/missions/publish.ts';
import { missionRoutes } from '../../../../server/features/missions/routes.ts';
import { missions, playerMissions } from '../../../../server/features/missions/schema.ts';
import { notifications } from '../../../../server/features/notifications/schema.ts';
import { vipPointEntries } from '../../../../server/features/ranks/schema.ts';
import { patchTenantConfig } from '../../../../server/features/tenants/update-config.ts';
import { users } from '../../../../server/features/users/schema.ts';
import { applyMovement } from '../../../../server/features/wallet/movement.ts';
import { wallets } from '../../../../server/features/wallet/schema.ts';
import type { MissionView } from '../../../../src/contract/missions.ts';
import { silentLog } from '../../helpers/app.ts';
import { freshDatabase, type TestDatabase } from '../../helpers/db.ts';
import { featureApp, jsonCaller, playerMaker, recordingPublisher, type Tenant, twoDemoTenants } from '../../helpers/feature-harness.ts';

/*
 * Missions (issue 19) through the real platform: progress only from real
 * events (house rounds through POST /house/{game}/play, an aggregator's
 * seamless-wallet bets and rollbacks, deposits, chat posts) inside their
 * transactions; scopes; a reward paid once under concurrent claims; the
 * regulated tenant's refusals; the operator's validation and assignment.
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */

let tdb: TestDatabase;
let db: TestDatabase['handle']['db'];
let local: Tenant;
let sorte: Tenant;
let makePlayer: ReturnType<typeof playerMaker>;
let call: ReturnType<typeof jsonCaller>;
const recorder = recordingPublisher();
let seq = 0;
let clock = Date.now();

beforeAll(async () => {
  tdb = await freshDatabase();
  db = tdb.handle.db;
  ({ local, sorte } = await twoDemoTenants(db));
  // sorte plays an unregulated operator: bonus money and deposit missions are allowed there.
  await patchTenantConfig(db, sorte.id, { is_regulated: false });
  makePlayer = playerMaker(db);
  const deps = { db, publish: recorder.publish, log: silentLog, notifications: { db, publish: recorder.publish, log: silentLog } };
  call = jsonCaller(
    featureApp(db, {
      operator: [missionOperatorRoutes(deps), chatOperatorRoutes({ db, publish: recorder.publish, log: silentLog, dataDir: '/tmp' })],
      tenant: [
        missionRoutes(deps),
        houseRoutes({ db, publish: recorder.publish, log: silentLog }),
        // Each post 3 s after the last, past the chat's 1-per-2-s limit.
        chatRoutes({ db, publish: recorder.publish, log: silentLog, dataDir: '/tmp', apiBase: 'http://localhost/api', now: () => new Date((clock += 3_000)) }),
      ],
    }),
  );
  // An aggregator's game in the localhost catalogue: provider acme, game big-bass (its id bb-1), category slots.
  const [acme] = await db.insert(gameProviders).values({ tenantId: local.id, code: 'acme', name: 'Acme' }).returning();
  await db.insert(games).values({
    tenantId: local.id,
    providerId: acme!.id,
    gameId: 'bb-1',
    gamecode: 'big-bass',
    title: 'Big Bass',
    categorySlug: 'slots',
    type: 'slot',
    image: '/x.png',
    imageMobile: '/x.png',
  });
});
afterAll(() => tdb?.close());

const operator = (tenant: Tenant, method: string, path: string, body?: unknown, lang = 'pt-BR') =>
  call(method, `/operator${path}`, { 'x-operator-key': tenant.key, 'accept-language': lang }, body);
const player = (tenant: Tenant, token: string | null, method: string, path: string, body?: unknown, lang = 'pt-BR') =>
  call(method, path, { host: tenant.host, 'accept-language': lang, ...(token ? { authorization: `Bearer ${token}` } : {}) }, body);

async function funded(tenant: Tenant, amount = 1_000_000) {
  const p = await makePlayer(tenant);
  await applyMovement(db, { tenantId: tenant.id, userId: p.userId, type: 'deposit', amount, reference: `mission-dep-${(seq += 1)}` });
  return p;
}

const base = {
  title: { pt: 'Missão de teste', en: 'Test mission' },
  description: { pt: 'Descrição', en: 'Description' },
  reward: { kind: 'vip_points', points: 40 },
};
async function created(tenant: Tenant, body: Record<string, unknown>): Promise<number> {
  const res = await operator(tenant, 'POST', '/missions', { ...base, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body.mission as { id: number }).id;
}
async function accepted(tenant: Tenant, token: string, id: number): Promise<MissionView> {
  const res = await player(tenant, token, 'POST', `/missions/${id}/accept`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.mission as MissionView;
}
async function view(tenant: Tenant, token: string, id: number): Promise<MissionView> {
  const res = await player(tenant, token, 'GET', `/missions/${id}`);
  expect(res.status).toBe(200);
  return res.body.mission as MissionView;
}
const dice = (token: string, amount = 100, target = 9000) =>
  player(local, token, 'POST', '/house/dice/play', { amount, demo: false, params: { target, direction: 'under' } });
const limbo = (token: string, amount = 100) => player(local, token, 'POST', '/house/limbo/play', { amount, demo: false, params: { target: 20000 } });

describe('operator: missions validated whole', () => {
  it('bad input → 422 naming each field in the caller’s language, nothing written', async () => {
    const before = (await db.select({ n: sql<number>`count(*)::int` }).from(missions))[0]!.n;
    const body = { title: { pt: '', en: 'x' }, kind: 'jump', target: -1, reward: { kind: 'cash', amount: 1 }, ends_at: 'tomorrow' };
    const pt = await operator(local, 'POST', '/missions', body, 'pt-BR');
    expect(pt.status).toBe(422);
    const errors = pt.body.errors as Record<string, string[]>;
    expect(Object.keys(errors)).toEqual(expect.arrayContaining(['title.pt', 'kind', 'target', 'reward.kind', 'ends_at']));
    expect(errors.kind![0]).toBe('O tipo deve ser wager, rounds, multiplier, deposit ou chat.');
    const en = await operator(local, 'POST', '/missions', body, 'en-US');
    expect((en.body.errors as Record<string, string[]>).kind![0]).toBe('The kind must be wager, rounds, multiplier, deposit or chat.');
    // Whole-object rules: a scope on a chat mission, a multiplier of 1×, a window ending before it starts, an unknown box.
    const rules = await operator(local, 'POST', '/missions', {
      ...base,
      kind: 'chat',
      target: 3,
      scope: { game: 'dice' },
      starts_at: '2030-01-02T00:00:00Z',
      ends_at: '2030-01-01T00:00:00Z',
    });
    expect(rules.status).toBe(422);
    expect(Object.keys(rules.body.errors as object)).toEqual(expect.arrayContaining(['scope', 'ends_at']));
    expect((await operator(local, 'POST', '/missions', { ...base, kind: 'multiplier', target: 100 })).status).toBe(422);
    const box = await operator(local, 'POST', '/missions', { ...base, kind: 'rounds', target: 3, reward: { kind: 'box', box_id: 999_999 } }, 'en-US');
    expect(box.status).toBe(422);
    expect(box.body.errors).toEqual({ 'reward.box_id': ['This box does not exist or is switched off.'] });
    // With hasBoxes off no mission may promise a box, even one that exists: players could never open it.
    const [realBox] = await db.select({ id: boxes.id }).from(boxes).where(eq(boxes.tenantId, local.id)).limit(1);
    await patchTenantConfig(db, local.id, { hasBoxes: false });
    try {
      const off = await operator(local, 'POST', '/missions', { ...base, kind: 'rounds', target: 3, reward: { kind: 'box', box_id: realBox?.id ?? 1 } });
      expect(off).toMatchObject({ status: 422, body: { errors: { 'reward.box_id': ['As caixas estão desativadas neste site (hasBoxes): uma missão não pode prometer uma caixa.'] } } });
    } finally {
      await patchTenantConfig(db, local.id, { hasBoxes: true });
    }
    expect((await db.select({ n: sql<number>`count(*)::int` }).from(missions))[0]!.n).toBe(before);
  });

  it('regulated tenant: deposit missions and bonus money refused with the law (403), nothing written', async () => {
    const deposit = await operator(local, 'POST', '/missions', { ...base, kind: 'deposit', target: 5_000 }, 'en-US');
    expect(deposit.status).toBe(403);
    expect(deposit.body.message).toContain('Law 14,790/2023');
    const bonus = await operator(local, 'POST', '/missions', { ...base, kind: 'wager', target: 5_000, reward: { kind: 'bonus', amount: 1_000, rollover_multiplier: 1 } });
    expect(bonus.status).toBe(403);
    expect(bonus.body.message).toContain('Lei nº 14.790/2023');
    expect(await db.select().from(missions).where(and(eq(missions.tenantId, local.id), eq(missions.kind, 'deposit')))).toHaveLength(0);
  });

  it('create, read, patch (merged then validated whole), delete; another tenant’s key sees none of it', async () => {
    const id = await created(local, { kind: 'rounds', target: 5, scope: { game: 'dice' } });
    const got = await operator(local, 'GET', `/missions/${id}`);
    expect(got.body.mission).toMatchObject({ id, kind: 'rounds', target: 5, scope: { game: 'dice' }, offered: true, active: true, accepted: 0 });
    const patched = await operator(local, 'PATCH', `/missions/${id}`, { target: 7 });
    expect(patched.body.mission).toMatchObject({ target: 7, scope: { game: 'dice' } });
    // A patch that breaks a whole-object rule (scope on chat) changes nothing.
    expect((await operator(local, 'PATCH', `/missions/${id}`, { kind: 'chat' })).status).toBe(422);
    expect((await operator(local, 'GET', `/missions/${id}`)).body.mission).toMatchObject({ kind: 'rounds', target: 7 });
    expect((await operator(sorte, 'GET', `/missions/${id}`)).status).toBe(404);
    expect(((await operator(local, 'GET', '/missions')).body.missions as { id: number }[]).some((m) => m.id === id)).toBe(true);
    expect((await operator(local, 'DELETE', `/missions/${id}`)).status).toBe(204);
    expect((await operator(local, 'GET', `/missions/${id}`)).status).toBe(404);
  });
});

describe('player: list, accept', () => {
  it('a visitor sees offered missions as available; accepting needs a session; accepting is idempotent', async () => {
    const id = await created(local, { kind: 'wager', target: 1_000 });
    const hidden = await created(local, { kind: 'wager', target: 1_000, offered: false });
    const list = await player(local, null, 'GET', '/missions');
    const data = list.body.data as MissionView[];
    expect(data.find((m) => m.id === id)).toMatchObject({ status: 'available', progress: 0, percent: 0, accepted_at: null });
    expect(data.some((m) => m.id === hidden)).toBe(false);
    expect((await player(local, null, 'GET', `/missions/${hidden}`)).status).toBe(404);
    expect((await player(local, null, 'POST', `/missions/${id}/accept`)).status).toBe(401);
    const { token } = await makePlayer(local);
    const first = await accepted(local, token, id);
    expect(first.status).toBe('accepted');
    expect((await accepted(local, token, id)).accepted_at).toBe(first.accepted_at);
    const notOffered = await player(local, token, 'POST', `/missions/${hidden}/accept`, undefined, 'en-US');
    expect(notOffered).toMatchObject({ status: 409, body: { message: 'This mission is not available to you.' } });
    expect((await player(local, token, 'POST', '/missions/abc/accept')).status).toBe(404);
    expect((await player(sorte, token, 'POST', `/missions/${id}/accept`)).status).toBe(401);
  });

  it('an ended mission cannot be accepted (409) and lists as expired for whoever had it', async () => {
    const id = await created(local, { kind: 'wager', target: 1_000 });
    const { token } = await makePlayer(local);
    await accepted(local, token, id);
    await db.update(missions).set({ endsAt: new Date(Date.now() - 1000) }).where(eq(missions.id, id));
    const other = await makePlayer(local);
    const refused = await player(local, other.token, 'POST', `/missions/${id}/accept`);
    expect(refused).toMatchObject({ status: 409, body: { message: 'Esta missão já terminou.' } });
    expect((await view(local, token, id)).status).toBe('expired');
  });
});

describe('progress from real events', () => {
  it('house rounds through the real play path: a dice-scoped rounds mission counts dice rounds only, completes at its target', async () => {
    const id = await created(local, { kind: 'rounds', target: 3, scope: { game: 'dice' } });
    const { token, userId } = await funded(local);
    // Rounds before accepting do not count: only accepted missions progress.
    expect((await dice(token)).status).toBe(200);
    await accepted(local, token, id);
    expect((await dice(token)).status).toBe(200);
    expect((await limbo(token)).status).toBe(200);
    // A demo round moves no money and counts for nothing.
    expect((await player(local, token, 'POST', '/house/dice/play', { amount: 100, demo: true, params: { target: 9000, direction: 'under' } })).status).toBe(200);
    expect(await view(local, token, id)).toMatchObject({ status: 'accepted', progress: 1, percent: 33, completed_at: null });
    expect((await dice(token)).status).toBe(200);
    expect((await dice(token)).status).toBe(200);
    const done = await view(local, token, id);
    expect(done).toMatchObject({ status: 'completed', progress: 3, percent: 100 });
    expect(done.completed_at).not.toBeNull();
    // Past completion nothing moves and completed_at stays.
    expect((await dice(token)).status).toBe(200);
    expect(await view(local, token, id)).toMatchObject({ progress: 3, completed_at: done.completed_at });
    // Another player's rounds never touch this player's mission.
    const [row] = await db.select().from(playerMissions).where(and(eq(playerMissions.missionId, id), eq(playerMissions.userId, userId)));
    expect(row!.progress).toBe(3);
  });

  it('wager scopes: by category (an aggregator bet on a slot), by provider (house rounds), by game (acme/big-bass)', async () => {
    const bySlots = await created(local, { kind: 'wager', target: 10_000, scope: { category: 'slots' } });
    const byHouse = await created(local, { kind: 'wager', target: 10_000, scope: { provider: 'house' } });
    const byGame = await created(local, { kind: 'wager', target: 10_000, scope: { game: 'acme/big-bass' } });
    const any = await created(local, { kind: 'wager', target: 10_000 });
    const { token, userId } = await funded(local);
    for (const id of [bySlots, byHouse, byGame, any]) await accepted(local, token, id);
    const wallet = createSeamlessWallet(db, 'acme');
    await wallet.bet({ tenantId: local.id, userId }, { roundId: `r-${(seq += 1)}`, transactionId: `t-${seq}`, amount: 700, game: 'Big Bass', gameId: 'bb-1' });
    expect((await dice(token, 250)).status).toBe(200);
    expect((await view(local, token, bySlots)).progress).toBe(700);
    expect((await view(local, token, byHouse)).progress).toBe(250);
    expect((await view(local, token, byGame)).progress).toBe(700);
    expect((await view(local, token, any)).progress).toBe(950);
  });

  it('a rolled-back stake takes its wager (and its round) back; a replayed bet counts once', async () => {
    const wagerId = await created(local, { kind: 'wager', target: 100_000 });
    const roundsId = await created(local, { kind: 'rounds', target: 100 });
    const { token, userId } = await funded(local);
    await accepted(local, token, wagerId);
    await accepted(local, token, roundsId);
    const wallet = createSeamlessWallet(db, 'acme');
    const p = { tenantId: local.id, userId };
    const round = `rb-${(seq += 1)}`;
    await wallet.bet(p, { roundId: round, transactionId: `${round}-1`, amount: 1_200, game: 'Big Bass', gameId: 'bb-1' });
    await wallet.bet(p, { roundId: round, transactionId: `${round}-1`, amount: 1_200, game: 'Big Bass', gameId: 'bb-1' });
    await wallet.bet(p, { roundId: round, transactionId: `${round}-2`, amount: 300, game: 'Big Bass', gameId: 'bb-1' });
    expect((await view(local, token, wagerId)).progress).toBe(1_500);
    expect((await view(local, token, roundsId)).progress).toBe(2);
    await wallet.rollback(p, { transactionId: `${round}-1` });
    await wallet.rollback(p, { transactionId: `${round}-1` });
    expect((await view(local, token, wagerId)).progress).toBe(300);
    expect((await view(local, token, roundsId)).progress).toBe(1);
  });

  it('a bet refused (insufficient funds) moves no mission', async () => {
    const id = await created(local, { kind: 'wager', target: 100_000 });
    const { token } = await funded(local, 500);
    await accepted(local, token, id);
    expect((await dice(token, 1_000)).status).toBe(422);
    expect((await view(local, token, id)).progress).toBe(0);
  });

  it('multiplier: a losing round changes nothing; a winning house round records its multiplier ×100 and completes at ≥ 2×', async () => {
    const id = await created(local, { kind: 'multiplier', target: 200, scope: { game: 'dice' } });
    const { token } = await funded(local);
    await accepted(local, token, id);
    let best = 0;
    for (let i = 0; i < 200 && best < 20_000; i += 1) {
      // Under 25.00: a win pays about 3,96×.
      const res = await dice(token, 100, 2500);
      expect(res.status).toBe(200);
      const r = res.body.round as { payout: number; multiplier: number };
      if (r.payout > 0) best = Math.max(best, r.multiplier);
      const now = await view(local, token, id);
      expect(now.progress).toBe(Math.min(200, Math.floor(best / 100)));
    }
    expect(best).toBeGreaterThanOrEqual(20_000);
    expect(await view(local, token, id)).toMatchObject({ status: 'completed', progress: 200 });
  });

  it('an aggregator win: everything paid on the round over its stake', async () => {
    const id = await created(local, { kind: 'multiplier', target: 500 });
    const { token, userId } = await funded(local);
    await accepted(local, token, id);
    const wallet = createSeamlessWallet(db, 'acme');
    const p = { tenantId: local.id, userId };
    const round = `rw-${(seq += 1)}`;
    await wallet.bet(p, { roundId: round, transactionId: `${round}-b`, amount: 1_000, game: 'Big Bass', gameId: 'bb-1' });
    await wallet.win(p, { roundId: round, transactionId: `${round}-w`, amount: 3_500, gameId: 'bb-1' });
    expect((await view(local, token, id)).progress).toBe(350);
  });

  it('deposits count on an unregulated tenant; a regulated one refuses to accept a deposit mission (403)', async () => {
    const id = await created(sorte, { kind: 'deposit', target: 10_000 });
    const p = await makePlayer(sorte);
    await accepted(sorte, p.token, id);
    await applyMovement(db, { tenantId: sorte.id, userId: p.userId, type: 'deposit', amount: 6_000, reference: `pix-${(seq += 1)}` });
    expect((await view(sorte, p.token, id)).progress).toBe(6_000);
    await applyMovement(db, { tenantId: sorte.id, userId: p.userId, type: 'deposit', amount: 6_000, reference: `pix-${(seq += 1)}` });
    expect(await view(sorte, p.token, id)).toMatchObject({ status: 'completed', progress: 10_000 });
    // The operator turns regulation on: the mission leaves the offer and cannot be accepted.
    await patchTenantConfig(db, sorte.id, { is_regulated: true });
    try {
      const other = await makePlayer(sorte);
      const refused = await player(sorte, other.token, 'POST', `/missions/${id}/accept`, undefined, 'en-US');
      expect(refused.status).toBe(403);
      expect(refused.body.message).toContain('Deposit missions are not allowed');
      expect(((await player(sorte, other.token, 'GET', '/missions')).body.data as MissionView[]).some((m) => m.id === id)).toBe(false);
    } finally {
      await patchTenantConfig(db, sorte.id, { is_regulated: false });
    }
  });

  it('chat: each message posted counts', async () => {
    const id = await created(local, { kind: 'chat', target: 2 });
    const { token } = await makePlayer(local);
    await accepted(local, token, id);
    expect((await player(local, token, 'POST', '/chat/messages', { text: 'Olá!' })).status).toBe(201);
    expect((await view(local, token, id)).progress).toBe(1);
    expect((await player(local, token, 'POST', '/chat/messages', { text: 'Boa sorte' })).status).toBe(201);
    expect((await view(local, token, id)).status).toBe('completed');
  });

  it('MissionProgress goes out once per committed change, on the player’s private channel', async () => {
    await publishMissionProgress({ db, publish: recorder.publish, log: silentLog });
    recorder.published.length = 0;
    const id = await created(local, { kind: 'rounds', target: 5 });
    const { token, userId } = await funded(local);
    await accepted(local, token, id);
    await dice(token);
    await dice(token);
    expect(await publishMissionProgress({ db, publish: recorder.publish, log: silentLog })).toBe(1);
    expect(await publishMissionProgress({ db, publish: recorder.publish, log: silentLog })).toBe(0);
    const events = recorder.published.filter((e) => e.event === 'App\\Events\\MissionProgress');
    expect(events).toHaveLength(1);
    expect(events[0]!.channels).toEqual([`private-universal.${userId}`]);
    expect(events[0]!.data.mission).toMatchObject({ id, progress: 2, status: 'accepted' });
  });
});

describe('claim', () => {
  /** A player whose `kind: chat, target 1` mission with `reward` is completed. */
  async function completedMission(tenant: Tenant, reward: unknown) {
    const id = await created(tenant, { kind: 'chat', target: 1, reward });
    const p = await funded(tenant, 1_000);
    await accepted(tenant, p.token, id);
    await db.update(playerMissions).set({ progress: 1, completedAt: new Date() }).where(and(eq(playerMissions.missionId, id), eq(playerMissions.userId, p.userId)));
    return { id, ...p };
  }

  it('before completion: refused with the server’s message; not accepted: refused', async () => {
    const id = await created(local, { kind: 'wager', target: 5_000 });
    const { token } = await makePlayer(local);
    const notAccepted = await player(local, token, 'POST', `/missions/${id}/claim`);
    expect(notAccepted).toMatchObject({ status: 409, body: { message: 'Aceite a missão antes de reivindicar a recompensa.' } });
    await accepted(local, token, id);
    const early = await player(local, token, 'POST', `/missions/${id}/claim`, undefined, 'en-US');
    expect(early).toMatchObject({ status: 409, body: { message: 'Complete the mission before claiming its reward.' } });
  });

  it('VIP points: 10 concurrent claims pay once', async () => {
    const { id, token, userId } = await completedMission(local, { kind: 'vip_points', points: 40 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => player(local, token, 'POST', `/missions/${id}/claim`)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.message)).toEqual(Array(9).fill('A recompensa desta missão já foi reivindicada.'));
    const ok = answers.find((a) => a.status === 200)!;
    expect(ok.body).toMatchObject({ mission: { id, status: 'claimed' }, reward: { kind: 'vip_points', points: 40 } });
    expect(ok.body.wallet).toBeUndefined();
    const entries = await db.select().from(vipPointEntries).where(and(eq(vipPointEntries.userId, userId), eq(vipPointEntries.reason, 'mission')));
    expect(entries).toHaveLength(1);
    const [u] = await db.select({ vip: users.vipPoints }).from(users).where(eq(users.id, userId));
    expect(u!.vip).toBe(40);
    expect((await view(local, token, id)).claimed_at).not.toBeNull();
  });

  it('bonus money (unregulated tenant): 10 concurrent claims credit it once; on a regulated tenant the claim is refused (403)', async () => {
    const { id, token, userId } = await completedMission(sorte, { kind: 'bonus', amount: 2_500, rollover_multiplier: 1 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => player(sorte, token, 'POST', `/missions/${id}/claim`)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const ok = answers.find((a) => a.status === 200)!;
    expect(ok.body.wallet).toMatchObject({ balance: 3_500 });
    expect(await db.select().from(playerBonuses).where(eq(playerBonuses.userId, userId))).toHaveLength(1);
    const [w] = await db.select().from(wallets).where(eq(wallets.userId, userId));
    expect(Number(w!.balance)).toBe(3_500);

    const later = await completedMission(sorte, { kind: 'bonus', amount: 2_500, rollover_multiplier: 1 });
    await patchTenantConfig(db, sorte.id, { is_regulated: true });
    try {
      const refused = await player(sorte, later.token, 'POST', `/missions/${later.id}/claim`, undefined, 'en-US');
      expect(refused.status).toBe(403);
      expect(refused.body.message).toContain('Law 14,790/2023');
      expect(await db.select().from(playerBonuses).where(eq(playerBonuses.userId, later.userId))).toHaveLength(0);
      expect((await view(sorte, later.token, later.id)).status).toBe('completed');
    } finally {
      await patchTenantConfig(db, sorte.id, { is_regulated: false });
    }
  });
});

describe('box rewards', () => {
  it('a box mission: 10 concurrent claims grant one box (source mission), announced once with NotifyNewUserBox', async () => {
    const [box] = await db
      .insert(boxes)
      .values({ tenantId: local.id, slug: `mission-box-${(seq += 1)}`, name: { pt: 'Caixa Ouro', en: 'Gold Box' }, description: { pt: 'd', en: 'd' }, color: 'yellow', price: 1_000 })
      .returning();
    const id = await created(local, { kind: 'chat', target: 1, reward: { kind: 'box', box_id: box!.id } });
    const { token, userId } = await makePlayer(local);
    const offered = (await player(local, token, 'GET', `/missions/${id}`)).body.mission as MissionView;
    expect(offered.reward).toEqual({ kind: 'box', box_id: box!.id, box_name: { pt: 'Caixa Ouro', en: 'Gold Box' } });
    await accepted(local, token, id);
    expect((await player(local, token, 'POST', '/chat/messages', { text: 'oi' })).status).toBe(201);
    recorder.published.length = 0;
    const answers = await Promise.all(Array.from({ length: 10 }, () => player(local, token, 'POST', `/missions/${id}/claim`)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const held = await db.select().from(userBoxes).where(eq(userBoxes.userId, userId));
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ boxId: box!.id, source: 'mission', status: 'unopened', pricePaid: 0 });
    expect(recorder.published.filter((e) => e.event === 'App\\Events\\NotifyNewUserBox' && e.channels[0] === `private-universal.${userId}`)).toHaveLength(1);
  });
});

describe('missions in the chat', () => {
  it('an operator message may carry a mission of the tenant (its id checked, a missing title filled); the player accepts it with POST accept', async () => {
    const id = await created(local, { kind: 'rounds', target: 2 });
    const posted = await operator(local, 'POST', '/chat/messages', { text: 'Nova missão!', mission: { id } });
    expect(posted.status).toBe(201);
    expect((posted.body.message as { mission: unknown }).mission).toEqual({ id, title: 'Missão de teste' });
    const wrong = await operator(local, 'POST', '/chat/messages', { text: 'Nova missão!', mission: { id: 999_999, title: 'x' } }, 'en-US');
    expect(wrong).toMatchObject({ status: 422, body: { errors: { 'mission.id': ['This mission does not exist on this site.'] } } });
    const { token } = await makePlayer(local);
    expect((await accepted(local, token, id)).status).toBe('accepted');
  });
});

describe('operator assign', () => {
  it('makes the mission the player’s (even when not offered), sends MissionAssigned and a mission notification once', async () => {
    const id = await created(local, { kind: 'rounds', target: 2, offered: false });
    const { token, userId } = await funded(local);
    recorder.published.length = 0;
    const answers = await Promise.all([operator(local, 'POST', `/missions/${id}/assign`, { user_id: userId }), operator(local, 'POST', `/missions/${id}/assign`, { user_id: userId })]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.assigned).sort()).toEqual([false, true]);
    const assigned = recorder.published.filter((e) => e.event === 'App\\Events\\MissionAssigned');
    expect(assigned).toHaveLength(1);
    expect(assigned[0]!.channels).toEqual([`private-universal.${userId}`]);
    expect(assigned[0]!.data.mission).toMatchObject({ id, status: 'accepted', progress: 0 });
    const notes = await db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.type, 'mission')));
    expect(notes).toHaveLength(1);
    expect(recorder.published.filter((e) => e.event === 'App\\Events\\NotificationSent' && e.channels[0] === `private-universal.${userId}`)).toHaveLength(1);
    // It progresses like an accepted one.
    await dice(token);
    expect((await view(local, token, id)).progress).toBe(1);
  });

  it('a mission a player took keeps its kind (409); its target may change', async () => {
    const id = await created(local, { kind: 'rounds', target: 2 });
    const { token } = await makePlayer(local);
    await accepted(local, token, id);
    const locked = await operator(local, 'PATCH', `/missions/${id}`, { kind: 'wager' }, 'en-US');
    expect(locked).toMatchObject({ status: 409, body: { message: 'Players have taken this mission: its kind cannot change.' } });
    expect((await operator(local, 'PATCH', `/missions/${id}`, { target: 4 })).body.mission).toMatchObject({ kind: 'rounds', target: 4, accepted: 1 });
  });

  it('unknown player → 422 user_id; another tenant’s player → 422; unknown mission → 404', async () => {
    const id = await created(local, { kind: 'rounds', target: 2 });
    const stranger = await makePlayer(sorte);
    const bad = await operator(local, 'POST', `/missions/${id}/assign`, { user_id: stranger.userId }, 'en-US');
    expect(bad).toMatchObject({ status: 422, body: { errors: { user_id: ['Give the id of a player of this site.'] } } });
    expect((await operator(local, 'POST', `/missions/${id}/assign`, { user_id: 'x' })).status).toBe(422);
    expect((await operator(local, 'POST', '/missions/999999/assign', { user_id: stranger.userId })).status).toBe(404);
    expect(await db.select().from(playerMissions).where(eq(playerMissions.userId, stranger.userId))).toHaveLength(0);
  });
});

describe('demo missions', () => {
  it('three per demo tenant, VIP points or a box (regulated), valid as operator input; seeding twice adds nothing', async () => {
    await db.delete(missions).where(eq(missions.tenantId, local.id));
    expect(await seedDemoMissions(db, ['localhost'], silentLog)).toEqual(['localhost']);
    expect(await seedDemoMissions(db, ['localhost'], silentLog)).toEqual([]);
    const rows = await db.select().from(missions).where(eq(missions.tenantId, local.id));
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.reward.kind === 'vip_points' || r.reward.kind === 'box')).toBe(true);
    expect(rows.some((r) => r.kind === 'deposit')).toBe(false);
    for (const m of demoMissions({ id: 1 })) expect(m.reward.kind).not.toBe('bonus');
  });
});
