import { expect, type Page, test } from '@playwright/test';
import { registerPlayer, startLoggedIn } from './accounts-helpers.ts';
import { seriousViolations } from './axe.ts';
import { tenantUrl } from './helpers.ts';
import { tabTo } from './keyboard-helpers.ts';
import { configureAndRebuild, operatorCall, tenantApi } from './tenant-api.ts';
import { fundedPlayer } from './wallet-helpers.ts';

/**
 * Mystery boxes in the browser (issue 19), pt and en. First the public pages
 * of the regulated demo tenant `localhost`: `/casino/crates` and a box page
 * with every prize's published probability and value, and no buy button
 * (buying with money is not offered there). Then `localhost` is switched to
 * unregulated and rebuilt with a test box holding one prize (so the draw is
 * known): a guest's Buy opens the login modal; a player who deposited by Pix
 * buys it, opens it with its animation in the box's spine colour, sees the
 * fairness proof checked, sells the prize on /account/items and an unopened
 * box on /account/boxes, the header balance following every answer. A box
 * granted by the operator arrives live with the won-box modal, which leads
 * to /en/account/boxes; it opens with reduced motion (no animation) and its
 * prize is sold by keyboard at 320 px. Everything is restored afterwards
 * (Playwright runs one worker).
 */
const HOST = 'localhost';
const SLUG = 'e2e-camiseta';
const TEST_BOX = {
  name: { pt: 'Caixa Camiseta', en: 'T-shirt Box' },
  description: { pt: 'Sempre uma camiseta do clube.', en: 'Always a club T-shirt.' },
  image: null,
  color: 'green',
  price: 1_000,
  buyable: true,
  active: true,
  position: 99,
  prizes: [{ name: { pt: 'Camiseta do clube', en: 'Club T-shirt' }, image: null, kind: 'item', value: 3_000, sell_value: 2_500, points: 0, probability_ppm: 1_000_000 }],
};
let wasRegulated = true;
let rebuilt = false;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  const current = (await (await operatorCall(HOST, 'GET', '/operator/site-config')).json()) as { config: { is_regulated: boolean } };
  wasRegulated = current.config.is_regulated;
});

test.afterAll(async () => {
  test.setTimeout(240_000);
  const removed = await operatorCall(HOST, 'DELETE', `/operator/boxes/${SLUG}`);
  expect([200, 404]).toContain(removed.status);
  if (rebuilt) await configureAndRebuild(HOST, { is_regulated: wasRegulated });
  else expect((await operatorCall(HOST, 'PATCH', '/operator/site-config', { is_regulated: wasRegulated })).status).toBe(200);
});

const BRONZE = {
  pt: {
    prefix: '',
    title: 'Caixas',
    box: 'Caixa Bronze',
    price: /R\$\s5,00/,
    ev: /R\$\s3,00/,
    rows: [
      ['10 pontos VIP', '40%', '10 pontos VIP'],
      ['Ficha de R$ 2', '30%', 'R$ 2,00'],
      ['Ficha de R$ 5', '20%', 'R$ 5,00'],
      ['Ficha de R$ 10', '9%', 'R$ 10,00'],
      ['Ficha de R$ 50', '1%', 'R$ 50,00'],
    ],
    regulated: 'A compra de caixas com dinheiro não é oferecida neste site',
    buy: /Comprar por/,
  },
  en: {
    prefix: '/en',
    title: 'Boxes',
    box: 'Bronze Box',
    price: /R\$\s?5\.00/,
    ev: /R\$\s?3\.00/,
    rows: [
      ['10 VIP points', '40%', '10 VIP points'],
      ['R$ 2 chip', '30%', 'R$2.00'],
      ['R$ 5 chip', '20%', 'R$5.00'],
      ['R$ 10 chip', '9%', 'R$10.00'],
      ['R$ 50 chip', '1%', 'R$50.00'],
    ],
    regulated: 'Buying boxes with money is not offered on this site',
    buy: /Buy for/,
  },
};

/** Resolves once the page's realtime connection has joined `channel` (Pusher's subscription_succeeded frame). */
function subscribed(page: Page, channel: string): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        const text = typeof payload === 'string' ? payload : payload.toString();
        if (text.includes('pusher_internal:subscription_succeeded') && text.includes(`"${channel}"`)) resolve();
      });
    });
  });
}

async function noOverflow(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

function normalise(text: string): string {
  return text.replace(/\u00a0/g, ' ').trim();
}

for (const lang of ['pt', 'en'] as const) {
  test(`${lang}: the crates list and a box page with every prize's probability and value; regulated: no buy button`, async ({ page }) => {
    test.setTimeout(120_000);
    const x = BRONZE[lang];
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(tenantUrl(HOST, `${x.prefix}/casino/crates`));
    await expect(page.getByRole('heading', { level: 1, name: x.title })).toBeVisible();
    const card = page.getByTestId('box-card').filter({ hasText: x.box });
    await expect(card).toBeVisible();
    await expect(card.getByTestId('box-price')).toHaveText(x.price);
    await expect(card.getByTestId('box-ev')).toHaveText(x.ev);
    // The side menu's "Caixas" entry leads here.
    await expect(page.locator('#side-menu').getByRole('link', { name: x.title })).toHaveAttribute('href', `${x.prefix}/casino/crates`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/boxes-crates-${lang}-desktop.png`, fullPage: true });

    await card.getByRole('link', { name: x.box }).click();
    await expect(page).toHaveURL(new RegExp(`${x.prefix}/casino/box/bronze$`));
    await expect(page.getByRole('heading', { level: 1, name: x.box })).toBeVisible();
    await expect(page.getByTestId('box-page').getByTestId('box-price')).toHaveText(x.price);
    await expect(page.getByTestId('box-page').getByTestId('box-ev')).toHaveText(x.ev);
    const rows = page.getByTestId('box-prize');
    await expect(rows).toHaveCount(x.rows.length);
    for (const [index, [name, probability, value]] of x.rows.entries()) {
      const row = rows.nth(index);
      await expect(row.getByRole('rowheader')).toHaveText(name!);
      expect(normalise(await row.getByTestId('prize-probability').innerText())).toBe(probability);
      expect(normalise(await row.getByTestId('prize-value').innerText())).toBe(value!.replace(/\u00a0/g, ' '));
    }
    // Regulated (every demo tenant): the page says buying is not offered and has no button.
    await expect(page.getByTestId('box-buy-regulated')).toContainText(x.regulated);
    await expect(page.getByRole('button', { name: x.buy })).toHaveCount(0);
    // No React on a public page's first paint.
    expect(await page.evaluate(() => document.querySelectorAll('astro-island').length)).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/boxes-box-${lang}-desktop.png`, fullPage: true });

    await page.setViewportSize({ width: 390, height: 800 });
    await page.screenshot({ path: `/tmp/boxes-box-${lang}-390.png`, fullPage: true });
    await page.setViewportSize({ width: 320, height: 720 });
    await noOverflow(page, 320);
    await page.goto(tenantUrl(HOST, `${x.prefix}/casino/crates`));
    await noOverflow(page, 320);
    await page.screenshot({ path: `/tmp/boxes-crates-${lang}-320.png`, fullPage: true });
    // Keyboard: a box card's link is reachable and opens its page.
    const link = page.getByTestId('box-card').filter({ hasText: x.box }).getByRole('link');
    await tabTo(page, link);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${x.prefix}/casino/box/bronze$`));
    expect(errors).toEqual([]);
  });
}

test('unregulated: a guest is asked to log in; a player who deposited buys the box, opens it with its animation, checks the proof and sells the prize and a box (pt)', async ({ page, browser, request }) => {
  test.setTimeout(300_000);
  const made = await operatorCall(HOST, 'PUT', `/operator/boxes/${SLUG}`, TEST_BOX);
  expect([200, 201], await made.clone().text()).toContain(made.status);
  await configureAndRebuild(HOST, { is_regulated: false });
  rebuilt = true;

  // A guest: Buy opens the login modal.
  const guest = await browser.newPage({ locale: 'pt-BR' });
  await guest.goto(tenantUrl(HOST, `/casino/box/${SLUG}`));
  await expect(guest.getByText('Entre para comprar esta caixa.')).toBeVisible();
  await guest.getByRole('button', { name: 'Comprar por R$ 10,00' }).click();
  await expect(guest.getByRole('dialog')).toBeVisible();
  await guest.close();

  const player = await fundedPlayer(request, 'Bia Caixas');
  await startLoggedIn(page, player);
  await page.goto(tenantUrl(HOST, `/casino/box/${SLUG}`));
  await expect(page.getByTestId('header-balance')).toHaveText(/R\$\s100,00/);
  await expect(page.getByTestId('box-prize')).toHaveText([/Camiseta do clube\s*100%\s*R\$\s30,00/]);
  await expect(page.getByText('Entre para comprar esta caixa.')).toBeHidden();
  await page.getByRole('button', { name: 'Comprar por R$ 10,00' }).click();
  await expect(page.getByRole('status')).toContainText('Caixa comprada!');
  await expect(page.getByTestId('header-balance')).toHaveText(/R\$\s90,00/);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/boxes-bought-pt-desktop.png', fullPage: true });

  // A second box bought through the API, to sell unopened.
  const second = await tenantApi(HOST, '/boxes/buy', { body: { box_id: Number(await page.locator('box-buy').getAttribute('data-box-id')) }, token: player.token });
  expect(second.status).toBe(200);

  await page.getByRole('link', { name: 'Abrir em Minhas caixas' }).click();
  await expect(page).toHaveURL(/\/account\/boxes$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Minhas caixas' })).toBeVisible();
  const boxes = page.getByTestId('user-box');
  await expect(boxes).toHaveCount(2);
  await expect(page.getByTestId('header-balance')).toHaveText(/R\$\s80,00/);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/boxes-mine-pt-desktop.png', fullPage: true });

  // Opening: the box shakes in the tenant's green, then the prize.
  const config = (await (await operatorCall(HOST, 'GET', '/operator/site-config')).json()) as { config: { spineBox: Record<string, string> } };
  await boxes.first().getByRole('button', { name: 'Abrir' }).click();
  const dialog = page.getByTestId('box-opening');
  await expect(dialog).toHaveAttribute('data-phase', 'shaking');
  const shaking = await dialog.locator('.boxes-opening__box').evaluate((el) => getComputedStyle(el).animationName);
  expect(shaking).toBe('boxes-shake');
  const colour = await dialog.locator('.boxes-opening__stage').evaluate((el) => getComputedStyle(el).getPropertyValue('--box-colour').trim());
  expect(colour.toLowerCase()).toBe(config.config.spineBox.green!.toLowerCase());
  await page.screenshot({ path: '/tmp/boxes-opening-pt-desktop.png' });
  await expect(dialog).toHaveAttribute('data-phase', 'revealed');
  await expect(dialog.getByTestId('box-prize-won')).toHaveText('Você ganhou: Camiseta do clube');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/boxes-opened-pt-desktop.png' });
  await dialog.getByRole('button', { name: 'Fechar' }).first().click();
  await expect(dialog).toHaveCount(0);

  // The proof: the revealed seed hashes to the hash shown before (checked in the browser), with the fairness page's link.
  const opened = boxes.filter({ hasText: 'Aberta' });
  await expect(opened).toHaveCount(1);
  await expect(opened.getByTestId('user-box-prize')).toContainText('Camiseta do clube');
  await opened.getByText('Prova de justiça').click();
  await expect(opened.getByTestId('box-hash-check')).toHaveText(/^Conferido neste navegador/);
  // The draw redone in the browser (HMAC of the revealed seed → ticket → the published range) gives the prize received.
  await expect(opened.getByTestId('box-draw-check')).toContainText('Sorteio refeito neste navegador');
  await expect(opened.getByTestId('box-draw-check')).toContainText('Camiseta do clube');
  const verifyLink = opened.getByRole('link', { name: 'Verificar na página de justiça' });
  await expect(verifyLink).toHaveAttribute('href', /^\/casino\/fairness\?box=\d+#boxes$/);

  // The unopened one is sold for its price.
  const unopened = boxes.filter({ hasText: 'Fechada' });
  await unopened.getByRole('button', { name: 'Vender por R$ 10,00' }).click();
  await expect(unopened.getByRole('group', { name: /^Vender a caixa/ })).toContainText('Vender a caixa Caixa Camiseta por R$ 10,00?');
  await unopened.getByRole('button', { name: 'Confirmar venda' }).click();
  await expect(boxes.filter({ hasText: 'Vendida' })).toHaveCount(1);
  await expect(page.getByTestId('header-balance')).toHaveText(/R\$\s90,00/);

  // Verified on the fairness page: the same checks, redone there from the box's revealed seeds.
  await page.goto(tenantUrl(HOST, (await verifyLink.getAttribute('href'))!));
  const verified = page.getByTestId('box-verify-result');
  await expect(verified.getByTestId('box-verify-hash')).toHaveText(/Conferido neste navegador/);
  await expect(verified.getByTestId('box-verify-draw')).toContainText('Camiseta do clube');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/boxes-fairness-pt-desktop.png', fullPage: true });

  // The prize on /account/items, sold once with a confirmation.
  await page.goto(tenantUrl(HOST, '/account/items'));
  await expect(page.getByRole('heading', { level: 1, name: 'Meus itens' })).toBeVisible();
  const item = page.getByTestId('user-prize').filter({ hasText: 'Camiseta do clube' });
  await expect(item).toHaveCount(1);
  await item.getByRole('button', { name: 'Vender por R$ 25,00' }).click();
  await item.getByRole('button', { name: 'Confirmar venda' }).click();
  await expect(page.getByTestId('prize-sold-message')).toHaveText(/Item vendido: R\$\s25,00 creditados no seu saldo\./);
  await expect(page.getByTestId('header-balance')).toHaveText(/R\$\s115,00/);
  await expect(item).toHaveAttribute('data-status', 'sold');
  await expect(item.getByRole('button', { name: /Vender/ })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/boxes-items-pt-desktop.png', fullPage: true });
});

test('a box granted by the operator arrives live with the won-box modal, which leads to /en/account/boxes; reduced motion opens it at once; the prize sold by keyboard at 320 px (en)', async ({ page, request }) => {
  test.setTimeout(120_000);
  const player = await registerPlayer(request, HOST, 'Gabe Gift');
  await startLoggedIn(page, player);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 390, height: 844 });
  const joined = subscribed(page, `private-universal.${player.user.id}`);
  await page.goto(tenantUrl(HOST, '/en/account/boxes'));
  await expect(page.getByText('You have no boxes yet.')).toBeVisible();
  // Live: the player's private channel is joined once the session is known.
  await joined;

  const granted = await operatorCall(HOST, 'POST', `/operator/boxes/${SLUG}/grant`, { user_id: player.user.id });
  expect(granted.status, await granted.clone().text()).toBe(201);
  const modal = page.getByTestId('won-box-modal');
  await expect(modal).toBeVisible({ timeout: 15_000 });
  const go = modal.getByRole('link', { name: 'See my boxes' });
  await expect(go).toHaveAttribute('href', '/en/account/boxes');
  // The list behind the modal already shows it.
  await go.click();
  await expect(page).toHaveURL(/\/en\/account\/boxes$/);
  const box = page.getByTestId('user-box').filter({ hasText: 'T-shirt Box' });
  await expect(box).toContainText('Gift from the operator');
  // A granted box is not sold for money.
  await expect(box.getByRole('button', { name: /Sell/ })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/boxes-mine-en-390.png', fullPage: true });

  await box.getByRole('button', { name: 'Open' }).click();
  const dialog = page.getByTestId('box-opening');
  await expect(dialog.getByTestId('box-prize-won')).toHaveText('You won: Club T-shirt');
  expect(await dialog.locator('.boxes-opening__box').evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
  await page.screenshot({ path: '/tmp/boxes-opened-en-390.png' });
  await dialog.getByRole('link', { name: 'See in My items' }).click();

  await expect(page).toHaveURL(/\/en\/account\/items$/);
  await page.setViewportSize({ width: 320, height: 720 });
  const item = page.getByTestId('user-prize').filter({ hasText: 'Club T-shirt' });
  const sell = item.getByRole('button', { name: 'Sell for R$25.00' });
  await expect(sell).toBeVisible();
  await noOverflow(page, 320);
  expect(await seriousViolations(page)).toEqual([]);
  await tabTo(page, sell);
  await page.keyboard.press('Enter');
  await expect(item.getByRole('button', { name: 'Confirm sale' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('prize-sold-message')).toHaveText(/Item sold: R\$\s?25\.00 added to your balance\./);
  await expect(page.getByTestId('header-balance')).toHaveText(/R\$\s?25\.00/);
  await noOverflow(page, 320);
  await page.screenshot({ path: '/tmp/boxes-items-en-320.png', fullPage: true });
});
