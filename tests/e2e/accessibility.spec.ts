import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
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
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(serious).toEqual([]);
    });
  }
}
