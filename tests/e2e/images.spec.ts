import { expect, type Locator, type Page, test } from '@playwright/test';
import { tenantUrl } from './helpers.ts';

/**
 * Issue 14: the demo art (SVG drawn with `<text>`, parsed on the main thread
 * per `<img>`) reaches the browser as the AVIF copies the sites builder drew,
 * sized for the screen, on the pages built ahead (banners, logo, game cover,
 * lobby) and in the cards drawn after load (featured games, related games);
 * the original is shown when a drawn copy is missing. Layout does not move.
 */
test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1.75 });

/** What the browser chose for an image once it has loaded it. */
async function loaded(image: Locator): Promise<{ src: string; width: number }> {
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  return image.evaluate((img: HTMLImageElement) => ({ src: new URL(img.currentSrc).pathname, width: img.naturalWidth }));
}

/** Layout shift so far (what CLS adds up, without the session windows). */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
}

test('the second tenant home shows AVIF banners, logo and featured covers, and nothing moves', async ({ page }) => {
  const svgImages: string[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'image' && /\/demo\/.*\.svg$/.test(new URL(request.url()).pathname)) svgImages.push(request.url());
  });
  await page.goto(tenantUrl('sorte.localhost', '/'), { waitUntil: 'networkidle' });
  const banner = await loaded(page.locator('.banners img').first());
  expect(banner.src).toMatch(/^\/_img\/banner(-mobile)?\/demo\/sorte\.localhost\/.+\.svg\.\d+\.avif$/);
  // A 390 px phone gets a copy near its width, not the 1,800 px one.
  expect(banner.width).toBeLessThanOrEqual(1200);
  expect((await loaded(page.locator('header .logo img'))).src).toMatch(/^\/_img\/logo\/demo\/sorte\.localhost\/.+\.h\d+\.avif$/);
  const cover = await loaded(page.locator('featured-games [data-testid="game-card"] img').first());
  expect(cover.src).toMatch(/^\/_img\/cover\/demo\/sorte\.localhost\/games\/.+\.svg\.\d+\.avif$/);
  await expect(page.locator('.banners img[fetchpriority="high"]')).toHaveCount(1);
  await expect(page.locator('img[fetchpriority="high"]')).toHaveCount(1);
  expect(svgImages, 'art fetched as SVG').toEqual([]);
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
});

test('a game page and the lobby show AVIF covers, related games included', async ({ page }) => {
  // The lobby first: Chromium shows a larger copy it already holds in its memory cache (the game page's 600 px
  // cover of the lobby's first card) in place of the one the srcset picks, which would hide what the lobby asks for.
  await page.goto(tenantUrl('localhost', '/casino/games'), { waitUntil: 'networkidle' });
  const first = page.locator('[data-testid="games-grid"] img').first();
  await expect(first).toHaveAttribute('fetchpriority', 'high');
  expect((await loaded(first)).src).toMatch(/^\/_img\/cover\/demo\/localhost\/games\/.+\.svg\.(200|400)\.avif$/);
  await expect(page.locator('[data-testid="games-grid"] img[fetchpriority="high"]')).toHaveCount(1);

  await page.goto(tenantUrl('localhost', '/casino/aurora-gaming/tigre-dourado'), { waitUntil: 'networkidle' });
  const cover = await loaded(page.locator('img.game__cover'));
  expect(cover.src).toBe('/_img/cover/demo/localhost/games/aurora-gaming-tigre-dourado.svg.600.avif');
  const related = page.locator('[data-testid="related-games"] img').first();
  expect((await loaded(related)).src).toMatch(/^\/_img\/cover\/demo\/localhost\/games\/.+\.avif$/);
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
});

test('a card whose drawn copies are missing shows its original cover', async ({ page }) => {
  await page.route('**/_img/cover/**', (route) => route.fulfill({ status: 404, body: 'Not found' }));
  await page.goto(tenantUrl('localhost', '/'), { waitUntil: 'networkidle' });
  const cover = await loaded(page.locator('featured-games [data-testid="game-card"] img').first());
  expect(cover.src).toMatch(/^\/demo\/localhost\/games\/.+\.svg$/);
  await expect(page.locator('featured-games [data-testid="game-card"]').first().locator('source')).toHaveCount(0);
});
