import { expect, test } from '@playwright/test';
import { type TestPlayer } from './accounts-helpers.ts';
import { tenantUrl } from './helpers.ts';
import { tenantApi } from './tenant-api.ts';
import { fundedPlayer } from './wallet-helpers.ts';

/**
 * The realtime client in a real browser: the live bet feed on the tenant's
 * public channel, and the notice shown when the realtime server cannot be
 * reached.
 */


async function playDice(player: TestPlayer): Promise<void> {
  const answer = await tenantApi('localhost', '/house/dice/play', { body: { amount: 100, demo: false, params: { target: 5000, direction: 'over' } }, token: player.token });
  expect(answer.status).toBe(200);
}

test("a player's bet settles live into a visitor's feed on the home page", async ({ browser, request }) => {
  test.setTimeout(90_000);
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await page.goto(tenantUrl('localhost', '/'));
  const feed = page.locator('#home-live-bets');
  await feed.scrollIntoViewIfNeeded();
  await expect(page.getByText('As apostas aparecem aqui assim que forem feitas.')).toBeVisible();

  const player = await fundedPlayer(request, 'Rosalinda Aposta');
  // The visitor subscribes asynchronously once the island is visible: rounds are played until one shows.
  await expect(async () => {
    await playDice(player);
    await expect(page.getByTestId('bet-feed-entry').filter({ hasText: 'Rosalinda' }).first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const entry = page.getByTestId('bet-feed-entry').filter({ hasText: 'Rosalinda' }).first();
  await expect(entry).toContainText('Dice');
  await expect(entry).toContainText('R$\u00a01,00');
  await expect(entry).not.toHaveAttribute('data-ambient', 'true');
  // Six more rounds: the feed keeps the 5 newest.
  for (let i = 0; i < 6; i++) await playDice(player);
  await expect(page.getByTestId('bet-feed-entry')).toHaveCount(5);
  await visitor.close();
});

test('the player is told when live updates cannot connect', async ({ page }) => {
  test.setTimeout(60_000);
  // Every WebSocket to the realtime server is closed at once, as if it were down.
  await page.routeWebSocket(/\/app\//, (ws) => ws.close());
  await page.goto(tenantUrl('localhost', '/en'));
  await page.locator('#home-live-bets').scrollIntoViewIfNeeded();
  // pusher-js reports "unavailable" after the spec's 10 s without a connection.
  await expect(page.locator('#realtime-status')).toHaveText(/No live connection|Could not connect/, { timeout: 25_000 });
});
