import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeamlessWallet } from '../../../../server/features/casino/provider-wallet/service.ts';
import { houseRoutes } from '../../../../server/features/house/routes.ts';
import { applyMovement } from '../../../../server/features/wallet/movement.ts';
import { capturingLogger } from '../../helpers/app.ts';
import { freshDatabase, type TestDatabase } from '../../helpers/db.ts';
import { demoTenant, featureApp, jsonCaller, playerMaker, type Tenant } from '../../helpers/feature-harness.ts';

/** The `ledger entry` audit lines of house rounds and aggregator calls (deposits and withdrawals: tests/server/http/request-log.test.ts). */
let tdb: TestDatabase;
let tenant: Tenant;
let makePlayer: ReturnType<typeof playerMaker>;
beforeAll(async () => {
  tdb = await freshDatabase();
  tenant = await demoTenant(tdb.handle.db, 'localhost');
  makePlayer = playerMaker(tdb.handle.db);
});
afterAll(() => tdb.close());

const ledgerLines = (records: Array<Record<string, unknown>>) => records.filter((r) => r.msg === 'ledger entry');

describe('ledger entry log lines', () => {
  it('a real-money house round logs its stake (and payout) once committed; a demo round and a refused stake log nothing', async () => {
    const capture = capturingLogger('info');
    const db = tdb.handle.db;
    const call = jsonCaller(featureApp(db, { operator: [], tenant: [houseRoutes({ db, publish: async () => {}, log: capture.log })] }));
    const p = await makePlayer(tenant);
    await applyMovement(db, { tenantId: tenant.id, userId: p.userId, type: 'deposit', amount: 5_000, reference: 'ledger-log-test' });
    const headers = { host: 'localhost', authorization: `Bearer ${p.token}` };
    const params = { target: 5000, direction: 'under' };

    const played = await call('POST', '/house/dice/play', headers, { amount: 1_000, demo: false, params });
    expect(played.status).toBe(200);
    const round = played.body.round as { id: number; payout: number };
    const lines = ledgerLines(capture.records());
    expect(lines[0]).toMatchObject({ level: 'info', kind: 'bet', amount: -1_000, reference: `house:${round.id}`, user_id: p.userId, tenant_id: tenant.id, ledger_id: expect.any(Number) });
    expect(lines.slice(1)).toEqual(round.payout > 0 ? [expect.objectContaining({ kind: 'win', amount: round.payout, reference: `house:${round.id}:win` })] : []);

    const before = ledgerLines(capture.records()).length;
    expect((await call('POST', '/house/dice/play', headers, { amount: 1_000, demo: true, params })).status).toBe(200);
    expect((await call('POST', '/house/dice/play', headers, { amount: 900_000, demo: false, params })).status).toBe(422);
    expect(ledgerLines(capture.records())).toHaveLength(before);
  });

  it('an aggregator bet logs once, its replay not at all, its rollback once', async () => {
    const capture = capturingLogger('info');
    const p = await makePlayer(tenant);
    const player = { tenantId: tenant.id, userId: p.userId };
    await applyMovement(tdb.handle.db, { ...player, type: 'deposit', amount: 2_000, reference: 'ledger-log-agg' });
    const wallet = createSeamlessWallet(tdb.handle.db, 'acme', capture.log);
    const bet = { roundId: 'r1', transactionId: 't1', amount: 700, game: 'Big Bass' };
    await wallet.bet(player, bet);
    await wallet.bet(player, bet);
    await wallet.rollback(player, { transactionId: 't1' });
    expect(ledgerLines(capture.records()).map((r) => [r.kind, r.amount, r.reference])).toEqual([
      ['bet', -700, 'acme:t1'],
      ['bet', 700, 'acme:t1:rollback'],
    ]);
  });
});
