import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokens, users } from '../../../../server/db/schema.ts';
import { startBarredClosureWorker } from '../../../../server/features/account-closure/barred-worker.ts';
import { closeBarredAccounts } from '../../../../server/features/account-closure/close-barred.ts';
import { barredChecks } from '../../../../server/features/barred/schema.ts';
import { findTenantByDomain } from '../../../../server/features/tenants/find-tenant.ts';
import { capturingLogger, seedDemoTenants, silentLog } from '../../helpers/app.ts';
import { freshDatabase, type TestDatabase } from '../../helpers/db.ts';
import { closuresOf, credit, rawPlayer } from './helpers.ts';

let tdb: TestDatabase;
let tenantId: number;
beforeAll(async () => {
  tdb = await freshDatabase();
  await seedDemoTenants(tdb.handle.db, silentLog);
  tenantId = (await findTenantByDomain(tdb.handle.db, 'localhost'))!.id;
});
afterAll(() => tdb.close());

const NOW = new Date('2026-03-10T12:00:00Z');
let n = 0;

/** A player with a barred_checks row as the barred feature writes it (bar from `barredAt`, term `closesAt`). */
async function barredPlayer(opts: { closesAt: Date | null; liftedAt?: Date | null; barred?: boolean }): Promise<number> {
  n += 1;
  const { userId } = await rawPlayer(tdb.handle.db, tenantId, { username: `+55119876${String(n).padStart(5, '0')}` });
  await tdb.handle.db.insert(barredChecks).values({
    userId,
    tenantId,
    checkedOn: '2026-02-01',
    checkedAt: new Date('2026-02-01T12:00:00Z'),
    trigger: 'sweep',
    barredAt: opts.barred === false ? null : new Date('2026-02-01T12:00:00Z'),
    reason: 'SIGAP: impedido (teste)',
    closesAt: opts.closesAt,
    liftedAt: opts.liftedAt ?? null,
  });
  return userId;
}

describe('closing barred accounts at the regulator’s term', () => {
  it('closes only accounts whose term has passed and whose bar stands, once, even with two passes at once', async () => {
    const db = tdb.handle.db;
    const due = await barredPlayer({ closesAt: new Date(NOW.getTime() - 1000) });
    const dueWithMoney = await barredPlayer({ closesAt: new Date(NOW.getTime() - 60_000) });
    await credit(db, tenantId, dueWithMoney, 12_345, 'barred-credit-1');
    const notYet = await barredPlayer({ closesAt: new Date(NOW.getTime() + 60_000) });
    const lifted = await barredPlayer({ closesAt: new Date(NOW.getTime() - 1000), liftedAt: new Date(NOW.getTime() - 500) });
    const neverBarred = await barredPlayer({ closesAt: null, barred: false });

    const captured = capturingLogger('info');
    const [a, b] = await Promise.all([closeBarredAccounts({ db, log: captured.log }, NOW), closeBarredAccounts({ db, log: captured.log }, NOW)]);
    expect(a.closed + b.closed).toBe(2);
    expect(a.owed + b.owed).toBe(12_345);

    for (const id of [due, dueWithMoney]) {
      const rows = await closuresOf(db, id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ reason: 'barred', note: 'SIGAP: impedido (teste)', paidOut: 0 });
      const [user] = await db.select().from(users).where(eq(users.id, id));
      expect(user?.closedAt?.toISOString()).toBe(NOW.toISOString());
      const tokens = await db.select().from(accessTokens).where(eq(accessTokens.userId, id));
      expect(tokens.every((t) => t.revokedAt !== null)).toBe(true);
    }
    for (const id of [notYet, lifted, neverBarred]) expect(await closuresOf(db, id)).toEqual([]);
    // The money left is owed to the player: it stays on the ledger and the operator reads it in the log.
    const owedLine = captured.records().find((r) => String(r.msg).includes(`barred user ${dueWithMoney} `));
    expect(JSON.stringify(owedLine)).toContain('12345 centavos left on the account, owed to the player');

    // A later pass finds nothing more to do.
    expect(await closeBarredAccounts({ db, log: silentLog }, new Date(NOW.getTime() + 1000))).toEqual({ closed: 0, owed: 0 });
  });

  it('runs from the worker started as the payout worker is, and stops cleanly', async () => {
    const db = tdb.handle.db;
    const id = await barredPlayer({ closesAt: new Date(NOW.getTime() - 1000) });
    const worker = startBarredClosureWorker({ db, log: silentLog, now: () => NOW }, { intervalMs: 60_000 });
    await Promise.all([worker.tick(), worker.tick()]);
    await worker.stop();
    expect(await closuresOf(db, id)).toHaveLength(1);
  });
});
