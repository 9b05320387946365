import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { HOST, newPage, newStaff, noSidewaysScroll, openScreen, signIn } from './backoffice-helpers.ts';
import { tenantUrl } from './helpers.ts';
import { configureAndRebuild, operatorCall } from './tenant-api.ts';

/**
 * The rest of the site configuration in the back office (issue 21): social
 * links (checked before sending, published to the footer), the sign-in
 * rules, third parties' identifiers, BetBy and the boxes' spine colours.
 * Every setting the file changes is put back (and the site rebuilt) after it.
 */
test.describe.configure({ mode: 'serial' });

const KEYS = ['socialLinks', 'login_requires_email', 'turnstileSiteKey', 'betby', 'spineBox'] as const;
let saved: Record<string, unknown> | null = null;
const siteConfig = async () => ((await (await operatorCall(HOST, 'GET', '/operator/site-config')).json()) as { config: Record<string, unknown> }).config;

test.beforeAll(async () => {
  const config = await siteConfig();
  saved = Object.fromEntries(KEYS.map((key) => [key, config[key] ?? null]));
});
test.afterAll(async () => {
  test.setTimeout(200_000);
  if (saved) await configureAndRebuild(HOST, saved);
});

test('an admin on a phone adds a social link (an http:// address is refused first) and the published footer links to it', async ({ browser }) => {
  test.setTimeout(240_000);
  const admin = await newStaff('admin', 'Sara Social', 'social');
  const page = await newPage(browser, { width: 390 });
  await signIn(page, admin);
  await openScreen(page, 'Site');
  const form = page.getByRole('form', { name: 'Redes sociais' });
  await form.getByRole('button', { name: 'Adicionar rede social' }).click();
  const rows = await form.getByRole('group').count();
  await form.getByRole('combobox', { name: 'Rede' }).last().selectOption('tiktok');
  const address = form.getByRole('textbox', { name: `Endereço (link ${rows})` });
  await address.fill('http://tiktok.com/@ipe');
  await form.getByRole('button', { name: 'Salvar redes sociais' }).click();
  // Refused here, in Portuguese, with the keyboard on the field, and nothing sent.
  await expect(form.locator('.field__error')).toContainText('https://');
  await expect(address).toBeFocused();
  expect(((await siteConfig()).socialLinks as { url: string }[]).some((link) => link.url.includes('tiktok'))).toBe(false);
  await noSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);

  await address.fill('https://tiktok.com/@ipe');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toContainText('Configuração salva');
  expect((await siteConfig()).socialLinks).toContainEqual({ network: 'tiktok', url: 'https://tiktok.com/@ipe' });

  await page.getByRole('button', { name: 'Publicar agora' }).click();
  await expect(page.locator('[data-build]')).toHaveAttribute('data-build', 'succeeded', { timeout: 200_000 });
  const site = await newPage(browser, { width: 390 });
  await site.goto(tenantUrl(HOST, '/'));
  await expect(site.locator('.site-footer__social a[href="https://tiktok.com/@ipe"]')).toHaveCount(1);
  await site.context().close();
  await page.context().close();
});

test('in English on a desktop, the sign-in rules, a captcha key, BetBy and a spine colour are saved; a bad address is named', async ({ browser }) => {
  test.setTimeout(120_000);
  const before = await siteConfig();
  const admin = await newStaff('admin', 'Sam Settings', 'settings');
  const page = await newPage(browser, { width: 1366, locale: 'en-US' });
  await signIn(page, admin, { lang: 'en' });
  await openScreen(page, 'Site');
  const form = page.getByRole('form', { name: 'Sign-in, registration and integrations' });

  // The platform refuses an address that is not a URL and names the field; nothing is saved.
  await form.getByRole('textbox', { name: 'Help page (address)' }).fill('not an address');
  await form.getByRole('button', { name: 'Save sign-in and integrations' }).click();
  await expect(form.getByText('Use a full address, such as https://example.com.')).toBeVisible();
  expect((await siteConfig()).supportUrl).toEqual(before.supportUrl);

  await form.getByRole('textbox', { name: 'Help page (address)' }).fill((before.supportUrl as string | undefined) ?? '');
  await form.getByRole('checkbox', { name: 'Sign in with e-mail' }).setChecked(!before.login_requires_email);
  await form.getByRole('textbox', { name: 'Turnstile site key (captcha)' }).fill('1x00000000000000000000AA');
  await form.getByRole('textbox', { name: 'BetBy brand ID' }).fill('4321');
  await form.getByRole('textbox', { name: 'Red', exact: true }).fill('#aa1122');
  await form.getByRole('button', { name: 'Save sign-in and integrations' }).click();
  await expect(page.getByRole('status')).toContainText(/saved/i);
  const after = await siteConfig();
  expect(after.login_requires_email).toBe(!before.login_requires_email);
  expect(after.turnstileSiteKey).toBe('1x00000000000000000000AA');
  expect(after.betby).toEqual({ ...(before.betby as object), brand_id: '4321' });
  expect((after.spineBox as Record<string, string>).red).toBe('#aa1122');
  expect(await seriousViolations(page)).toEqual([]);
  await noSidewaysScroll(page);
  await page.context().close();
});
