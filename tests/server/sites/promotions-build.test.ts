import { access, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savePromotion } from '../../../server/features/promotions/save-promotion.ts';
import { loadTenantBundle } from '../../../server/features/tenants/bundle.ts';
import { findTenantByDomain } from '../../../server/features/tenants/find-tenant.ts';
import { buildTenantSite } from '../../../server/sites/index.ts';
import { freshDatabase, type TestDatabase } from '../helpers/db.ts';
import { seedDemoTenants, silentLog } from '../helpers/app.ts';

/**
 * The real site built from a bundle the platform read from its database
 * (issue 18): one page per live promotion and locale, the list at
 * `/promotions` and `/promotion`, the `/rewards` hub; no page for an ended or
 * switched-off promotion; no script of their own on those pages.
 */

let tdb: TestDatabase;
let sitesDir: string;
const exists = (path: string): Promise<boolean> => access(path).then(() => true, () => false);
const OPTS = { apiUrl: '/api', origin: 'https://sorte.example', realtime: { key: 'k', host: '', port: 6001, forceTLS: false, authEndpoint: '/broadcasting/auth' } };

beforeAll(async () => {
  tdb = await freshDatabase({ pglite: true });
  await seedDemoTenants(tdb.handle.db, silentLog);
  sitesDir = await mkdtemp(join(tmpdir(), 'sites-promotions-'));
});
afterAll(async () => {
  await tdb.close();
  await rm(sitesDir, { recursive: true, force: true });
});

describe('the promotion pages of a tenant build', () => {
  it('renders each live promotion in both locales and leaves out ended and switched-off ones', { timeout: 300_000 }, async () => {
    const db = tdb.handle.db;
    const tenantId = (await findTenantByDomain(db, 'sorte.localhost'))!.id;
    const text = { title: { pt: 'Acabou', en: 'Over' }, summary: { pt: 'S', en: 'S' }, body: { pt: '<p>b</p>', en: '<p>b</p>' } };
    await savePromotion(db, tenantId, 'acabou', { ...text, startsAt: '2020-01-01T00:00:00.000Z', endsAt: '2020-02-01T00:00:00.000Z' });
    await savePromotion(db, tenantId, 'desligada', { ...text, active: false });
    await savePromotion(db, tenantId, 'com-cupom', {
      title: { pt: 'Semana VIP', en: 'VIP week' },
      summary: { pt: 'Resumo', en: 'Summary' },
      body: { pt: '<p>Texto <strong>pt</strong><script>alert(1)</script></p>', en: '<p>Text <strong>en</strong></p>' },
      couponCode: 'VIPWEEK',
    });

    const bundle = await loadTenantBundle(db, 'sorte.localhost', OPTS);
    const result = await buildTenantSite({ domain: bundle.domain, bundle, sitesDir, log: () => {} });
    const page = (path: string) => readFile(join(result.dir, path, 'index.html'), 'utf8');

    for (const prefix of ['', 'en/']) {
      for (const slug of ['clube-vip', 'torneio-pontos-vip', 'jogo-responsavel', 'com-cupom']) {
        expect(await exists(join(result.dir, `${prefix}promotion/${slug}/index.html`)), `${prefix}${slug}`).toBe(true);
      }
      for (const slug of ['acabou', 'desligada']) expect(await exists(join(result.dir, `${prefix}promotion/${slug}`))).toBe(false);
    }

    const list = await page('promotions');
    expect(list).toContain('href="/promotion/clube-vip"');
    expect(list).not.toContain('/promotion/acabou');
    // `/promotion` is the same list; search engines are sent to `/promotions`.
    expect(await page('promotion')).toContain('<link rel="canonical" href="https://sorte.example/promotions">');

    const pt = await page('promotion/com-cupom');
    expect(pt).toMatch(/<h1[^>]*>Semana VIP<\/h1>/);
    expect(pt).toMatch(/<code[^>]*>VIPWEEK<\/code>/);
    expect(pt).toContain('Texto <strong>pt</strong>');
    expect(pt).not.toContain('alert(1)');
    expect(await page('en/promotion/com-cupom')).toContain('Text <strong>en</strong>');

    const rewards = await page('rewards');
    for (const href of ['/ranking', '/vip', '/bonus', '/promo-codes', '/refers', '/promotions']) expect(rewards).toContain(`href="${href}"`);
    expect(await page('en/rewards')).toContain('href="/en/refers"');
    // The side menu links the list.
    expect(await page('rewards')).toContain('href="/promotions"');

    // No React, and no script of these pages' own: only the layout's boot script.
    for (const path of ['promotions', 'promotion/clube-vip', 'rewards']) {
      const html = await page(path);
      expect(html, path).not.toMatch(/<astro-island/);
      expect(html.match(/<script type="module"[^>]*src=/g)?.length ?? 0, path).toBeLessThanOrEqual(1);
    }
  });
});
