import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { totpCode } from '../../server/features/staff/totp.ts';
import { currentPeriod } from '../../server/features/cashback/periods.ts';
import { newCpf, newEmail, newPhone, registerPlayer, registrationBody, type TestPlayer } from './accounts-helpers.ts';
import { seriousViolations } from './axe.ts';
import { HOST, newPage, newStaff, noSidewaysScroll, openScreen, PASSWORD, signIn } from './backoffice-helpers.ts';
import { tenantUrl } from './helpers.ts';
import { latestCodeOn, operatorCall, patchSiteConfig, tenantApi } from './tenant-api.ts';
import { fundedPlayer, payPixCharge } from './wallet-helpers.ts';

/**
 * The back office's history tables (issue 21), filled through the platform
 * first and read by marketing staff only this file creates:
 * - a coupon made with the operator key and redeemed 51 times (two pages),
 *   its redemptions opened from the Coupons list, page 2 kept in the URL
 *   across a reload (pt, desktop);
 * - a player who wagers R$ 100,00 and reaches Bronze, on the Ranks screen's
 *   table of ranks reached, the page in the URL across a reload, by keyboard
 *   (en, 390 px);
 * - the cashback job's run, the items it made and a claim, on the Cashback
 *   screen (pt at 390 px by keyboard, en on a desktop).
 * Every screen is clean for axe and never scrolls sideways.
 *
 * The cashback part runs on `sorte.localhost`: a tenant's period is run once
 * (`cashback_already_run`), and tests/e2e/cashback.spec.ts runs this week's
 * on `localhost`, so a run here would take its period from it. The sorte
 * staff account signs in with the same password-then-TOTP steps as
 * backoffice-helpers' `signIn` (which signs in on `localhost` only).
 */
test.describe.configure({ mode: 'serial' });

const SORTE = 'sorte.localhost';
const stamp = Date.now() % 100_000;
const CODE = `VISTA${stamp}`;
/** The stamp in letters, for player names (a name has letters only). */
const tag = String(stamp).replace(/\d/g, (d) => 'bcdfghjlmn'[Number(d)]!);
const names = { first: `Fábio Cupom ${tag}`, last: `Lara Cupom ${tag}`, rank: `Rosa Rank ${tag}`, lost: [`Caio Cashback ${tag}`, `Dora Cashback ${tag}`] };
/** What each cashback player lost (centavos), and which of them claimed. */
const cashback: { player: TestPlayer; lost: number }[] = [];
let sorteSaved: Record<string, unknown> = {};
const SORTE_PATCH = { is_regulated: false, cashback: true, cashback_percentage: 50, cashback_conversion_percentage: 100 };

const brl = (centavos: number, lang: 'pt' | 'en') => new Intl.NumberFormat(lang === 'pt' ? 'pt-BR' : 'en-US', { style: 'currency', currency: 'BRL' }).format(centavos / 100);
/** A money text as a pattern that takes any space Intl puts after `R$`. */
const money = (centavos: number, lang: 'pt' | 'en') =>
  new RegExp(
    brl(centavos, lang)
      .replace(/\s/g, '\\s?')
      .replace(/[.$]/g, (c) => `\\${c}`),
  );

/** One real-money dice round; `lose` plays a 3 % chance to win. Answers the round's net result for the player (centavos). */
async function dice(host: string, player: TestPlayer, amount: number, lose: boolean): Promise<number> {
  const params = lose ? { target: 9700, direction: 'over' } : { target: 5000, direction: 'under' };
  const round = await tenantApi(host, '/house/dice/play', { token: player.token, body: { amount, demo: false, params } });
  expect(round.status, await round.clone().text()).toBe(200);
  const { round: r } = (await round.json()) as { round: { amount: number; payout: number } };
  return r.payout - r.amount;
}

/**
 * A new player of sorte with R$ 100,00 deposited through the real Pix path. Registered through tenantApi: the
 * test process does not resolve `*.localhost`, which registerPlayer's request context would need.
 */
async function sortePlayer(name: string): Promise<TestPlayer> {
  const phone = newPhone();
  const player = { name, phone, email: newEmail(), password: 'senha-forte-1', cpf: newCpf() };
  expect((await tenantApi(SORTE, '/auth/verify-phone', { body: { phone: phone.e164 } })).ok).toBe(true);
  const code = await latestCodeOn(SORTE, phone.e164);
  const verified = await tenantApi(SORTE, '/auth/verify-code', { body: { channel: 'phone', destination: phone.e164, code } });
  const { verification_token } = (await verified.json()) as { verification_token: string };
  const registered = await tenantApi(SORTE, '/auth/register', {
    body: registrationBody({ name, phone: phone.e164, verificationToken: verification_token, email: player.email, password: player.password, cpf: player.cpf }),
  });
  expect(registered.status, await registered.clone().text()).toBe(201);
  const body = (await registered.json()) as { token: string; data: TestPlayer['user'] };
  const charge = await tenantApi(SORTE, '/main-gateway/qrcode-pix', { body: { amount: 100_00 }, token: body.token });
  expect(charge.status, await charge.clone().text()).toBe(200);
  await payPixCharge(((await charge.json()) as { txid: string }).txid);
  return { ...player, token: body.token, user: body.data };
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  // A coupon redeemed 51 times: 50 by one player, then once by another (the newest, first on page 1).
  const made = await operatorCall(HOST, 'POST', '/operator/coupons', {
    code: CODE,
    description: { pt: 'Cupom das vistas', en: 'Views coupon' },
    reward: { kind: 'vip_points', points: 5 },
    max_uses_per_player: 50,
  });
  expect(made.status, await made.clone().text()).toBe(201);
  const first = await registerPlayer(request, HOST, names.first);
  for (let i = 0; i < 50; i += 1) {
    const redeemed = await tenantApi(HOST, '/bonuses/check-coupon', { body: { coupon: CODE }, token: first.token });
    expect(redeemed.status, await redeemed.clone().text()).toBe(200);
  }
  const last = await registerPlayer(request, HOST, names.last);
  expect((await tenantApi(HOST, '/bonuses/check-coupon', { body: { coupon: CODE }, token: last.token })).status).toBe(200);

  // R$ 100,00 wagered reaches Bronze (level 2) on the demo ranks.
  const ranked = await fundedPlayer(request, names.rank);
  await dice(HOST, ranked, 60_00, false);
  await dice(HOST, ranked, 40_00, false);

  // Cashback on sorte (unregulated for this file, put back afterwards): two players who lost, this week run at once, the first claims.
  const current = (await (await operatorCall(SORTE, 'GET', '/operator/site-config')).json()) as { config: Record<string, unknown> };
  sorteSaved = Object.fromEntries(Object.keys(SORTE_PATCH).map((key) => [key, current.config[key] ?? null]));
  await patchSiteConfig(SORTE, SORTE_PATCH);
  for (const name of names.lost) {
    // A new player until one loses the round (five in a row all winning: 0.03⁵).
    let found: { player: TestPlayer; lost: number } | null = null;
    for (let attempt = 0; attempt < 5 && !found; attempt += 1) {
      const player = await sortePlayer(name);
      const net = await dice(SORTE, player, 40_00, true);
      if (net < 0) found = { player, lost: -net };
    }
    expect(found, `${name}: five new players all won their dice round`).not.toBeNull();
    cashback.push(found!);
  }
  const settings = (await (await operatorCall(SORTE, 'GET', '/operator/cashback/settings')).json()) as { settings: { cashback_release_day: number; cashback_release_hour: number } };
  const week = currentPeriod(new Date(), settings.settings.cashback_release_day, settings.settings.cashback_release_hour);
  const run = await operatorCall(SORTE, 'POST', '/operator/cashback/runs', { period_start: week.start, immediate: true });
  expect(run.status, await run.clone().text()).toBe(201);
  const items = (await (await tenantApi(SORTE, '/bonuses/cashback', { token: cashback[0]!.player.token })).json()) as { data: { id: number }[] };
  const claimed = await tenantApi(SORTE, '/bonuses/cashback/claim', { body: { cashback_id: items.data[0]!.id }, token: cashback[0]!.player.token });
  expect(claimed.status, await claimed.clone().text()).toBe(200);
});

test.afterAll(async () => {
  await operatorCall(HOST, 'PATCH', `/operator/coupons/${CODE}`, { active: false });
  if (Object.keys(sorteSaved).length > 0) await patchSiteConfig(SORTE, sorteSaved);
});

async function clean(page: Page): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
  await noSidewaysScroll(page);
}

/** Presses Tab until `target` has the focus (at most `max` times). */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  for (let i = 0; i < max && !(await target.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
}

test('a coupon’s redemptions open from the Coupons list, page by page, the page kept in the URL across a reload (pt, desktop)', async ({ browser }) => {
  test.setTimeout(90_000);
  const who = await newStaff('marketing', 'Mila Marketing', 'views-coupons');
  const page = await newPage(browser);
  await signIn(page, who);
  await openScreen(page, 'Cupons');
  const row = page.locator(`tr[data-coupon="${CODE}"]`);
  await expect(row).toContainText('51');
  await row.getByRole('link', { name: `Ver resgates de ${CODE}` }).click();
  await expect(page).toHaveURL(new RegExp(`/backoffice/coupons/${CODE}/redemptions$`));
  await expect(page.getByRole('heading', { level: 1, name: `Resgates do cupom ${CODE}` })).toBeVisible();
  await expect(page.getByText('O cupom dá: 5 pontos VIP.')).toBeVisible();
  const table = page.getByRole('region', { name: `Resgates de ${CODE}` });
  await expect(table.locator('caption')).toHaveText('51 resgates · página 1 de 2');
  await expect(table.locator('tbody tr')).toHaveCount(50);
  // Newest first; a marketing role cannot open player profiles, so the player is named, not linked.
  await expect(table.locator('tbody tr').first()).toContainText(names.last);
  await expect(table.locator('tbody tr').first().getByRole('link')).toHaveCount(0);
  await expect(table.locator('tbody tr').nth(1)).toContainText(names.first);
  await clean(page);

  await page.getByRole('navigation', { name: 'Páginas de resgates' }).getByRole('link', { name: 'Próxima →' }).click();
  await expect(page).toHaveURL(new RegExp(`/backoffice/coupons/${CODE}/redemptions\\?page=2$`));
  await expect(table.locator('caption')).toHaveText('51 resgates · página 2 de 2');
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.locator('tbody tr')).toContainText(names.first);
  await page.reload();
  await expect(page.getByRole('region', { name: `Resgates de ${CODE}` }).locator('caption')).toHaveText('51 resgates · página 2 de 2');
  await expect(page.getByRole('navigation', { name: 'Páginas de resgates' }).getByRole('link', { name: 'Próxima →' })).toHaveCount(0);
  await clean(page);

  // A coupon nobody redeemed says so; back to the list.
  const unused = `NADA${stamp}`;
  expect((await operatorCall(HOST, 'POST', '/operator/coupons', { code: unused, description: { pt: 'Sem uso', en: 'Unused' }, reward: { kind: 'vip_points', points: 1 } })).status).toBe(201);
  await page.getByRole('link', { name: '← Todos os cupons' }).click();
  await page
    .locator(`tr[data-coupon="${unused}"]`)
    .getByRole('link', { name: `Ver resgates de ${unused}` })
    .click();
  await expect(page.getByText('Nenhum resgate ainda.')).toBeVisible();
  await operatorCall(HOST, 'PATCH', `/operator/coupons/${unused}`, { active: false });
});

test('the ranks reached, in English at 390 px by keyboard: the player who reached Bronze, the page kept across a reload', async ({ browser }) => {
  test.setTimeout(90_000);
  const who = await newStaff('marketing', 'Rui Ranks', 'views-ranks');
  const page = await newPage(browser, { width: 390, locale: 'en-US' });
  await signIn(page, who, { lang: 'en', keyboard: true });
  await openScreen(page, 'VIP ranks');
  const table = page.getByRole('region', { name: 'Ranks reached' });
  const row = table.locator('tbody tr').filter({ hasText: names.rank });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('2 · Bronze');
  await expect(table.locator('caption')).toContainText(/ranks? reached · page 1 of \d+/);
  // The table scrolls inside its own region, reached by Tab.
  await tabTo(page, table);
  await clean(page);

  // A page in the URL survives a reload; past the end, the page says so and leads back.
  await page.goto(tenantUrl(HOST, '/backoffice/ranks?page=2'));
  const pages = page.getByRole('navigation', { name: 'Pages of ranks reached' });
  await expect(pages.getByRole('link', { name: '← Previous' })).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/\/backoffice\/ranks\?page=2$/);
  await expect(page.getByText(/Nothing on this page: the list has 1 page\(s\)\.|page 2 of/)).toBeVisible();
  const previous = pages.getByRole('link', { name: '← Previous' });
  await tabTo(page, previous);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/backoffice\/ranks$/);
  // The keyboard lands on the table's heading, not at the top of the long screen.
  await expect(page.getByRole('heading', { name: 'Ranks reached' })).toBeFocused();
  await expect(page.getByRole('region', { name: 'Ranks reached' }).locator('tbody tr').filter({ hasText: names.rank })).toHaveCount(1);
  await clean(page);
});

/** Signs `who` in on `host`'s back office, enrolling TOTP (the first and only sign-in of the account). */
async function signInOn(browser: Browser, host: string, who: { email: string }, opts: { width?: number; lang: 'pt' | 'en' }): Promise<Page> {
  const en = opts.lang === 'en';
  const page = await newPage(browser, { width: opts.width, locale: en ? 'en-US' : 'pt-BR' });
  await page.goto(tenantUrl(host, '/backoffice/'));
  await expect(page.getByLabel('Site')).toHaveValue(host);
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByLabel(en ? 'Password' : 'Senha').fill(PASSWORD);
  await page.getByRole('button', { name: en ? 'Continue' : 'Continuar' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel(en ? 'Code' : 'Código').fill(totpCode(secret, new Date()));
  await page.getByRole('button', { name: en ? 'Sign in' : 'Entrar', exact: true }).click();
  await expect(page.getByRole('navigation', { name: en ? 'Screens' : 'Telas' })).toBeVisible();
  return page;
}

async function sorteStaff(name: string, prefix: string): Promise<{ email: string }> {
  const who = { email: `${prefix}-${Date.now() % 1_000_000}@ipe.example` };
  const made = await operatorCall(SORTE, 'POST', '/operator/staff', { email: who.email, name, role: 'marketing', password: PASSWORD });
  expect(made.status, await made.clone().text()).toBe(201);
  return who;
}

const share = (lost: number) => Math.floor((lost * 5_000) / 10_000);

test('the cashback history on a phone, by keyboard (pt): this week’s run, the items it made and the claim, the list and page in the URL', async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await signInOn(browser, SORTE, await sorteStaff('Célia Cashback', 'views-cashback-pt'), { width: 390, lang: 'pt' });
  await openScreen(page, 'Cashback');
  const lists = page.getByRole('navigation', { name: 'Listas do histórico do cashback' });
  await expect(lists.getByRole('link', { name: 'Execuções' })).toHaveAttribute('aria-current', 'true');
  const runs = page.getByRole('region', { name: 'Execuções' });
  await expect(runs.locator('caption')).toContainText(/execuç(ão|ões) · página 1 de 1/);
  const run = runs.locator('tbody tr').first();
  await expect(run).toContainText(/Concluída em/);
  await expect(run.locator('td.num')).toHaveText(/^[2-9]$|^\d\d+$/);
  await clean(page);

  // By keyboard to the items.
  await tabTo(page, lists.getByRole('link', { name: 'Cashbacks gerados' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/backoffice\/cashback\?list=items$/);
  await expect(page.getByRole('heading', { name: 'Histórico do cashback' })).toBeFocused();
  await expect(lists.getByRole('link', { name: 'Cashbacks gerados' })).toHaveAttribute('aria-current', 'true');
  const items = page.getByRole('region', { name: 'Cashbacks gerados' });
  const [claimedBy, waiting] = cashback;
  const claimedRow = items.locator('tbody tr').filter({ hasText: names.lost[0]! });
  const openRow = items.locator('tbody tr').filter({ hasText: names.lost[1]! });
  await expect(claimedRow).toContainText(money(claimedBy!.lost, 'pt'));
  await expect(claimedRow).toContainText('Imediato (1 resgate)');
  await expect(claimedRow).toContainText(new RegExp(`Resgatado: ${money(share(claimedBy!.lost), 'pt').source}`));
  await expect(openRow).toContainText(money(share(waiting!.lost), 'pt'));
  await expect(openRow).toContainText('Disponível, nada resgatado');
  await clean(page);

  await tabTo(page, lists.getByRole('link', { name: 'Resgates' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/backoffice\/cashback\?list=claims$/);
  const claims = page.getByRole('region', { name: 'Resgates' });
  const claim = claims.locator('tbody tr').filter({ hasText: names.lost[0]! });
  await expect(claim).toHaveCount(1);
  await expect(claim).toContainText(money(share(claimedBy!.lost), 'pt'));
  await expect(claim).toContainText('1º resgate');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Resgates' }).locator('tbody tr').filter({ hasText: names.lost[0]! })).toHaveCount(1);
  await expect(lists.getByRole('link', { name: 'Resgates' })).toHaveAttribute('aria-current', 'true');
  await clean(page);

  // A page past the end of the claims says so, and the URL keeps it.
  await page.goto(tenantUrl(SORTE, '/backoffice/cashback?list=claims&page=3'));
  await expect(page.getByText('Nada nesta página: a lista tem 1 página(s).')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Páginas de Resgates' }).getByRole('link', { name: '← Anterior' })).toHaveAttribute('href', '/backoffice/cashback?list=claims');
  await clean(page);
});

test('the cashback history in English on a desktop', async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await signInOn(browser, SORTE, await sorteStaff('Cid Cashback', 'views-cashback-en'), { lang: 'en' });
  await page.goto(tenantUrl(SORTE, '/backoffice/cashback?list=items'));
  const items = page.getByRole('region', { name: 'Cashback made' });
  await expect(items.locator('caption')).toContainText(/cashbacks? made · page 1 of 1/);
  const [claimedBy, waiting] = cashback;
  await expect(items.locator('tbody tr').filter({ hasText: names.lost[0]! })).toContainText(new RegExp(`Claimed: ${money(share(claimedBy!.lost), 'en').source}`));
  await expect(items.locator('tbody tr').filter({ hasText: names.lost[1]! })).toContainText(money(share(waiting!.lost), 'en'));
  await expect(items.locator('tbody tr').filter({ hasText: names.lost[1]! })).toContainText('Immediate (1 claim)');
  await clean(page);
  await page.getByRole('navigation', { name: 'Cashback history lists' }).getByRole('link', { name: 'Runs' }).click();
  await expect(page).toHaveURL(/\/backoffice\/cashback$/);
  await expect(page.getByRole('region', { name: 'Runs' }).locator('tbody tr').first()).toContainText(/Finished/);
  await page.getByRole('navigation', { name: 'Cashback history lists' }).getByRole('link', { name: 'Claims' }).click();
  await expect(page.getByRole('region', { name: 'Claims' }).locator('tbody tr').filter({ hasText: names.lost[0]! })).toContainText('claim 1');
  await clean(page);
});
