import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../server/db/schema.ts';
import { findTenantByDomain } from '../../../server/features/tenants/find-tenant.ts';
import { applyMovement } from '../../../server/features/wallet/movement.ts';
import { checkLedger } from '../../../scripts/faults/ledger-check.ts';
import { seedDemoTenants, silentLog } from '../../server/helpers/app.ts';
import { freshDatabase, type TestDatabase } from '../../server/helpers/db.ts';

describe('ledger check (faults and soak runs)', () => {
  let tdb: TestDatabase;
  let tenantId: number;
  let userId: number;

  beforeAll(async () => {
    tdb = await freshDatabase();
    const { db } = tdb.handle;
    await seedDemoTenants(db, silentLog);
    tenantId = (await findTenantByDomain(db, 'localhost'))!.id;
    const [row] = await db.insert(users).values({ tenantId, name: 'Auditado', username: '+5511970000001' }).returning({ id: users.id });
    userId = row!.id;
    await applyMovement(db, { tenantId, userId, type: 'deposit', amount: 10_000, reference: 'seed-1' });
    await applyMovement(db, { tenantId, userId, type: 'bet', amount: -300, reference: 'agg:tx-1', metadata: { provider: 'agg', game: 'Slot', round_id: 'r1' } });
    await applyMovement(db, { tenantId, userId, type: 'win', amount: 900, reference: 'agg:tx-2', metadata: { provider: 'agg', round_id: 'r1' } });
  });
  afterAll(() => tdb.close());

  it('finds no mismatch in books kept by applyMovement, and compares provider calls with the ledger', async () => {
    const result = await checkLedger(tdb.handle.db, {
      providerMovements: [
        { tenantId, reference: 'agg:tx-1', type: 'bet', amount: -300, applied: true },
        { tenantId, reference: 'agg:tx-2', type: 'win', amount: 900, applied: true },
        { tenantId, reference: 'agg:tx-3', type: 'bet', amount: -99_999, applied: false },
      ],
    });
    expect(result.mismatches).toEqual([]);
    expect(result.figures.find(([what]) => what === 'mismatches')?.[1]).toBe('0');
  });

  it('reports a provider call applied against its answer', async () => {
    const result = await checkLedger(tdb.handle.db, {
      providerMovements: [
        { tenantId, reference: 'agg:tx-1', type: 'bet', amount: -300, applied: false },
        { tenantId, reference: 'agg:tx-9', type: 'win', amount: 100, applied: true },
      ],
    });
    expect(result.mismatches).toHaveLength(1);
    expect(result.mismatches[0]).toMatch(/provider transactions not applied as answered: 2/);
  });

  it('reports a movement written behind the wallet and a Pix deposit without its paid charge', async () => {
    await tdb.handle.db.execute(sql`
      insert into ledger_entries (tenant_id, user_id, type, amount, withdrawable_delta, balance_after, balance_withdrawal_after, reference, metadata)
      values (${tenantId}, ${userId}, 'deposit', 500, 500, 500, 500, 'stray', '{"txid": "NOPE", "method": "pix"}'::jsonb)`);
    const { mismatches } = await checkLedger(tdb.handle.db);
    expect(mismatches.join('\n')).toMatch(/wallets whose balances differ from their ledger sums: 1/);
    expect(mismatches.join('\n')).toMatch(/ledger rows whose balance_after is not the running sum: 1/);
    expect(mismatches.join('\n')).toMatch(/Pix deposits credited twice or for a charge that is not paid: 1/);
  });
});
