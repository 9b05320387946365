import { expect, test } from '@playwright/test';
import { registerPlayer, startLoggedIn } from './accounts-helpers.ts';
import { tenantUrl } from './helpers.ts';
import { headerLayout, LOCALES } from './layout-helpers.ts';

/**
 * Issue 14: on a phone (390 × 844) and the smallest one we support (320 × 640),
 * in both languages and logged out, no page scrolls sideways and no header
 * control breaks its label over two lines ("Entrar" and "Cadastre-se" did).
 */
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 320, height: 640 },
];
const PAGES = [
  { host: 'localhost', name: 'home', path: '/' },
  { host: 'sorte.localhost', name: 'home (second tenant)', path: '/' },
  { host: 'localhost', name: 'lobby', path: '/casino/games' },
  { host: 'localhost', name: 'category', path: '/casino/category/slots' },
  { host: 'localhost', name: 'game page', path: '/casino/aurora-gaming/tigre-dourado' },
  { host: 'localhost', name: 'house game page', path: '/casino/house/dice' },
  { host: 'localhost', name: 'terms', path: '/terms' },
  { host: 'localhost', name: 'privacy', path: '/privacy' },
  { host: 'localhost', name: 'responsible gaming', path: '/responsible-gaming' },
];

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.width} × ${viewport.height}, logged out`, () => {
    test.use({ viewport });
    for (const locale of LOCALES) {
      for (const target of PAGES) {
        test(`${target.name} (${locale.code}): no sideways scroll, header labels on one line`, async ({ page }) => {
          const path = target.path === '/' ? `${locale.prefix}/` : locale.prefix + target.path;
          await page.goto(tenantUrl(target.host, path), { waitUntil: 'networkidle' });
          await expect(page.locator('html')).toHaveAttribute('lang', locale.code === 'pt' ? 'pt-BR' : 'en-US');

          const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
          expect(widths.scroll, 'the page scrolls sideways').toBeLessThanOrEqual(widths.inner);
          // Game cards two a row on every phone (at 320 px the grid once fell to one card a row, each a screen tall).
          const rows = await page.locator('.game-grid').evaluateAll((grids) =>
            grids.map((grid) => [...grid.querySelectorAll(':scope > .game-card')].slice(0, 2).map((card) => Math.round(card.getBoundingClientRect().top))),
          );
          for (const tops of rows.filter((row) => row.length === 2)) expect(tops[0], 'the first two game cards share a row').toBe(tops[1]);

          const layout = await headerLayout(page);
          expect(layout.wrapped, 'header controls wrapped onto two lines').toEqual([]);
          expect(layout.offScreen, 'header controls past the screen edge').toEqual([]);
          expect(layout.logoWidth, 'the logo was squeezed out').toBeGreaterThanOrEqual(24);
          const header = page.locator('header.site-header');
          await expect(header.getByRole('button', { name: locale.code === 'pt' ? 'Entrar' : 'Log in' })).toBeVisible();
          await expect(header.getByRole('button', { name: locale.code === 'pt' ? 'Cadastre-se' : 'Sign up' })).toBeVisible();
        });
      }
    }
  });
}

/**
 * Issue 15: logged in, the header holds the balance, "Depositar", chat, bell,
 * account button and language switch; on a 390 px phone the account button was
 * clipped and at 320 px the bell and account button were off-screen.
 */
for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.width} × ${viewport.height}, logged in`, () => {
    test.use({ viewport });
    for (const locale of LOCALES) {
      test(`home (${locale.code}): every header control inside the screen, no sideways scroll`, async ({ page, request }) => {
        const player = await registerPlayer(request);
        await startLoggedIn(page, player);
        await page.goto(tenantUrl('localhost', `${locale.prefix}/`), { waitUntil: 'networkidle' });
        await expect(page.getByTestId('header-balance')).toBeVisible();

        const assertFits = async (): Promise<void> => {
          const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
          expect(widths.scroll, 'the page scrolls sideways').toBeLessThanOrEqual(widths.inner);
        };
        await assertFits();
        const layout = await headerLayout(page);
        expect(layout.wrapped, 'header controls wrapped onto two lines').toEqual([]);
        expect(layout.logoWidth, 'the logo was squeezed out').toBeGreaterThanOrEqual(24);

        const header = page.locator('header.site-header');
        const controls = [
          header.locator('.logo'),
          page.getByTestId('header-balance'),
          header.locator('[data-deposit-open]'),
          page.getByTestId('notifications-bell'),
          page.getByTestId('chat-open'),
          header.getByRole('button', { name: locale.code === 'pt' ? /^Minha conta/ : /^My account/ }),
        ];
        // On phones the language switch is in the account menu (checked below, once it is open).
        await expect(header.locator('.site-header__end > .lang-switch')).toBeHidden();
        for (const control of controls) {
          await expect(control).toBeVisible();
          const box = await control.boundingBox();
          expect(box, String(control)).not.toBeNull();
          expect(box!.x, `${control} starts before the screen`).toBeGreaterThanOrEqual(0);
          expect(box!.x + box!.width, `${control} ends past the screen`).toBeLessThanOrEqual(viewport.width + 0.5);
        }
        await page.screenshot({ path: `/tmp/h15-${viewport.width}-${locale.code}.png` });

        // A richer player's balance takes more room; the header still fits (the logo gives way, down to its minimum).
        await page.getByTestId('header-balance').evaluate((balance, text) => (balance.textContent = text), viewport.width >= 390 ? 'R$ 12.345,67' : 'R$ 999,99');
        await assertFits();
        for (const control of controls) {
          const box = await control.boundingBox();
          expect(box!.x + box!.width, `${control} ends past the screen with a long balance`).toBeLessThanOrEqual(viewport.width + 0.5);
        }
        expect((await headerLayout(page)).logoWidth).toBeGreaterThanOrEqual(24);

        // Opening the account menu must not push the page sideways either.
        await header.locator('.session__button--account').click();
        await expect(page.locator('#account-menu')).toBeVisible();
        await assertFits();
        const menu = await page.locator('#account-menu').boundingBox();
        expect(menu!.x).toBeGreaterThanOrEqual(0);
        expect(menu!.x + menu!.width).toBeLessThanOrEqual(viewport.width + 0.5);
        const otherLanguage = header.locator('[data-locale-menu-switch]:visible');
        await expect(otherLanguage).toHaveCount(1);
        await expect(otherLanguage).toHaveAttribute('data-locale-menu-switch', locale.code === 'pt' ? 'en' : 'pt');
        await expect(otherLanguage).toBeInViewport({ ratio: 1 });
        await page.screenshot({ path: `/tmp/h15-${viewport.width}-${locale.code}-menu.png` });
      });
    }
  });
}
