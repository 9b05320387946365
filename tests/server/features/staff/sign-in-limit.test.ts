import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffLoginStep } from '../../../../src/contract/backoffice.ts';
import { createStaffDeps } from '../../../../server/features/staff/deps.ts';
import { countSignInAttempt } from '../../../../server/features/staff/login.ts';
import { STAFF_SIGN_IN_PER_IP } from '../../../../server/features/staff/policy.ts';
import { totpCode } from '../../../../server/features/staff/totp.ts';
import { silentLog } from '../../helpers/app.ts';
import { PASSWORD, SORTE, type StaffHarness, staffHarness, TOTP_KEY } from './harness.ts';

// The platform's own per-IP limit, unscaled (IP_RATE_LIMIT_SCALE 1).
let h: StaffHarness;
beforeAll(async () => {
  h = await staffHarness({ IP_RATE_LIMIT_SCALE: '1' });
});
afterAll(() => h.close());

const ATTACKER = '203.0.113.7';
const OFFICE = '198.51.100.20';
const LIMIT = STAFF_SIGN_IN_PER_IP.limit;

describe('the back-office sign-in limit per IP', () => {
  it(`refuses the ${LIMIT + 1}th attempt from one IP across accounts, and leaves other IPs alone`, async () => {
    const accounts = await Promise.all(['finance', 'support', 'marketing'].map((role) => h.createStaff(role as 'finance' | 'support' | 'marketing')));
    // A spray: one wrong password per account and unknown e-mails, never five on one account (the lockout would not stop it).
    for (let i = 0; i < LIMIT; i++) {
      const email = i < accounts.length ? accounts[i]! : `guess-${i}@${SORTE}`;
      const answer = await h.request('POST', '/backoffice/login', { ip: ATTACKER, body: { email, password: `spray-${i}` } });
      expect(answer.status).toBe(401);
    }
    const refused = await h.request('POST', '/backoffice/login', { ip: ATTACKER, body: { email: `another@${SORTE}`, password: 'spray-again' } });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many attempts\. Wait \d+ s and try again\.$/);
    expect(refused.body.retry_in).toBeGreaterThan(STAFF_SIGN_IN_PER_IP.windowSeconds - 60);
    expect(refused.body.retry_in).toBeLessThanOrEqual(STAFF_SIGN_IN_PER_IP.windowSeconds);
    // The right password of a real account is refused too from that IP, and so is the code step.
    expect((await h.request('POST', '/backoffice/login', { ip: ATTACKER, body: { email: accounts[0], password: PASSWORD } })).status).toBe(429);
    expect((await h.request('POST', '/backoffice/login/code', { ip: ATTACKER, body: { challenge: 'whatever', code: '123456' } })).status).toBe(429);

    // Another address signs in as usual, on an account the spray touched.
    const first = await h.request('POST', '/backoffice/login', { ip: OFFICE, body: { email: accounts[0], password: PASSWORD } });
    expect(first.status).toBe(200);
    const enrol = first.body as unknown as Extract<StaffLoginStep, { step: 'enrol' }>;
    const done = await h.request('POST', '/backoffice/login/code', { ip: OFFICE, body: { challenge: enrol.challenge, code: totpCode(enrol.secret, new Date()) } });
    expect(done.status).toBe(200);
  });

  it('answers in Portuguese by default', async () => {
    const ip = '203.0.113.99';
    for (let i = 0; i < LIMIT; i++) await h.request('POST', '/backoffice/login/code', { ip, body: { challenge: `c-${i}`, code: '123456' } });
    const res = await h.app.request('/api/backoffice/login', {
      method: 'POST',
      headers: { host: SORTE, 'content-type': 'application/json', 'x-test-ip': ip },
      body: JSON.stringify({ email: `x@${SORTE}`, password: 'x' }),
    });
    expect(res.status).toBe(429);
    expect(((await res.json()) as { message: string }).message).toMatch(/^Muitas tentativas\. Aguarde \d+ s/);
  });

  it('scales the limit by IP_RATE_LIMIT_SCALE', async () => {
    const deps = createStaffDeps({ db: h.db, log: silentLog, scryptLogN: 10, secureCookie: false, totpKey: TOTP_KEY, ipRateLimitScale: 3 });
    const ip = '192.0.2.33';
    for (let i = 0; i < LIMIT * 3; i++) await countSignInAttempt(deps, ip);
    await expect(countSignInAttempt(deps, ip)).rejects.toMatchObject({ status: 429, code: 'backoffice_login_limited' });
  });
});
