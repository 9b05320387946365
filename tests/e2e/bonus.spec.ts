import { expect, type Page, test } from '@playwright/test';
import { registerPlayer, startLoggedIn } from './accounts-helpers.ts';
import { seriousViolations } from './axe.ts';
import { tenantUrl } from './helpers.ts';
import { tabTo } from './keyboard-helpers.ts';
import { operatorCall, patchSiteConfig, withSiteConfig } from './tenant-api.ts';

/**
 * Coupons and bonus money in the browser (issue 18). Bonus money is forbidden
 * on regulated tenants (Lei 14.790 art. 29), and every demo tenant is: this
 * file switches `localhost` to unregulated, creates a public bonus coupon, and
 * a player redeems it on `/bonus` (an invalid code first) and sees the bonus
 * with its rollover bar and the balance change (pt, then en at 320 px by
 * keyboard from `/promo-codes`). Then `localhost` is regulated again and the
 * same kind of coupon is refused with the law's message. Restored afterwards
 * (Playwright runs one worker).
 */
const HOST = 'localhost';
const CODE = 'BEMVINDO10';
const LATER = 'SEGUNDA10';

test.describe.configure({ mode: 'serial' });
withSiteConfig(HOST, { is_regulated: false });

test.beforeAll(async () => {
  for (const code of [CODE, LATER]) {
    const made = await operatorCall(HOST, 'POST', '/operator/coupons', {
      code,
      description: { pt: 'R$ 10 de bônus de boas-vindas', en: 'R$ 10 welcome bonus' },
      reward: { kind: 'bonus', amount: 1000, rollover_multiplier: 3, expires_days: 7 },
      public: code === CODE,
    });
    expect([201, 409], await made.clone().text()).toContain(made.status);
  }
});

const TEXTS = {
  pt: {
    prefix: '',
    field: 'Código do cupom',
    apply: 'Aplicar cupom',
    invalid: 'Cupom inválido. Confira o código e tente de novo.',
    applied: `Cupom ${CODE} aplicado`,
    active: 'Bônus ativos',
    progress: /Apostado R\$\s0,00 de R\$\s30,00 \(0%\)/,
    expires: /Expira em/,
    zero: /R\$\s0,00/,
    ten: /R\$\s10,00/,
    use: `Usar ${CODE}`,
    law: 'Bônus e vantagens para apostar não são permitidos neste site (Lei nº 14.790/2023, art. 29).',
  },
  en: {
    prefix: '/en',
    field: 'Coupon code',
    apply: 'Apply coupon',
    invalid: 'Invalid coupon. Check the code and try again.',
    applied: `Coupon ${CODE} applied`,
    active: 'Active bonuses',
    progress: /Wagered R\$0\.00 of R\$30\.00 \(0%\)/,
    expires: /Expires on/,
    zero: /R\$\s?0\.00/,
    ten: /R\$\s?10\.00/,
    use: `Use ${CODE}`,
    law: 'Bonuses and advantages to bet with are not allowed on this site (Law 14,790/2023, art. 29).',
  },
};

async function expectBonusShown(page: Page, x: (typeof TEXTS)['pt']): Promise<void> {
  await expect(page.getByTestId('coupon-valid')).toContainText(x.applied);
  await expect(page.getByTestId('header-balance')).toHaveText(x.ten);
  const active = page.getByRole('region', { name: x.active });
  const bonus = active.getByTestId('active-bonus');
  await expect(bonus).toHaveCount(1);
  await expect(bonus).toContainText(CODE);
  await expect(bonus).toContainText(x.progress);
  await expect(bonus).toContainText(x.expires);
  await expect(bonus.getByRole('progressbar')).toHaveAttribute('value', '0');
  expect(await seriousViolations(page)).toEqual([]);
}

test('a player redeems a coupon on /bonus (an invalid code first) and sees the bonus, its rollover and the balance (pt)', async ({ page, request }) => {
  const x = TEXTS.pt;
  const player = await registerPlayer(request, HOST, 'Bruna Bônus');
  await startLoggedIn(page, player);
  await page.goto(tenantUrl(HOST, '/bonus'));
  await expect(page.getByRole('heading', { level: 1, name: 'Bônus' })).toBeVisible();
  await expect(page.getByTestId('header-balance')).toHaveText(x.zero);
  await expect(page.getByRole('region', { name: x.active })).toContainText('Você não tem bônus ativos.');
  expect(await seriousViolations(page)).toEqual([]);

  const field = page.getByLabel(x.field);
  await field.fill('naoexiste');
  await page.getByRole('button', { name: x.apply }).click();
  await expect(page.getByTestId('coupon-error')).toHaveText(x.invalid);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(await seriousViolations(page)).toEqual([]);

  await field.fill(CODE.toLowerCase());
  await page.getByRole('button', { name: x.apply }).click();
  await expectBonusShown(page, x);
  // The history lists the bonus credit.
  await page.goto(tenantUrl(HOST, '/user/edit/transaction'));
  await expect(page.getByTestId('transaction-row').filter({ hasText: 'Bônus' })).toHaveCount(1);
});

test('from /promo-codes by keyboard at 320 px, the code fills /bonus and is applied (en)', async ({ page, request }) => {
  const x = TEXTS.en;
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.setViewportSize({ width: 320, height: 720 });
  const player = await registerPlayer(request, HOST, 'Bruno Bonus');
  await startLoggedIn(page, player);
  await page.goto(tenantUrl(HOST, '/en/promo-codes'));
  const use = page.getByRole('link', { name: x.use });
  await expect(use).toBeVisible();
  await expect(page.getByTestId('promo-code').filter({ hasText: LATER })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await tabTo(page, use);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/en\/bonus\?coupon=BEMVINDO10$/);

  const field = page.getByLabel(x.field);
  await expect(field, errors.join('\n')).toHaveValue(CODE);
  await page.keyboard.press('Tab');
  await tabTo(page, field);
  // A mistyped code first: refused in English, the field marked; then the real one.
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('nope123');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('coupon-error')).toHaveText(x.invalid);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(await seriousViolations(page)).toEqual([]);
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(CODE);
  // Enter in the field submits the form.
  await page.keyboard.press('Enter');
  await expectBonusShown(page, x);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  // Used now: the code is marked so on /promo-codes.
  await page.goto(tenantUrl(HOST, '/en/promo-codes'));
  await expect(page.getByTestId('promo-code').filter({ hasText: CODE })).toContainText('Already used');
});

test('on a regulated tenant a bonus coupon is refused with the law, and nothing is credited (pt and en)', async ({ page, request }) => {
  await patchSiteConfig(HOST, { is_regulated: true });
  const player = await registerPlayer(request, HOST, 'Regina Regulada');
  await startLoggedIn(page, player);
  for (const lang of ['pt', 'en'] as const) {
    const x = TEXTS[lang];
    await page.goto(tenantUrl(HOST, `${x.prefix}/bonus`));
    await page.getByLabel(x.field).fill(LATER);
    await page.getByRole('button', { name: x.apply }).click();
    await expect(page.getByTestId('coupon-error')).toHaveText(x.law);
    await expect(page.getByTestId('header-balance')).toHaveText(x.zero);
    expect(await seriousViolations(page)).toEqual([]);
  }
});
