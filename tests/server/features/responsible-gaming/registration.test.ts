import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patchTenantConfig } from '../../../../server/features/tenants/update-config.ts';
import { type AccountsHarness, accountsHarness, registerBody, registerPlayer } from '../auth/helpers.ts';

/** Portaria SPA/MF 1.231 as amended by 2.579/2025: a regulated tenant's players choose a loss limit and a time limit at registration. */
let h: AccountsHarness;
beforeAll(async () => {
  h = await accountsHarness();
});
afterAll(() => h.close());

async function verifiedToken(phone: string, host = 'localhost'): Promise<string> {
  await h.call('POST', '/auth/verify-phone', { host, body: { phone } });
  const code = await h.latestCode(phone);
  const verified = await h.call('POST', '/auth/verify-code', { host, body: { channel: 'phone', destination: phone, code } });
  return verified.body.verification_token as string;
}

describe('limits chosen at registration', () => {
  it('a regulated tenant refuses a registration without them, naming each field, in the player’s language', async () => {
    const phone = '+5511987650001';
    const token = await verifiedToken(phone);
    const body = registerBody(phone, { phone_verification_token: token });
    delete body.loss_limit;
    delete body.loss_limit_period;
    delete body.session_limit_minutes;
    const refused = await h.call('POST', '/auth/register', { body, lang: 'en' });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors as object).sort()).toEqual(['loss_limit', 'loss_limit_period', 'session_limit_minutes']);
    const bad = await h.call('POST', '/auth/register', { body: { ...body, loss_limit: 50, loss_limit_period: 'year', session_limit_minutes: 5 } });
    expect(Object.keys(bad.body.errors as object).sort()).toEqual(['loss_limit', 'loss_limit_period', 'session_limit_minutes']);
  });

  it('the chosen limits are in force from the first session', async () => {
    const { token } = await registerPlayer(h, '+5511987650002', { extra: { loss_limit: 20_000, loss_limit_period: 'week', session_limit_minutes: 120 } });
    const rg = await h.call('GET', '/responsible-gambling', { token });
    expect(rg.status).toBe(200);
    expect(rg.body).toMatchObject({ limits: { loss: { week: { value: 20_000, pending: null }, day: { value: null } } }, session: { value: 120 } });
  });

  it('an unregulated tenant asks for none', async () => {
    await patchTenantConfig(h.db, h.tenants.sorte, { is_regulated: false });
    const phone = '+5511987650003';
    const token = await verifiedToken(phone, 'sorte.localhost');
    const body = registerBody(phone, { phone_verification_token: token });
    delete body.loss_limit;
    delete body.loss_limit_period;
    delete body.session_limit_minutes;
    const made = await h.call('POST', '/auth/register', { host: 'sorte.localhost', body });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const rg = await h.call('GET', '/responsible-gambling', { host: 'sorte.localhost', token: made.body.token as string });
    expect(rg.body).toMatchObject({ limits: { loss: { week: { value: null } } }, session: { value: null } });
  });
});
