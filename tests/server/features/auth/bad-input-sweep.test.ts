import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokens, outbox, rateLimits, users, verificationCodes } from '../../../../server/db/schema.ts';
import { type AccountsHarness, accountsHarness, registerPlayer } from './helpers.ts';

let h: AccountsHarness;
let token: string;
beforeAll(async () => {
  h = await accountsHarness();
  token = (await registerPlayer(h, '+5511987730001')).token;
});
afterAll(() => h.close());

/** Every POST call with a JSON body, and whether it needs a player. */
const CALLS: Array<[string, boolean]> = [
  ['/validate/validate-cpf', false],
  ['/auth/verify-phone', false],
  ['/auth/verify-code', false],
  ['/auth/register', false],
  ['/auth/login', false],
  ['/auth/google', false],
  ['/auth/update', true],
  ['/auth/recover-password', false],
  ['/auth/reset-password', false],
  ['/auth/request-password-change', true],
  ['/profile/show', false],
  ['/profile/toggle-hide-metrics', true],
  ['/profile/updateName', true],
  ['/profile/updateLanguage', true],
  ['/profile/update-settings', true],
  ['/profile/self-exclusion', true],
];

const tables = [users, accessTokens, verificationCodes, outbox];
const snapshot = async () => Promise.all(tables.map((t) => h.rows(t)));

describe('bad input on every call', () => {
  it.each(CALLS)('%s answers 422 with an errors object for a body that is not an object, and stores nothing', async (path, auth) => {
    const before = await snapshot();
    for (const body of ['[1,2]', '"text"', '42', 'null']) {
      const answer = await h.call('POST', path, { body, ...(auth ? { token } : {}) });
      expect([path, body, answer.status]).toEqual([path, body, 422]);
      expect(answer.body.errors).toEqual(expect.any(Object));
      expect(typeof answer.body.message).toBe('string');
    }
    expect(await snapshot()).toEqual(before);
  });

  it.each(CALLS.filter(([path]) => !['/auth/update', '/profile/update-settings'].includes(path)))(
    '%s answers 422 naming the missing fields of an empty object',
    async (path, auth) => {
      const before = await snapshot();
      const answer = await h.call('POST', path, { body: {}, ...(auth ? { token } : {}) });
      expect(answer.status).toBe(422);
      expect(Object.keys(answer.body.errors as object).length).toBeGreaterThan(0);
      for (const messages of Object.values(answer.body.errors as Record<string, string[]>)) {
        for (const m of messages) expect(m).not.toMatch(/^(validation|auth)\./);
      }
      expect(await snapshot()).toEqual(before);
    },
  );

  it('rate-limit counters are the only thing a refused login writes', async () => {
    const before = await snapshot();
    await h.call('POST', '/auth/login', { body: { username: '+5511987730001', password: 'errada-123' } });
    expect(await snapshot()).toEqual(before);
    expect(await h.rows(rateLimits)).toBeGreaterThan(0);
  });
});
