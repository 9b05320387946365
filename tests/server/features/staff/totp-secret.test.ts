import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffLoginStep } from '../../../../src/contract/backoffice.ts';
import { staffUsers } from '../../../../server/features/staff/schema.ts';
import { newTotpSecret, totpCode } from '../../../../server/features/staff/totp.ts';
import { readTotpSecret, sealTotpSecret } from '../../../../server/features/staff/totp-secret.ts';
import { PASSWORD, type StaffHarness, staffHarness, TOTP_KEY } from './harness.ts';

let h: StaffHarness;
beforeAll(async () => {
  h = await staffHarness();
});
afterAll(() => h.close());

const SEALED = /^v1:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]+$/;
const column = async (email: string) => (await h.db.select().from(staffUsers).where(eq(staffUsers.email, email)))[0]!;
const setColumn = (email: string, totpSecret: string) => h.db.update(staffUsers).set({ totpSecret }).where(eq(staffUsers.email, email));
const passwordStep = (email: string) => h.request('POST', '/backoffice/login', { body: { email, password: PASSWORD } });
const codeStep = (challenge: string, code: string) => h.request('POST', '/backoffice/login/code', { body: { challenge, code } });
/** Changes one byte of the ciphertext. */
function tamper(stored: string): string {
  const parts = stored.split(':');
  const ciphertext = Buffer.from(parts[3]!, 'base64url');
  ciphertext[5]! ^= 1;
  return [...parts.slice(0, 3), ciphertext.toString('base64url')].join(':');
}

describe('sealing TOTP secrets (AES-256-GCM)', () => {
  it('seals with a fresh IV and opens only with the same key, untouched', () => {
    const secret = newTotpSecret();
    const sealed = sealTotpSecret(secret, TOTP_KEY);
    expect(sealed).toMatch(SEALED);
    expect(sealed).not.toContain(secret);
    expect(sealTotpSecret(secret, TOTP_KEY)).not.toBe(sealed);
    expect(readTotpSecret(sealed, TOTP_KEY)).toEqual({ status: 'sealed', secret });
    expect(readTotpSecret(sealed, randomBytes(32))).toEqual({ status: 'unreadable' });
    const [, iv, tag, ciphertext] = sealed.split(':');
    for (const altered of [tamper(sealed), `v1:${iv}:${tag!.slice(0, 16)}:${ciphertext}`, `v2:${iv}:${tag}:${ciphertext}`, `v1:${iv}:${tag}`, `v1:${iv}:${tag}:${ciphertext}:x`, `v1:${iv}:${tag}:${ciphertext}!`, `v1:${iv}:${tag}:${ciphertext!.slice(0, -1)}${ciphertext!.endsWith('A') ? 'B' : 'A'}`]) {
      expect(readTotpSecret(altered, TOTP_KEY)).toEqual({ status: 'unreadable' });
    }
  });

  it('reads a value without the v1: prefix as a plain base32 secret, and nothing else', () => {
    expect(readTotpSecret('JBSWY3DPEHPK3PXP', TOTP_KEY)).toEqual({ status: 'legacy', secret: 'JBSWY3DPEHPK3PXP' });
    expect(readTotpSecret('not base32!', TOTP_KEY)).toEqual({ status: 'unreadable' });
    expect(readTotpSecret('', TOTP_KEY)).toEqual({ status: 'unreadable' });
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => sealTotpSecret(newTotpSecret(), randomBytes(16))).toThrow(/32 bytes/);
  });
});

describe('TOTP secrets at rest', () => {
  it('stores the enrolment secret sealed, not in base32, and signs in with it', async () => {
    const email = await h.createStaff('finance');
    const enrol = (await passwordStep(email)).body as unknown as Extract<StaffLoginStep, { step: 'enrol' }>;
    const stored = (await column(email)).totpSecret!;
    expect(stored).toMatch(SEALED);
    expect(stored).not.toContain(enrol.secret);
    expect(readTotpSecret(stored, TOTP_KEY)).toEqual({ status: 'sealed', secret: enrol.secret });
    // The offer is the same secret until a code confirms it.
    const again = (await passwordStep(email)).body as unknown as Extract<StaffLoginStep, { step: 'enrol' }>;
    expect(again.secret).toBe(enrol.secret);
    expect((await column(email)).totpSecret).toBe(stored);
    expect((await codeStep(again.challenge, totpCode(enrol.secret, new Date()))).status).toBe(200);
    expect((await column(email)).totpSecret).toBe(stored);
  });

  it('refuses the sign-in when the stored value was altered (401, not a 500)', async () => {
    const email = await h.createStaff('support');
    await h.login(email);
    const secret = await h.secretOf(email);
    const before = await column(email);
    await setColumn(email, tamper(before.totpSecret!));
    const step = await passwordStep(email);
    expect(step.status).toBe(200);
    const refused = await codeStep((step.body as unknown as StaffLoginStep).challenge, totpCode(secret, new Date(Date.now() + 30_000)));
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('Your two-step verification cannot be checked. Ask an administrator to reset it.');
    expect(refused.headers.get('set-cookie')).toBeNull();
    // Nothing was signed in nor counted as a wrong code.
    expect(await column(email)).toMatchObject({ totpLastStep: before.totpLastStep, lastLoginAt: before.lastLoginAt, failedAttempts: 0 });
  });

  it('refuses an enrolment offer whose pending secret was altered', async () => {
    const email = await h.createStaff('marketing');
    expect((await passwordStep(email)).status).toBe(200);
    await setColumn(email, tamper((await column(email)).totpSecret!));
    const refused = await passwordStep(email);
    expect(refused.status).toBe(401);
    expect(refused.body).not.toHaveProperty('secret');
    expect(refused.body.message).toMatch(/two-step verification cannot be checked/);
  });

  it('still signs in with a plain secret written before sealing, and seals it then', async () => {
    const email = await h.createStaff('compliance');
    await h.login(email);
    const plain = newTotpSecret();
    await setColumn(email, plain);
    const step = (await passwordStep(email)).body as unknown as StaffLoginStep;
    expect(step.step).toBe('totp');
    // A wrong code leaves it as it is.
    expect((await codeStep(step.challenge, totpCode(newTotpSecret(), new Date()))).status).toBe(422);
    expect((await column(email)).totpSecret).toBe(plain);
    expect((await codeStep(step.challenge, totpCode(plain, new Date(Date.now() + 30_000)))).status).toBe(200);
    const stored = (await column(email)).totpSecret!;
    expect(stored).toMatch(SEALED);
    expect(readTotpSecret(stored, TOTP_KEY)).toEqual({ status: 'sealed', secret: plain });
  });

  it('offers a plain pending secret again at enrolment', async () => {
    const email = await h.createStaff('finance');
    const plain = newTotpSecret();
    await setColumn(email, plain);
    const enrol = (await passwordStep(email)).body as unknown as Extract<StaffLoginStep, { step: 'enrol' }>;
    expect(enrol).toMatchObject({ step: 'enrol', secret: plain });
    expect((await codeStep(enrol.challenge, totpCode(plain, new Date()))).status).toBe(200);
    expect(readTotpSecret((await column(email)).totpSecret!, TOTP_KEY)).toEqual({ status: 'sealed', secret: plain });
  });
});
