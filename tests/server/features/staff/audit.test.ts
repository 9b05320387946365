import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntryView } from '../../../../src/contract/backoffice.ts';
import { auditLog, staffUsers } from '../../../../server/features/staff/schema.ts';
import { findTenantByDomain } from '../../../../server/features/tenants/find-tenant.ts';
import { applyMovement } from '../../../../server/features/wallet/movement.ts';
import { playerMaker } from '../../helpers/feature-harness.ts';
import { totpCode } from '../../../../server/features/staff/totp.ts';
import { PASSWORD, SORTE, SORTE_KEY, type StaffHarness, staffHarness } from './harness.ts';

let h: StaffHarness;
beforeAll(async () => {
  h = await staffHarness();
});
afterAll(() => h.close());

async function latestAudit(): Promise<AuditEntryView> {
  const list = await h.request('GET', '/operator/audit', { key: SORTE_KEY });
  return (list.body.data as AuditEntryView[])[0]!;
}

describe('the audit log', () => {
  it('records who changed the site configuration, with the settings before and after', async () => {
    const email = await h.createStaff('admin');
    const cookie = await h.login(email);
    const title = `Sorte Audit ${Date.now() % 10000}`;
    expect((await h.request('PATCH', '/operator/site-config', { cookie, body: { siteTitle: title } })).status).toBe(200);
    const entry = await latestAudit();
    expect(entry).toMatchObject({ action: 'site-config.patch', method: 'PATCH', path: '/site-config', status: 200, actor: { kind: 'staff', email, role: 'admin' }, request: { siteTitle: title } });
    expect((entry.before as { siteTitle: string }).siteTitle).not.toBe(title);
    expect((entry.after as { config: { siteTitle: string } }).config.siteTitle).toBe(title);
  });

  it('records staff changes without the password, the key as actor, and refusals', async () => {
    const email = await h.createStaff('support');
    const created = await latestAudit();
    expect(created).toMatchObject({ action: 'staff.post', status: 201, actor: { kind: 'operator_key', email: null }, request: { email, role: 'support', password: '[redacted]' } });
    expect(JSON.stringify(created)).not.toContain('a-long-staff-password');

    const [row] = await h.db.select().from(staffUsers).where(eq(staffUsers.email, email));
    expect((await h.request('PATCH', `/operator/staff/${row!.id}`, { key: SORTE_KEY, body: { role: 'marketing' } })).status).toBe(200);
    const changed = await latestAudit();
    expect(changed).toMatchObject({ action: 'staff.patch', before: { role: 'support' }, after: { staff: { role: 'marketing' } } });

    const cookie = await h.login(email);
    expect((await h.request('POST', '/operator/rebuild', { cookie, body: {} })).status).toBe(403);
    expect(await latestAudit()).toMatchObject({ action: 'rebuild.post', status: 403, actor: { kind: 'staff', email, role: 'marketing' } });
    // A refused read is on record too; a permitted read is not.
    const before = (await h.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;
    expect((await h.request('GET', '/operator/coupons', { cookie })).status).toBe(200);
    expect((await h.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n).toBe(before);
    expect((await h.request('GET', '/operator/withdrawals', { cookie })).status).toBe(403);
    expect(await latestAudit()).toMatchObject({ action: 'withdrawals.get', status: 403 });
  });

  it('is append-only: the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    await h.createStaff('finance');
    await expect(h.db.execute(sql`update audit_log set action = 'forged'`)).rejects.toThrow();
    await expect(h.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(h.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect((await h.db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(eq(auditLog.action, 'forged')))[0]!.n).toBe(0);
  });

  it('pages newest first, filters by staff and action, and exports CSV', async () => {
    for (let i = 0; i < 3; i++) await h.createStaff('marketing');
    const first = await h.request('GET', '/operator/audit?action=staff.post', { key: SORTE_KEY });
    const data = first.body.data as AuditEntryView[];
    expect(data.length).toBeGreaterThanOrEqual(3);
    expect(data.every((e) => e.action === 'staff.post')).toBe(true);
    expect(data.map((e) => e.id)).toEqual([...data.map((e) => e.id)].sort((a, b) => b - a));
    const older = await h.request('GET', `/operator/audit?action=staff.post&before=${data[1]!.id}`, { key: SORTE_KEY });
    expect((older.body.data as AuditEntryView[])[0]!.id).toBe(data[2]!.id);
    expect((await h.request('GET', '/operator/audit?from=yesterday', { key: SORTE_KEY })).status).toBe(422);

    const res = await h.app.request('/api/operator/audit/export?action=staff.post', { headers: { host: SORTE, 'x-operator-key': SORTE_KEY } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = (await res.text()).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('id,at,actor,role,action,method,path,status,ip,request,before,after');
    expect(lines.length - 1).toBe(data.length);
    expect(lines[1]).toContain('staff.post');
  });

  it('the daily figures come from the ledger, for admin and finance only', async () => {
    const found = (await findTenantByDomain(h.db, SORTE))!;
    const tenant = { id: found.id, casinoId: found.id, host: SORTE, key: SORTE_KEY };
    const makePlayer = playerMaker(h.db);
    const players = [await makePlayer(tenant), await makePlayer(tenant)];
    for (const [i, p] of players.entries()) {
      await applyMovement(h.db, { tenantId: tenant.id, userId: p.userId, type: 'deposit', amount: 10_000, reference: `report-dep-${i}` });
      await applyMovement(h.db, { tenantId: tenant.id, userId: p.userId, type: 'bet', amount: -3_000, reference: `report-bet-${i}` });
    }
    await applyMovement(h.db, { tenantId: tenant.id, userId: players[0]!.userId, type: 'win', amount: 1_000, reference: 'report-win-0' });
    const finance = await h.login(await h.createStaff('finance'));
    const daily = await h.request('GET', '/operator/reports/daily?days=7', { cookie: finance });
    expect(daily.status).toBe(200);
    const days = daily.body.data as Array<{ day: string; ggr: number; bets: number; wins: number }>;
    expect(days).toHaveLength(7);
    expect(days.every((d) => d.ggr === d.bets - d.wins)).toBe(true);
    // Today (São Paulo) is last: R$ 200 deposited, R$ 60 staked by 2 players, R$ 10 paid out.
    expect(days.at(-1)).toMatchObject({ deposits: 20_000, withdrawals: 0, bets: 6_000, wins: 1_000, ggr: 5_000, activePlayers: 2 });
    expect((await h.request('GET', '/operator/reports/daily?days=500', { cookie: finance })).status).toBe(422);
    const support = await h.login(await h.createStaff('support'));
    expect((await h.request('GET', '/operator/reports/daily', { cookie: support })).status).toBe(403);
  });
});

describe('sign-ins in the audit log', () => {
  it('records a wrong password with the e-mail typed, a wrong code and a sign-in under the staff member, and the sign-out', async () => {
    const email = await h.createStaff('finance');
    await h.request('POST', '/backoffice/login', { body: { email, password: 'wrong-password' } });
    expect(await latestAudit()).toMatchObject({ action: 'backoffice.password', status: 401, actor: { kind: 'staff', email, staffId: null } });
    const step = await h.request('POST', '/backoffice/login', { body: { email, password: PASSWORD } });
    await h.request('POST', '/backoffice/login/code', { body: { challenge: step.body.challenge, code: '12345' } });
    expect((await latestAudit()).action).not.toBe('backoffice.code'); // a malformed code is refused before any check
    const secret = await h.secretOf(email);
    const wrong = totpCode(secret, new Date(Date.now() + 10 * 60_000));
    await h.request('POST', '/backoffice/login/code', { body: { challenge: step.body.challenge, code: wrong } });
    expect(await latestAudit()).toMatchObject({ action: 'backoffice.code', status: 422, actor: { email } });
    const cookie = await h.login(email);
    expect(await latestAudit()).toMatchObject({ action: 'backoffice.code', status: 200, actor: { email, role: 'finance' } });
    await h.request('POST', '/backoffice/logout', { cookie });
    expect(await latestAudit()).toMatchObject({ action: 'backoffice.logout', actor: { email } });
  });
});
