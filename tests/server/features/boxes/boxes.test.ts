import { createHash, createHmac } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PPM_TOTAL } from '../../../../src/contract/boxes.ts';
import { wireEventName, RealtimeEvent } from '../../../../src/contract/realtime.ts';
import { demoBoxes, seedDemoBoxes } from '../../../../server/features/boxes/demo.ts';
import { grantBox } from '../../../../server/features/boxes/grant.ts';
import { boxOperatorRoutes } from '../../../../server/features/boxes/operator-routes.ts';
import { boxRoutes } from '../../../../server/features/boxes/routes.ts';
import { boxes, boxPrizes, userBoxes, userPrizes } from '../../../../server/features/boxes/schema.ts';
import { notifications } from '../../../../server/features/notifications/schema.ts';
import { startCoolOff } from '../../../../server/features/responsible-gaming/settings.ts';
import { loadTenantBundle } from '../../../../server/features/tenants/bundle.ts';
import { patchTenantConfig } from '../../../../server/features/tenants/update-config.ts';
import { users } from '../../../../server/features/users/schema.ts';
import { applyMovement } from '../../../../server/features/wallet/movement.ts';
import { ledgerEntries, wallets } from '../../../../server/features/wallet/schema.ts';
import { silentLog } from '../../helpers/app.ts';
import { freshDatabase, type TestDatabase } from '../../helpers/db.ts';
import { featureApp, jsonCaller, playerMaker, recordingPublisher, type Tenant, twoDemoTenants } from '../../helpers/feature-harness.ts';

/*
 * Mystery boxes and prizes (issue 19) through the real routes and ledger:
 * buying, opening (provably fair, verifiable), selling boxes and prizes,
 * concurrency (never overdrawn, never opened or sold twice), the regulated
 * refusal, `hasBoxes` off, 422s that move nothing, idempotent grants with
 * their live notice, the operator API and the tenant bundle. Runs on PGlite,
 * and on PostgreSQL when TEST_DATABASE_URL is set.
 */

let tdb: TestDatabase;
let db: TestDatabase['handle']['db'];
/** Regulated (as every demo tenant): buying refused. */
let local: Tenant;
/** Made unregulated: boxes can be bought. */
let sorte: Tenant;
let makePlayer: ReturnType<typeof playerMaker>;
let call: ReturnType<typeof jsonCaller>;
const recorder = recordingPublisher();
let seq = 0;

beforeAll(async () => {
  tdb = await freshDatabase();
  db = tdb.handle.db;
  ({ local, sorte } = await twoDemoTenants(db));
  await patchTenantConfig(db, sorte.id, { is_regulated: false });
  await seedDemoBoxes(db, ['localhost', 'sorte.localhost'], silentLog);
  makePlayer = playerMaker(db);
  call = jsonCaller(featureApp(db, { operator: [boxOperatorRoutes({ db, publish: recorder.publish, log: silentLog })], tenant: [boxRoutes({ db, log: silentLog })] }));
}, 60_000);
afterAll(() => tdb?.close());

/** The parts of a UserBoxView the tests read. */
interface UserBoxAnswer {
  id: number;
  server_seed_hash: string;
  fairness: { server_seed_hash: string; server_seed: string; client_seed: string; nonce: number; ticket: number; ranges: Array<{ prize_id: number; from: number; to: number }> };
}

const auth = (token: string, lang = 'pt-BR') => ({ authorization: `Bearer ${token}`, 'accept-language': lang });
const player = (tenant: Tenant, token: string, method: string, path: string, body?: unknown, lang?: string) => call(method, path, { host: tenant.host, ...auth(token, lang) }, body);
const guest = (tenant: Tenant, method: string, path: string) => call(method, path, { host: tenant.host, 'guest-id': 'guest-abc123' });
const operator = (tenant: Tenant, method: string, path: string, body?: unknown) => call(method, `/operator${path}`, { host: tenant.host, 'x-operator-key': tenant.key }, body);

async function funded(tenant: Tenant, amount = 1_000_000) {
  const p = await makePlayer(tenant);
  if (amount > 0) await applyMovement(db, { tenantId: tenant.id, userId: p.userId, type: 'deposit', amount, reference: `box-dep-${(seq += 1)}` });
  return p;
}
async function boxId(tenant: Tenant, slug: string) {
  const [row] = await db
    .select({ id: boxes.id })
    .from(boxes)
    .where(and(eq(boxes.tenantId, tenant.id), eq(boxes.slug, slug)));
  return row!.id;
}
async function balance(userId: number) {
  const [w] = await db.select().from(wallets).where(eq(wallets.userId, userId));
  return { balance: Number(w?.balance ?? 0n), withdrawable: Number(w?.balanceWithdrawal ?? 0n) };
}
const entriesOf = (userId: number) => db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
/** A free box on sorte whose one prize is sure (probability 100 %). */
const sureBox = (slug: string, name: { pt: string; en: string }, color: string, prize: Record<string, unknown>) =>
  operator(sorte, 'PUT', `/boxes/${slug}`, { name, color, price: 0, prizes: [{ ...prize, probability_ppm: PPM_TOTAL }] });
async function grant(tenant: Tenant, userId: number, slug = 'bronze', source: 'promotion' | 'mission' = 'promotion') {
  const id = await boxId(tenant, slug);
  return db.transaction((tx) => grantBox(tx, { tenantId: tenant.id, userId, boxId: id, source, sourceRef: `grant-${(seq += 1)}` }));
}

describe('catalogue', () => {
  it('lists the active boxes with price, expected value and prizes (anyone), by id or slug', async () => {
    const all = await guest(sorte, 'GET', '/boxes/all');
    expect(all.status).toBe(200);
    const list = all.body.data as Array<Record<string, unknown>>;
    expect(list.map((b) => b.slug)).toEqual(['bronze', 'prata', 'ouro']);
    // Bronze: 0.3×200 + 0.2×500 + 0.09×1000 + 0.01×5000 = 300 centavos.
    expect(list[0]).toMatchObject({ name: { pt: 'Caixa Bronze', en: 'Bronze Box' }, price: 500, purchasable: true, expected_value: 300, prize_count: 5, color: 'red' });
    const bySlug = await guest(sorte, 'GET', '/boxes/get/bronze/prizes');
    const byId = await guest(sorte, 'GET', `/boxes/get/${list[0]!.id as number}/prizes`);
    expect(byId.body).toEqual(bySlug.body);
    const prizes = bySlug.body.prizes as Array<{ probability_ppm: number; kind: string }>;
    expect(prizes.reduce((s, p) => s + p.probability_ppm, 0)).toBe(PPM_TOTAL);
    expect(prizes[0]).toMatchObject({ kind: 'vip_points', points: 10, sell_value: 0 });
    expect((await guest(sorte, 'GET', '/boxes/get/nope/prizes')).status).toBe(404);
  });

  it('marks boxes not purchasable on a regulated tenant', async () => {
    const all = await guest(local, 'GET', '/boxes/all');
    expect((all.body.data as Array<{ purchasable: boolean }>).every((b) => !b.purchasable)).toBe(true);
  });

  it('hasBoxes off: every call answers 404 feature_disabled with a message in the caller language, the bundle has no boxes', async () => {
    const p = await funded(sorte);
    await patchTenantConfig(db, sorte.id, { hasBoxes: false });
    try {
      for (const [method, path, body] of [
        ['GET', '/boxes/all'],
        ['GET', '/boxes/get/bronze/prizes'],
        ['GET', '/boxes/user/get'],
        ['GET', '/prizes/user'],
        ['POST', '/boxes/buy', { box_id: await boxId(sorte, 'bronze') }],
        ['POST', '/boxes/open', { box_id: 1 }],
        ['POST', '/boxes/sell', { id: 1 }],
        ['POST', '/prizes/sell', { id: 1 }],
      ] as const) {
        const pt = await player(sorte, p.token, method, path, body);
        expect(pt.status, `${method} ${path}`).toBe(404);
        expect(pt.body.message).toBe('As caixas não estão disponíveis neste site.');
      }
      expect((await player(sorte, p.token, 'GET', '/boxes/all', undefined, 'en')).body.message).toBe('Boxes are not available on this site.');
      const bundle = await loadTenantBundle(db, sorte.host, { apiUrl: '/api', realtime: { key: 'k', host: '', port: 0, scheme: 'http' } as never, origin: 'http://x' });
      expect(bundle.boxes).toEqual([]);
      // A grant is refused too (a player would get a box they cannot see).
      await expect(grant(sorte, p.userId)).rejects.toMatchObject({ code: 'feature_disabled' });
      expect(await balance(p.userId)).toEqual({ balance: 1_000_000, withdrawable: 1_000_000 });
    } finally {
      await patchTenantConfig(db, sorte.id, { hasBoxes: true });
    }
  });

  it('the tenant bundle carries the active boxes with their prizes', async () => {
    const bundle = await loadTenantBundle(db, local.host, { apiUrl: '/api', realtime: { key: 'k', host: '', port: 0, scheme: 'http' } as never, origin: 'http://x' });
    expect(bundle.boxes?.map((b) => b.slug)).toEqual(['bronze', 'prata', 'ouro']);
    expect(bundle.boxes?.[2]).toMatchObject({ image: '/demo/localhost/boxes/ouro.svg', purchasable: false, prize_count: 5 });
    expect(bundle.boxes?.[2]?.prizes).toHaveLength(5);
  });
});

describe('buying', () => {
  it('debits the price through the ledger (box_purchase) and gives an unopened box whose seed hash is shown', async () => {
    const p = await funded(sorte, 10_000);
    const id = await boxId(sorte, 'prata');
    const res = await player(sorte, p.token, 'POST', '/boxes/buy', { box_id: id });
    expect(res.status).toBe(200);
    expect(res.body.wallet).toMatchObject({ balance: 8_000 });
    const box = res.body.box as unknown as UserBoxAnswer;
    expect(box).toMatchObject({ source: 'purchase', status: 'unopened', sell_value: 2_000, prize: null, box: { slug: 'prata' } });
    expect(box.server_seed_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(box.fairness).toMatchObject({ server_seed_hash: box.server_seed_hash, server_seed: null, nonce: 0, ticket: null });
    const entries = await entriesOf(p.userId);
    expect(entries.filter((e) => e.type === 'box_purchase')).toEqual([expect.objectContaining({ amount: -2_000n, reference: `user-box:${box.id}` })]);
  });

  it('a regulated tenant refuses buying (403) with the law in pt and en, nothing moved', async () => {
    const p = await funded(local, 10_000);
    const id = await boxId(local, 'bronze');
    const pt = await player(local, p.token, 'POST', '/boxes/buy', { box_id: id });
    expect(pt.status).toBe(403);
    expect(pt.body.message).toContain('Caixas compradas com dinheiro não são permitidas neste site');
    const en = await player(local, p.token, 'POST', '/boxes/buy', { box_id: id }, 'en');
    expect(en.body.message).toContain('Boxes bought with money are not allowed on this site');
    expect(await balance(p.userId)).toEqual({ balance: 10_000, withdrawable: 10_000 });
    expect(await db.select().from(userBoxes).where(eq(userBoxes.userId, p.userId))).toHaveLength(0);
  });

  it('bad input → 422 naming the field, nothing moved', async () => {
    const p = await funded(sorte, 10_000);
    for (const body of [{ box_id: 'x' }, { box_id: -1 }, {}, { box_id: 1.5 }]) {
      const res = await player(sorte, p.token, 'POST', '/boxes/buy', body);
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors as object)).toEqual(['box_id']);
    }
    expect((await player(sorte, p.token, 'POST', '/boxes/buy', { box_id: 999_999 })).status).toBe(404);
    expect((await player(sorte, p.token, 'POST', '/boxes/open', { box_id: 'x' })).status).toBe(422);
    expect((await player(sorte, p.token, 'POST', '/prizes/sell', { id: null })).status).toBe(422);
    expect(await balance(p.userId)).toEqual({ balance: 10_000, withdrawable: 10_000 });
    expect(await entriesOf(p.userId)).toHaveLength(1);
  });

  it('not enough money → 422 insufficient funds, no box', async () => {
    const p = await funded(sorte, 499);
    const res = await player(sorte, p.token, 'POST', '/boxes/buy', { box_id: await boxId(sorte, 'bronze') });
    expect(res.status).toBe(422);
    expect(res.body.message).toBeTruthy();
    expect(await db.select().from(userBoxes).where(eq(userBoxes.userId, p.userId))).toHaveLength(0);
  });

  it('bonus money never buys a box: only the withdrawable part pays (a prize sold for cash would skip its rollover)', async () => {
    const p = await funded(sorte, 499);
    await applyMovement(db, { tenantId: sorte.id, userId: p.userId, type: 'bonus', amount: 10_000, withdrawableDelta: 0, reference: `box-bonus-${(seq += 1)}` });
    const id = await boxId(sorte, 'bronze');
    const refused = await player(sorte, p.token, 'POST', '/boxes/buy', { box_id: id });
    expect(refused.status).toBe(422);
    expect(await db.select().from(userBoxes).where(eq(userBoxes.userId, p.userId))).toHaveLength(0);
    expect(await balance(p.userId)).toEqual({ balance: 10_499, withdrawable: 499 });

    await applyMovement(db, { tenantId: sorte.id, userId: p.userId, type: 'deposit', amount: 101, reference: `box-dep-${(seq += 1)}` });
    const bought = await player(sorte, p.token, 'POST', '/boxes/buy', { box_id: id });
    expect(bought.status).toBe(200);
    // The price (R$ 5,00) came out of the cash; the R$ 100,00 of bonus money is still there.
    expect(await balance(p.userId)).toEqual({ balance: 10_100, withdrawable: 100 });
  });

  it('concurrent buys never overdraw: 10 at once with money for 3 → 3 boxes, balance 0', async () => {
    const p = await funded(sorte, 1_500);
    const id = await boxId(sorte, 'bronze');
    const answers = await Promise.all(Array.from({ length: 10 }, () => player(sorte, p.token, 'POST', '/boxes/buy', { box_id: id })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 422)).toHaveLength(7);
    expect(await balance(p.userId)).toEqual({ balance: 0, withdrawable: 0 });
    expect(await db.select().from(userBoxes).where(eq(userBoxes.userId, p.userId))).toHaveLength(3);
  });

  it("a player's pause (cool-off) refuses buying as it refuses a bet (403 cooling_off), nothing moved", async () => {
    const p = await funded(sorte, 10_000);
    await startCoolOff({ db, now: () => new Date(), selfExclusionPlatformUrl: 'https://www.gov.br/autoexclusaoapostas', realityCheckMinuteSeconds: 60 }, { tenantId: sorte.id, userId: p.userId }, 1);
    const res = await player(sorte, p.token, 'POST', '/boxes/buy', { box_id: await boxId(sorte, 'bronze') });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'cooling_off' });
    expect(await balance(p.userId)).toEqual({ balance: 10_000, withdrawable: 10_000 });
    expect(await db.select().from(userBoxes).where(eq(userBoxes.userId, p.userId))).toHaveLength(0);
  });

  it('the same Idempotency-Key buys once', async () => {
    const p = await funded(sorte, 10_000);
    const id = await boxId(sorte, 'bronze');
    const headers = { host: sorte.host, ...auth(p.token), 'idempotency-key': `buy-${(seq += 1)}` };
    const [a, b] = await Promise.all([call('POST', '/boxes/buy', headers, { box_id: id }), call('POST', '/boxes/buy', headers, { box_id: id })]);
    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(await balance(p.userId)).toMatchObject({ balance: 9_500 });
  });
});

describe('opening', () => {
  it('draws with the committed seed, reveals it, and the proof verifies (seeds alone and by user box)', async () => {
    const p = await funded(sorte, 10_000);
    const bought = await player(sorte, p.token, 'POST', '/boxes/buy', { box_id: await boxId(sorte, 'ouro') });
    const before = bought.body.box as unknown as UserBoxAnswer;
    const opened = await player(sorte, p.token, 'POST', '/boxes/open', { box_id: before.id });
    expect(opened.status).toBe(200);
    const box = opened.body.box as unknown as UserBoxAnswer;
    const prize = opened.body.prize as unknown as { id: number; prize: { id: number } };
    expect(box).toMatchObject({ status: 'opened', sell_value: 0, prize: { id: prize.id } });
    const f = box.fairness;
    // The seed revealed is the one committed to before the opening.
    expect(f.server_seed_hash).toBe(before.server_seed_hash);
    expect(createHash('sha256').update(f.server_seed, 'utf8').digest('hex')).toBe(before.server_seed_hash);
    expect(f.client_seed).toBe(before.fairness.client_seed);
    // Recomputed independently: HMAC-SHA256(server seed, "client:nonce"), first 4 bytes → ticket → range.
    const u = createHmac('sha256', f.server_seed).update(`${f.client_seed}:${f.nonce}`).digest().readUInt32BE(0);
    const ticket = Math.floor((u * 1_000_000) / 2 ** 32);
    expect(f.ticket).toBe(ticket);
    const range = (f.ranges as Array<{ prize_id: number; from: number; to: number }>).find((r) => ticket >= r.from && ticket < r.to)!;
    expect(prize.prize.id).toBe(range.prize_id);
    const q = new URLSearchParams({ server_seed: f.server_seed, client_seed: f.client_seed, nonce: String(f.nonce), box: 'ouro' });
    const verified = await guest(sorte, 'GET', `/boxes/verify?${q}`);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ server_seed_hash: before.server_seed_hash, ticket, prize_id: range.prize_id, prize: { id: range.prize_id } });
    const own = await player(sorte, p.token, 'GET', `/boxes/verify?user_box_id=${box.id}`);
    expect(own.body).toMatchObject({ ticket, prize_id: range.prize_id });
    // Someone else's box is not theirs to look up.
    const other = await funded(sorte, 0);
    expect((await player(sorte, other.token, 'GET', `/boxes/verify?user_box_id=${box.id}`)).status).toBe(404);
    expect((await guest(sorte, 'GET', '/boxes/verify?server_seed=x')).status).toBe(422);
  });

  it('600 boxes granted and opened through the real calls land within 5 standard errors of the published odds, each draw checking out', async () => {
    const N = 600;
    const boxRow = (await db.select().from(boxes).where(and(eq(boxes.tenantId, sorte.id), eq(boxes.slug, 'ouro'))))[0]!;
    const published = await db.select().from(boxPrizes).where(eq(boxPrizes.boxId, boxRow.id));
    const counts = new Map<number, number>();
    const players = await Promise.all(Array.from({ length: 6 }, () => funded(sorte, 0)));
    for (let i = 0; i < N; i++) {
      const p = players[i % players.length]!;
      const { userBox } = await grant(sorte, p.userId, 'ouro');
      const opened = await player(sorte, p.token, 'POST', '/boxes/open', { box_id: userBox.id });
      expect(opened.status).toBe(200);
      const f = (opened.body.box as unknown as UserBoxAnswer).fairness;
      const won = (opened.body.prize as unknown as { prize: { id: number } }).prize.id;
      const u = createHmac('sha256', f.server_seed).update(`${f.client_seed}:${f.nonce}`).digest().readUInt32BE(0);
      const ticket = Math.floor((u * 1_000_000) / 2 ** 32);
      expect(f.ranges.find((r) => ticket >= r.from && ticket < r.to)!.prize_id).toBe(won);
      counts.set(won, (counts.get(won) ?? 0) + 1);
    }
    for (const prize of published) {
      const p = prize.probabilityPpm / PPM_TOTAL;
      const se = Math.sqrt((p * (1 - p)) / N);
      const observed = (counts.get(prize.id) ?? 0) / N;
      expect(Math.abs(observed - p), `prize ${prize.id}: observed ${observed}, published ${p}`).toBeLessThan(5 * se);
    }
  }, 180_000);

  it('20 concurrent opens of one box → one prize, the others 409', async () => {
    const p = await funded(sorte, 0);
    const { userBox } = await grant(sorte, p.userId, 'prata');
    const answers = await Promise.all(Array.from({ length: 20 }, () => player(sorte, p.token, 'POST', '/boxes/open', { box_id: userBox.id })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    expect(answers.find((a) => a.status === 409)!.body.message).toBe('Esta caixa já foi aberta.');
    expect(await db.select().from(userPrizes).where(eq(userPrizes.userBoxId, userBox.id))).toHaveLength(1);
  });

  it('a vip_points prize credits its points once when opened; another player cannot open my box', async () => {
    const p = await funded(sorte, 0);
    await sureBox('estrela', { pt: 'Estrela', en: 'Star' }, 'pink', { name: { pt: '25 pontos', en: '25 points' }, kind: 'vip_points', value: 0, points: 25 });
    const { userBox } = await grant(sorte, p.userId, 'estrela', 'mission');
    const stranger = await funded(sorte, 0);
    expect((await player(sorte, stranger.token, 'POST', '/boxes/open', { box_id: userBox.id })).status).toBe(404);
    const opened = await player(sorte, p.token, 'POST', '/boxes/open', { box_id: userBox.id });
    expect(opened.body.prize).toMatchObject({ status: 'credited', prize: { kind: 'vip_points', points: 25 } });
    const [row] = await db.select({ vip: users.vipPoints }).from(users).where(eq(users.id, p.userId));
    expect(row!.vip).toBe(25);
    // Not an item: not listed among the prizes to sell, and cannot be sold.
    expect((await player(sorte, p.token, 'GET', '/prizes/user')).body.data).toEqual([]);
    expect((await player(sorte, p.token, 'POST', '/prizes/sell', { id: (opened.body.prize as { id: number }).id })).status).toBe(409);
    await operator(sorte, 'DELETE', '/boxes/estrela');
  });

  it('a box bought before the tenant became regulated cannot be opened there (403, the law, nothing drawn) and is sold back for its price', async () => {
    const p = await funded(sorte, 2_000);
    const bought = await player(sorte, p.token, 'POST', '/boxes/buy', { box_id: await boxId(sorte, 'prata') });
    const id = (bought.body.box as { id: number }).id;
    await patchTenantConfig(db, sorte.id, { is_regulated: true });
    try {
      const refused = await player(sorte, p.token, 'POST', '/boxes/open', { box_id: id });
      expect(refused).toMatchObject({ status: 403, body: { message: expect.stringContaining('não podem ser abertas neste site') } });
      expect((await player(sorte, p.token, 'POST', '/boxes/open', { box_id: id }, 'en')).body.message).toContain('cannot be opened on this site');
      expect(await db.select().from(userPrizes).where(eq(userPrizes.userId, p.userId))).toEqual([]);
      expect((await db.select().from(userBoxes).where(eq(userBoxes.id, id)))[0]).toMatchObject({ status: 'unopened' });
      expect((await player(sorte, p.token, 'POST', '/boxes/sell', { id })).status).toBe(200);
      expect(await balance(p.userId)).toEqual({ balance: 2_000, withdrawable: 2_000 });
    } finally {
      await patchTenantConfig(db, sorte.id, { is_regulated: false });
    }
  });

  it('a granted box opens on a regulated tenant', async () => {
    const p = await funded(local, 0);
    const { userBox } = await grant(local, p.userId, 'bronze');
    const res = await player(local, p.token, 'POST', '/boxes/open', { box_id: userBox.id });
    expect(res.status).toBe(200);
    expect(res.body.box).toMatchObject({ status: 'opened', source: 'promotion' });
  });
});

describe('selling', () => {
  it('an unopened bought box sells once for its price (10 concurrent sells → one credit), then cannot be opened', async () => {
    const p = await funded(sorte, 2_000);
    const bought = await player(sorte, p.token, 'POST', '/boxes/buy', { box_id: await boxId(sorte, 'prata') });
    const id = (bought.body.box as { id: number }).id;
    expect(await balance(p.userId)).toEqual({ balance: 0, withdrawable: 0 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => player(sorte, p.token, 'POST', '/boxes/sell', { id })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(9);
    // The purchase's withdrawable money comes back withdrawable.
    expect(await balance(p.userId)).toEqual({ balance: 2_000, withdrawable: 2_000 });
    expect((await entriesOf(p.userId)).filter((e) => e.type === 'box_sale')).toHaveLength(1);
    expect((answers.find((a) => a.status === 200)!.body.box as { status: string }).status).toBe('sold');
    expect((await player(sorte, p.token, 'POST', '/boxes/open', { box_id: id })).status).toBe(409);
  });

  it('a granted box cannot be sold (409), nothing moved', async () => {
    const p = await funded(sorte, 0);
    const { userBox } = await grant(sorte, p.userId);
    const res = await player(sorte, p.token, 'POST', '/boxes/sell', { id: userBox.id }, 'en');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This box cannot be sold: only boxes you bought and have not opened can.');
    expect(await entriesOf(p.userId)).toHaveLength(0);
  });

  it('an item prize is kept in /prizes/user and sells once for its sell value (10 concurrent sells → one credit)', async () => {
    const p = await funded(sorte, 0);
    await sureBox('certa', { pt: 'Certa', en: 'Sure' }, 'green', { name: { pt: 'Ficha', en: 'Chip' }, kind: 'item', value: 1_000, sell_value: 750 });
    const { userBox } = await grant(sorte, p.userId, 'certa');
    const opened = await player(sorte, p.token, 'POST', '/boxes/open', { box_id: userBox.id });
    const prize = opened.body.prize as { id: number; status: string };
    expect(prize.status).toBe('kept');
    expect((await player(sorte, p.token, 'GET', '/prizes/user')).body.data).toEqual([expect.objectContaining({ id: prize.id, status: 'kept', user_box_id: userBox.id })]);
    const answers = await Promise.all(Array.from({ length: 10 }, () => player(sorte, p.token, 'POST', '/prizes/sell', { id: prize.id })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(9);
    expect(answers.find((a) => a.status === 200)!.body).toMatchObject({ prize: { status: 'sold' }, wallet: { balance: 750, balance_withdrawal: 750 } });
    expect((await entriesOf(p.userId)).filter((e) => e.type === 'prize_sale')).toEqual([expect.objectContaining({ amount: 750n, reference: `user-prize:${prize.id}` })]);
    // The operator changing the box later leaves the won prize as it was.
    await operator(sorte, 'PATCH', '/boxes/certa', { prizes: [{ name: { pt: 'Outra', en: 'Other' }, kind: 'item', value: 5, sell_value: 1, probability_ppm: PPM_TOTAL }] });
    expect((await player(sorte, p.token, 'GET', '/prizes/user')).body.data).toEqual([expect.objectContaining({ status: 'sold', prize: expect.objectContaining({ name: { pt: 'Ficha', en: 'Chip' }, sell_value: 750 }) })]);
    expect((await operator(sorte, 'DELETE', '/boxes/certa')).body).toEqual({ result: 'archived' });
  });

  it('the player list shows unopened boxes first', async () => {
    const p = await funded(sorte, 0);
    const first = await grant(sorte, p.userId);
    await player(sorte, p.token, 'POST', '/boxes/open', { box_id: first.userBox.id });
    const second = await grant(sorte, p.userId, 'ouro');
    const list = (await player(sorte, p.token, 'GET', '/boxes/user/get')).body.data as Array<{ id: number; status: string }>;
    expect(list.map((b) => [b.id, b.status])).toEqual([
      [second.userBox.id, 'unopened'],
      [first.userBox.id, 'opened'],
    ]);
    expect((await guest(sorte, 'GET', '/boxes/user/get')).status).toBe(401);
  });
});

describe('grants', () => {
  it('grantBox is idempotent per (source, sourceRef), also when concurrent', async () => {
    const p = await funded(sorte, 0);
    const id = await boxId(sorte, 'bronze');
    const input = { tenantId: sorte.id, userId: p.userId, boxId: id, source: 'mission' as const, sourceRef: 'claim-42' };
    const results = await Promise.all(Array.from({ length: 5 }, () => db.transaction((tx) => grantBox(tx, input))));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.userBox.id)).size).toBe(1);
    expect(await db.select().from(userBoxes).where(eq(userBoxes.userId, p.userId))).toHaveLength(1);
  });

  it('the operator grant gives a box and notifies the player live (NotificationSent + NotifyNewUserBox), once per Idempotency-Key', async () => {
    const p = await funded(sorte, 0);
    const before = recorder.published.length;
    const headers = { host: sorte.host, 'x-operator-key': sorte.key, 'idempotency-key': `g-${(seq += 1)}` };
    const res = await call('POST', '/operator/boxes/ouro/grant', headers, { user_id: p.userId });
    expect(res.status).toBe(201);
    expect(res.body.box).toMatchObject({ source: 'operator', status: 'unopened', sell_value: 0, box: { slug: 'ouro' } });
    const again = await call('POST', '/operator/boxes/ouro/grant', headers, { user_id: p.userId });
    expect(again.status).toBe(200);
    expect((again.body.box as { id: number }).id).toBe((res.body.box as { id: number }).id);
    const sent = recorder.published.slice(before);
    expect(sent.map((e) => e.event)).toEqual([wireEventName(RealtimeEvent.NotificationSent), wireEventName(RealtimeEvent.NotifyNewUserBox)]);
    expect(sent[1]!.channels).toEqual([`private-universal.${p.userId}`]);
    const [notice] = await db.select().from(notifications).where(eq(notifications.userId, p.userId));
    expect(notice!.type).toBe('box');
    expect(notice!.notification).toMatchObject({ url: '/account/boxes', box_id: (res.body.box as { id: number }).id, title: { pt: 'Você ganhou uma caixa!', en: 'You won a box!' } });
    const wrong = await operator(sorte, 'POST', '/boxes/ouro/grant', { user_id: 'me', source: 'gift' });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.errors as object).sort()).toEqual(['source', 'user_id']);
    // A player of another tenant is not this tenant's.
    const outsider = await funded(local, 0);
    expect((await operator(sorte, 'POST', '/boxes/ouro/grant', { user_id: outsider.userId })).status).toBe(422);
  });
});

describe('operator API', () => {
  const prize = (ppm: number, extra: Record<string, unknown> = {}) => ({ name: { pt: 'P', en: 'P' }, kind: 'item', value: 100, sell_value: 50, probability_ppm: ppm, ...extra });

  it('validates a box whole: 422 naming the fields, nothing written', async () => {
    const count = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(boxPrizes)).at(0)!.n;
    const before = await count();
    const res = await operator(sorte, 'PUT', '/boxes/nova', { name: { pt: '', en: 'x' }, color: 'purple', price: -1, prizes: [prize(500_000), prize(400_000, { kind: 'vip_points' })] });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors as object).sort()).toEqual(['color', 'name.pt', 'price', 'prizes', 'prizes.1.points']);
    expect((res.body.errors as Record<string, string[]>).prizes![0]).toContain('1.000.000');
    expect((await operator(sorte, 'PUT', '/boxes/Bad_Slug', { name: { pt: 'a', en: 'a' }, color: 'red', price: 0, prizes: [prize(PPM_TOTAL)] })).status).toBe(422);
    expect(await count()).toBe(before);
    expect((await operator(sorte, 'GET', '/boxes/nova')).status).toBe(404);
  });

  it('creates (201), replaces (200), patches, lists, deletes; inactive boxes leave the catalogue', async () => {
    const body = { name: { pt: 'Nova', en: 'New' }, color: 'black', price: 300, prizes: [prize(600_000), prize(400_000)] };
    expect((await operator(sorte, 'PUT', '/boxes/nova', body)).status).toBe(201);
    const replaced = await operator(sorte, 'PUT', '/boxes/nova', { ...body, price: 400 });
    expect(replaced.status).toBe(200);
    expect(replaced.body.box).toMatchObject({ slug: 'nova', price: 400, buyable: true, active: true, expected_value: 100, prize_count: 2 });
    const patched = await operator(sorte, 'PATCH', '/boxes/nova', { active: false });
    expect(patched.body.box).toMatchObject({ active: false });
    expect(((await guest(sorte, 'GET', '/boxes/all')).body.data as Array<{ slug: string }>).map((b) => b.slug)).not.toContain('nova');
    expect((await guest(sorte, 'GET', '/boxes/get/nova/prizes')).status).toBe(404);
    expect(((await operator(sorte, 'GET', '/boxes')).body.data as Array<{ slug: string }>).map((b) => b.slug)).toContain('nova');
    expect((await operator(sorte, 'PATCH', '/boxes/nova', { prizes: [prize(1)] })).status).toBe(422);
    expect((await operator(sorte, 'DELETE', '/boxes/nova')).body).toEqual({ result: 'deleted' });
    expect((await operator(sorte, 'DELETE', '/boxes/nova')).status).toBe(404);
    expect((await call('GET', '/operator/boxes', { host: sorte.host, 'x-operator-key': 'wrong' })).status).toBe(401);
  });

  it('the demo boxes are valid operator input', () => {
    for (const box of demoBoxes('localhost')) expect(box.prizes.reduce((s, p) => s + p.probability_ppm, 0)).toBe(PPM_TOTAL);
  });
});
