import { expect, type Page, test } from '@playwright/test';
import { currentPeriod } from '../../server/features/cashback/periods.ts';
import { startLoggedIn, type TestPlayer } from './accounts-helpers.ts';
import { seriousViolations } from './axe.ts';
import { tenantUrl } from './helpers.ts';
import { operatorCall, tenantApi, withSiteConfig } from './tenant-api.ts';
import { fundedPlayer } from './wallet-helpers.ts';

/**
 * Cashback in the browser (issue 18): on `localhost` switched to
 * unregulated for this file (cash cashback is forbidden on regulated
 * tenants, Lei 14.790 art. 29; restored afterwards), two players lose in a
 * house game, the operator runs the job for this week as immediate items,
 * and each player claims theirs on `/user` (pt, then en at 320 px by
 * keyboard), sees the balance and the wallet's bonus history change, and the
 * claimed item on `/bonus`.
 */
const HOST = 'localhost';
const players: TestPlayer[] = [];
const lost: number[] = [];

/**
 * One R$ 40,00 dice round over 9,700 (a 3 % chance to win). Answers the player's net loss in centavos, or null
 * when the round won: a won round puts the player ~R$ 1.250 up, which 300 more rounds rarely lose again (that
 * made this file fail about one run in twenty), so the caller takes a new player instead.
 */
async function loseInDice(player: TestPlayer): Promise<number | null> {
  const round = await tenantApi(HOST, '/house/dice/play', { token: player.token, body: { amount: 40_00, demo: false, params: { target: 9700, direction: 'over' } } });
  expect(round.status, await round.clone().text()).toBe(200);
  const { round: r } = (await round.json()) as { round: { amount: number; payout: number } };
  const net = r.payout - r.amount;
  return net < 0 ? -net : null;
}

test.describe.configure({ mode: 'serial' });
// Half of the losses back, all of it withdrawable.
withSiteConfig(HOST, { is_regulated: false, cashback: true, cashback_percentage: 50, cashback_conversion_percentage: 100 });

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  for (const name of ['Cássia Cashback', 'Edson Cashback']) {
    // A new player until one loses the round (five in a row all winning: 0.03⁵).
    let loser: { player: TestPlayer; loss: number } | null = null;
    for (let attempt = 0; attempt < 5 && !loser; attempt += 1) {
      const player = await fundedPlayer(request, name);
      const loss = await loseInDice(player);
      if (loss !== null) loser = { player, loss };
    }
    expect(loser, `${name}: five new players all won their dice round`).not.toBeNull();
    players.push(loser!.player);
    lost.push(loser!.loss);
  }
  expect(players).toHaveLength(2);
  const settings = (await (await operatorCall(HOST, 'GET', '/operator/cashback/settings')).json()) as { settings: { cashback_release_day: number; cashback_release_hour: number } };
  const week = currentPeriod(new Date(), settings.settings.cashback_release_day, settings.settings.cashback_release_hour);
  const run = await operatorCall(HOST, 'POST', '/operator/cashback/runs', { period_start: week.start, immediate: true });
  expect(run.status, await run.clone().text()).toBe(201);
});

const brl = (centavos: number, lang: 'pt' | 'en') => new Intl.NumberFormat(lang === 'pt' ? 'pt-BR' : 'en-US', { style: 'currency', currency: 'BRL' }).format(centavos / 100);
const moneyPattern = (text: string) => new RegExp(text.replace(/\s/g, '\\s?').replace(/[.$]/g, (c) => `\\${c}`));

async function claimOnProfile(page: Page, player: TestPlayer, index: number, lang: 'pt' | 'en'): Promise<void> {
  const x =
    lang === 'pt'
      ? { path: '/user', heading: 'Cashback', claim: 'Resgatar', credited: 'de cashback creditado', left: /1 resgate disponível agora/, wallet: '/account/wallet', claimed: 'Resgatado' }
      : { path: '/en/user', heading: 'Cashback', claim: 'Claim', credited: 'of cashback credited', left: /1 claim available now/, wallet: '/en/account/wallet', claimed: 'Claimed' };
  const cashback = Math.floor((lost[index]! * 5_000) / 10_000);
  const balanceBefore = 100_00 - lost[index]!;
  await startLoggedIn(page, player);
  await page.goto(tenantUrl(HOST, x.path));
  const card = page.getByRole('region', { name: x.heading });
  await expect(card.getByTestId('cashback-item')).toHaveCount(1);
  await expect(card.getByTestId('cashback-item')).toContainText(moneyPattern(brl(cashback, lang)));
  await expect(card).toContainText(x.left);
  const header = page.getByTestId('header-balance');
  await expect(header).toHaveText(moneyPattern(brl(balanceBefore, lang)));
  expect(await seriousViolations(page)).toEqual([]);

  const button = card.getByRole('button', { name: new RegExp(`^${x.claim}`) });
  if (lang === 'en') {
    // By keyboard: focus comes to the button with Tab, Enter claims.
    await page.keyboard.press('Tab');
    for (let i = 0; i < 60 && !(await button.evaluate((b) => b === document.activeElement)); i += 1) await page.keyboard.press('Tab');
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');
  } else {
    await button.click();
  }
  const status = card.getByRole('status');
  await expect(status).toContainText(x.credited);
  await expect(status).toContainText(moneyPattern(brl(cashback, lang)));
  await expect(header).toHaveText(moneyPattern(brl(balanceBefore + cashback, lang)));
  await expect(card.getByTestId('cashback-item')).toContainText(x.claimed);
  await expect(card.getByRole('button', { name: new RegExp(`^${x.claim}`) })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(tenantUrl(HOST, x.wallet));
  const row = page.getByTestId('bonus-row').filter({ hasText: 'Cashback' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(moneyPattern(brl(cashback, lang)));

  // The same card on /bonus, beside the coupons and running bonuses.
  await page.goto(tenantUrl(HOST, lang === 'pt' ? '/bonus' : '/en/bonus'));
  await expect(page.getByRole('region', { name: x.heading }).getByTestId('cashback-item')).toContainText(x.claimed);
}

test('a player who lost in a house game claims the week\'s cashback on /user and sees the balance and the history change, and on /bonus (pt)', async ({ page }) => {
  await claimOnProfile(page, players[0]!, 0, 'pt');
});

test('the same in English at 320 px, by keyboard, without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 720 });
  await claimOnProfile(page, players[1]!, 1, 'en');
  await page.goto(tenantUrl(HOST, '/en/user'));
  await expect(page.getByRole('region', { name: 'Cashback' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});
