import { expect, test } from '@playwright/test';
import { generateKeyPair, SignJWT } from 'jose';
import { chooseRegistrationLimits, newCpf, newEmail, newPhone } from './accounts-helpers.ts';
import { seriousViolations } from './axe.ts';
import { tenantUrl } from './helpers.ts';
import { STAND_IN_ORIGIN } from './stand-ins/constants.ts';
import { configureAndRebuild as sharedConfigureAndRebuild, latestCodeOn, tenantApi as sharedTenantApi } from './tenant-api.ts';

/**
 * Turnstile and Google sign-in end to end on `sorte.localhost`, through the
 * local stand-ins (`tests/e2e/stand-ins`) that speak Cloudflare's and
 * Google's protocols: the operator turns both on and rebuilds the site, the
 * browser solves the captcha / clicks the Google button, and the platform
 * checks the token with the stand-in (siteverify, JWKS) as it would with the
 * real vendors. The tenant is set back at the end (other specs use it).
 *
 * Node does not resolve `*.localhost`: API calls from the test go to
 * 127.0.0.1 with the tenant's `Origin`, which is how the platform picks the tenant.
 */
const HOST = 'sorte.localhost';
const CLIENT_ID = 'e2e-sorte.apps.googleusercontent.com';

const VENDORS_ON = {
  turnstileSiteKey: '0xE2E-SORTE-SITE-KEY',
  turnstileScriptUrl: `${STAND_IN_ORIGIN}/turnstile/v0/api.js`,
  casAllowGoogleAuth: true,
  googleClientId: CLIENT_ID,
  googleScriptUrl: `${STAND_IN_ORIGIN}/gsi/client`,
};
/** JSON Merge Patch back to the demo tenant's settings (no captcha, no Google). */
const VENDORS_OFF = { turnstileSiteKey: null, turnstileScriptUrl: null, casAllowGoogleAuth: false, googleClientId: null, googleScriptUrl: null };

const tenantApi = (path: string, init?: Parameters<typeof sharedTenantApi>[2]) => sharedTenantApi(HOST, path, init);
const configureAndRebuild = (patch: Record<string, unknown>) => sharedConfigureAndRebuild(HOST, patch);
const latestSorteCode = (to: string) => latestCodeOn(HOST, to);

/** An ID token from the Google stand-in, signed with its published key, for `aud`. */
async function standInIdToken(aud: string): Promise<string> {
  const response = await fetch(`${STAND_IN_ORIGIN}/gsi/token?aud=${encodeURIComponent(aud)}`);
  expect(response.ok).toBe(true);
  return ((await response.json()) as { credential: string }).credential;
}

test.describe.configure({ mode: 'serial' });

/** The player registered through the captcha step (logs in again in a later test). */
let registered: { national: string; password: string } | null = null;

test.beforeAll(async () => {
  test.setTimeout(200_000);
  await configureAndRebuild(VENDORS_ON);
});

test.afterAll(async () => {
  test.setTimeout(200_000);
  await configureAndRebuild(VENDORS_OFF);
});

test('registration has a captcha step: refused unsolved, accepted once the Turnstile widget is solved', async ({ page }) => {
  test.setTimeout(60_000);
  const phone = newPhone();
  await page.goto(tenantUrl(HOST, '/register'));
  const dialog = page.getByRole('dialog', { name: 'Criar conta' });
  await expect(dialog).toBeVisible();
  const next = dialog.getByRole('button', { name: 'Continuar', exact: true });

  await dialog.getByRole('radio', { name: 'Feminino', exact: true }).check();
  await dialog.getByRole('radio', { name: 'Solteiro(a)', exact: true }).check();
  await dialog.getByLabel('Nome completo').fill('Clara Robótica');
  await next.click();

  await dialog.getByLabel('Telefone', { exact: true }).fill(phone.national);
  await dialog.getByRole('button', { name: 'Enviar código' }).click();
  await dialog.getByLabel('Código de verificação').fill(await latestSorteCode(phone.e164));
  await next.click();

  await dialog.getByLabel('E-mail').fill(newEmail());
  await dialog.getByLabel('Senha', { exact: true }).fill('senha-forte-1');
  await dialog.getByLabel('Confirmar senha').fill('senha-forte-1');
  await dialog.getByLabel('CPF').fill(newCpf());
  await next.click();

  await dialog.getByLabel('Confirmo que tenho 18 anos ou mais.').check();
  await dialog.getByLabel(/Li e aceito os/).check();
  // With a Turnstile key, the terms step is no longer the last one (nor the limits step of a regulated tenant).
  await next.click();
  await chooseRegistrationLimits(dialog);
  await next.click();

  await expect(dialog.getByRole('heading', { name: 'Verificação de segurança' })).toBeVisible();
  const widget = dialog.getByRole('checkbox', { name: 'Não sou um robô' });
  await expect(widget).toBeVisible();
  const submit = dialog.getByRole('button', { name: 'Criar conta' });
  await submit.click();
  await expect(dialog.getByText('Confirme que você não é um robô.')).toBeVisible();

  await widget.click();
  await expect(widget).toHaveAttribute('aria-checked', 'true');
  await submit.click();

  await expect(dialog).toHaveCount(0);
  const account = page.getByRole('button', { name: /Minha conta/ });
  await expect(account).toContainText('Clara Robótica');

  // A real account exists on sorte: its token works against the platform.
  const token = await page.evaluate(() => localStorage.getItem('auth'));
  expect(token).toBeTruthy();
  const me = await tenantApi('/auth/me', { token: token! });
  expect(me.status).toBe(200);
  expect(((await me.json()) as { data: { name: string } }).data.name).toBe('Clara Robótica');
  registered = { national: phone.national, password: 'senha-forte-1' };
});

test('login asks for the captcha too, and logs in once it is solved', async ({ page }) => {
  test.skip(registered === null, 'needs the player registered above');
  await page.goto(tenantUrl(HOST, '/login'));
  const dialog = page.getByRole('dialog', { name: 'Entrar' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Telefone', { exact: true }).fill(registered!.national);
  await dialog.getByLabel('Senha', { exact: true }).fill(registered!.password);
  const submit = dialog.getByRole('button', { name: 'Entrar', exact: true });
  await submit.click();
  await expect(dialog.getByText('Confirme que você não é um robô.')).toBeVisible();

  // A refused attempt spends the token: the widget resets so it can be solved again.
  const captcha = dialog.getByRole('checkbox', { name: 'Não sou um robô' });
  await dialog.getByLabel('Senha', { exact: true }).fill('senha-errada-1');
  await captcha.click();
  await expect(captcha).toBeChecked();
  await submit.click();
  await expect(dialog.getByText('Telefone ou senha incorretos.')).toBeVisible();
  await expect(captcha).not.toBeChecked();

  await dialog.getByLabel('Senha', { exact: true }).fill(registered!.password);
  await captcha.click();
  await submit.click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Minha conta/ })).toContainText('Clara Robótica');
});

test('the platform refuses a captcha token the vendor did not issue', async () => {
  const response = await tenantApi('/auth/login', {
    body: { username: newPhone().e164, password: 'senha-forte-1', captcha_token: 'XXXX.DUMMY.forged' },
  });
  expect(response.status).toBe(422);
  expect(((await response.json()) as { errors: Record<string, string[]> }).errors).toHaveProperty('captcha_token');
});

test('the Google button signs a new player in', async ({ page }) => {
  await page.goto(tenantUrl(HOST, '/login'));
  const dialog = page.getByRole('dialog', { name: 'Entrar' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('group', { name: 'Entrar com o Google' }).getByRole('button').click();

  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Minha conta/ })).toContainText('Gabriela Google');
  const token = await page.evaluate(() => localStorage.getItem('auth'));
  const me = await tenantApi('/auth/me', { token: token! });
  expect(me.status).toBe(200);
  expect(((await me.json()) as { data: { email: string } }).data.email).toMatch(/@gmail\.example$/);
});

const LIMITS_STEP = {
  pt: {
    login: '/login',
    dialog: 'Entrar',
    google: 'Entrar com o Google',
    details: 'Complete seu cadastro',
    cpf: 'CPF',
    adult: 'Confirmo que tenho 18 anos ou mais.',
    terms: /Li e aceito os/,
    next: 'Continuar',
    title: 'Escolha seus limites',
    loss: 'Limite de perdas (R$)',
    period: 'Período do limite de perdas',
    week: 'Semanal',
    session: 'Limite de tempo por sessão',
    hour: '1 hora',
    save: 'Salvar limites',
  },
  en: {
    login: '/en/login',
    dialog: 'Log in',
    google: 'Sign in with Google',
    details: 'Complete your registration',
    cpf: 'CPF',
    adult: 'I confirm that I am 18 or older.',
    terms: /I have read and accept the/,
    next: 'Continue',
    title: 'Choose your limits',
    loss: 'Loss limit (R$)',
    period: 'Loss limit period',
    week: 'Weekly',
    session: 'Time limit per session',
    hour: '1 hour',
    save: 'Save limits',
  },
} as const;

for (const lang of ['pt', 'en'] as const) {
  test(`a Google sign-up on a regulated tenant gives the form's CPF, 18+ and terms, then chooses its limits, before betting or depositing (${lang}, 390 px)`, async ({ page }) => {
    test.setTimeout(90_000);
    const x = LIMITS_STEP[lang];
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(tenantUrl(HOST, x.login));
    await page.getByRole('dialog', { name: x.dialog }).getByRole('group', { name: x.google }).getByRole('button').click();

    // Lei 14.790/2023: what the sign-up form asks and Google skipped, right after the Google sign-up.
    const details = page.getByRole('dialog', { name: x.details });
    await expect(details).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    const token = (await page.evaluate(() => localStorage.getItem('auth')))!;
    const bet = () => tenantApi('/house/dice/play', { token, body: { amount: 100, params: { target: 5000, direction: 'over' } } });
    const incomplete = await bet();
    expect(incomplete.status).toBe(403);
    expect(await incomplete.json()).toMatchObject({ code: 'registration_incomplete', message: expect.stringMatching(/^Antes de apostar ou depositar, complete seu cadastro/) });
    // The Pix charge too, with the rule's words (it answered a bare 422 "CPF missing" before).
    const charge = await tenantApi('/main-gateway/qrcode-pix', { token, body: { amount: 5_000 } });
    expect([charge.status, ((await charge.json()) as { code?: string }).code]).toEqual([403, 'registration_incomplete']);
    // All three are required, as in the form.
    await details.getByRole('button', { name: x.next }).click();
    await expect(details.getByLabel(x.cpf)).toHaveAttribute('aria-invalid', 'true');
    await expect(details.getByLabel(x.adult)).toHaveAttribute('aria-invalid', 'true');
    await details.getByLabel(x.cpf).fill(newCpf());
    await details.getByLabel(x.adult).check();
    await details.getByLabel(x.terms).check();
    await details.getByRole('button', { name: x.next }).click();

    // Portaria SPA/MF 1.231 (as amended by 2.579/2025): then the registration's limits step.
    const limits = page.getByRole('dialog', { name: x.title });
    await expect(limits).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // Until then the platform refuses a bet, saying why (deposits too: tests/server/features/responsible-gaming/google-signup.test.ts).
    const refused = await bet();
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      code: 'limits_required',
      message: expect.stringMatching(/^Antes de apostar ou depositar, escolha seu limite de perdas e seu limite de tempo por sessão/),
    });

    // Both are required.
    await limits.getByRole('button', { name: x.save }).click();
    await expect(limits.getByLabel(x.loss)).toHaveAttribute('aria-invalid', 'true');
    await limits.getByLabel(x.loss).fill('50');
    await limits.getByLabel(x.period).selectOption({ label: x.week });
    await limits.getByLabel(x.session).selectOption({ label: x.hour });
    await limits.getByRole('button', { name: x.save }).click();
    await expect(limits).toHaveCount(0);

    const view = (await (await tenantApi('/responsible-gambling', { token })).json()) as Record<string, unknown>;
    expect(view).toMatchObject({ registration_details_required: false, registration_limits_required: false, limits: { loss: { week: { value: 5_000 } } }, session: { value: 60 } });
    // The limits no longer stand in the way (an empty wallet does).
    const after = await bet();
    expect(after.status).not.toBe(403);
    expect(((await after.json()) as { code?: string }).code).not.toBe('limits_required');
    // Not asked again on the next page.
    await page.reload();
    await expect(page.getByRole('button', { name: lang === 'pt' ? /Minha conta/ : /My account/ })).toBeVisible();
    await page.waitForTimeout(1_500);
    await expect(page.getByRole('dialog', { name: x.title })).toHaveCount(0);
    await expect(page.getByRole('dialog', { name: x.details })).toHaveCount(0);
  });
}

for (const lang of ['pt', 'en'] as const) {
  test(`a Google sign-in refused for a closed account shows the platform's message (${lang})`, async ({ page }) => {
    const x = LIMITS_STEP[lang];
    // A Google-only account, made and closed through the API (the typed word confirms a closure without a password).
    const sub = String(Date.now()) + String(Math.floor(Math.random() * 1000));
    const made = await fetch(`${STAND_IN_ORIGIN}/gsi/token?aud=${encodeURIComponent(CLIENT_ID)}&sub=${sub}`);
    const signedUp = await tenantApi('/auth/google', { body: { idToken: ((await made.json()) as { credential: string }).credential } });
    expect(signedUp.status).toBe(200);
    const { token } = (await signedUp.json()) as { token: string };
    expect((await tenantApi('/profile/close-account', { token, body: { confirmation: 'ENCERRAR' } })).status).toBe(200);

    // The stand-in's button signs in as that same Google account.
    await page.route('**/gsi/token?**', (route) => route.continue({ url: `${route.request().url()}&sub=${sub}` }));
    await page.goto(tenantUrl(HOST, x.login));
    const dialog = page.getByRole('dialog', { name: x.dialog });
    await dialog.getByRole('group', { name: x.google }).getByRole('button').click();
    await expect(dialog.getByText(lang === 'pt' ? /^Esta conta foi encerrada em .+ e não pode mais ser acessada\.$/ : /^This account was closed on .+ and can no longer be used\.$/)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();
  });
}

test('Google ID tokens for another client or signed with another key are refused', async () => {
  const otherAudience = await tenantApi('/auth/google', { body: { idToken: await standInIdToken('someone-else.apps.googleusercontent.com') } });
  expect(otherAudience.status).toBe(422);

  const { privateKey } = await generateKeyPair('RS256');
  const forged = await new SignJWT({ email: 'forjado@ex.com', email_verified: true, name: 'Forjado' })
    .setProtectedHeader({ alg: 'RS256', kid: 'forged' })
    .setIssuer('https://accounts.google.com')
    .setAudience(CLIENT_ID)
    .setSubject('424242')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(privateKey);
  expect((await tenantApi('/auth/google', { body: { idToken: forged } })).status).toBe(422);

  // The same request with a genuine token for this tenant's client is accepted.
  const genuine = await tenantApi('/auth/google', { body: { idToken: await standInIdToken(CLIENT_ID) } });
  expect(genuine.status).toBe(200);
  expect(((await genuine.json()) as { token: string }).token).toBeTruthy();
});
