import { eq, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app.ts';
import { getConfig } from '../../../server/config.ts';
import type { Db } from '../../../server/db/open.ts';
import { houseRounds, idempotencyKeys, pixCharges, withdrawals } from '../../../server/db/schema.ts';
import { purgeExpiredKeys } from '../../../server/features/idempotency/store.ts';
import { createLogger } from '../../../server/logger.ts';
import { fakeSiteBuilder } from '../helpers/app.ts';
import { type Player, SECRET, type WithdrawalHarness, withdrawalHarness } from '../features/withdrawals/helpers.ts';

/** A raw answer: the exact text, so replays can be compared byte for byte. */
interface Raw {
  status: number;
  text: string;
  replayed: boolean;
  json: Record<string, unknown>;
}

let h: WithdrawalHarness;
/** The same platform on a database whose next outer transaction "dies" right after its COMMIT. */
let crashy: { app: Hono; arm(): void };

/**
 * Wraps `db` so that, once armed, the next `db.transaction(...)` commits and
 * then throws, as if the process died between the commit and the answer:
 * the caller gets a 500 while the work is in the database. Test-only: the
 * platform itself has no such hook.
 */
function crashAfterCommit(db: Db): { db: Db; arm(): void } {
  let armed = false;
  const wrapped = new Proxy(db, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (prop === 'transaction') {
        return async (...args: Parameters<Db['transaction']>) => {
          const result = await target.transaction(...args);
          if (armed) {
            armed = false;
            throw new Error('killed between commit and answer');
          }
          return result;
        };
      }
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { db: wrapped, arm: () => (armed = true) };
}

beforeAll(async () => {
  h = await withdrawalHarness();
  const { db, arm } = crashAfterCommit(h.db);
  const config = getConfig({ DATABASE_URL: 'memory://', LOG_LEVEL: 'silent', PIX_WEBHOOK_SECRET: SECRET });
  const publish = async () => {};
  const app = createApp({
    db,
    config,
    sites: fakeSiteBuilder(),
    logger: createLogger('silent'),
    payments: { psp: h.sandbox, publish },
    withdrawals: { ...h.deps, db },
  });
  crashy = { app, arm };
});
afterAll(() => h.close());

async function raw(app: Hono, path: string, o: { token: string; body: unknown; key?: string; lang?: string }): Promise<Raw> {
  const headers: Record<string, string> = { host: 'localhost', 'content-type': 'application/json', 'accept-language': o.lang ?? 'en', authorization: `Bearer ${o.token}` };
  if (o.key !== undefined) headers['idempotency-key'] = o.key;
  const res = await app.request(`/api${path}`, { method: 'POST', headers, body: JSON.stringify(o.body) });
  const text = await res.text();
  return { status: res.status, text, replayed: res.headers.get('idempotent-replayed') === 'true', json: JSON.parse(text) as Record<string, unknown> };
}
const post = (path: string, o: { token: string; body: unknown; key?: string; lang?: string }) => raw(h.app, path, o);

/** A verified player with a CPF, `funds` centavos of withdrawable money and a Pix key. */
async function funded(funds: number): Promise<{ p: Player; methodId: number }> {
  const p = await h.player();
  if (funds > 0) await h.deposit(p.id, funds);
  return { p, methodId: await h.method(p) };
}

const tenOf = <T>(make: () => Promise<T>) => Promise.all(Array.from({ length: 10 }, make));

function expectOneAnswer(answers: Raw[], status: number): void {
  expect(answers.map((a) => a.status)).toEqual(Array(answers.length).fill(status));
  expect(new Set(answers.map((a) => a.text)).size).toBe(1);
  expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
}

describe('Idempotency-Key on money calls', () => {
  it('10 parallel withdrawal requests with one key: one withdrawal, money moved once, 10 identical answers', async () => {
    const { p, methodId } = await funded(10_000);
    const answers = await tenOf(() => post('/wallet/withdraw/request', { token: p.token, key: 'wd-1', body: { amount: 2_500, method_id: methodId } }));
    expectOneAnswer(answers, 201);
    expect(await h.db.select().from(withdrawals).where(eq(withdrawals.userId, p.id))).toHaveLength(1);
    const m = await h.money(p.id);
    expect([m.balance, m.withdrawable, m.entries]).toEqual([7_500n, 7_500n, 2]);
  });

  it('10 parallel deposit charges with one key: one Pix charge, 10 identical answers', async () => {
    const { p } = await funded(0);
    const answers = await tenOf(() => post('/main-gateway/qrcode-pix', { token: p.token, key: 'dep-1', body: { amount: 5_000 } }));
    expectOneAnswer(answers, 200);
    const charges = await h.db.select().from(pixCharges).where(eq(pixCharges.userId, p.id));
    expect(charges.map((c) => c.txid)).toEqual([answers[0]!.json.txid]);
  });

  it('10 parallel house rounds with one key: one round, the stake taken once, 10 identical answers', async () => {
    const { p } = await funded(10_000);
    const body = { amount: 1_000, demo: false, params: { target: 5000, direction: 'over' } };
    const answers = await tenOf(() => post('/house/dice/play', { token: p.token, key: 'round-1', body }));
    expectOneAnswer(answers, 200);
    const rounds = await h.db.select().from(houseRounds).where(eq(houseRounds.userId, p.id));
    expect(rounds).toHaveLength(1);
    const m = await h.money(p.id);
    expect(m.balance).toBe(10_000n - 1_000n + rounds[0]!.payout);
    expect((answers[0]!.json.wallet as { balance: number }).balance).toBe(Number(m.balance));
  });

  it('10 parallel cancels with one key: all get the same 200 (without a key the duplicates get 409), funds back once', async () => {
    const { p, methodId } = await funded(9_000);
    const made = await post('/wallet/withdraw/request', { token: p.token, body: { amount: 9_000, method_id: methodId } });
    const id = (made.json.withdrawal as { id: number }).id;
    const answers = await tenOf(() => post('/main-gateway/user-cancel-withdrawal', { token: p.token, key: 'cancel-1', body: { id } }));
    expectOneAnswer(answers, 200);
    const m = await h.money(p.id);
    expect([m.balance, m.withdrawable, m.entries]).toEqual([9_000n, 9_000n, 3]);
  });

  it('different keys make separate operations; the same key by another player or on another route is another key', async () => {
    const { p, methodId } = await funded(10_000);
    const body = { amount: 2_000, method_id: methodId };
    const a = await post('/wallet/withdraw/request', { token: p.token, key: 'k-a', body });
    const b = await post('/wallet/withdraw/request', { token: p.token, key: 'k-b', body });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect((a.json.withdrawal as { id: number }).id).not.toBe((b.json.withdrawal as { id: number }).id);
    const other = await funded(10_000);
    const c = await post('/wallet/withdraw/request', { token: other.p.token, key: 'k-a', body: { amount: 2_000, method_id: other.methodId } });
    expect([c.status, c.replayed]).toEqual([201, false]);
    const d = await post('/main-gateway/qrcode-pix', { token: p.token, key: 'k-a', body: { amount: 1_000 } });
    expect([d.status, d.replayed]).toEqual([200, false]);
    expect((await h.money(p.id)).balance).toBe(6_000n);
  });

  it('the same key with a different body is refused with 422 in the caller language, and moves nothing', async () => {
    const { p, methodId } = await funded(10_000);
    expect((await post('/wallet/withdraw/request', { token: p.token, key: 'k-body', body: { amount: 2_000, method_id: methodId } })).status).toBe(201);
    const en = await post('/wallet/withdraw/request', { token: p.token, key: 'k-body', body: { amount: 3_000, method_id: methodId } });
    expect([en.status, en.json.message]).toEqual([422, 'This Idempotency-Key was already used with different data. Use a new key for a new operation.']);
    const pt = await post('/wallet/withdraw/request', { token: p.token, key: 'k-body', lang: 'pt-BR', body: { amount: 3_000, method_id: methodId } });
    expect([pt.status, pt.json.message]).toEqual([422, 'Esta Idempotency-Key já foi usada com outros dados. Use uma chave nova para uma nova operação.']);
    // Key order does not make a different body.
    const same = await post('/wallet/withdraw/request', { token: p.token, key: 'k-body', body: { method_id: methodId, amount: 2_000 } });
    expect([same.status, same.replayed]).toEqual([201, true]);
    expect((await h.money(p.id)).balance).toBe(8_000n);
  });

  it('a malformed key is refused with 400 before anything happens', async () => {
    const { p, methodId } = await funded(10_000);
    for (const key of ['', 'has space', 'ç-not-ascii', 'x'.repeat(256)]) {
      const answer = await post('/wallet/withdraw/request', { token: p.token, key, body: { amount: 2_000, method_id: methodId } });
      expect([answer.status, answer.json.message]).toEqual([400, 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.']);
    }
    const pt = await post('/house/dice/play', { token: p.token, key: 'with space', lang: 'pt', body: { amount: 100, params: { target: 5000, direction: 'over' } } });
    expect([pt.status, pt.json.message]).toEqual([400, 'O cabeçalho Idempotency-Key deve ter de 1 a 255 caracteres ASCII visíveis.']);
    expect((await post('/wallet/withdraw/request', { token: p.token, key: 'x'.repeat(255), body: { amount: 2_000, method_id: methodId } })).status).toBe(201);
    expect((await h.money(p.id)).balance).toBe(8_000n);
  });

  it('without a key every call is a new operation, as before', async () => {
    const { p, methodId } = await funded(10_000);
    const body = { amount: 2_000, method_id: methodId };
    const answers = [await post('/wallet/withdraw/request', { token: p.token, body }), await post('/wallet/withdraw/request', { token: p.token, body })];
    expect(answers.map((a) => [a.status, a.replayed])).toEqual([
      [201, false],
      [201, false],
    ]);
    expect((await h.money(p.id)).balance).toBe(6_000n);
    expect(await h.db.select().from(idempotencyKeys).where(sql`${idempotencyKeys.actor} = ${`user:${p.id}`}`)).toHaveLength(0);
  });

  it('a refused call stores nothing: the same key may be retried once it can succeed', async () => {
    const { p, methodId } = await funded(0);
    const body = { amount: 5_000, method_id: methodId };
    expect((await post('/wallet/withdraw/request', { token: p.token, key: 'k-poor', body })).status).toBe(422);
    await h.deposit(p.id, 5_000);
    const retry = await post('/wallet/withdraw/request', { token: p.token, key: 'k-poor', body });
    expect([retry.status, retry.replayed]).toEqual([201, false]);
  });

  it('a key counts for 24 hours, then it is a new operation', async () => {
    const { p, methodId } = await funded(10_000);
    const body = { amount: 2_000, method_id: methodId };
    const first = await post('/wallet/withdraw/request', { token: p.token, key: 'k-old', body });
    await h.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(sql`${idempotencyKeys.actor} = ${`user:${p.id}`}`);
    const later = await post('/wallet/withdraw/request', { token: p.token, key: 'k-old', body });
    expect([later.status, later.replayed]).toEqual([201, false]);
    expect((later.json.withdrawal as { id: number }).id).not.toBe((first.json.withdrawal as { id: number }).id);
    expect((await h.money(p.id)).balance).toBe(6_000n);

    // Expired rows are purged (each process does it at most hourly, on a keyed call).
    const mine = sql`${idempotencyKeys.actor} = ${`user:${p.id}`}`;
    await h.db.update(idempotencyKeys).set({ createdAt: sql`now() - interval '25 hours'` }).where(mine);
    expect(await purgeExpiredKeys(h.db)).toBeGreaterThanOrEqual(1);
    expect(await h.db.select().from(idempotencyKeys).where(mine)).toHaveLength(0);
  });
});

describe('killed between commit and answer', () => {
  it('withdrawal: the client saw a failure, the retry with its key answers the committed withdrawal and moves nothing more', async () => {
    const { p, methodId } = await funded(10_000);
    const body = { amount: 3_000, method_id: methodId };
    crashy.arm();
    const lost = await raw(crashy.app, '/wallet/withdraw/request', { token: p.token, key: 'crash-wd', body });
    expect(lost.status).toBe(500);
    const rows = await h.db.select().from(withdrawals).where(eq(withdrawals.userId, p.id));
    expect(rows).toHaveLength(1);

    const retry = await raw(crashy.app, '/wallet/withdraw/request', { token: p.token, key: 'crash-wd', body });
    expect([retry.status, retry.replayed]).toEqual([201, true]);
    expect((retry.json.withdrawal as { id: number }).id).toBe(rows[0]!.id);
    expect(await h.db.select().from(withdrawals).where(eq(withdrawals.userId, p.id))).toHaveLength(1);
    const m = await h.money(p.id);
    expect([m.balance, m.entries]).toEqual([7_000n, 2]);
  });

  it('deposit and house round: the retry answers the committed charge and round', async () => {
    const { p } = await funded(5_000);
    crashy.arm();
    expect((await raw(crashy.app, '/main-gateway/qrcode-pix', { token: p.token, key: 'crash-dep', body: { amount: 2_000 } })).status).toBe(500);
    const charge = await raw(crashy.app, '/main-gateway/qrcode-pix', { token: p.token, key: 'crash-dep', body: { amount: 2_000 } });
    const charges = await h.db.select().from(pixCharges).where(eq(pixCharges.userId, p.id));
    expect(charges.map((c) => c.txid)).toEqual([charge.json.txid]);

    const play = { amount: 500, params: { target: 5000, direction: 'under' } };
    crashy.arm();
    expect((await raw(crashy.app, '/house/dice/play', { token: p.token, key: 'crash-round', body: play })).status).toBe(500);
    const round = await raw(crashy.app, '/house/dice/play', { token: p.token, key: 'crash-round', body: play });
    const rounds = await h.db.select().from(houseRounds).where(eq(houseRounds.userId, p.id));
    expect(rounds.map((r) => r.id)).toEqual([(round.json.round as { id: number }).id]);
    expect((await h.money(p.id)).balance).toBe(5_000n - 500n + rounds[0]!.payout);
  });
});
