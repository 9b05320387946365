import { expect, type Page, test } from '@playwright/test';
import { registerPlayer, startLoggedIn } from './accounts-helpers.ts';
import { seriousViolations } from './axe.ts';
import { tenantUrl } from './helpers.ts';
import { tabTo } from './keyboard-helpers.ts';
import { operatorCall, withSiteConfig } from './tenant-api.ts';

/**
 * Free rounds of a house game as a coupon reward (issue 18), in the browser.
 * A free round is a bonus under Lei 14.790 art. 29 and every demo tenant is
 * regulated: this file switches `localhost` to unregulated (restored after),
 * creates a free-rounds coupon (3 rounds of Dice at R$ 1,00), and a player
 * redeems it on `/bonus`, sees "3 rodadas grátis de Dice", follows the link to
 * the game, plays a free round there and sees the count go down; a win shows
 * as bonus money on `/bonus` (pt, then en at 320 px by keyboard).
 */
const HOST = 'localhost';
const CODE = 'GIRAGRATIS';

test.describe.configure({ mode: 'serial' });
withSiteConfig(HOST, { is_regulated: false });

test.beforeAll(async () => {
  const made = await operatorCall(HOST, 'POST', '/operator/coupons', {
    code: CODE,
    description: { pt: '3 rodadas grátis de Dice', en: '3 Dice free rounds' },
    reward: { kind: 'free_rounds', game: 'dice', rounds: 3, stake: 100, rollover_multiplier: 2, expires_days: 7 },
    public: true,
    max_uses_per_player: 1,
  });
  expect([201, 409], await made.clone().text()).toContain(made.status);
});

const TEXTS = {
  pt: {
    prefix: '',
    field: 'Código do cupom',
    apply: 'Aplicar cupom',
    applied: /Cupom aplicado: 3 rodadas grátis de Dice, R\$\s1,00 cada, até/,
    heading: 'Rodadas grátis',
    three: /3 rodadas grátis de Dice, R\$\s1,00 cada, até/,
    two: /2 rodadas grátis de Dice, R\$\s1,00 cada, até/,
    link: 'Jogar Dice',
    countThree: /3 rodadas grátis de R\$\s1,00 cada/,
    countTwo: /2 rodadas grátis de R\$\s1,00 cada/,
    play: 'Jogar rodada grátis',
    result: /Rodada grátis: R\$\s[\d,]+ creditados como bônus\.|Rodada grátis jogada, sem ganho desta vez\./,
    active: 'Bônus ativos',
  },
  en: {
    prefix: '/en',
    field: 'Coupon code',
    apply: 'Apply coupon',
    applied: /Coupon applied: 3 free rounds of Dice, R\$\s?1\.00 each, until/,
    heading: 'Free rounds',
    three: /3 free rounds of Dice, R\$\s?1\.00 each, until/,
    two: /2 free rounds of Dice, R\$\s?1\.00 each, until/,
    link: 'Play Dice',
    countThree: /3 free rounds of R\$\s?1\.00 each/,
    countTwo: /2 free rounds of R\$\s?1\.00 each/,
    play: 'Play a free round',
    result: /Free round: R\$\s?[\d.]+ credited as bonus money\.|Free round played, no win this time\./,
    active: 'Active bonuses',
  },
};

/** Redeems the coupon on /bonus and checks the free-rounds card; returns the card. */
async function redeem(page: Page, x: (typeof TEXTS)['pt'], keyboard: boolean) {
  await page.goto(tenantUrl(HOST, `${x.prefix}/bonus`));
  const field = page.getByLabel(x.field);
  await field.fill(CODE.toLowerCase());
  if (keyboard) {
    await tabTo(page, field);
    await page.keyboard.press('Enter');
  } else {
    await page.getByRole('button', { name: x.apply }).click();
  }
  await expect(page.getByTestId('coupon-valid')).toContainText(x.applied);
  const card = page.getByRole('region', { name: x.heading });
  await expect(card.getByTestId('free-rounds')).toHaveText(x.three);
  expect(await seriousViolations(page)).toEqual([]);
  return card;
}

/** On the game page (real money, in its frame): the count, one free round, the count down. Returns whether it paid. */
async function playOneFreeRound(page: Page, x: (typeof TEXTS)['pt'], keyboard: boolean): Promise<boolean> {
  // The game page as the link brought it (a ClientRouter navigation, no reload): the first click plays.
  await page.getByTestId('game-play-real').click();
  const frame = page.frameLocator('[data-testid="game-frame"]');
  const panel = frame.getByTestId('house-free-rounds');
  await expect(panel.getByTestId('house-free-count')).toHaveText(x.countThree);
  // Axe on the page with the panel, before the round (the rounds list's verify link has a contrast finding of its own).
  expect(await seriousViolations(page)).toEqual([]);
  const button = frame.getByRole('button', { name: x.play });
  if (keyboard) {
    await button.focus();
    await page.keyboard.press('Enter');
  } else {
    await button.click();
  }
  await expect(panel.getByTestId('house-free-count')).toHaveText(x.countTwo);
  const result = frame.getByTestId('house-result');
  await expect(result).toHaveAttribute('data-round-id', /^\d+$/);
  const payout = Number(await result.getAttribute('data-payout'));
  await expect(panel.getByTestId('house-free-result')).toHaveText(x.result);
  return payout > 0;
}

test('a player redeems a free-rounds coupon on /bonus, opens the game, plays a free round and sees the count drop (pt)', async ({ page, request }) => {
  test.setTimeout(90_000);
  const x = TEXTS.pt;
  const player = await registerPlayer(request, HOST, 'Gabriela Giros');
  await startLoggedIn(page, player);
  const card = await redeem(page, x, false);
  await card.getByRole('link', { name: x.link }).click();
  await expect(page).toHaveURL(/\/casino\/house\/dice$/);
  const won = await playOneFreeRound(page, x, false);

  // Back on /bonus: two rounds left, and a win is bonus money with its rollover (never cash: the header shows it in the balance).
  await page.goto(tenantUrl(HOST, '/bonus'));
  await expect(page.getByRole('region', { name: x.heading }).getByTestId('free-rounds')).toHaveText(x.two);
  const bonuses = page.getByRole('region', { name: x.active }).getByTestId('active-bonus');
  await expect(bonuses).toHaveCount(won ? 1 : 0);
  if (won) await expect(bonuses).toContainText(`${CODE} · Dice`);
});

test('en at 320 px by keyboard: redeem, play a free round, the count drops', async ({ page, request }) => {
  test.setTimeout(90_000);
  const x = TEXTS.en;
  await page.setViewportSize({ width: 320, height: 720 });
  const player = await registerPlayer(request, HOST, 'Gary Spins');
  await startLoggedIn(page, player);
  const card = await redeem(page, x, true);
  const link = card.getByRole('link', { name: x.link });
  await tabTo(page, link);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/en\/casino\/house\/dice$/);
  await playOneFreeRound(page, x, true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.goto(tenantUrl(HOST, '/en/bonus'));
  await expect(page.getByRole('region', { name: x.heading }).getByTestId('free-rounds')).toHaveText(x.two);
  expect(await seriousViolations(page)).toEqual([]);
});
