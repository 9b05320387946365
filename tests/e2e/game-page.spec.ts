import { expect, type Locator, type Page, test } from '@playwright/test';
import { registerPlayer, startLoggedIn } from './accounts-helpers.ts';
import { tenantUrl } from './helpers.ts';
import { tenantApi } from './tenant-api.ts';
import { fundedPlayer } from './wallet-helpers.ts';

/*
 * Issue 13, "The game page on a phone, and in English": "Jogar" opens the
 * game in view (on a phone it covers the screen), the close button and
 * Escape take the player back (focus on the button that opened it),
 * rotating the phone keeps the round, the frame follows the page's
 * language (texts, money like the header, verify links), and "Jogado por
 * último" shows only a game the player played a round in.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };


/** The element lies wholly inside the viewport (no scrolling needed to see it; retried while a smooth scroll runs). */
async function expectInView(page: Page, element: Locator): Promise<void> {
  await expect(async () => {
    const box = await element.boundingBox();
    const viewport = page.viewportSize()!;
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width + 0.5);
    expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height + 0.5);
  }).toPass({ timeout: 5000 });
}

const squash = (text: string | null) => (text ?? '').replace(/\s/g, ' ').trim();

for (const locale of ['pt', 'en'] as const) {
  for (const [device, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    test(`${locale}, ${device}: the game opens in view, closes by keyboard, keeps its round on rotation and speaks the page's language`, async ({ page, request }) => {
      test.setTimeout(120_000);
      const prefix = locale === 'en' ? '/en' : '';
      await page.setViewportSize(viewport);
      const player = await fundedPlayer(request);
      await startLoggedIn(page, player);
      const liveGame = page.waitForResponse((r) => r.url().includes('/api/games/get'));
      await page.goto(tenantUrl('localhost', `${prefix}/casino/house/dice`));
      await liveGame;
      const header = page.getByTestId('header-balance');
      await expect(header).toHaveText(locale === 'en' ? 'R$100.00' : /^R\$\s100,00$/);

      // Never played: no "last played" banner, and a launch alone does not make one.
      const play = page.getByTestId('game-play-real');
      await expect(play).toBeEnabled();
      await expect(page.getByTestId('last-played')).toHaveCount(0);

      await play.click();
      const area = page.getByTestId('game-frame-area');
      const iframe = page.getByTestId('game-frame');
      await expect(iframe).toHaveAttribute('src', new RegExp(`^${prefix}/casino/play\\?game=dice&mode=real$`));
      await expectInView(page, area);
      const close = page.getByTestId('game-close');
      await expect(close).toBeFocused();
      await expect(close).toHaveText(locale === 'en' ? /Close game/ : /Fechar jogo/);
      await page.keyboard.press('Escape');
      await expect(area).toHaveCount(0);
      await expect(play).toBeFocused();
      await expect(page.getByTestId('last-played')).toHaveCount(0);

      // Open again from the keyboard and play one real-money round in the frame.
      await page.keyboard.press('Enter');
      await expect(close).toBeFocused();
      await expectInView(page, area);
      const frame = page.frameLocator('[data-testid="game-frame"]');
      await expect(frame.getByTestId('house-game')).toHaveAttribute('data-game', 'dice');
      await expect(frame.getByTestId('house-play')).toHaveText(locale === 'en' ? 'Play' : 'Jogar');
      // Money in the frame as in the header, for the page's language.
      const frameBalance = frame.locator('.house-balance strong');
      await expect.poll(async () => squash(await frameBalance.textContent())).toBe(squash(await header.textContent()));
      await frame.getByTestId('house-amount').fill('10');
      await frame.getByTestId('house-play').click();
      const round = frame.getByTestId('house-round').first();
      await expect(round).toHaveAttribute('data-round-id', /^\d+$/);
      const roundId = (await round.getAttribute('data-round-id'))!;
      await expect(frame.getByTestId('house-result')).toHaveAttribute('data-round-id', roundId);
      await expect(round.locator('a')).toHaveAttribute('href', `${prefix}/casino/fairness?round=${roundId}`);
      // After the round both show the new balance, formatted alike (and the header follows the frame).
      await expect.poll(async () => squash(await frameBalance.textContent())).not.toBe(locale === 'en' ? 'R$100.00' : 'R$ 100,00');
      await expect.poll(async () => squash(await header.textContent())).toBe(squash(await frameBalance.textContent()));
      await page.screenshot({ path: `/tmp/game-page-${locale}-${device}.png` });

      if (device === 'phone') {
        // Rotate: the same document goes on in the frame (a reload would lose this mark) and the round still shows.
        await (await iframe.elementHandle())!.contentFrame().then((f) => f!.evaluate(() => ((window as unknown as { kept: number }).kept = 42)));
        await page.setViewportSize({ width: PHONE.height, height: PHONE.width });
        await expectInView(page, area);
        expect(await (await iframe.elementHandle())!.contentFrame().then((f) => f!.evaluate(() => (window as unknown as { kept?: number }).kept))).toBe(42);
        await expect(frame.getByTestId('house-result')).toHaveAttribute('data-round-id', roundId);
        await page.screenshot({ path: `/tmp/game-page-${locale}-phone-landscape.png` });
        await page.setViewportSize(PHONE);
      }

      // Back to the page: the game just played is "last played".
      await close.click();
      await expect(play).toBeFocused();
      await expect(page.getByTestId('last-played')).toContainText('Dice');
      await expect(page.getByTestId('last-played').locator('a')).toHaveAttribute('href', `${prefix}/casino/house/dice`);
      await page.screenshot({ path: `/tmp/game-page-${locale}-${device}-closed.png` });
    });
  }
}

test('a player who never played sees no "last played" mark, on a game page or on the recent list', async ({ page, request }) => {
  await page.setViewportSize(PHONE);
  const player = await registerPlayer(request);
  // Launching a demo (and leaving) is not playing.
  const launched = await tenantApi('localhost', '/games/url', { body: { game_id: 'plinko', provider_code: 'house', demo: true }, token: player.token });
  expect(launched.status).toBe(200);
  await startLoggedIn(page, player);
  const recent = page.waitForResponse((r) => r.url().includes('/api/games/recent'));
  await page.goto(tenantUrl('localhost', '/en/casino/house/plinko'));
  await recent;
  await expect(page.getByTestId('game-play-real')).toBeEnabled();
  await expect(page.getByTestId('last-played')).toHaveCount(0);
  await page.goto(tenantUrl('localhost', '/en/casino/recent'));
  await expect(page.getByTestId('recent-grid').getByTestId('game-card')).toHaveCount(0);
});
