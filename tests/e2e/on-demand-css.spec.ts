import { expect, type Page, test } from '@playwright/test';
import { tenantUrl } from './helpers.ts';

/**
 * Issue 14 (build speed): the stylesheet of an island opened on interaction
 * (here the login modal) is not inline in every page; it loads with the
 * island's code (src/build/on-demand-css.ts), before the modal shows, and
 * stays after a ClientRouter navigation (src/scripts/keep-loaded-styles.ts).
 */

/** The login modal's frame as the browser styled it. */
async function loginDialogStyle(page: Page): Promise<{ radius: string; width: number; backdrop: string }> {
  const dialog = page.getByRole('dialog', { name: 'Entrar' });
  await expect(dialog).toBeVisible();
  return dialog.evaluate((element) => {
    const style = getComputedStyle(element);
    return { radius: style.borderRadius, width: element.getBoundingClientRect().width, backdrop: getComputedStyle(element, '::backdrop').backgroundColor };
  });
}

test('the login modal brings its stylesheet on first use and keeps it across a ClientRouter navigation', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(tenantUrl('localhost', '/casino/games'));
  const inline = await page.evaluate(() => [...document.querySelectorAll('style')].map((style) => style.textContent ?? '').join('\n'));
  expect(inline).not.toContain('.auth-dialog');
  expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);

  await page.getByRole('banner').locator('[data-auth-open="login"]').click();
  // auth.css: a 20 px radius (--radius-lg), at most 440 px wide, a dimmed backdrop.
  expect(await loginDialogStyle(page)).toEqual({ radius: '20px', width: 440, backdrop: 'rgba(0, 0, 0, 0.6)' });
  expect(await page.locator('head link[rel="stylesheet"][href*="/_astro/"]').count()).toBeGreaterThan(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Entrar' })).toHaveCount(0);

  // A ClientRouter navigation (the lobby and the providers page have the router): no full page load.
  await expect(page.locator('meta[name="astro-view-transitions-enabled"]')).toHaveCount(1);
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  await page.locator('#side-menu a[href="/casino/providers"]').click();
  await page.waitForURL('**/casino/providers');
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

  await page.getByRole('banner').locator('[data-auth-open="login"]').click();
  expect(await loginDialogStyle(page)).toEqual({ radius: '20px', width: 440, backdrop: 'rgba(0, 0, 0, 0.6)' });
});
