import { expect, type Page, test } from '@playwright/test';
import { startLoggedIn, type TestPlayer } from './accounts-helpers.ts';
import { seriousViolations } from './axe.ts';
import { subscribedTo, tenantUrl } from './helpers.ts';
import { tenantApi } from './tenant-api.ts';
import { fundedPlayer } from './wallet-helpers.ts';

/**
 * Ranks and the VIP club in the browser (issue 18), on the demo `localhost`
 * ranks (level 2, Bronze, at R$ 100,00 wagered): a player bets in a house
 * game and sees their progress move on /ranking and on /user (pt, then en
 * at 320 px by keyboard), and their VIP figures on /vip.
 */
const HOST = 'localhost';

/** One real-money dice round of `amount` centavos (won or lost, the stake counts). */
async function betInDice(player: TestPlayer, amount: number): Promise<void> {
  const round = await tenantApi(HOST, '/house/dice/play', { token: player.token, body: { amount, demo: false, params: { target: 5000, direction: 'under' } } });
  expect(round.status, await round.clone().text()).toBe(200);
}

const bar = (page: Page) => page.getByRole('progressbar');

test('a visitor sees the rank table and a login button on /ranking', async ({ page }) => {
  // The table is in the page's HTML (pre-rendered from the build's bundle), and a guest makes no ranking call.
  const html = await (await page.request.get(tenantUrl(HOST, '/ranking'))).text();
  expect(html).toContain('data-level="7"');
  expect(html).not.toContain('astro-island');
  const calls: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/(ranking|profile\/vip)/.test(request.url())) calls.push(request.url());
  });
  await page.goto(tenantUrl(HOST, '/ranking'));
  await expect(page.getByRole('heading', { level: 1, name: 'Ranking' })).toBeVisible();
  await expect(page.getByTestId('rank-table').locator('tbody tr')).toHaveCount(7);
  await expect(page.getByTestId('rank-table')).toContainText('Bronze');
  await expect(page.getByRole('main').getByRole('button', { name: 'Entrar' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto(tenantUrl(HOST, '/vip'));
  await expect(page.getByRole('main').getByRole('button', { name: 'Entrar' })).toBeVisible();
  expect(calls).toEqual([]);
});

test('a player bets in a house game and sees their rank progress change on /ranking and /user (pt)', async ({ page, request }) => {
  const player = await fundedPlayer(request, 'Rita Ranking');
  await startLoggedIn(page, player);
  await page.goto(tenantUrl(HOST, '/ranking'));
  await expect(page.getByTestId('rank-level')).toHaveText('Nível 1 · Iniciante');
  await expect(bar(page)).toHaveAttribute('aria-valuenow', '0');
  await expect(page.getByTestId('rank-to-next')).toContainText(/Faltam R\$\s?100,00 para Bronze/);
  await expect(page.locator('tr[aria-current="true"]')).toContainText('Iniciante');

  await betInDice(player, 30_00);
  await page.reload();
  await expect(bar(page)).toHaveAttribute('aria-valuenow', '30');
  await expect(page.getByTestId('rank-total')).toContainText(/R\$\s?30,00/);
  await expect(page.getByTestId('rank-to-next')).toContainText(/Faltam R\$\s?70,00 para Bronze/);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(tenantUrl(HOST, '/user'));
  const card = page.getByRole('region', { name: 'Seu rank' });
  await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '30');
  await betInDice(player, 20_00);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Seu rank' }).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
  expect(await seriousViolations(page)).toEqual([]);
});

test('in English at 320 px, by keyboard: the rank card leads to the ranking; reaching Bronze shows there and on /vip; nothing scrolls sideways', async ({ page, request }) => {
  await page.setViewportSize({ width: 320, height: 720 });
  const player = await fundedPlayer(request, 'Rui Ranking');
  await betInDice(player, 60_00);
  await betInDice(player, 40_00);
  await startLoggedIn(page, player);
  await page.goto(tenantUrl(HOST, '/en/user'));
  const card = page.getByRole('region', { name: 'Your rank' });
  await expect(card.getByTestId('rank-level')).toHaveText('Level 2 · Bronze');
  await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  await expect(card.getByTestId('rank-to-next')).toContainText(/R\$\s?400\.00 to go for Silver/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  const link = card.getByRole('link', { name: 'See the ranking' });
  await page.keyboard.press('Tab');
  for (let i = 0; i < 80 && !(await link.evaluate((a) => a === document.activeElement)); i += 1) await page.keyboard.press('Tab');
  await expect(link).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/en\/ranking$/);
  await expect(page.getByTestId('rank-level')).toHaveText('Level 2 · Bronze');
  await expect(page.locator('tr[aria-current="true"]')).toContainText('Bronze');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(tenantUrl(HOST, '/en/vip'));
  await expect(page.getByRole('heading', { level: 1, name: 'VIP club' })).toBeVisible();
  // 50 points for reaching Bronze, 1 per R$ 100.00 wagered.
  await expect(page.getByTestId('vip-level')).toHaveText('2');
  await expect(page.getByTestId('vip-points')).toHaveText('51');
  await expect(page.getByRole('main')).toContainText('VIP points are not money');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  expect(await seriousViolations(page)).toEqual([]);
});

test('reaching a rank shows live: a toast and the unread badge without a reload (pt)', async ({ page, request }) => {
  const player = await fundedPlayer(request, 'Renata Rankup');
  await betInDice(player, 60_00);
  await startLoggedIn(page, player);
  const joined = subscribedTo(page, `private-universal.${player.user.id}`);
  await page.goto(tenantUrl(HOST, '/ranking'));
  await expect(page.getByTestId('rank-level')).toHaveText('Nível 1 · Iniciante');
  const badge = page.getByTestId('notifications-badge');
  await expect(badge).toBeHidden();
  await joined;

  // R$ 40,00 more crosses Bronze (R$ 100,00): the platform publishes the rank-up after the round's commit.
  await betInDice(player, 40_00);
  const toast = page.getByTestId('toasts').getByRole('status').filter({ hasText: 'Você subiu de rank!' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Bronze');
  await expect(badge).toHaveText('1');
  await expect(page.getByRole('banner').getByRole('button', { name: /^Notificações/ })).toHaveAccessibleName('Notificações, 1 não lidas');
});

test('the side menu links Ranking and Clube VIP', async ({ page }) => {
  await page.goto(tenantUrl(HOST, '/'));
  await expect(page.locator('a[href="/ranking"]').first()).toHaveAttribute('href', '/ranking');
  await expect(page.locator('a[href="/vip"]').first()).toHaveAttribute('href', '/vip');
  // Every demo tenant is regulated: no referral reward is paid, so the menu promises none (pt and en).
  await expect(page.locator('#side-menu a[href="/refers"]')).toHaveText('Indique um amigo');
  await page.goto(tenantUrl(HOST, '/en/'));
  await expect(page.locator('#side-menu a[href="/en/refers"]')).toHaveText('Refer a friend');
});
