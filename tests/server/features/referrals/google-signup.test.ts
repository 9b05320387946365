import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReferralCode } from '../../../../server/features/referrals/code.ts';
import { referrals } from '../../../../server/features/referrals/schema.ts';
import { patchTenantConfig } from '../../../../server/features/tenants/update-config.ts';
import { type AccountsHarness, accountsHarness, registerPlayer } from '../auth/helpers.ts';

/** The Google sign-up carries the stored `ref` as `reference_code` (issue 18): a new account is linked, a returning one is not. */
const CLIENT_ID = 'ipe-client.apps.googleusercontent.com';
let jwks: Server;
let key: CryptoKey;
let h: AccountsHarness;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  key = pair.privateKey;
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  jwks = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] })));
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
  h = await accountsHarness({ env: { GOOGLE_JWKS_URL: `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/certs` } });
  await patchTenantConfig(h.db, h.tenants.local, { casAllowGoogleAuth: true, googleClientId: CLIENT_ID });
});
afterAll(async () => {
  await h.close();
  await new Promise<void>((resolve) => jwks.close(() => resolve()));
});

function idToken(sub: string, email: string): Promise<string> {
  return new SignJWT({ email, email_verified: true, name: 'Ana Souza' })
    .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
    .setIssuer('https://accounts.google.com')
    .setAudience(CLIENT_ID)
    .setSubject(sub)
    .setIssuedAt(Math.floor(h.clock.now().getTime() / 1000))
    .setExpirationTime('1h')
    .sign(key);
}

describe('Google sign-up with a referral code', () => {
  it('links the new account to the code’s owner, once', async () => {
    const { user } = await registerPlayer(h, '+5511987659001');
    const code = await ensureReferralCode(h.db, { tenantId: h.tenants.local, userId: user.id as number });
    const signUp = await h.call('POST', '/auth/google', { body: { idToken: await idToken('g-ref-1', 'ana.ref@example.com'), reference_code: code } });
    expect(signUp.status).toBe(200);
    const friendId = (signUp.body.data as { id: number }).id;
    const [row] = await h.db.select().from(referrals).where(eq(referrals.referredUserId, friendId));
    expect(row).toMatchObject({ referrerUserId: user.id, status: 'pending' });
  });

  it('a bad code still signs up; a returning account is never linked afterwards', async () => {
    const bad = await h.call('POST', '/auth/google', { body: { idToken: await idToken('g-ref-2', 'bia.ref@example.com'), reference_code: 'NOT-A-CODE' } });
    expect(bad.status).toBe(200);
    const { user } = await registerPlayer(h, '+5511987659002');
    const code = await ensureReferralCode(h.db, { tenantId: h.tenants.local, userId: user.id as number });
    const again = await h.call('POST', '/auth/google', { body: { idToken: await idToken('g-ref-2', 'bia.ref@example.com'), reference_code: code } });
    expect(again.status).toBe(200);
    expect(await h.db.select().from(referrals).where(eq(referrals.referredUserId, (again.body.data as { id: number }).id))).toEqual([]);
  });
});
