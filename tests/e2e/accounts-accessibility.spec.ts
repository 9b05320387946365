import { expect, test } from '@playwright/test';
import { registerPlayer, startLoggedIn } from './accounts-helpers.ts';
import { seriousViolations } from './axe.ts';
import { tenantUrl } from './helpers.ts';

/** The login modal in each mode and the account pages have no serious or critical axe violation. */
// One axe pass takes tens of seconds on a busy machine.
test.describe.configure({ timeout: 120_000 });

for (const [path, title] of [
  ['/login', 'Entrar'],
  ['/en/register', 'Create account'],
  ['/recover-pass', 'Recuperar senha'],
] as const) {
  test(`modal ${path} is accessible`, async ({ page }) => {
    await page.goto(tenantUrl('sorte.localhost', path));
    await expect(page.getByRole('dialog', { name: title })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('account pages are accessible', async ({ page }) => {
  const player = await registerPlayer(page.request);
  await startLoggedIn(page, player);
  for (const path of ['/user', '/user/edit/access-data', '/user/edit/personal-data', '/en/user/edit/verification']) {
    await page.goto(tenantUrl('localhost', path));
    await expect(page.locator('.account-card').first()).toBeVisible();
    expect(await seriousViolations(page), path).toEqual([]);
  }
});
