import { expect, test } from '@playwright/test';
import { registerPlayer, startLoggedIn } from './accounts-helpers.ts';
import { tenantUrl } from './helpers.ts';
import { fundedPlayer } from './wallet-helpers.ts';


test('the lobby: browse, load more, filter by provider, search, open a game page with real content', async ({ page }) => {
  // The first page is in the static HTML (24 a page); the island then loads the live page 1
  // (a "load more" while that is in flight is ignored, spec section 4), so wait for it.
  const livePage = page.waitForResponse((r) => r.url().includes('/api/casinos/games'));
  await page.goto(tenantUrl('localhost', '/casino/games'));
  const cards = page.getByTestId('game-card');
  await expect(cards).toHaveCount(24);
  // No React at load (issue 14): the lobby hydrates when the visitor first points at it.
  await page.getByTestId('games-search').hover();
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

test('the lobby keeps its built provider list when it has more than 4 providers (no GET /games/providers)', async ({ page }) => {
  // The demo catalogue has 6 providers: spec section 4 reloads providers only when 4 or fewer are loaded.
  const providerCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/games/providers')) providerCalls.push(r.url());
  });
  const livePage = page.waitForResponse((r) => r.url().includes('/api/casinos/games'));
  await page.goto(tenantUrl('localhost', '/casino/games'));
  await page.getByTestId('games-search').hover();
  await livePage;
  const chips = page.getByTestId('games-provider');
  await expect(chips.first()).toHaveAttribute('data-provider', 'all');
  expect(await chips.count()).toBeGreaterThan(5);
  await page.locator('[data-testid="games-provider"][data-provider="house"]').click();
  await expect(page.getByTestId('game-card')).toHaveCount(3);
  expect(providerCalls).toEqual([]);
});

test('empty favorites and recent games offer the featured games, with "load more" rules', async ({ page, request }) => {
  const player = await registerPlayer(request);
  await startLoggedIn(page, player);
  const featured = page.waitForResponse((r) => r.url().includes('/api/featured/games'));
  await page.goto(tenantUrl('localhost', '/casino/favorites'));
  const answer = (await (await featured).json()) as { data: { gamecode: string }[] };
  expect(answer.data.length).toBeGreaterThan(0);
  await expect(page.getByText('Você ainda não tem jogos favoritos.')).toBeVisible();
  const suggested = page.getByTestId('suggested-games');
  await expect(suggested.getByRole('heading', { name: 'Que tal experimentar estes?' })).toBeVisible();
  await expect(suggested.getByTestId('game-card')).toHaveCount(answer.data.length);
  await expect(suggested.getByTestId('game-card').first()).toHaveAttribute('data-gamecode', answer.data[0]!.gamecode);

  await page.goto(tenantUrl('localhost', '/en/casino/recent'));
  await expect(page.getByText('You have not played any game yet.')).toBeVisible();
  await expect(page.getByTestId('suggested-games').getByRole('heading', { name: 'Why not try these?' })).toBeVisible();
  await expect(page.getByTestId('suggested-games').getByTestId('game-card').first()).toBeVisible();
});

test('related games: the built list is in the HTML, then the live list from POST /games/getRelated replaces it', async ({ page }) => {
  // The list may refresh as soon as the page loads (a tall viewport shows it at once): listen first.
  const live = page.waitForResponse((r) => r.url().includes('/api/games/getRelated'));
  const response = await page.goto(tenantUrl('localhost', '/casino/house/dice'));
  // Crawlers read the built list without JavaScript.
  expect(await response!.text()).toContain('data-testid="related-games"');
  const related = page.getByTestId('related-games');
  await related.scrollIntoViewIfNeeded();
  const answer = (await (await live).json()) as { related_games: { gamecode: string }[] };
  const codes = answer.related_games.map((g) => g.gamecode);
  expect(codes).not.toContain('dice');
  await expect(async () => {
    const shown = await related.getByTestId('game-card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-gamecode')));
    expect(shown).toEqual(codes);
  }).toPass();
});

test('Plinko shows the payout table of the chosen rows and risk; the stake field states and checks the limits', async ({ page }) => {
  await page.goto(tenantUrl('localhost', '/casino/play?game=plinko&mode=demo'));
  await expect(page.getByTestId('house-game')).toHaveAttribute('data-game', 'plinko');
  const table = page.getByTestId('plinko-table');
  const slots = table.getByRole('listitem');
  await expect(slots).toHaveCount(13);
  await expect(slots.first()).toContainText('33×');
  await expect(slots.nth(6)).toContainText('0,3×');
  await page.getByTestId('plinko-rows').selectOption('16');
  await page.getByTestId('plinko-risk').selectOption('high');
  await expect(slots).toHaveCount(17);
  await expect(slots.first()).toContainText('1.000×');
  await expect(slots.nth(1)).toContainText('130×');

  await expect(page.getByTestId('house-amount-limits')).toHaveText(/Aposta mínima R\$\s0,10, máxima R\$\s1\.000,00\./);
  const plays: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/house/plinko/play')) plays.push(r.url());
  });
  await page.getByTestId('house-amount').fill('0,05');
  await expect(page.getByTestId('house-amount-error')).toHaveText(/A aposta mínima é R\$\s0,10\./);
  await page.getByTestId('house-play').click();
  await page.getByTestId('house-amount').fill('1000,01');
  await expect(page.getByTestId('house-amount-error')).toHaveText(/A aposta máxima é R\$\s1\.000,00\./);
  await page.getByTestId('house-play').click();
  expect(plays).toEqual([]);
  // A stake within the limits plays, and the round pays from the table shown.
  await page.getByTestId('house-amount').fill('1,00');
  await page.getByTestId('house-play').click();
  const result = page.getByTestId('house-result');
  await expect(result).toHaveAttribute('data-multiplier', /^\d+$/);
  const multiplier = Number(await result.getAttribute('data-multiplier'));
  const shown = await slots.evaluateAll((items) => items.map((li) => Number(li.getAttribute('data-multiplier'))));
  expect(shown).toContain(multiplier);
});

test('a login inside the game frame reaches the page around it, and a login on the page reaches the frame', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const player = await fundedPlayer(request);

  // 1. Login in the frame: the game page's header shows the player and the balance, without a reload.
  const first = await browser.newPage();
  const liveGame = first.waitForResponse((r) => r.url().includes('/api/games/get'));
  await first.goto(tenantUrl('localhost', '/casino/house/dice'));
  await liveGame;
  await first.getByTestId('game-play-demo').click();
  const frame = first.frameLocator('[data-testid="game-frame"]');
  await frame.getByTestId('house-mode-real').click();
  await frame.getByTestId('house-login').click();
  const dialog = frame.getByRole('dialog', { name: 'Entrar' });
  await dialog.getByLabel(/^Telefone$/).fill(player.phone.national);
  await dialog.getByLabel(/^Senha$/).fill(player.password);
  await dialog.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(frame.getByTestId('house-play')).toBeVisible();
  await expect(first.getByRole('button', { name: /Minha conta/ })).toContainText(player.name);
  await expect(first.getByTestId('header-balance')).toHaveText(/R\$\s?100,00/);
  await first.close();

  // 2. Login on the page: the frame (guest, real-money mode) switches to the player's play button and balance.
  const second = await browser.newPage();
  const again = second.waitForResponse((r) => r.url().includes('/api/games/get'));
  await second.goto(tenantUrl('localhost', '/casino/house/dice'));
  await again;
  await second.getByTestId('game-play-demo').click();
  const secondFrame = second.frameLocator('[data-testid="game-frame"]');
  await secondFrame.getByTestId('house-mode-real').click();
  await expect(secondFrame.getByTestId('house-login')).toBeVisible();
  await second.getByRole('button', { name: 'Entrar', exact: true }).click();
  const parentDialog = second.getByRole('dialog', { name: 'Entrar' });
  await parentDialog.getByLabel(/^Telefone$/).fill(player.phone.national);
  await parentDialog.getByLabel(/^Senha$/).fill(player.password);
  await parentDialog.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(secondFrame.getByTestId('house-login')).toHaveCount(0);
  await expect(secondFrame.getByTestId('house-play')).toBeVisible();
  await expect(secondFrame.getByTestId('house-balance')).toHaveAttribute('data-balance', '10000');
  await second.close();
});
