import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffLoginStep } from '../../../../src/contract/backoffice.ts';
import { STAFF_LOCKOUT, STAFF_SESSION } from '../../../../server/features/staff/policy.ts';
import { staffSessions, staffUsers } from '../../../../server/features/staff/schema.ts';
import { totpCode, totpStep } from '../../../../server/features/staff/totp.ts';
import { PASSWORD, SORTE, SORTE_KEY, type StaffHarness, staffHarness } from './harness.ts';

let h: StaffHarness;
beforeAll(async () => {
  h = await staffHarness();
});
afterAll(() => h.close());

const passwordStep = (email: string, password = PASSWORD) => h.request('POST', '/backoffice/login', { body: { email, password } });

describe('TOTP (RFC 6238, pinned to SHA-1, 6 digits, 30 s)', () => {
  it('accepts the current step and one either side, nothing further', () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const now = new Date('2026-12-07T12:00:15Z');
    const step = Math.floor(now.getTime() / 30_000);
    expect(totpStep(secret, totpCode(secret, now), now)).toBe(step);
    expect(totpStep(secret, totpCode(secret, new Date(now.getTime() - 30_000)), now)).toBe(step - 1);
    expect(totpStep(secret, totpCode(secret, new Date(now.getTime() + 30_000)), now)).toBe(step + 1);
    expect(totpStep(secret, totpCode(secret, new Date(now.getTime() + 90_000)), now)).toBeNull();
    expect(totpStep(secret, 'abcdef', now)).toBeNull();
  });

  it('matches the RFC 6238 SHA-1 test vector', () => {
    // RFC 6238 appendix B: secret "12345678901234567890", T = 59 s → 94287082 (8 digits); its last 6 digits are the 6-digit code.
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(totpCode(secret, new Date(59_000))).toBe('287082');
  });
});

describe('back-office login', () => {
  it('enrols TOTP at the first login, then asks only for the code', async () => {
    const email = await h.createStaff('finance');
    const first = await passwordStep(email);
    expect(first.status).toBe(200);
    const enrol = first.body as unknown as Extract<StaffLoginStep, { step: 'enrol' }>;
    expect(enrol.step).toBe('enrol');
    expect(enrol.otpauthUri).toMatch(/^otpauth:\/\/totp\/.+\?.*secret=[A-Z2-7]+/);
    expect(enrol.otpauthUri).toContain('algorithm=SHA1');
    expect(enrol.otpauthUri).toContain('digits=6');
    expect(enrol.otpauthUri).toContain('period=30');
    expect(enrol.qrSvg).toMatch(/^<svg/);
    // Before a code confirmed it, the same secret is offered again (a QR already scanned keeps working).
    const again = (await passwordStep(email)).body as unknown as Extract<StaffLoginStep, { step: 'enrol' }>;
    expect(again.secret).toBe(enrol.secret);

    const done = await h.request('POST', '/backoffice/login/code', { body: { challenge: again.challenge, code: totpCode(enrol.secret, new Date()) } });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ staff: { email, role: 'finance', totpEnrolled: true }, tenant: { domain: SORTE }, areas: ['finance', 'reports', 'players'], idleMinutes: STAFF_SESSION.idleMinutes });
    const cookie = done.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^bo_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\/api/);
    // The old challenge is spent.
    expect((await h.request('POST', '/backoffice/login/code', { body: { challenge: enrol.challenge, code: totpCode(enrol.secret, new Date()) } })).status).toBe(401);
    expect(((await passwordStep(email)).body as { step: string }).step).toBe('totp');
  });

  it('refuses a wrong password, an unknown e-mail and a disabled account with the same answer', async () => {
    const email = await h.createStaff('support');
    const wrong = await passwordStep(email, 'not-the-password');
    const unknown = await passwordStep(`nobody@${SORTE}`);
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(wrong.body.message).toBe(unknown.body.message);
    expect(wrong.body.message).toBe('Incorrect e-mail or password.');
    const [row] = await h.db.select().from(staffUsers).where(eq(staffUsers.email, email));
    expect((await h.request('PATCH', `/operator/staff/${row!.id}`, { key: SORTE_KEY, body: { disabled: true } })).status).toBe(200);
    expect((await passwordStep(email)).body.message).toBe(unknown.body.message);
  });

  it('refuses a wrong code and a code used once already', async () => {
    const email = await h.createStaff('support');
    const cookie = await h.login(email);
    expect((await h.request('GET', '/backoffice/session', { cookie })).status).toBe(200);
    const secret = await h.secretOf(email);
    const step = (await passwordStep(email)).body as unknown as StaffLoginStep;
    const wrong = await h.request('POST', '/backoffice/login/code', { body: { challenge: step.challenge, code: '000000' === totpCode(secret, new Date()) ? '111111' : '000000' } });
    expect(wrong.status).toBe(422);
    // The code that just signed in cannot sign in again.
    const replay = await h.request('POST', '/backoffice/login/code', { body: { challenge: step.challenge, code: totpCode(secret, new Date()) } });
    expect(replay.status).toBe(422);
    expect(replay.body.message).toMatch(/already used/);
  });

  it(`locks the account for ${STAFF_LOCKOUT.minutes} minutes after ${STAFF_LOCKOUT.attempts} wrong passwords, even for the right one`, async () => {
    const email = await h.createStaff('marketing');
    for (let i = 1; i < STAFF_LOCKOUT.attempts; i++) expect((await passwordStep(email, `wrong-${i}`)).status).toBe(401);
    const last = await passwordStep(email, 'wrong-last');
    expect(last.status).toBe(429);
    expect(last.body.message).toMatch(/locked for 15 minutes/);
    expect((await passwordStep(email)).status).toBe(429);
    const [row] = await h.db.select().from(staffUsers).where(eq(staffUsers.email, email));
    expect(row!.lockedUntil!.getTime() - Date.now()).toBeGreaterThan((STAFF_LOCKOUT.minutes - 1) * 60_000);
    // Once the lock is over, the right password works again.
    await h.db.update(staffUsers).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(staffUsers.id, row!.id));
    expect((await passwordStep(email)).status).toBe(200);
  });

  it('counts parallel wrong passwords exactly: no guess slips past the limit', async () => {
    const email = await h.createStaff('marketing');
    const answers = await Promise.all(Array.from({ length: STAFF_LOCKOUT.attempts * 2 }, (_, i) => passwordStep(email, `parallel-${i}`)));
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(1);
    expect((await passwordStep(email)).status).toBe(429);
  });

  it('locks after wrong codes too, and ends the pending challenge', async () => {
    const email = await h.createStaff('compliance');
    await h.login(email);
    const step = (await passwordStep(email)).body as unknown as StaffLoginStep;
    const secret = await h.secretOf(email);
    const bad = totpCode(secret, new Date(Date.now() + 10 * 60_000));
    let last = 0;
    for (let i = 0; i < STAFF_LOCKOUT.attempts; i++) last = (await h.request('POST', '/backoffice/login/code', { body: { challenge: step.challenge, code: bad } })).status;
    expect(last).toBe(429);
    expect((await passwordStep(email)).status).toBe(429);
  });
});

describe('back-office sessions', () => {
  it('end after the idle limit, at the absolute limit, at logout, and when the account changes', async () => {
    const email = await h.createStaff('finance');
    let cookie = await h.login(email);
    const [row] = await h.db.select().from(staffUsers).where(eq(staffUsers.email, email));
    const staffId = row!.id;
    const resetStep = () => h.db.update(staffUsers).set({ totpLastStep: null }).where(eq(staffUsers.id, staffId));
    expect((await h.request('GET', '/operator/reports/daily', { cookie })).status).toBe(200);

    await h.db.update(staffSessions).set({ lastSeenAt: new Date(Date.now() - (STAFF_SESSION.idleMinutes + 1) * 60_000) }).where(eq(staffSessions.staffId, staffId));
    const idle = await h.request('GET', '/operator/reports/daily', { cookie });
    expect(idle.status).toBe(401);
    expect(idle.body.message).toMatch(/back-office session has expired/);

    await resetStep();
    cookie = await h.login(email);
    await h.db.update(staffSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(staffSessions.staffId, staffId));
    expect((await h.request('GET', '/backoffice/session', { cookie })).status).toBe(401);

    await resetStep();
    cookie = await h.login(email);
    expect((await h.request('POST', '/backoffice/logout', { cookie })).status).toBe(204);
    expect((await h.request('GET', '/operator/reports/daily', { cookie })).status).toBe(401);

    await resetStep();
    cookie = await h.login(email);
    expect((await h.request('PATCH', `/operator/staff/${staffId}`, { key: SORTE_KEY, body: { role: 'support' } })).status).toBe(200);
    expect((await h.request('GET', '/backoffice/session', { cookie })).status).toBe(401);
  });

  it('needs the X-Backoffice header with the cookie, and acts only on its own tenant', async () => {
    const email = await h.createStaff('admin');
    const cookie = await h.login(email);
    const noHeader = await h.request('GET', '/operator/site-config', { cookie, noCsrf: true });
    expect(noHeader.status).toBe(403);
    expect((await h.request('GET', '/operator/site-config', { cookie })).status).toBe(200);
    expect((await h.request('GET', '/operator/site-config', { cookie, host: 'localhost' })).status).toBe(403);
    // On a host that is no tenant, the form names the site.
    expect((await h.request('POST', '/backoffice/login', { host: 'platform.internal', body: { email, password: PASSWORD } })).status).toBe(401);
    expect((await h.request('POST', '/backoffice/login', { host: 'platform.internal', body: { site: SORTE, email, password: PASSWORD } })).status).toBe(200);
    expect((await h.request('POST', '/backoffice/login', { body: { site: 'localhost', email, password: PASSWORD } })).status).toBe(403);
  });

  it('keeps an active admin and stops an admin demoting themselves', async () => {
    const email = await h.createStaff('admin');
    const cookie = await h.login(email);
    const [me] = await h.db.select().from(staffUsers).where(eq(staffUsers.email, email));
    expect((await h.request('PATCH', `/operator/staff/${me!.id}`, { cookie, body: { role: 'support' } })).status).toBe(403);
    expect((await h.request('PATCH', `/operator/staff/${me!.id}`, { cookie, body: { disabled: true } })).status).toBe(403);
  });
});
