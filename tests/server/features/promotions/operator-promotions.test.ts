import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoOperatorKey } from '../../../../server/features/tenants/demo/tenants.ts';
import { freshDatabase, type TestDatabase } from '../../helpers/db.ts';
import { seedDemoTenants, silentLog, testApp } from '../../helpers/app.ts';

let tdb: TestDatabase;
let app: Hono;
beforeAll(async () => {
  tdb = await freshDatabase();
  await seedDemoTenants(tdb.handle.db, silentLog);
  app = testApp(tdb.handle.db);
});
afterAll(() => tdb.close());

const SORTE = demoOperatorKey('sorte.localhost');
const LOCAL = demoOperatorKey('localhost');

async function call(method: string, path: string, opts: { key?: string; body?: unknown; lang?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = { host: 'platform.internal:4321', 'content-type': 'application/json', 'accept-language': opts.lang ?? 'pt-BR' };
  if (opts.key) headers['x-operator-key'] = opts.key;
  return app.request(`/api/operator${path}`, { method, headers, ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }) });
}

const slugs = async (key: string): Promise<string[]> =>
  ((await (await call('GET', '/promotions', { key })).json()) as { promotions: { slug: string }[] }).promotions.map((p) => p.slug);

function promotion(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: { pt: 'Semana do rank', en: 'Rank week' },
    summary: { pt: 'Suba de rank.', en: 'Rank up.' },
    body: { pt: '<p>Olá</p>', en: '<p>Hello</p>' },
    image: '/promos/rank.svg',
    couponCode: 'vip-week',
    startsAt: '2026-11-01T03:00:00.000Z',
    endsAt: '2099-12-01T03:00:00.000Z',
    sort: 5,
    ...overrides,
  };
}

describe('operator promotions', () => {
  it('refuses a call without a valid key', async () => {
    expect((await call('GET', '/promotions')).status).toBe(401);
    expect((await call('PUT', '/promotions/x', { key: 'demo-key-nobody', body: promotion() })).status).toBe(401);
  });

  it('lists the demo promotions of its own tenant only', async () => {
    expect(await slugs(SORTE)).toEqual(['clube-vip', 'torneio-pontos-vip', 'jogo-responsavel']);
    const res = await call('GET', '/promotions', { key: SORTE });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { promotions } = (await res.json()) as { promotions: { live: boolean; active: boolean; endsAt: string | null }[] };
    expect(promotions.every((p) => p.live && p.active)).toBe(true);
  });

  it('creates with PUT (201), then replaces (200), the body sanitised: no script, no event handler', async () => {
    const body = { pt: '<p onclick="steal()">Olá<script>alert(1)</script></p><a href="javascript:alert(1)">x</a><img src="https://cdn.example/a.png" onerror="x()">', en: '<p>Hi</p><iframe src="https://evil.example"></iframe>' };
    const created = await call('PUT', '/promotions/semana-do-rank', { key: SORTE, body: promotion({ body }) });
    expect(created.status).toBe(201);
    const { promotion: saved } = (await created.json()) as { promotion: { body: { pt: string; en: string }; couponCode: string; live: boolean } };
    expect(saved.body.pt).toBe('<p>Olá</p><a>x</a><img src="https://cdn.example/a.png" />');
    expect(saved.body.en).toBe('<p>Hi</p>');
    expect(saved.body.pt).not.toMatch(/script|onclick|onerror|javascript/);
    // Codes are kept upper-case, as coupons are compared.
    expect(saved.couponCode).toBe('VIP-WEEK');
    expect(saved.live).toBe(true);

    const replaced = await call('PUT', '/promotions/semana-do-rank', { key: SORTE, body: promotion({ title: { pt: 'Semana do rank 2', en: 'Rank week 2' }, couponCode: null }) });
    expect(replaced.status).toBe(200);
    const one = (await (await call('GET', '/promotions/semana-do-rank', { key: SORTE })).json()) as { promotion: Record<string, unknown> };
    expect(one.promotion).toMatchObject({ slug: 'semana-do-rank', title: { pt: 'Semana do rank 2' }, couponCode: null, sort: 5, active: true });
  });

  it('refuses invalid input with 422 naming each field, writing nothing', async () => {
    const before = await call('GET', '/promotions/semana-do-rank', { key: SORTE }).then((r) => r.json());
    const bad = promotion({
      title: { pt: '', en: 'Rank week' },
      summary: { pt: 'ok' },
      image: 'javascript:alert(1)',
      couponCode: 'no spaces allowed',
      startsAt: '2026-12-10T00:00:00.000Z',
      endsAt: '2026-12-01T00:00:00.000Z',
      sort: 1.5,
      active: 'yes',
    });
    const res = await call('PUT', '/promotions/semana-do-rank', { key: SORTE, body: bad, lang: 'en-US' });
    expect(res.status).toBe(422);
    const { errors } = (await res.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(errors).sort()).toEqual(['active', 'couponCode', 'image', 'sort', 'summary.en', 'title.pt']);
    expect(errors.image).toEqual(['The image must be a site path (/promos/art.png) or an https:// address.']);
    expect(await call('GET', '/promotions/semana-do-rank', { key: SORTE }).then((r) => r.json())).toEqual(before);

    // The window is checked once the fields themselves are valid.
    const window = await call('PUT', '/promotions/semana-do-rank', { key: SORTE, body: promotion({ startsAt: '2026-12-10T00:00:00.000Z', endsAt: '2026-12-01T00:00:00.000Z' }) });
    expect(window.status).toBe(422);
    expect(((await window.json()) as { errors: Record<string, string[]> }).errors).toEqual({ endsAt: ['O fim deve ser depois do início.'] });

    const slug = await call('PUT', '/promotions/Not_A_Slug', { key: SORTE, body: promotion() });
    expect(slug.status).toBe(422);
    expect(((await slug.json()) as { errors: Record<string, string[]> }).errors).toHaveProperty('slug');
    expect(await slugs(SORTE)).not.toContain('Not_A_Slug');
    expect((await call('PUT', '/promotions/x', { key: SORTE, body: [] })).status).toBe(422);
  });

  it('patches one field and validates the result whole', async () => {
    const off = await call('PATCH', '/promotions/semana-do-rank', { key: SORTE, body: { active: false } });
    expect(off.status).toBe(200);
    expect(((await off.json()) as { promotion: { active: boolean; live: boolean } }).promotion).toMatchObject({ active: false, live: false });
    const bad = await call('PATCH', '/promotions/semana-do-rank', { key: SORTE, body: { endsAt: '2000-01-01T00:00:00.000Z' } });
    expect(bad.status).toBe(422);
    expect((await call('PATCH', '/promotions/nao-existe', { key: SORTE, body: { active: true } })).status).toBe(404);
    expect((await call('PATCH', '/promotions/semana-do-rank', { key: SORTE, body: [1] })).status).toBe(400);
  });

  it("keeps tenants apart: another tenant's promotion is a 404, and one slug lives in each tenant", async () => {
    expect((await call('GET', '/promotions/semana-do-rank', { key: LOCAL })).status).toBe(404);
    expect((await call('PATCH', '/promotions/semana-do-rank', { key: LOCAL, body: { active: true } })).status).toBe(404);
    expect((await call('DELETE', '/promotions/semana-do-rank', { key: LOCAL })).status).toBe(404);
    expect((await call('PUT', '/promotions/semana-do-rank', { key: LOCAL, body: promotion({ title: { pt: 'Ipê', en: 'Ipê' } }) })).status).toBe(201);
    const sorte = (await (await call('GET', '/promotions/semana-do-rank', { key: SORTE })).json()) as { promotion: { title: { pt: string }; active: boolean } };
    expect(sorte.promotion).toMatchObject({ title: { pt: 'Semana do rank 2' }, active: false });
  });

  it('deletes (204), then answers 404', async () => {
    const deleted = await call('DELETE', '/promotions/semana-do-rank', { key: SORTE });
    expect(deleted.status).toBe(204);
    expect((await call('GET', '/promotions/semana-do-rank', { key: SORTE })).status).toBe(404);
    expect((await call('DELETE', '/promotions/semana-do-rank', { key: SORTE })).status).toBe(404);
    expect(await slugs(LOCAL)).toContain('semana-do-rank');
  });
});
