import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayerDetailView } from '../../../../src/contract/backoffice.ts';
import { hashPassword } from '../../../../server/features/auth/password.ts';
import { findTenantByDomain } from '../../../../server/features/tenants/find-tenant.ts';
import { ACCESS_TOKEN_AGENT_MAX } from '../../../../server/features/users/tokens.ts';
import { users } from '../../../../server/features/users/schema.ts';
import { IP_HEADER, SORTE, SORTE_KEY, type StaffHarness, staffHarness } from '../staff/harness.ts';

const PASSWORD = 'senha-do-jogador1';
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

let h: StaffHarness;
let sorteId: number;

beforeAll(async () => {
  h = await staffHarness();
  sorteId = (await findTenantByDomain(h.db, SORTE))!.id;
});
afterAll(() => h.close());

async function playerWithPassword(phone: string): Promise<number> {
  const [row] = await h.db.insert(users).values({ tenantId: sorteId, name: 'Origem Souza', username: phone, passwordHash: await hashPassword(PASSWORD) }).returning({ id: users.id });
  return row!.id;
}

async function login(phone: string, headers: Record<string, string>): Promise<number> {
  const res = await h.app.request('/api/auth/login', { method: 'POST', headers: { host: SORTE, 'content-type': 'application/json', ...headers }, body: JSON.stringify({ username: phone, password: PASSWORD }) });
  return res.status;
}

const sessionsOf = async (id: number) => ((await h.request('GET', `/operator/players/${id}`, { key: SORTE_KEY })).body as unknown as PlayerDetailView).sessions;

describe('where a session was started from', () => {
  it('records the client IP and User-Agent of each login, shown in the player’s sessions', async () => {
    const id = await playerWithPassword('+5511987650001');
    expect(await login('+5511987650001', { [IP_HEADER]: '203.0.113.7', 'user-agent': ANDROID_CHROME })).toBe(200);
    expect(await login('+5511987650001', { [IP_HEADER]: '2001:db8::5' })).toBe(200);
    const [second, first] = await sessionsOf(id);
    expect(first).toMatchObject({ ip: '203.0.113.7', userAgent: ANDROID_CHROME });
    expect(second).toMatchObject({ ip: '2001:db8::5', userAgent: null });
  });

  it('cuts a very long User-Agent instead of refusing the login, and keeps no IP it does not know', async () => {
    const id = await playerWithPassword('+5511987650002');
    expect(await login('+5511987650002', { 'user-agent': 'x'.repeat(5000) })).toBe(200);
    const [session] = await sessionsOf(id);
    expect(session!.userAgent).toHaveLength(ACCESS_TOKEN_AGENT_MAX);
    // app.request() has no TCP peer and this call sent no proxy header.
    expect(session!.ip).toBeNull();
  });
});
