import { type Browser, expect, type Page, test } from '@playwright/test';
import { chooseRegistrationLimits, latestCode, newCpf, newEmail, newPhone, registerPlayer, startLoggedIn, type TestPlayer } from './accounts-helpers.ts';
import { seriousViolations } from './axe.ts';
import { tenantUrl } from './helpers.ts';
import { openPage, tabTo } from './keyboard-helpers.ts';
import { pageWidth } from './layout-helpers.ts';
import { patchSiteConfig, tenantApi, withSiteConfig } from './tenant-api.ts';
import { payPixCharge } from './wallet-helpers.ts';

/**
 * Refer a friend (issue 18) in pt and en: player A copies their link on
 * /refers; a new visitor opens it, registers through the modal and shows up
 * in A's list; after the friend's Pix deposit the friend is qualified with
 * the reward. The demo tenants are regulated, where no referral reward may
 * be paid (Portaria SPA/MF 1.231/2024 art. 42): `localhost` is switched to
 * unregulated for this file and restored after (Playwright runs one worker).
 */

test.describe.configure({ mode: 'serial' });
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const IPE = 'localhost';

withSiteConfig(IPE, { is_regulated: false });

const TEXTS = {
  pt: {
    prefix: '',
    title: 'Indique um amigo',
    intro: /você ganha R\$\s10,00 em dinheiro/,
    copy: 'Copiar link',
    linkLabel: 'Link de indicação',
    copied: 'Copiado!',
    friends: 'Amigos indicados',
    empty: 'Nenhum amigo se cadastrou pelo seu link ainda.',
    pending: 'Aguardando depósito',
    qualified: 'Qualificado',
    reward: /\+ R\$\s10,00/,
    signUp: 'Cadastre-se',
    dialog: 'Criar conta',
    next: 'Continuar',
    male: 'Masculino',
    single: 'Solteiro(a)',
    name: 'Nome completo',
    phone: 'Telefone',
    sendCode: 'Enviar código',
    code: 'Código de verificação',
    email: 'E-mail',
    password: 'Senha',
    confirm: 'Confirmar senha',
    reference: /Código de referência/,
    adult: 'Confirmo que tenho 18 anos ou mais.',
    terms: /Li e aceito os/,
    submit: 'Criar conta',
    account: /Minha conta/,
    share: 'WhatsApp',
  },
  en: {
    prefix: '/en',
    title: 'Refer a friend',
    intro: /you get R\$\s?10\.00 in cash/,
    copy: 'Copy link',
    linkLabel: 'Referral link',
    copied: 'Copied!',
    friends: 'Referred friends',
    empty: 'No friend has signed up through your link yet.',
    pending: 'Waiting for a deposit',
    qualified: 'Qualified',
    reward: /\+ R\$\s?10\.00/,
    signUp: 'Sign up',
    dialog: 'Create account',
    next: 'Continue',
    male: 'Male',
    single: 'Single',
    name: 'Full name',
    phone: 'Phone',
    sendCode: 'Send code',
    code: 'Verification code',
    email: 'E-mail',
    password: 'Password',
    confirm: 'Confirm password',
    reference: /Reference code/,
    adult: 'I confirm that I am 18 or older.',
    terms: /I have read and accept the/,
    submit: 'Create account',
    account: /My account/,
    share: 'WhatsApp',
  },
} as const;

/** A new visitor (own browser context) opens `link`, registers through the header's sign-up modal, and returns their session token. */
async function friendRegisters(browser: Browser, link: string, lang: keyof typeof TEXTS, name: string): Promise<{ token: string; cpf: string }> {
  const x = TEXTS[lang];
  const context = await browser.newContext({ locale: lang === 'pt' ? 'pt-BR' : 'en-US' });
  const page = await context.newPage();
  await openPage(page, link);
  await page.getByRole('button', { name: x.signUp }).click();
  const dialog = page.getByRole('dialog', { name: x.dialog });
  await expect(dialog).toBeVisible();
  const next = dialog.getByRole('button', { name: x.next, exact: true });
  await dialog.getByRole('radio', { name: x.male, exact: true }).check();
  await dialog.getByRole('radio', { name: x.single, exact: true }).check();
  await dialog.getByLabel(x.name).fill(name);
  await next.click();
  const phone = newPhone();
  await dialog.getByLabel(x.phone, { exact: true }).fill(phone.national);
  await dialog.getByRole('button', { name: x.sendCode }).click();
  await dialog.getByLabel(x.code).fill(await latestCode(page.request, phone.e164));
  await next.click();
  // The code of the link the visitor came through is already in the form.
  const code = new URL(link).searchParams.get('ref')!;
  await expect(dialog.getByLabel(x.reference)).toHaveValue(code);
  await dialog.getByLabel(x.email).fill(newEmail());
  await dialog.getByLabel(x.password, { exact: true }).fill('senha-forte-1');
  await dialog.getByLabel(x.confirm).fill('senha-forte-1');
  const cpf = newCpf();
  await dialog.getByLabel('CPF').fill(cpf);
  await next.click();
  await dialog.getByLabel(x.adult).check();
  await dialog.getByLabel(x.terms).check();
  await next.click();
  // The site was built for a regulated tenant: its form still asks for the limits (the platform ignores them now).
  await chooseRegistrationLimits(dialog, lang);
  await dialog.getByRole('button', { name: x.submit }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: x.account })).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('auth'));
  await context.close();
  return { token: token!, cpf };
}

/** A's /refers: the link copied with the button; returns the link. */
async function copyLink(page: Page, player: TestPlayer, lang: keyof typeof TEXTS): Promise<string> {
  const x = TEXTS[lang];
  await startLoggedIn(page, player);
  await openPage(page, tenantUrl(IPE, `${x.prefix}/refers`));
  await expect(page.getByRole('heading', { level: 1, name: x.title })).toBeVisible();
  await expect(page.getByText(x.intro)).toBeVisible();
  await expect(page.getByText(x.empty)).toBeVisible();
  await page.getByRole('button', { name: x.copy }).click();
  await expect(page.getByRole('status').filter({ hasText: x.copied })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  // The site's home in the page language, with the code.
  expect(link).toMatch(new RegExp(`^http://localhost:\\d+${lang === 'pt' ? '/' : '/en'}\\?ref=[2-9A-HJKMNP-Z]{8}$`));
  await expect(page.getByLabel(x.linkLabel)).toHaveValue(link);
  await expect(page.getByRole('link', { name: x.share })).toHaveAttribute('href', new RegExp(`^https://wa\\.me/\\?text=.*${encodeURIComponent(link).replace(/[.?*+]/g, '\\$&')}$`));
  return link;
}

for (const lang of ['pt', 'en'] as const) {
  test(`${lang}: the friend who registers through the copied link shows up, then qualifies with the reward after a deposit`, async ({ page, browser, request }) => {
    test.setTimeout(90_000);
    const x = TEXTS[lang];
    const a = await registerPlayer(request, IPE, lang === 'pt' ? 'Ana Referência' : 'Alice Referrer');
    const link = await copyLink(page, a, lang);
    const friendName = lang === 'pt' ? 'Bruno Amigo' : 'Brian Friend';
    const friend = await friendRegisters(browser, link, lang, friendName);

    await page.reload();
    const row = page.getByRole('listitem').filter({ hasText: lang === 'pt' ? 'Br*** A****' : 'Br*** F*****' });
    await expect(row).toBeVisible();
    await expect(row).toContainText(x.pending);
    // The full name never shows.
    await expect(page.getByText(friendName)).toHaveCount(0);

    const charge = await tenantApi(IPE, '/main-gateway/qrcode-pix', { body: { amount: 2000 }, token: friend.token });
    expect(charge.status).toBe(200);
    await payPixCharge(((await charge.json()) as { txid: string }).txid, friend.cpf);

    await page.reload();
    await expect(row).toContainText(x.qualified);
    await expect(row).toContainText(x.reward);
    const wallet = (await (await tenantApi(IPE, '/profile/wallet', { token: a.token })).json()) as { wallet: { balance: number; balance_withdrawal: number } };
    expect(wallet.wallet).toMatchObject({ balance: 1000, balance_withdrawal: 1000 });
  });
}

test('320 px without sideways scroll, keyboard copy with a visible ring, axe clean; logged out gets the login prompt', async ({ page, request }) => {
  await page.setViewportSize({ width: 320, height: 720 });
  const a = await registerPlayer(request, IPE, 'Carla Teclado');
  await startLoggedIn(page, a);
  for (const lang of ['pt', 'en'] as const) {
    const x = TEXTS[lang];
    await openPage(page, tenantUrl(IPE, `${x.prefix}/refers`));
    await expect(page.getByRole('button', { name: x.copy })).toBeVisible();
    const width = await pageWidth(page);
    expect(width.tooWide, JSON.stringify(width)).toEqual([]);
    expect(width.scroll).toBeLessThanOrEqual(width.viewport);
    await tabTo(page, page.getByRole('button', { name: x.copy }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: x.copied })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  }

  const visitor = await page.context().browser()!.newContext();
  const guest = await visitor.newPage();
  await openPage(guest, tenantUrl(IPE, '/refers'));
  await expect(guest.getByRole('dialog', { name: 'Entrar' })).toBeVisible();
  await guest.keyboard.press('Escape');
  await expect(guest.getByText('Entre na sua conta para ver esta página.')).toBeVisible();
  await visitor.close();
});

test('regulated again, the page says why no reward is paid', async ({ page, request }) => {
  await patchSiteConfig(IPE, { is_regulated: true });
  const a = await registerPlayer(request, IPE, 'Dora Regulada');
  await startLoggedIn(page, a);
  await openPage(page, tenantUrl(IPE, '/refers'));
  await expect(page.getByText(/Este site não paga recompensas por indicação/)).toBeVisible();
  await expect(page.getByText(/você ganha/)).toHaveCount(0);
});
