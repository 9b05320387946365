import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { registerPlayer, startLoggedIn } from './accounts-helpers.ts';
import { tenantUrl } from './helpers.ts';
import { tenantApi } from './tenant-api.ts';
import { payPixCharge } from './wallet-helpers.ts';

/**
 * The house games look like games: Plinko draws its board and drops the ball
 * along the round's path into the slot the server named; Dice and Limbo
 * animate to their result; the words and the balance come at the end; with
 * reduced motion the final state shows at once. A guest in demo mode, on a
 * 390 px phone and on a desktop. Screenshots go to test-results/ (or E2E_SHOTS_DIR) for a look.
 */

interface PlayAnswer {
  round: { id: number; outcome: { game: 'plinko'; path: ('L' | 'R')[]; slot: number } | { game: 'dice'; roll: number } | { game: 'limbo'; result: number } };
}

/** Where screenshots go: E2E_SHOTS_DIR when set (to keep them from other runs' clean-ups), else this test's output folder. */
function shot(name: string): string {
  const dir = process.env.E2E_SHOTS_DIR;
  return dir ? `${dir}/${name}` : test.info().outputPath(name);
}

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
] as const;

/** Every value the ball's `data-stop` takes, recorded in the page from before the click. */
async function recordBallStops(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { ballStops: string[] }).ballStops = seen;
    new MutationObserver(() => {
      const stop = document.querySelector('[data-testid="plinko-ball"]')?.getAttribute('data-stop');
      if (stop && seen.at(-1) !== stop) seen.push(stop);
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
}

async function playOnce(page: Page, game: string): Promise<PlayAnswer['round']> {
  const answer = page.waitForResponse((r) => r.url().includes(`/api/house/${game}/play`));
  await page.getByTestId('house-play').click();
  return ((await (await answer).json()) as PlayAnswer).round;
}

async function noHorizontalScroll(page: Page): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
}

for (const size of SIZES) {
  test.describe(`at ${size.viewport.width} px`, () => {
    test.use({ viewport: size.viewport });

    test('a guest drops a demo Plinko ball along the server\'s path into the slot it names; the words come when it lands', async ({ page }) => {
      await page.goto(tenantUrl('localhost', '/casino/play?game=plinko&mode=demo'));
      await expect(page.getByTestId('house-game')).toHaveAttribute('data-game', 'plinko');
      await recordBallStops(page);
      const round = await playOnce(page, 'plinko');
      if (round.outcome.game !== 'plinko') throw new Error('not a plinko round');
      const { path, slot } = round.outcome;
      expect(path).toHaveLength(12);

      const board = page.getByTestId('plinko-board');
      await expect(board).toHaveAttribute('role', 'img');
      await expect(board.locator('.plinko-peg')).toHaveCount(102); // 3 + 4 + … + 14
      await expect(board.getByTestId('plinko-slot')).toHaveCount(13);
      await expect(board.locator('[data-testid="plinko-slot"][data-active]')).toHaveAttribute('data-slot', String(slot));
      await expect(page.getByTestId('house-result')).toHaveAttribute('data-revealed', 'true');
      await expect(page.getByTestId('house-result-text')).toContainText(`A bola caiu na casa ${slot}`);
      await expect(page.getByTestId('house-result-text')).toContainText(path.join(''));
      // The ball went peg by peg: drop, one stop per row, then the slot.
      const stops = await page.evaluate(() => (window as unknown as { ballStops: string[] }).ballStops);
      expect(stops.map(Number)).toEqual(Array.from({ length: 14 }, (_, i) => i));
      // The board fits the frame, and the round is listed with its verify link.
      // Seen landing: the board is brought into view under the bet form on a phone.
      await expect(board).toBeInViewport({ ratio: 0.99 });
      const box = (await board.boundingBox())!;
      expect(box.width).toBeLessThanOrEqual(size.viewport.width);
      await noHorizontalScroll(page);
      await expect(page.getByTestId('house-round').first()).toHaveAttribute('data-round-id', String(round.id));
      await expect(page.getByTestId('house-round').first().locator('a')).toHaveAttribute('href', `/casino/fairness?round=${round.id}`);
      await page.getByTestId('house-result').screenshot({ path: shot(`plinko-${size.name}-pt.png`) });
      await page.screenshot({ path: shot(`plinko-${size.name}-pt-page.png`), fullPage: true });
    });

    test('Dice rolls to the server\'s roll and Limbo counts up to its result; keyboard play cuts an animation short', async ({ page }) => {
      await page.goto(tenantUrl('localhost', '/casino/play?game=dice&mode=demo'));
      await expect(page.getByTestId('house-game')).toHaveAttribute('data-game', 'dice');
      const dice = await playOnce(page, 'dice');
      if (dice.outcome.game !== 'dice') throw new Error('not a dice round');
      await expect(page.getByTestId('dice-board')).toHaveAttribute('data-settled', 'true');
      await expect(page.getByTestId('dice-board')).toHaveAttribute('data-shown', String(dice.outcome.roll));
      await expect(page.getByTestId('house-result-text')).toContainText(/Você ganhou|Retorno de|Não foi dessa vez/);
      await noHorizontalScroll(page);
      await page.getByTestId('house-result').screenshot({ path: shot(`dice-${size.name}.png`) });

      await page.getByRole('button', { name: 'Limbo' }).click();
      await page.getByTestId('limbo-target').fill('1,5');
      // Keyboard only: Enter on "Jogar", and Enter again while the first multiplier climbs.
      await page.getByTestId('house-play').focus();
      const answers: number[] = [];
      page.on('response', (r) => {
        if (r.url().includes('/api/house/limbo/play')) answers.push(r.status());
      });
      const first = page.waitForResponse((r) => r.url().includes('/api/house/limbo/play'));
      await page.keyboard.press('Enter');
      await first;
      const second = page.waitForResponse((r) => r.url().includes('/api/house/limbo/play'));
      await page.keyboard.press('Enter');
      const limbo = ((await (await second).json()) as PlayAnswer).round;
      if (limbo.outcome.game !== 'limbo') throw new Error('not a limbo round');
      await expect(page.getByTestId('limbo-board')).toHaveAttribute('data-settled', 'true');
      await expect(page.getByTestId('limbo-board')).toHaveAttribute('data-shown', String(limbo.outcome.result));
      await expect(page.getByTestId('house-result')).toHaveAttribute('data-round-id', String(limbo.id));
      await expect(page.getByTestId('house-play')).toBeFocused();
      expect(answers).toEqual([200, 200]);
      // Both rounds listed, each once: the first was cut short, not replayed.
      await expect(page.getByTestId('house-round')).toHaveCount(3);
      await page.getByTestId('house-result').screenshot({ path: shot(`limbo-${size.name}.png`) });
    });
  });
}

test.describe('with reduced motion', () => {
  test.use({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce', locale: 'en-US' });

  test('the ball is in its slot at once, in English, with no stop in between', async ({ page }) => {
    await page.goto(tenantUrl('localhost', '/en/casino/play?game=plinko&mode=demo'));
    await expect(page.getByTestId('house-game')).toHaveAttribute('data-game', 'plinko');
    await recordBallStops(page);
    const round = await playOnce(page, 'plinko');
    if (round.outcome.game !== 'plinko') throw new Error('not a plinko round');
    await expect(page.getByTestId('house-result-text')).toContainText(`The ball landed in slot ${round.outcome.slot}`);
    await expect(page.locator('[data-testid="plinko-slot"][data-active]')).toHaveAttribute('data-slot', String(round.outcome.slot));
    expect(await page.evaluate(() => (window as unknown as { ballStops: string[] }).ballStops)).toEqual(['13']);
    await expect(page.getByTestId('plinko-board').locator('title')).toHaveText('Plinko board: 12 rows, medium risk');
    await noHorizontalScroll(page);
    await page.getByTestId('house-result').screenshot({ path: shot('plinko-phone-en.png') });

    // 16 rows: a larger board, still within the phone's width.
    await page.getByTestId('plinko-rows').selectOption('16');
    await page.getByTestId('plinko-risk').selectOption('high');
    const big = await playOnce(page, 'plinko');
    if (big.outcome.game !== 'plinko') throw new Error('not a plinko round');
    await expect(page.getByTestId('plinko-board').locator('.plinko-peg')).toHaveCount(168);
    await expect(page.locator('[data-testid="plinko-slot"][data-active]')).toHaveAttribute('data-slot', String(big.outcome.slot));
    await noHorizontalScroll(page);
    await page.getByTestId('house-result').screenshot({ path: shot('plinko16-phone-en.png') });
    await page.screenshot({ path: shot('plinko16-phone-en-page.png'), fullPage: true });

    // The result panel (board, words, terms) has no serious or critical axe violation.
    const axe = await new AxeBuilder({ page }).include('[data-testid="house-result"]').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

    await page.getByRole('button', { name: 'Dice' }).click();
    const dice = await playOnce(page, 'dice');
    if (dice.outcome.game !== 'dice') throw new Error('not a dice round');
    await expect(page.getByTestId('dice-board')).toHaveAttribute('data-shown', String(dice.outcome.roll));
  });
});

test('real money in the game page: the header balance around the frame moves only when the ball lands', async ({ page, request }) => {
  test.setTimeout(90_000);
  const player = await registerPlayer(request);
  const charge = await tenantApi('localhost', '/main-gateway/qrcode-pix', { body: { amount: 10_000 }, token: player.token });
  await payPixCharge(((await charge.json()) as { txid: string }).txid);
  await startLoggedIn(page, player);
  await page.goto(tenantUrl('localhost', '/casino/house/plinko'));
  const header = page.getByTestId('header-balance');
  await expect(header).toHaveText(/R\$\s?100,00/);
  await page.getByTestId('game-play-real').click();
  const frame = page.frameLocator('[data-testid="game-frame"]');
  await expect(frame.getByTestId('house-game')).toHaveAttribute('data-game', 'plinko');
  await expect(frame.getByTestId('house-play')).toBeVisible();
  // Every change of the header's text, with its time; and the time the frame showed the result.
  await page.evaluate(() => {
    const changes: { at: number; text: string }[] = [];
    (window as unknown as { headerChanges: typeof changes }).headerChanges = changes;
    const node = document.querySelector('[data-testid="header-balance"]')!;
    new MutationObserver(() => changes.push({ at: Date.now(), text: node.textContent ?? '' })).observe(node, { subtree: true, childList: true, characterData: true });
  });
  const playFrame = page.frames().find((f) => f.url().includes('/casino/play'))!;
  await playFrame.evaluate(() => {
    const w = window as unknown as { revealedAt?: number };
    new MutationObserver(() => {
      if (w.revealedAt === undefined && document.querySelector('[data-testid="house-result"][data-revealed="true"][data-round-id]')) w.revealedAt = Date.now();
    }).observe(document.body, { subtree: true, attributes: true, childList: true });
  });
  await frame.getByTestId('house-amount').fill('1,00');
  const answer = page.waitForResponse((r) => r.url().includes('/api/house/plinko/play'));
  await frame.getByTestId('house-play').click();
  const round = ((await (await answer).json()) as { round: { payout: number } }).round;
  const expected = ((10_000 - 100 + round.payout) / 100).toFixed(2).replace('.', ',');
  await expect(header).toHaveText(new RegExp(`R\\$\\s?${expected}`));
  const revealedAt = await playFrame.evaluate(() => (window as unknown as { revealedAt?: number }).revealedAt);
  expect(revealedAt).toBeDefined();
  const changes = await page.evaluate(() => (window as unknown as { headerChanges: { at: number; text: string }[] }).headerChanges);
  const moved = changes.filter((c) => !/100,00/.test(c.text));
  expect(moved.length).toBeGreaterThan(0);
  // A few milliseconds between two documents' events, never the ball's 1.5 s fall.
  for (const change of moved) expect(change.at).toBeGreaterThanOrEqual(revealedAt! - 100);
});

test.describe('at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 }, reducedMotion: 'reduce' });

  test('the 16-row board and the dice track fit without horizontal scroll', async ({ page }) => {
    await page.goto(tenantUrl('localhost', '/casino/play?game=plinko&mode=demo'));
    await expect(page.getByTestId('house-game')).toHaveAttribute('data-game', 'plinko');
    await page.getByTestId('plinko-rows').selectOption('16');
    const round = await playOnce(page, 'plinko');
    if (round.outcome.game !== 'plinko') throw new Error('not a plinko round');
    await expect(page.locator('[data-testid="plinko-slot"][data-active]')).toHaveAttribute('data-slot', String(round.outcome.slot));
    expect((await page.getByTestId('plinko-board').boundingBox())!.width).toBeLessThanOrEqual(320);
    await noHorizontalScroll(page);
    await page.getByTestId('house-result').screenshot({ path: shot('plinko16-320.png') });
    await page.getByRole('button', { name: 'Dice' }).click();
    await playOnce(page, 'dice');
    await expect(page.getByTestId('dice-board')).toHaveAttribute('data-settled', 'true');
    await noHorizontalScroll(page);
    await page.getByTestId('house-result').screenshot({ path: shot('dice-320.png') });
  });
});
