import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { cssVar, siteConfig, tenantUrl } from './helpers.ts';
import { expectFirstFieldFocused, expectFocusTrapped, openPage, tabTo } from './keyboard-helpers.ts';
import { pageWidth } from './layout-helpers.ts';

/**
 * `/NewComponents` (issue 20): the design-system gallery in each tenant's
 * theme. The visual check is that every piece is painted from the tenant's
 * own palette (the configured colours as the platform holds them), the page
 * is plain HTML until a click, and the live parts (the site's modal, its
 * toasts) work by keyboard; GALLERY_SHOTS_DIR=/some/folder keeps a
 * screenshot of each tenant, language and width for review by eye.
 */

/** `rgb(r, g, b)` as `#rrggbb`, the way the theme writes its colours. */
function hex(rgb: string): string {
  const [r, g, b] = (rgb.match(/\d+/g) ?? []).map(Number);
  return `#${[r, g, b].map((n) => (n ?? 0).toString(16).padStart(2, '0')).join('')}`;
}

async function computed(page: Page, selector: string, property: 'backgroundColor' | 'color' | 'borderTopColor'): Promise<string> {
  return hex(await page.locator(selector).first().evaluate((element, name) => getComputedStyle(element)[name], property));
}

const PAGES = [
  { locale: 'pt', path: '/NewComponents', heading: 'Componentes', open: 'Abrir a janela', modal: 'Confirmar alteração', confirm: 'Confirmar', confirmed: 'Alteração confirmada.', error: 'Mostrar erro', errorText: 'Não foi possível fazer a aposta.' },
  { locale: 'en', path: '/en/NewComponents', heading: 'Components', open: 'Open the dialog', modal: 'Confirm the change', confirm: 'Confirm', confirmed: 'Change confirmed.', error: 'Show an error', errorText: 'The bet could not be placed.' },
] as const;

for (const host of ['localhost', 'sorte.localhost']) {
  for (const gallery of PAGES) {
    test(`${host} ${gallery.locale}: every component in the tenant's colours, plain HTML first, no sideways scroll at 320 px, axe clean`, async ({ page }) => {
      test.setTimeout(60_000);
      const { body } = await siteConfig(host);
      const colours = (body as { colors: Record<'primary' | 'surface' | 'danger', string> }).colors;
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url());
      });
      for (const width of [320, 1366]) {
        await page.setViewportSize({ width, height: width === 320 ? 640 : 900 });
        await openPage(page, tenantUrl(host, gallery.path));
        await expect(page.getByRole('heading', { level: 1, name: gallery.heading })).toBeVisible();
        await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
        // Plain HTML: no island, no React before a click.
        await expect(page.locator('astro-island')).toHaveCount(0);
        expect(scripts.filter((url) => /react|GalleryModal|gallery\/mount/i.test(url))).toEqual([]);

        // The palette shows the theme's own values, and the pieces are painted from it.
        const swatches = page.getByTestId('gallery-colors').locator('[data-property]');
        await expect(swatches).toHaveCount(12);
        for (const swatch of await swatches.all()) {
          const property = (await swatch.getAttribute('data-property'))!;
          expect(await swatch.getAttribute('data-value'), property).toBe(await cssVar(page, property));
          await expect(swatch.locator('code')).toHaveText((await swatch.getAttribute('data-value'))!);
        }
        expect(await cssVar(page, '--color-primary')).toBe(colours.primary.toLowerCase());
        expect(await computed(page, '[data-testid="gallery-buttons"] .button--primary', 'backgroundColor')).toBe(colours.primary.toLowerCase());
        expect(await computed(page, '[data-testid="gallery-buttons"] .button--danger', 'backgroundColor')).toBe(colours.danger.toLowerCase());
        expect(await computed(page, '[data-testid="gallery-buttons"] .pwa-button', 'backgroundColor')).toBe(colours.primary.toLowerCase());
        expect(await computed(page, '[data-testid="gallery-link-card"]', 'backgroundColor')).toBe(colours.surface.toLowerCase());
        expect(await computed(page, '[data-testid="gallery-message-error"]', 'borderTopColor')).toBe(colours.danger.toLowerCase());
        // The field in error says so to assistive technology, with its message.
        await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('aria-invalid', 'true');
        await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveAccessibleDescription(/e-mail/i);
        // Game cards as the lobby draws them.
        await expect(page.getByTestId('related-games').getByTestId('game-card').first()).toBeVisible();

        const size = await pageWidth(page);
        expect(size.scroll, `${width} px: ${size.tooWide.join(', ')}`).toBeLessThanOrEqual(size.viewport);
        expect(await seriousViolations(page), `${width} px`).toEqual([]);
        if (process.env.GALLERY_SHOTS_DIR) {
          await page.screenshot({ path: `${process.env.GALLERY_SHOTS_DIR}/gallery-${host}-${gallery.locale}-${width}.png`, fullPage: true });
        }
      }
    });
  }
}

for (const gallery of PAGES) {
  test(`${gallery.locale}: the modal and the toasts work by keyboard alone`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await openPage(page, tenantUrl('sorte.localhost', gallery.path));
    const opener = page.getByRole('button', { name: gallery.open });
    await tabTo(page, opener);
    await page.keyboard.press('Enter');
    const modal = page.getByRole('dialog', { name: gallery.modal });
    await expect(modal).toBeVisible();
    await expectFirstFieldFocused(modal);
    await expectFocusTrapped(page, modal);
    expect(await seriousViolations(page)).toEqual([]);
    if (process.env.GALLERY_SHOTS_DIR) await page.screenshot({ path: `${process.env.GALLERY_SHOTS_DIR}/gallery-modal-${gallery.locale}.png` });
    // Esc closes it and focus goes back to the button that opened it.
    await page.keyboard.press('Escape');
    await expect(modal).toHaveCount(0);
    await expect(opener).toBeFocused();

    // Confirming closes it and raises the success toast.
    await page.keyboard.press('Enter');
    await expect(modal).toBeVisible();
    await page.keyboard.type('Lua');
    await page.keyboard.press('Enter');
    await expect(modal).toHaveCount(0);
    await expect(page.getByTestId('toasts').getByRole('status')).toHaveText(gallery.confirmed);

    // An error toast is an alert.
    await tabTo(page, page.getByRole('button', { name: gallery.error }));
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('toasts').getByRole('alert')).toHaveText(gallery.errorText);
    expect(await seriousViolations(page)).toEqual([]);
    if (process.env.GALLERY_SHOTS_DIR) await page.screenshot({ path: `${process.env.GALLERY_SHOTS_DIR}/gallery-toasts-${gallery.locale}.png` });
  });
}
