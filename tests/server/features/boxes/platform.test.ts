import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTenantByDomain } from '../../../../server/features/tenants/find-tenant.ts';
import { demoOperatorKey } from '../../../../server/features/tenants/demo/tenants.ts';
import { users } from '../../../../server/features/users/schema.ts';
import { issueAccessToken } from '../../../../server/features/users/tokens.ts';
import { seedDemoTenants, silentLog, testApp } from '../../helpers/app.ts';
import { freshDatabase, type TestDatabase } from '../../helpers/db.ts';

/*
 * The boxes through the whole platform app (server/app.ts): the demo seed
 * gives every demo tenant its three boxes, the calls are mounted where the
 * contract says, a regulated demo tenant refuses buying and the operator's
 * grant reaches a player who opens it.
 */

let tdb: TestDatabase;
let app: ReturnType<typeof testApp>;

beforeAll(async () => {
  tdb = await freshDatabase();
  await seedDemoTenants(tdb.handle.db, silentLog);
  app = testApp(tdb.handle.db);
}, 60_000);
afterAll(() => tdb?.close());

const call = async (path: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}) => {
  const res = await app.request(`/api${path}`, {
    method: init.method ?? 'GET',
    headers: { host: 'localhost', 'content-type': 'application/json', ...init.headers },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe('boxes on the platform', () => {
  it('the demo tenant shows Bronze, Prata and Ouro, refuses buying (regulated), and a granted box opens', async () => {
    const all = await call('/boxes/all');
    expect(all.status).toBe(200);
    const list = all.body.data as Array<{ id: number; slug: string; purchasable: boolean; image: string }>;
    expect(list.map((b) => b.slug)).toEqual(['bronze', 'prata', 'ouro']);
    expect(list[0]!.image).toBe('/demo/localhost/boxes/bronze.svg');

    const db = tdb.handle.db;
    const tenant = (await findTenantByDomain(db, 'localhost'))!;
    const [row] = await db.insert(users).values({ tenantId: tenant.id, name: 'Caixa Teste', username: '+5511988887777' }).returning({ id: users.id });
    const { token } = await issueAccessToken(db, { userId: row!.id, tenantId: tenant.id });
    const auth = { authorization: `Bearer ${token}` };

    const buy = await call('/boxes/buy', { method: 'POST', headers: auth, body: { box_id: list[0]!.id } });
    expect(buy.status).toBe(403);
    expect(buy.body.message).toContain('Lei nº 14.790/2023');

    const grant = await call('/operator/boxes/ouro/grant', { method: 'POST', headers: { 'x-operator-key': demoOperatorKey('localhost') }, body: { user_id: row!.id } });
    expect(grant.status).toBe(201);
    const userBoxId = (grant.body.box as { id: number }).id;
    const opened = await call('/boxes/open', { method: 'POST', headers: auth, body: { box_id: userBoxId } });
    expect(opened.status).toBe(200);
    expect(opened.body.box).toMatchObject({ id: userBoxId, status: 'opened' });
    const mine = await call('/boxes/user/get', { headers: auth });
    expect((mine.body.data as Array<{ id: number }>).map((b) => b.id)).toEqual([userBoxId]);
  });
});
