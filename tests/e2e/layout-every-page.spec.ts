import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { E2E_SITES_DIR } from '../../playwright.config.ts';
import { builtSitePages, UNKNOWN_PAGE } from '../../scripts/site-pages.ts';
import { registerPlayer, startLoggedIn, type TestPlayer } from './accounts-helpers.ts';
import { tenantUrl } from './helpers.ts';
import { headerLayout, LOCALES, pageWidth } from './layout-helpers.ts';
import { fundedPlayer } from './wallet-helpers.ts';

/**
 * Issue 15 (proof): every page the site builds, at 320 × 640, 390 × 844 and
 * 1366 × 768, in pt and en, logged out and logged in: the page never scrolls
 * sideways (nothing sticks out of the screen unless a scroll container holds
 * it), the header's controls are inside the screen, on one line and not cut
 * off, the logo keeps its shape and size, and the browser logs no error.
 *
 * The pages come from the built site itself (`builtSitePages`: a new route is
 * checked the day it is added; one game per provider, every house game). Each
 * page is loaded once per test and measured at the three sizes by resizing the
 * window.
 */
const VIEWPORTS = [
  { width: 320, height: 640 },
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
];

/** Everything wrong with the page at the current size, as readable lines (empty when it is fine). */
async function layoutDefects(page: Page): Promise<string[]> {
  // After a resize: one frame for the layout and the logo's <picture> to pick its source, then that image loaded.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.waitForFunction(() => {
    const logo = document.querySelector<HTMLImageElement>('header.site-header .logo img');
    return !logo || (logo.complete && logo.naturalWidth > 0);
  });
  const defects: string[] = [];
  const width = await pageWidth(page);
  if (width.scroll > width.viewport) defects.push(`page is ${width.scroll} px wide`);
  if (width.tooWide.length > 0) defects.push(`sticks out of the screen: ${width.tooWide.join(', ')}`);
  const header = await headerLayout(page);
  if (header.wrapped.length > 0) defects.push(`header controls on two lines: ${header.wrapped.join(', ')}`);
  if (header.offScreen.length > 0) defects.push(`header controls past the right edge: ${header.offScreen.join(', ')}`);
  if (header.beforeScreen.length > 0) defects.push(`header controls before the left edge: ${header.beforeScreen.join(', ')}`);
  if (header.clipped.length > 0) defects.push(`header controls cut off: ${header.clipped.join(', ')}`);
  if (header.squeezedIcons.length > 0) defects.push(`header icons squeezed: ${header.squeezedIcons.join(', ')}`);
  if (header.present && (header.logoWidth < 24 || header.logoHeight < 24)) defects.push(`logo ${header.logoWidth} × ${header.logoHeight} px`);
  if (Math.abs(header.logoStretch) > 0.05) defects.push(`logo stretched (aspect ratio off by ${header.logoStretch})`);
  return defects;
}

for (const loggedIn of [false, true]) {
  test.describe(loggedIn ? 'logged in (R$ 100,00 deposited)' : 'logged out', () => {
    let player: TestPlayer | undefined;
    test.beforeAll(async ({ playwright }) => {
      if (!loggedIn) return;
      const request = await playwright.request.newContext();
      player = await fundedPlayer(request, 'Joana Teste');
      await request.dispose();
    });

    for (const locale of LOCALES) {
      test(`every page (${locale.code}) at 320, 390 and 1366 px: no sideways scroll, header fits, no console error`, async ({ page }) => {
        const pages = await builtSitePages(join(E2E_SITES_DIR, 'localhost'), locale.prefix);
        test.setTimeout(30_000 + pages.length * 6_000);
        expect(pages.length, 'the built site has its pages').toBeGreaterThan(20);
        if (player) await startLoggedIn(page, player);

        let current = '';
        const defects: string[] = [];
        page.on('console', (message) => {
          // The unknown path's own 404 answer is logged by Chromium itself; that status is the point of that page.
          if (current === UNKNOWN_PAGE && message.location().url.endsWith(UNKNOWN_PAGE)) return;
          if (message.type() === 'error') defects.push(`${current}: console error: ${message.text()}`);
        });
        page.on('pageerror', (error) => defects.push(`${current}: page error: ${error.message}`));

        for (const path of pages) {
          current = path;
          await page.setViewportSize(VIEWPORTS[0]!);
          const response = await page.goto(tenantUrl('localhost', path === '/' ? `${locale.prefix}/` : locale.prefix + path), { waitUntil: 'networkidle' });
          expect(response?.status(), path).toBe(path === UNKNOWN_PAGE ? 404 : 200);
          await expect(page.locator('html'), path).toHaveAttribute('lang', locale.lang);
          // The full-screen game player has no site header.
          if (player && (await page.locator('header.site-header').count()) > 0) await expect(page.getByTestId('header-balance'), path).toHaveText(/R\$\s*100[,.]00/);
          for (const viewport of VIEWPORTS) {
            if (viewport !== VIEWPORTS[0]) await page.setViewportSize(viewport);
            for (const defect of await layoutDefects(page)) defects.push(`${path} at ${viewport.width} px: ${defect}`);
          }
        }
        expect(defects).toEqual([]);
      });
    }
  });
}

// Logged in only on `localhost`: the test process (Node) cannot resolve `sorte.localhost` to register a player there.
test('every tenant: the header logo keeps its shape and size, logged out (and logged in) at every width', async ({ browser, request }) => {
  const player = await registerPlayer(request);
  for (const host of ['localhost', 'sorte.localhost']) {
    for (const loggedIn of host === 'localhost' ? [false, true] : [false]) {
      const context = await browser.newContext();
      const page = await context.newPage();
      if (loggedIn) await startLoggedIn(page, player);
      await page.setViewportSize(VIEWPORTS[0]!);
      await page.goto(tenantUrl(host, '/'), { waitUntil: 'networkidle' });
      if (loggedIn) await expect(page.getByTestId('header-balance')).toBeVisible();
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        expect(await layoutDefects(page), `${host}, ${loggedIn ? 'logged in' : 'logged out'}, ${viewport.width} px`).toEqual([]);
      }
      await context.close();
    }
  }
});

/** Where a box sits on the screen: inside it, and how far from centred horizontally. */
async function placement(page: Page, selector: string): Promise<{ inside: boolean; offCentre: number }> {
  const box = await page.locator(selector).boundingBox();
  expect(box, selector).not.toBeNull();
  const width = page.viewportSize()!.width;
  return { inside: box!.x >= -0.5 && box!.x + box!.width <= width + 0.5, offCentre: Math.abs(box!.x - (width - box!.x - box!.width)) };
}

/** The visible text of an element is all shown (no ellipsis, nothing cut off by its own box). */
function shownInFull(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((element) => element.scrollWidth <= element.clientWidth + 1 && getComputedStyle(element).textOverflow !== 'ellipsis');
}

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.width} × ${viewport.height}: pop-ups`, () => {
    test.use({ viewport });

    test('logged out: the login and sign-up modals are centred and inside the screen', async ({ page }) => {
      await page.goto(tenantUrl('localhost', '/'), { waitUntil: 'networkidle' });
      for (const opener of ['login', 'register']) {
        await page.locator(`header [data-auth-open="${opener}"]`).click();
        await expect(page.locator('dialog.auth-dialog')).toBeVisible();
        const dialog = await placement(page, 'dialog.auth-dialog');
        expect(dialog.inside, `${opener} modal inside the screen`).toBe(true);
        expect(dialog.offCentre, `${opener} modal centred`).toBeLessThanOrEqual(1);
        expect(await layoutDefects(page)).toEqual([]);
        await page.keyboard.press('Escape');
        await expect(page.locator('dialog.auth-dialog')).toBeHidden();
      }
    });

    test('logged in with R$ 100.000,00: header, chat drawer, deposit modal and account menu fit', async ({ page, request }) => {
      const player = await fundedPlayer(request, 'Joana Teste', [5_000_000, 5_000_000]);
      await startLoggedIn(page, player);
      await page.goto(tenantUrl('localhost', '/'), { waitUntil: 'networkidle' });
      await expect(page.getByTestId('header-balance')).toHaveText(/R\$\s*100\.000,00/);
      expect(await layoutDefects(page)).toEqual([]);

      // The chat drawer: inside the screen, its text field and a whole "Enviar" visible.
      await page.getByTestId('chat-open').click();
      const panel = page.getByTestId('chat-panel');
      await expect(panel).toBeVisible();
      expect((await placement(page, '.chat-panel')).inside, 'chat drawer inside the screen').toBe(true);
      for (const part of ['.chat-panel__input', '.chat-panel__send']) {
        await expect(panel.locator(part)).toBeInViewport({ ratio: 1 });
      }
      await expect(panel.locator('.chat-panel__send')).toHaveText('Enviar');
      expect(await shownInFull(page, '.chat-panel__send'), '"Enviar" shown in full').toBe(true);
      expect((await pageWidth(page)).scroll).toBeLessThanOrEqual(viewport.width);
      await panel.locator('.chat-panel__close').click();
      await expect(panel).toBeHidden();

      // The deposit modal: centred, inside the screen.
      await page.locator('header [data-deposit-open]').click();
      await expect(page.locator('dialog.auth-dialog')).toBeVisible();
      const deposit = await placement(page, 'dialog.auth-dialog');
      expect(deposit.inside, 'deposit modal inside the screen').toBe(true);
      expect(deposit.offCentre, 'deposit modal centred').toBeLessThanOrEqual(1);
      expect((await pageWidth(page)).scroll).toBeLessThanOrEqual(viewport.width);
      await page.keyboard.press('Escape');
      await expect(page.locator('dialog.auth-dialog')).toBeHidden();

      // The account menu opens without moving the page.
      const before = await page.locator('main').boundingBox();
      await page.locator('header .session__button--account').click();
      await expect(page.locator('#account-menu')).toBeVisible();
      expect((await placement(page, '#account-menu')).inside, 'account menu inside the screen').toBe(true);
      expect(await page.locator('main').boundingBox()).toEqual(before);
      expect(await layoutDefects(page)).toEqual([]);
    });
  });
}
