import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { tenantUrl } from './helpers.ts';

const PAGES = [
  ['home', '/'],
  ['home', '/en'],
  ['legal page', '/terms'],
  ['legal page', '/en/terms'],
  ['error screen', '/pagina-que-nao-existe'],
  ['error screen', '/en/no-such-page'],
] as const;

for (const host of ['localhost', 'sorte.localhost']) {
  for (const [name, path] of PAGES) {
    test(`${host} ${name} ${path} has no serious or critical axe violation`, async ({ page }) => {
      await page.goto(tenantUrl(host, path));
      await expect(page.locator('#preloader')).toHaveAttribute('data-state', 'hidden');
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
}
