import { expect, test, type Page } from '@playwright/test';
import { registerPlayer, startLoggedIn, type TestPlayer } from './accounts-helpers.ts';
import { tenantUrl } from './helpers.ts';
import { tenantApi } from './tenant-api.ts';
import { payPixCharge } from './wallet-helpers.ts';

/**
 * Issue 14: no React and no realtime client on the critical path. Every page
 * paints from HTML and CSS; the live bet feed connects by itself once the
 * page is idle; React and the modals' code load when the visitor asks for
 * them (login, deposit, chat, the game launcher) and still work then.
 */

/** Chunks that must not load before an interaction: React, ReactDOM, pusher-js, laravel-echo. */
const HEAVY = /\/_astro\/(react|jsx-runtime|pusher|echo)\.[\w-]+\.js$/;

/** Records the script URLs the page requests from now on. */
function recordScripts(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.push(request.url());
  });
  return urls;
}

async function idle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
}

for (const path of ['/', '/en/', '/casino/games', '/casino/category/slots', '/casino/house/dice', '/terms', '/pagina-que-nao-existe']) {
  test(`${path} loads no React and no realtime client before an interaction`, async ({ page }) => {
    const scripts = recordScripts(page);
    await page.goto(tenantUrl('localhost', path));
    await idle(page);
    expect(scripts.filter((url) => HEAVY.test(url))).toEqual([]);
  });
}

test('the bet feed shows live bets after load, with no scroll or touch, and without pusher-js', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  const scripts = recordScripts(page);
  await page.goto(tenantUrl('localhost', '/'));
  await expect(page.locator('bet-feed').getByText('As apostas aparecem aqui assim que forem feitas.')).toBeVisible();
  // The feed's box keeps its room before any bet, so the sections below do not move when rows arrive.
  const emptyHeight = await page.locator('bet-feed').evaluate((element) => element.getBoundingClientRect().height);

  const player = await registerPlayer(request, 'localhost', 'Lindomar Sem Toque');
  const charge = await tenantApi('localhost', '/main-gateway/qrcode-pix', { body: { amount: 10_000 }, token: player.token });
  await payPixCharge(((await charge.json()) as { txid: string }).txid);
  // The feed connects once the page is idle: rounds are played until one shows.
  await expect(async () => {
    const round = await tenantApi('localhost', '/house/dice/play', { body: { amount: 100, demo: false, params: { target: 5000, direction: 'over' } }, token: player.token });
    expect(round.status).toBe(200);
    await expect(page.getByTestId('bet-feed-entry').filter({ hasText: 'Lindomar' }).first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId('bet-feed-entry').first()).toContainText('Dice');
  const fullHeight = await page.locator('bet-feed').evaluate((element) => element.getBoundingClientRect().height);
  expect(Math.abs(fullHeight - emptyHeight)).toBeLessThan(24);
  expect(scripts.filter((url) => HEAVY.test(url))).toEqual([]);
  await visitor.close();
});

test('login and chat load on the first click and open', async ({ page }) => {
  await page.goto(tenantUrl('localhost', '/'));
  await idle(page);
  await page.getByRole('banner').getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('dialog', { name: /Entrar/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: /Entrar/ })).toBeHidden();
  await page.getByTestId('chat-open').click();
  await expect(page.getByRole('dialog', { name: 'Chat', exact: true })).toBeVisible();
});

async function player(page: Page, request: Parameters<typeof registerPlayer>[0]): Promise<TestPlayer> {
  const registered = await registerPlayer(request, 'localhost', 'Caio Primeiro Clique');
  await startLoggedIn(page, registered);
  return registered;
}

test("a player's name and balance are in the header at once, and Depositar opens the deposit on the first click", async ({ page, request }) => {
  await player(page, request);
  await page.goto(tenantUrl('localhost', '/terms'));
  // Rendered from local storage by the header's small script, before any call to the platform answers.
  await expect(page.getByTestId('header-balance')).toHaveText(/R\$/);
  await expect(page.getByRole('banner').locator('[data-auth-name]')).toHaveText('Caio Primeiro Clique');
  await page.getByRole('banner').getByRole('button', { name: 'Depositar' }).click();
  await expect(page.getByTestId('deposit-modal')).toBeVisible();
});

test('a click on "Jogar demo" before React has loaded still opens the game', async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto(tenantUrl('localhost', '/casino/house/dice'));
  await idle(page);
  expect(scripts.filter((url) => HEAVY.test(url))).toEqual([]);
  // The launcher hydrates on this first click; the click is held and replayed once React is ready.
  await page.getByTestId('game-play-demo').click();
  await expect(page.getByTestId('game-frame-area')).toBeVisible();
  expect(scripts.some((url) => /\/_astro\/react\./.test(url))).toBe(true);
});
