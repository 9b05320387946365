import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../../server/app.ts';
import { getConfig } from '../../../../server/config.ts';
import type { Db } from '../../../../server/db/open.ts';
import { ledgerEntries, users, wallets } from '../../../../server/db/schema.ts';
import { createSandboxPsp, type SandboxOptions, type SandboxPsp } from '../../../../server/features/payments/sandbox/sandbox-psp.ts';
import { sandboxDeliveries } from '../../../../server/features/payments/sandbox/schema.ts';
import { findTenantByDomain } from '../../../../server/features/tenants/find-tenant.ts';
import { issueAccessToken } from '../../../../server/features/users/tokens.ts';
import { createLogger } from '../../../../server/logger.ts';
import { fakeSiteBuilder, seedDemoTenants, silentLog } from '../../helpers/app.ts';
import { freshDatabase, type TestDatabase } from '../../helpers/db.ts';

/**
 * The sandbox PSP behaves like a real one when the platform's webhook fails:
 * the payment stays made on its side, the webhook is retried with backoff
 * until acknowledged, and what is still owed survives a platform restart.
 */
const SECRET = 'test-webhook-secret-0123456789';
const config = getConfig({ DATABASE_URL: 'memory://', LOG_LEVEL: 'silent', PIX_WEBHOOK_SECRET: SECRET, PIX_WEBHOOK_URL: 'http://localhost/api/pix/webhook' });
type Send = NonNullable<SandboxOptions['fetch']>;

let tdb: TestDatabase;
let db: Db;
let tenantId: number;
let n = 0;

beforeAll(async () => {
  tdb = await freshDatabase();
  db = tdb.handle.db;
  await seedDemoTenants(db, silentLog);
  tenantId = (await findTenantByDomain(db, 'localhost'))!.id;
});
afterAll(() => tdb.close());

/** One running platform: the app and its sandbox PSP, whose webhooks go through `send` (default: straight to the app). */
function platform(send?: (app: ReturnType<typeof createApp>) => Send, retry: SandboxOptions['retry'] = { baseMs: 5, maxMs: 20 }) {
  let app: ReturnType<typeof createApp> | null = null;
  const direct: Send = async (url, init) => app!.request(url, init);
  const sandbox: SandboxPsp = createSandboxPsp({
    db,
    merchantName: 'Cassino',
    merchantCity: 'Sao Paulo',
    webhookUrl: config.pix.webhookUrl,
    webhookSecret: SECRET,
    fetch: (url, init) => (send ? send(app!)(url, init) : direct(url, init)),
    retry: { timeoutMs: 50, ...retry },
  });
  app = createApp({ db, config, sites: fakeSiteBuilder(), logger: createLogger('silent'), payments: { psp: sandbox, publish: async () => {} } });
  return { app, sandbox };
}

async function playerWithCharge(app: ReturnType<typeof createApp>, amount: number): Promise<{ userId: number; txid: string }> {
  n += 1;
  const cpf = ['52998224725', '11144477735', '39053344705', '86288366757'][n - 1]!;
  const [row] = await db
    .insert(users)
    .values({ tenantId, name: `Jogador ${n}`, username: `+55119${String(n).padStart(8, '0')}`, cpf })
    .returning({ id: users.id });
  const { token } = await issueAccessToken(db, { userId: row!.id, tenantId });
  const res = await app.request('/api/main-gateway/qrcode-pix', {
    method: 'POST',
    headers: { host: 'localhost', 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ amount }),
  });
  return { userId: row!.id, txid: ((await res.json()) as { txid: string }).txid };
}

async function walletOf(userId: number) {
  const [w] = await db.select().from(wallets).where(eq(wallets.userId, userId));
  const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
  return { balance: w?.balance ?? 0n, entries: entries.length };
}

async function deliveryOf(body: unknown) {
  const rows = await db.select().from(sandboxDeliveries).where(eq(sandboxDeliveries.body, JSON.stringify(body)));
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

describe('sandbox PSP webhook deliveries', () => {
  it('retries a webhook that timed out, then failed, until acknowledged: credited once', async () => {
    let calls = 0;
    const { app, sandbox } = platform((target) => async (url, init) => {
      calls += 1;
      // 1st: no answer (the attempt times out); 2nd: the platform errs; 3rd: through.
      if (calls === 1) return new Promise<Response>((_, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason)));
      if (calls === 2) return new Response('{"message":"down"}', { status: 503 });
      return target.request(url, init);
    });
    const { userId, txid } = await playerWithCharge(app, 5000);
    const { notification, status } = await sandbox.settle(txid);
    expect(status).toBe(0);
    // Paid on the PSP's side although the platform does not know yet.
    expect((await sandbox.getCharge(txid))?.status).toBe('CONCLUIDA');
    expect(await walletOf(userId)).toEqual({ balance: 0n, entries: 0 });

    await sandbox.whenIdle();
    expect(calls).toBe(3);
    expect(await walletOf(userId)).toEqual({ balance: 5000n, entries: 1 });
    expect(await deliveryOf(notification)).toMatchObject({ attempts: 3, lastResult: '200', abandonedAt: null });
    await sandbox.close();
  });

  it('resumes a pending delivery after a restart: delivered once, credited once', async () => {
    // First run: the platform's webhook cannot be reached; the next attempt would be in a minute.
    const down = platform(() => async () => Promise.reject(new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } })), { baseMs: 60_000 });
    const { userId, txid } = await playerWithCharge(down.app, 2500);
    const { notification, status } = await down.sandbox.settle(txid);
    expect(status).toBe(0);
    expect(await deliveryOf(notification)).toMatchObject({ attempts: 1, lastResult: 'ECONNREFUSED', deliveredAt: null });
    await down.sandbox.close();
    expect(await walletOf(userId)).toEqual({ balance: 0n, entries: 0 });

    // Restart: a new platform on the same database picks up what its sandbox still owes.
    const restarted = platform();
    await restarted.sandbox.resume();
    await restarted.sandbox.whenIdle();
    expect(await walletOf(userId)).toEqual({ balance: 2500n, entries: 1 });
    expect((await deliveryOf(notification)).deliveredAt).not.toBeNull();
    await restarted.sandbox.close();

    // Another restart owes nothing more.
    let calls = 0;
    const again = platform((target) => async (url, init) => ((calls += 1), target.request(url, init)));
    await again.sandbox.resume();
    await again.sandbox.whenIdle();
    expect(calls).toBe(0);
    expect(await walletOf(userId)).toEqual({ balance: 2500n, entries: 1 });
  });

  it('waits twice as long after each failed attempt, up to maxMs, and the count carries on across restarts', async () => {
    const refused: Send = async () => Promise.reject(new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } }));
    const retry = { baseMs: 60_000, maxMs: 200_000 };
    const first = platform(() => refused, retry);
    const { txid } = await playerWithCharge(first.app, 1000);
    const before = Date.now();
    const { notification } = await first.sandbox.settle(txid);
    const after = Date.now();
    await first.sandbox.close();
    const waits: Array<[number, number, number]> = [];
    const noteWait = async (from: number, to: number) => {
      const row = await deliveryOf(notification);
      waits.push([row.attempts, row.nextAttemptAt.getTime() - from, row.nextAttemptAt.getTime() - to]);
    };
    await noteWait(before, after);

    // Each restart attempts at once (resume), then schedules the next attempt further away.
    for (let restart = 0; restart < 2; restart++) {
      const node = platform(() => refused, retry);
      const attempts = (await deliveryOf(notification)).attempts;
      const from = Date.now();
      await node.sandbox.resume();
      for (let poll = 0; poll < 200 && (await deliveryOf(notification)).attempts === attempts; poll++) await new Promise((resolve) => setTimeout(resolve, 10));
      const to = Date.now();
      await node.sandbox.close();
      await noteWait(from, to);
    }
    // [attempts, wait measured from before the attempt (≥ delay), from after it (≤ delay)]
    expect(waits.map(([attempts]) => attempts)).toEqual([1, 2, 3]);
    for (const [[, fromBefore, fromAfter], delay] of waits.map((w, i) => [w, [60_000, 120_000, 200_000][i]!] as const)) {
      expect(fromBefore).toBeGreaterThanOrEqual(delay);
      expect(fromAfter).toBeLessThanOrEqual(delay);
    }
    expect((await deliveryOf(notification)).deliveredAt).toBeNull();
  });

  it('gives up after the last attempt and keeps the payment recorded', async () => {
    let calls = 0;
    const { app, sandbox } = platform(() => async () => ((calls += 1), new Response('', { status: 500 })), { baseMs: 1, maxMs: 2, maxAttempts: 3 });
    const { userId, txid } = await playerWithCharge(app, 1500);
    const { notification } = await sandbox.settle(txid);
    await sandbox.whenIdle();
    expect(calls).toBe(3);
    expect(await deliveryOf(notification)).toMatchObject({ attempts: 3, lastResult: '500', deliveredAt: null });
    expect((await deliveryOf(notification)).abandonedAt).not.toBeNull();
    expect(await walletOf(userId)).toEqual({ balance: 0n, entries: 0 });
    expect((await sandbox.getCharge(txid))?.status).toBe('CONCLUIDA');
  });
});
