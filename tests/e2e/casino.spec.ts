import { expect, test } from '@playwright/test';
import { registerPlayer, startLoggedIn, type TestPlayer } from './accounts-helpers.ts';
import { tenantUrl } from './helpers.ts';
import { tenantApi } from './tenant-api.ts';
import { payPixCharge } from './wallet-helpers.ts';

/** A player with R$ 100,00 deposited through the real Pix path (charge + sandbox payment). */
async function fundedPlayer(request: Parameters<typeof registerPlayer>[0]): Promise<TestPlayer> {
  const player = await registerPlayer(request);
  const charge = await tenantApi('localhost', '/main-gateway/qrcode-pix', { body: { amount: 10_000 }, token: player.token });
  expect(charge.status).toBe(200);
  const { txid } = (await charge.json()) as { txid: string };
  await payPixCharge(txid);
  return player;
}

test('the lobby: browse, load more, filter by provider, search, open a game page with real content', async ({ page }) => {
  // The first page is in the static HTML (24 a page); the island then loads the live page 1
  // (a "load more" while that is in flight is ignored, spec section 4), so wait for it.
  const livePage = page.waitForResponse((r) => r.url().includes('/api/casinos/games'));
  await page.goto(tenantUrl('localhost', '/casino/games'));
  const cards = page.getByTestId('game-card');
  await expect(cards).toHaveCount(24);
  await livePage;
  await expect(async () => {
    // Clicks past the last page are ignored, so retrying cannot over-load.
    await page.getByTestId('games-more').click();
    await expect(cards).toHaveCount(40, { timeout: 2000 });
  }).toPass();

  await page.locator('[data-testid="games-provider"][data-provider="house"]').click();
  await expect(cards).toHaveCount(3);
  await page.locator('[data-testid="games-provider"][data-provider="all"]').click();
  await expect(cards).toHaveCount(24);

  await page.getByTestId('games-search').fill('dice');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toHaveAttribute('data-gamecode', 'dice');

  await cards.first().click();
  await expect(page).toHaveURL(/\/casino\/house\/dice$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dice' })).toBeVisible();
  await expect(page.getByTestId('game-rtp')).toContainText('99,00');
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(jsonLd.join('')).toContain('"VideoGame"');
});

test('the home page shows the featured games', async ({ page }) => {
  await page.goto(tenantUrl('localhost', '/'));
  const featured = page.getByTestId('featured-games').getByTestId('game-card');
  await featured.first().scrollIntoViewIfNeeded();
  await expect(featured.first()).toBeVisible();
});

/** Crawlers get the 404 screen for a game that is not in the catalogue. */
test('an unknown game path is a 404', async ({ page }) => {
  const response = await page.goto(tenantUrl('localhost', '/casino/house/roleta-inexistente'));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
});

test('a player likes (and sees a failed like reverted), favorites, plays Dice with real money and in demo, and verifies the round', async ({ page, request }) => {
  test.setTimeout(120_000);
  const player = await fundedPlayer(request);
  await startLoggedIn(page, player);
  // The page is pre-rendered; the island then fetches the live game (likes, flags) — read counts after that.
  const liveGame = page.waitForResponse((r) => r.url().includes('/api/games/get'));
  await page.goto(tenantUrl('localhost', '/casino/house/dice'));
  await liveGame;
  await expect(page.getByTestId('header-balance')).toHaveText(/R\$\s?100,00/);

  // Like: optimistic, reconciled; a failing call is reverted.
  const like = page.getByTestId('game-like');
  const count = page.getByTestId('game-like-count');
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  const before = Number(await count.textContent());
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(count).toHaveText(String(before + 1));
  await page.route('**/api/games/like/**', (route) => route.fulfill({ status: 500, body: '{"message":"boom"}', contentType: 'application/json' }));
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(count).toHaveText(String(before + 1));
  await page.unroute('**/api/games/like/**');

  // Favorite, then it is listed on /casino/favorites.
  const favorite = page.getByTestId('game-favorite');
  await favorite.click();
  await expect(favorite).toHaveAttribute('aria-pressed', 'true');

  // Real-money round in the game frame.
  await page.getByTestId('game-play-real').click();
  const frame = page.frameLocator('[data-testid="game-frame"]');
  await expect(frame.getByTestId('house-game')).toHaveAttribute('data-game', 'dice');
  const hash = await frame.getByTestId('fairness-hash').textContent();
  expect(hash).toMatch(/^[0-9a-f]{64}$/);
  await frame.getByTestId('house-amount').fill('10');
  await frame.getByTestId('house-play').click();
  // The round as the server stored it: read the payout once the result shows that round.
  const round = frame.getByTestId('house-round').first();
  await expect(round).toHaveAttribute('data-round-id', /^\d+$/);
  const roundId = (await round.getAttribute('data-round-id'))!;
  const result = frame.getByTestId('house-result');
  await expect(result).toHaveAttribute('data-round-id', roundId);
  const payout = Number(await result.getAttribute('data-payout'));
  const expected = (10_000 - 1_000 + payout) / 100;
  await expect(page.getByTestId('header-balance')).toHaveText(new RegExp(`R\\$\\s?${expected.toFixed(2).replace('.', ',')}`));

  // Demo round: no money moves.
  await frame.getByTestId('house-mode-demo').click();
  await frame.getByTestId('house-play').click();
  await expect(page.getByTestId('header-balance')).toHaveText(new RegExp(`R\\$\\s?${expected.toFixed(2).replace('.', ',')}`));

  // Reveal the seed and verify the real round on the verification page.
  await frame.getByTestId('fairness-rotate').click();
  await expect(frame.getByTestId('fairness-revealed')).toBeVisible();
  await page.goto(tenantUrl('localhost', `/casino/fairness?round=${roundId}`));
  await page.getByTestId('verify-submit').click();
  await expect(page.getByTestId('verify-result')).toHaveAttribute('data-match', 'true');

  // The bet history and the favorites list.
  await page.goto(tenantUrl('localhost', '/user/edit/history-casino'));
  await expect(page.getByTestId('bet-row').first()).toContainText('Dice');
  await page.goto(tenantUrl('localhost', '/casino/favorites'));
  await expect(page.getByTestId('game-card').first()).toHaveAttribute('data-gamecode', 'dice');
});
