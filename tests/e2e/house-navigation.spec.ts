import { expect, type Page, test } from '@playwright/test';
import { registerPlayer, startLoggedIn } from './accounts-helpers.ts';
import { tenantUrl } from './helpers.ts';

/**
 * A house game's "Jogar" works on the first click when the game page arrives
 * through an in-site navigation (Astro's ClientRouter swaps the page, no
 * reload), from every way a player gets there: a link on /bonus (an account
 * page with a client-only island), the side menu to the lobby and its game
 * card, and another game page's related games. Cause of the old defect: each
 * page's CSP allowed only its own inline scripts and a swap keeps the first
 * document's policy, so the game page's inline `client:interact` directive
 * was blocked after /bonus and "Jogar" never hydrated until a reload
 * (docs/operations.md, site pages' CSP).
 */

/** Marks the document: a full load would lose the mark, a ClientRouter swap keeps it. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
}

async function expectSameDocument(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
}

/** Collects what the page's CSP blocks (a blocked inline script is how the islands failed to hydrate). */
function cspViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) seen.push(message.text());
  });
  return seen;
}

/** One click on "Jogar" opens the real-money frame of `game`. */
async function playOnce(page: Page, game: string): Promise<void> {
  const play = page.getByTestId('game-play-real');
  await expect(play).toBeVisible();
  await play.click();
  await expect(page.getByTestId('game-frame')).toHaveAttribute('src', new RegExp(`/casino/play\\?game=${game}&mode=real$`));
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test('from /bonus: a link to a house game, one click on "Jogar" opens the game (no reload)', async ({ page, request }) => {
  const blocked = cspViolations(page);
  const player = await registerPlayer(request, 'localhost', 'Nina Navega');
  await startLoggedIn(page, player);
  await page.goto(tenantUrl('localhost', '/bonus'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-session', 'user');
  await markDocument(page);
  // The page's own link to the game (as the free-rounds card's "Jogar Dice"): ClientRouter takes it.
  await page.evaluate(() => {
    const link = document.createElement('a');
    link.href = '/casino/house/dice';
    link.textContent = 'Dice';
    link.dataset.testid = 'to-dice';
    document.querySelector('main')!.append(link);
  });
  await page.getByTestId('to-dice').click();
  await expect(page).toHaveURL(/\/casino\/house\/dice$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dice' })).toBeVisible();
  await expectSameDocument(page);
  await playOnce(page, 'dice');
  expect(blocked).toEqual([]);
});

test('from /bonus through the side menu to the lobby, then from one game page to another: one click on "Jogar" each time (en, no reload)', async ({ page, request }) => {
  const blocked = cspViolations(page);
  const player = await registerPlayer(request, 'localhost', 'Leo Lobby');
  await startLoggedIn(page, player);
  await page.goto(tenantUrl('localhost', '/en/bonus'));
  await expect(page.locator('html')).toHaveAttribute('data-session', 'user');
  await markDocument(page);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'All games' }).click();
  await expect(page).toHaveURL(/\/en\/casino\/games$/);
  await page.locator('[data-testid="game-card"][data-gamecode="dice"][data-provider="house"] a').first().click();
  await expect(page).toHaveURL(/\/en\/casino\/house\/dice$/);
  await expectSameDocument(page);
  await playOnce(page, 'dice');
  await page.getByTestId('game-close').click();

  // Another house game from the related games.
  const related = page.getByTestId('related-games');
  await related.scrollIntoViewIfNeeded();
  const other = related.locator('a[href$="/casino/house/plinko"], a[href$="/casino/house/limbo"]').first();
  const href = (await other.getAttribute('href'))!;
  await other.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expectSameDocument(page);
  await playOnce(page, href.split('/').pop()!);
  expect(blocked).toEqual([]);
});
