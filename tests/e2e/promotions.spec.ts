import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { tenantUrl } from './helpers.ts';
import { openPage, tabTo } from './keyboard-helpers.ts';
import { pageWidth } from './layout-helpers.ts';
import { configureAndRebuild, operatorCall } from './tenant-api.ts';

/**
 * Promotions and the rewards hub (issue 18): the pre-rendered list and
 * pages in both languages, a promotion the operator adds showing after a
 * rebuild, and the pages at 320 px, by keyboard and under axe.
 */

test.describe.configure({ mode: 'serial' });

const IPE = 'localhost';
const SORTE = 'sorte.localhost';
const NEW_SLUG = `e2e-promo-${Date.now() % 100000}`;

test('pt: the side menu leads to the list, a card to its promotion and back', async ({ page }) => {
  await page.goto(tenantUrl(IPE, '/'));
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Promoções' }).click();
  await expect(page).toHaveURL(/\/promotions$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Promoções' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Promoções em andamento' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await list.getByRole('link', { name: 'Torneio de pontos VIP do mês' }).click();
  await expect(page).toHaveURL(/\/promotion\/torneio-pontos-vip$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Torneio de pontos VIP do mês' })).toBeVisible();
  await expect(page.getByText(/Válida até/)).toBeVisible();
  await expect(page.getByText(/não são dinheiro/).first()).toBeVisible();
  await page.getByRole('link', { name: 'Todas as promoções' }).click();
  await expect(page).toHaveURL(/\/promotions$/);
  // `/promotion` shows the same list.
  await page.goto(tenantUrl(IPE, '/promotion'));
  await expect(page.getByRole('list', { name: 'Promoções em andamento' }).getByRole('listitem')).toHaveCount(3);
});

test('en: the list and a promotion page in English, and the rewards hub', async ({ page }) => {
  await page.goto(tenantUrl(IPE, '/en/promotions'));
  await expect(page.getByRole('heading', { level: 1, name: 'Promotions' })).toBeVisible();
  await page.getByRole('list', { name: 'Running promotions' }).getByRole('link', { name: 'Play within limits' }).click();
  await expect(page).toHaveURL(/\/en\/promotion\/jogo-responsavel$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Play within limits' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Responsible Gaming', exact: true })).toHaveAttribute('href', '/en/responsible-gambling');

  await page.goto(tenantUrl(IPE, '/en/rewards'));
  await expect(page.getByRole('heading', { level: 1, name: 'Rewards' })).toBeVisible();
  for (const [name, href] of [['Ranking', '/en/ranking'], ['VIP club', '/en/vip'], ['Bonus', '/en/bonus'], ['Promo codes', '/en/promo-codes'], ['Refer a friend', '/en/refers']] as const) {
    await expect(page.getByRole('main').getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  // The demo tenants are regulated: no cash cashback promised.
  await expect(page.getByText('Cash cashback is not offered on this site, as the law requires.')).toBeVisible();
  await page.goto(tenantUrl(IPE, '/rewards'));
  await expect(page.getByRole('main').getByRole('link', { name: 'Indique um amigo', exact: true })).toHaveAttribute('href', '/refers');
});

test('no React and no overflow at 320 px; keyboard reaches a card with a visible ring; axe finds nothing serious', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 720 });
  for (const path of ['/promotions', '/promotion/clube-vip', '/rewards', '/en/promotions', '/en/promotion/clube-vip', '/en/rewards']) {
    await openPage(page, tenantUrl(IPE, path));
    const width = await pageWidth(page);
    expect(width.scroll, `${path}: ${width.tooWide.join(', ')}`).toBeLessThanOrEqual(width.viewport);
    expect(width.tooWide, path).toEqual([]);
    expect(await seriousViolations(page), path).toEqual([]);
    // Pre-rendered text: no island to hydrate.
    await expect(page.locator('astro-island')).toHaveCount(0);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await openPage(page, tenantUrl(IPE, '/promotions'));
  const card = page.getByRole('list', { name: 'Promoções em andamento' }).getByRole('link').first();
  await tabTo(page, card);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/promotion\/clube-vip$/);
  await openPage(page, tenantUrl(IPE, '/rewards'));
  await tabTo(page, page.getByRole('main').getByRole('link', { name: 'Ranking', exact: true }));
});

test('a promotion the operator adds appears after a rebuild, and only on its own tenant', async ({ page }) => {
  test.setTimeout(240_000);
  const created = await operatorCall(SORTE, 'PUT', `/operator/promotions/${NEW_SLUG}`, {
    title: { pt: 'Noite dos pontos VIP', en: 'VIP points night' },
    summary: { pt: 'Uma noite de pontos VIP.', en: 'A night of VIP points.' },
    body: { pt: '<p>Pontos VIP não são dinheiro.</p><script>document.title="x"</script>', en: '<p>VIP points are not money.</p>' },
    image: '/demo/sorte.localhost/promotions/clube-vip.svg',
    endsAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    sort: -1,
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const invalid = await operatorCall(SORTE, 'PUT', '/operator/promotions/outra', { title: { pt: 'x' } });
  expect(invalid.status).toBe(422);

  await configureAndRebuild(SORTE, {});
  await page.goto(tenantUrl(SORTE, '/promotions'));
  const first = page.getByRole('list', { name: 'Promoções em andamento' }).getByRole('listitem').first();
  await expect(first.getByRole('link', { name: 'Noite dos pontos VIP' })).toBeVisible();
  await first.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Noite dos pontos VIP' })).toBeVisible();
  await expect(page.getByText('Pontos VIP não são dinheiro.')).toBeVisible();
  await expect(page).not.toHaveTitle(/^x$/);
  await page.goto(tenantUrl(SORTE, `/en/promotion/${NEW_SLUG}`));
  await expect(page.getByRole('heading', { level: 1, name: 'VIP points night' })).toBeVisible();

  const other = await page.goto(tenantUrl(IPE, `/promotion/${NEW_SLUG}`));
  expect(other?.status()).toBe(404);
});

test.afterAll(async () => {
  await operatorCall(SORTE, 'DELETE', `/operator/promotions/${NEW_SLUG}`);
});
