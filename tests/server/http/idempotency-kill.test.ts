import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app.ts';
import type { Db } from '../../../server/db/open.ts';
import type { PayoutPsp } from '../../../server/features/payments/psp.ts';
import { houseRounds, users, withdrawals, withdrawMethods } from '../../../server/db/schema.ts';
import { findTenantByDomain } from '../../../server/features/tenants/find-tenant.ts';
import { issueAccessToken } from '../../../server/features/users/tokens.ts';
import { applyMovement } from '../../../server/features/wallet/movement.ts';
import { createWithdrawalsDeps } from '../../../server/features/withdrawals/deps.ts';
import { fakeSiteBuilder, seedDemoTenants, silentLog, testConfig } from '../helpers/app.ts';
import { freshDatabase, type TestDatabase } from '../helpers/db.ts';
import { verifyPlayerDocuments } from '../helpers/kyc.ts';
import { cpfFor } from '../features/withdrawals/helpers.ts';

/**
 * The real thing, on PostgreSQL (TEST_DATABASE_URL): the platform runs in a
 * child process that dies by SIGKILL right after the COMMIT of a money call
 * (tests/server/http/fixtures/die-after-commit.ts), so the client gets a
 * dropped connection. A platform started again on the same database answers
 * the retry with the same key with the committed result, and no money moves
 * a second time. (PGlite lives inside the process it would kill: the
 * in-process variant is in idempotency.test.ts.)
 */

const NODE = fileURLToPath(new URL('../../../node_modules/.bin/node', import.meta.url));
const FIXTURE = fileURLToPath(new URL('./fixtures/die-after-commit.ts', import.meta.url));

let tdb: TestDatabase;
let db: Db;
let tenantId: number;
let made = 0;

/** Starts the fixture on the test database; resolves with its port and how it ended. */
async function dyingPlatform(): Promise<{ port: number; exited: Promise<NodeJS.Signals | number | null>; stop(): void }> {
  const child = spawn(NODE, [FIXTURE, tdb.url], { env: { PATH: process.env.PATH ?? '' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /^READY (\d+)$/m.exec(output);
      if (ready) resolve(Number(ready[1]));
    });
    child.stderr.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    void exited.then((how) => reject(new Error(`fixture ended before serving (${how}):\n${output}`)));
  });
  return { port, exited, stop: () => child.kill('SIGKILL') };
}

async function player(): Promise<{ id: number; token: string; methodId: number }> {
  made += 1;
  const cpf = cpfFor(made);
  const [row] = await db
    .insert(users)
    .values({ tenantId, name: 'Jogador Kill', username: `+55119${String(made).padStart(8, '0')}`, cpf, phoneVerifiedAt: new Date() })
    .returning({ id: users.id });
  const id = row!.id;
  await verifyPlayerDocuments(db, tenantId, id);
  const { token } = await issueAccessToken(db, { userId: id, tenantId });
  await applyMovement(db, { tenantId, userId: id, type: 'deposit', amount: 10_000, reference: `kill-test-${id}` });
  const [method] = await db
    .insert(withdrawMethods)
    .values({ tenantId, userId: id, type: 'cpf', key: cpf, ownerCpf: cpf, ownerName: 'Jogador Kill' })
    .returning({ id: withdrawMethods.id });
  return { id, token, methodId: method!.id };
}

const headers = (token: string, key: string) => ({ host: 'localhost', 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': key });

describe.skipIf(!process.env.TEST_DATABASE_URL)('a platform killed between commit and answer (PostgreSQL, SIGKILL)', () => {
  beforeAll(async () => {
    tdb = await freshDatabase();
    db = tdb.handle.db;
    await seedDemoTenants(db, silentLog);
    tenantId = (await findTenantByDomain(db, 'localhost'))!.id;
  });
  afterAll(() => tdb?.close());

  for (const call of [
    { name: 'withdrawal request', path: '/wallet/withdraw/request', body: (methodId: number) => ({ amount: 3_000, method_id: methodId }) },
    { name: 'house round', path: '/house/dice/play', body: () => ({ amount: 3_000, params: { target: 5000, direction: 'under' } }) },
  ]) {
    it(`${call.name}: the client's connection drops; the retry on a restarted platform answers the committed result`, async () => {
      const p = await player();
      const key = `kill-${p.id}-${call.path}`;
      const body = JSON.stringify(call.body(p.methodId));
      const dying = await dyingPlatform();
      // Host `localhost` is the demo tenant (fetch cannot set Host itself).
      const lost = await fetch(`http://localhost:${dying.port}/api${call.path}`, { method: 'POST', headers: headers(p.token, key), body }).then(
        () => 'answered',
        () => 'connection lost',
      );
      if (lost === 'answered') dying.stop();
      expect([lost, await dying.exited]).toEqual(['connection lost', 'SIGKILL']);

      const table = call.path.includes('house') ? houseRounds : withdrawals;
      const committed = await db.select({ id: table.id }).from(table).where(eq(table.userId, p.id));
      expect(committed).toHaveLength(1);

      const config = testConfig();
      const noPsp = new Proxy({}, { get: () => () => Promise.reject(new Error('no PSP here')) }) as PayoutPsp;
      const withdrawalsDeps = createWithdrawalsDeps({ db, psp: noPsp, publish: async () => {}, config, log: silentLog });
      const restarted = createApp({ db, config, sites: fakeSiteBuilder(), logger: silentLog, withdrawals: withdrawalsDeps });
      const retry = await restarted.request(`/api${call.path}`, { method: 'POST', headers: headers(p.token, key), body });
      const answer = (await retry.json()) as { withdrawal?: { id: number }; round?: { id: number }; wallet: { balance: number } };
      expect([retry.status < 300, retry.headers.get('idempotent-replayed')]).toEqual([true, 'true']);
      expect((answer.withdrawal ?? answer.round)!.id).toBe(committed[0]!.id);
      expect(await db.select({ id: table.id }).from(table).where(eq(table.userId, p.id))).toHaveLength(1);
      const [wallet] = await db.query.wallets.findMany({ where: (w, { eq: is }) => is(w.userId, p.id) });
      expect(answer.wallet.balance).toBe(Number(wallet!.balance));
    });
  }
});
