import { expect, test, type Locator, type Page } from '@playwright/test';
import { registerPlayer, startLoggedIn } from './accounts-helpers.ts';
import { seriousViolations } from './axe.ts';
import { tenantUrl } from './helpers.ts';
import { pageWidth } from './layout-helpers.ts';
import { fundedPlayer } from './wallet-helpers.ts';

/**
 * Issue 16 (proof, site side): the sandbox sportsbook's widget on the sports
 * pages of the demo tenant `localhost` (sports on) and `sorte.localhost`
 * (sports off). A visitor sees events and odds and is asked to log in; a
 * player bets single and multiple, watches the header balance drop and rise
 * live (BalanceUpdated), settles a bet won from the widget's demo control,
 * and finds both bets in the history; a deep link reloads onto its event.
 */

const WIDGET_SCRIPT = /\/sandbox-sportsbook\/renderer\.js$/;
const widget = (page: Page) => page.getByTestId('sportsbook-widget');
/** Odds buttons are named "{outcome} ({market}), cotação {odds}" / "…, odds {odds}". */
const odds = (page: Page, outcome: string) => widget(page).getByRole('button', { name: new RegExp(`^${outcome} \\(.+\\), (cotação|odds) \\d`) }).first();

/** Records the script URLs the page requests from now on. */
function recordScripts(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.push(request.url());
  });
  return urls;
}

/** "R$ 100,00" → 10000 centavos. */
function centavos(text: string): number {
  return Math.round(Number(text.replace(/[^\d,]/g, '').replace(',', '.')) * 100);
}

async function oddsOf(button: Locator): Promise<number> {
  return Number((await button.locator('.btr-odd__value').innerText()).replace(',', '.'));
}

/** On a phone the slip is a bar at the bottom: open it when it is closed. */
async function openSlip(page: Page): Promise<void> {
  const toggle = widget(page).getByRole('button', { name: /^(Boletim|Bet slip) \(\d+\)/ });
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
}

for (const { prefix, badge, place, login, pick } of [
  { prefix: '', badge: 'Ambiente de demonstração — sportsbook sandbox', place: 'Apostar', login: 'Entrar', pick: 'Flamengo' },
  { prefix: '/en', badge: 'Demo environment — sandbox sportsbook', place: 'Place bet', login: 'Log in', pick: 'Flamengo' },
]) {
  test(`a visitor on ${prefix}/sports sees events and odds, and betting opens our login modal`, async ({ page }) => {
    const scripts = recordScripts(page);
    await page.goto(tenantUrl('localhost', `${prefix}/sports`));
    await expect(page.getByTestId('sportsbook-badge')).toHaveText(badge);
    await expect(widget(page).locator('.btr-event').first()).toBeVisible();
    expect(await widget(page).locator('.btr-event').count()).toBeGreaterThan(5);
    await expect(widget(page).getByRole('heading', { name: 'Flamengo x Palmeiras' })).toBeVisible();
    expect(scripts.filter((url) => WIDGET_SCRIPT.test(url))).toHaveLength(1);

    await odds(page, pick).click();
    await expect(odds(page, pick)).toHaveAttribute('aria-pressed', 'true');
    await openSlip(page);
    await widget(page).getByRole('button', { name: place, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: login })).toBeVisible();
  });
}

test('logging in from the widget’s prompt starts it again with the player’s token, and logging out as a visitor', async ({ page, request }) => {
  const player = await registerPlayer(request, 'localhost', 'Otávio Entra Depois');
  await page.goto(tenantUrl('localhost', '/sports'));
  await odds(page, 'Flamengo').click();
  await openSlip(page);
  await widget(page).getByRole('button', { name: 'Apostar', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Telefone$/).fill(player.phone.national);
  await dialog.getByLabel(/^Senha$/).fill(player.password);
  await dialog.getByRole('button', { name: /^Entrar$/ }).click();
  await expect(dialog).toBeHidden();
  // The widget was started again with a launch token: the player's bets show (none yet).
  await expect(widget(page).getByRole('heading', { name: 'Minhas apostas' })).toBeVisible();
  await expect(widget(page).getByText('Nenhuma aposta ainda.')).toBeVisible();
  await page.locator('.session__button--account').click();
  await page.locator('#account-menu [data-auth-logout]').click();
  // Logging out goes home as a visitor.
  await expect(page).toHaveURL(tenantUrl('localhost', '/'));
  await page.goto(tenantUrl('localhost', '/sports'));
  await expect(widget(page).locator('.btr-event').first()).toBeVisible();
  await expect(widget(page).getByRole('heading', { name: 'Minhas apostas' })).toHaveCount(0);
});

test('a player bets single and multiple, the balance follows live, a bet settled won pays, and both show in the history', async ({ page, request }) => {
  test.setTimeout(120_000);
  const player = await fundedPlayer(request, 'Sebastião Esportes');
  await startLoggedIn(page, player);
  await page.goto(tenantUrl('localhost', '/sports'));
  const balance = page.getByTestId('header-balance');
  await expect(balance).toHaveText(/R\$\s?100,00/);
  // With a token the widget lists the player's bets (none yet).
  await expect(widget(page).getByRole('heading', { name: 'Minhas apostas' })).toBeVisible();

  // Single: R$ 10,00 on Flamengo.
  const flamengo = odds(page, 'Flamengo');
  const singleOdds = await oddsOf(flamengo);
  await flamengo.click();
  await expect(page.getByTestId('slip-type')).toHaveText('Simples');
  await widget(page).getByLabel('Valor da aposta (R$)').fill('10,00');
  await widget(page).getByRole('button', { name: 'Apostar', exact: true }).click();
  await expect(page.getByTestId('slip-notice')).toContainText('Aposta aceita!');
  await expect(balance).toHaveText(/R\$\s?90,00/);

  // Multiple: R$ 5,00 on two other events.
  await odds(page, 'Corinthians').click();
  await odds(page, 'Grêmio').click();
  await expect(page.getByTestId('slip-type')).toHaveText('Múltipla (2 seleções)');
  await widget(page).getByLabel('Valor da aposta (R$)').fill('5');
  await widget(page).getByRole('button', { name: 'Apostar', exact: true }).click();
  await expect(page.getByTestId('slip-notice')).toContainText('Aposta aceita!');
  await expect(balance).toHaveText(/R\$\s?85,00/);

  // The single is settled won through the widget's demo control: the header shows the win at once.
  const bets = widget(page).locator('.btr-bet');
  await expect(bets).toHaveCount(2);
  const single = bets.filter({ hasText: 'R$ 10,00' });
  await single.getByLabel('Resultado').selectOption('won');
  await single.getByRole('button', { name: 'Liquidar' }).click();
  await expect(single.locator('.btr-pill')).toHaveText('Ganha');
  const expected = 8500 + Math.floor(1000 * singleOdds);
  await expect.poll(async () => centavos(await balance.innerText())).toBe(expected);

  // History: the sports tab lists both betslips with their selections and odds.
  await page.goto(tenantUrl('localhost', '/user/edit/history-casino'));
  await page.getByRole('tab', { name: 'Esportes' }).click();
  await expect(page).toHaveURL(/\?tab=sports$/);
  const slips = page.getByTestId('sports-bet');
  await expect(slips).toHaveCount(2);
  const won = page.locator('[data-testid="sports-bet"][data-status="won"]');
  await expect(won).toHaveCount(1);
  await expect(won).toContainText('Simples');
  await expect(won).toContainText('Flamengo');
  const multiple = page.locator('[data-testid="sports-bet"][data-type="multiple"]');
  await expect(multiple).toContainText('Corinthians');
  await expect(multiple).toContainText('Grêmio');
  await expect(multiple.locator('.sports-selection')).toHaveCount(2);
  await expect(multiple).toContainText(/Cotação total \d+,\d\d/);

  // Ledger: the transactions page names the sports movements.
  await page.goto(tenantUrl('localhost', '/user/edit/transaction'));
  const bet = page.locator('[data-testid="transaction-row"][data-type="sports_bet"]');
  await expect(bet).toHaveCount(2);
  await expect(bet.first()).toContainText('Aposta esportiva');
  const win = page.locator('[data-testid="transaction-row"][data-type="sports_win"]');
  await expect(win).toHaveCount(1);
  await expect(win).toContainText('Ganho em aposta esportiva');
});

test('a refusal shows the sportsbook’s message and offers a deposit', async ({ page, request }) => {
  const player = await fundedPlayer(request, 'Rita Sem Saldo', [1_000]);
  await startLoggedIn(page, player);
  await page.goto(tenantUrl('localhost', '/sports'));
  await expect(page.getByTestId('header-balance')).toHaveText(/R\$\s?10,00/);
  await expect(widget(page).getByRole('heading', { name: 'Minhas apostas' })).toBeVisible();
  await odds(page, 'Flamengo').click();
  await widget(page).getByLabel('Valor da aposta (R$)').fill('50,00');
  await widget(page).getByRole('button', { name: 'Apostar', exact: true }).click();
  const notice = page.getByTestId('slip-notice');
  await expect(notice).toContainText('Aposta recusada:');
  await notice.getByRole('button', { name: 'Depositar' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByTestId('header-balance')).toHaveText(/R\$\s?10,00/);
});

test('the address follows the widget: a deep link reloads onto its event and Back returns to the competition', async ({ page }) => {
  await page.goto(tenantUrl('localhost', '/sports'));
  await widget(page).getByRole('button', { name: 'Futebol', exact: true }).click();
  await expect(page).toHaveURL(/\/sportsbook\/football$/);
  await widget(page).getByRole('button', { name: 'Brasileirão Série A', exact: true }).click();
  await expect(page).toHaveURL(/\/sportsbook\/football\/brazil\/brasileirao-serie-a$/);
  await widget(page).getByRole('button', { name: 'Flamengo x Palmeiras', exact: true }).click();
  await expect(page).toHaveURL(/\/sportsbook\/football\/brazil\/brasileirao-serie-a\/flamengo-x-palmeiras-sbx-fut-1$/);
  const eventUrl = page.url();
  await expect(widget(page).getByRole('heading', { level: 2, name: 'Flamengo x Palmeiras' })).toBeVisible();

  await page.reload();
  await expect(page).toHaveURL(eventUrl);
  await expect(widget(page).getByRole('heading', { level: 2, name: 'Flamengo x Palmeiras' })).toBeVisible();
  await expect(widget(page).getByRole('heading', { level: 3, name: /Total/ })).toBeVisible();
  // The language switch points at the same event in English.
  await expect(page.locator('a[data-locale-switch="en"]')).toHaveAttribute('href', '/en/sportsbook/football/brazil/brasileirao-serie-a/flamengo-x-palmeiras-sbx-fut-1');

  await page.goBack();
  await expect(page).toHaveURL(/\/sportsbook\/football\/brazil\/brasileirao-serie-a$/);
  await expect(widget(page).getByRole('heading', { level: 2, name: 'Brasileirão Série A' })).toBeVisible();

  // A deep link opened cold, in English.
  await page.goto(tenantUrl('localhost', '/en/sportsbook/basketball/brazil/nbb'));
  await expect(widget(page).getByRole('heading', { level: 2, name: /^NBB/ })).toBeVisible();
  await expect(widget(page).getByRole('button', { name: 'NBB (Brazil)', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(widget(page).getByRole('button', { name: 'Basketball', exact: true })).toHaveAttribute('aria-current', 'true');
});

test('a tenant without sports hides the menu entry and shows "Esportes indisponíveis" without the widget script', async ({ page }) => {
  await page.goto(tenantUrl('localhost', '/'));
  await expect(page.locator('#side-menu a[href="/sports"]')).toHaveCount(1);

  const scripts = recordScripts(page);
  await page.goto(tenantUrl('sorte.localhost', '/'));
  await expect(page.locator('#side-menu a[href="/sports"]')).toHaveCount(0);
  for (const path of ['/sports', '/sportschange', '/sportsbook/football', '/en/sports']) {
    const response = await page.goto(tenantUrl('sorte.localhost', path));
    expect(response!.status()).toBe(200);
    await expect(page.getByTestId('sports-unavailable')).toContainText(path.startsWith('/en') ? 'Sports unavailable' : 'Esportes indisponíveis');
    await expect(page.locator('#sports-config')).toHaveCount(0);
  }
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((url) => WIDGET_SCRIPT.test(url) || /SportsWidget/.test(url))).toEqual([]);
});

test('no sports script on casino or legal pages; the sports page loads it once, after load', async ({ page }) => {
  const scripts = recordScripts(page);
  for (const path of ['/', '/casino/games', '/casino/category/slots', '/terms', '/en/privacy']) {
    await page.goto(tenantUrl('localhost', path));
    await page.waitForLoadState('networkidle');
    await expect(page.locator('#sports-config')).toHaveCount(0);
  }
  expect(scripts.filter((url) => WIDGET_SCRIPT.test(url) || /SportsWidget|sports-page|\/sports\./.test(url))).toEqual([]);
  await page.goto(tenantUrl('localhost', '/sports'));
  await expect(widget(page)).toBeVisible();
  expect(scripts.filter((url) => WIDGET_SCRIPT.test(url))).toHaveLength(1);
});

for (const viewport of [
  { width: 320, height: 640 },
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
]) {
  test(`sports pages at ${viewport.width} px: no sideways scroll, keyboard reaches the odds, axe finds nothing serious`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    for (const path of ['/sports', '/en/sportsbook/football/brazil/brasileirao-serie-a/flamengo-x-palmeiras-sbx-fut-1']) {
      await page.goto(tenantUrl('localhost', path));
      await expect(widget(page).locator('.btr-odd').first()).toBeVisible();
      const width = await pageWidth(page);
      expect(width.scroll, path).toBeLessThanOrEqual(width.viewport);
      // Keyboard: Tab reaches an odds button and Enter picks it.
      const first = widget(page).locator('.btr-odd').first();
      await first.focus();
      await page.keyboard.press('Enter');
      await expect(first).toHaveAttribute('aria-pressed', 'true');
      await openSlip(page);
      expect(await seriousViolations(page), path).toEqual([]);
      // For review by eye: SPORTS_SHOTS_DIR=/some/folder keeps a screenshot of each page and size.
      if (process.env.SPORTS_SHOTS_DIR) await page.screenshot({ path: `${process.env.SPORTS_SHOTS_DIR}/sports-${viewport.width}-${path.startsWith('/en') ? 'en' : 'pt'}.png` });
    }
  });
}
