import { expect, test } from '@playwright/test';
import { chooseRegistrationLimits, latestCode, newEmail, newPhone, registerPlayer, startLoggedIn } from './accounts-helpers.ts';
import { seriousViolations } from './axe.ts';
import { tenantUrl } from './helpers.ts';
import { operatorCall } from './tenant-api.ts';

/**
 * The regulator's barred-bettor check at registration (SIGAP, issue 17),
 * in the browser against the real platform and its sandbox stand-in: the
 * stand-in's demo barred CPF (111.222.333-96, docs/barred-players.md) goes
 * through every step of the sign-up and is refused at the end with the
 * regulator's reason, in the page's language; no account is made.
 */

const TEXTS = {
  pt: {
    path: '/register',
    title: 'Criar conta',
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
    adult: 'Confirmo que tenho 18 anos ou mais.',
    terms: /Li e aceito os/,
    submit: 'Criar conta',
    signUp: 'Cadastre-se',
    refusal: 'Este CPF consta na lista de pessoas impedidas de apostar do Ministério da Fazenda (SIGAP) e não pode ser cadastrado.',
  },
  en: {
    path: '/en/register',
    title: 'Create account',
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
    adult: 'I confirm that I am 18 or older.',
    terms: /I have read and accept the/,
    submit: 'Create account',
    signUp: 'Sign up',
    refusal: 'This CPF is on the Ministry of Finance’s list of people barred from betting (SIGAP) and cannot be registered.',
  },
} as const;

for (const lang of ['pt', 'en'] as const) {
  test(`a barred CPF cannot register (${lang})`, async ({ page }) => {
    const x = TEXTS[lang];
    const phone = newPhone();
    await page.goto(tenantUrl('localhost', x.path));
    const dialog = page.getByRole('dialog', { name: x.title });
    const next = dialog.getByRole('button', { name: x.next, exact: true });
    await dialog.getByRole('radio', { name: x.male, exact: true }).check();
    await dialog.getByRole('radio', { name: x.single, exact: true }).check();
    await dialog.getByLabel(x.name).fill('Maria Silva');
    await next.click();
    await dialog.getByLabel(x.phone, { exact: true }).fill(phone.national);
    await dialog.getByRole('button', { name: x.sendCode }).click();
    await dialog.getByLabel(x.code).fill(await latestCode(page.request, phone.e164));
    await next.click();
    await dialog.getByLabel(x.email).fill(newEmail());
    await dialog.getByLabel(x.password, { exact: true }).fill('senha-forte-1');
    await dialog.getByLabel(x.confirm).fill('senha-forte-1');
    await dialog.getByLabel('CPF').fill('111.222.333-96');
    await next.click();
    await dialog.getByLabel(x.adult).check();
    await dialog.getByLabel(x.terms).check();
    await next.click();
    await chooseRegistrationLimits(dialog, lang);
    await dialog.getByRole('button', { name: x.submit }).click();
    // Back on the CPF's step, the refusal under the CPF; still signed out, no account made.
    await expect(dialog.getByText(x.refusal)).toBeVisible();
    await expect(dialog.getByLabel('CPF')).toHaveValue('111.222.333-96');
    await expect(page.getByRole('button', { name: x.signUp })).toBeVisible();
  });
}

const BANNER = {
  pt: {
    home: '/',
    other: '/responsible-gambling',
    title: 'Apostas e depósitos bloqueados',
    text: /^Seu CPF consta na lista de pessoas impedidas de apostar do Ministério da Fazenda \(SIGAP\): apostas e depósitos estão bloqueados\. Você pode sacar seu saldo; a conta será encerrada em \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} \(horário de Brasília\)\.$/,
  },
  en: {
    home: '/en',
    other: '/en/responsible-gambling',
    title: 'Bets and deposits blocked',
    text: /^Your CPF is on the Ministry of Finance’s list of people barred from betting \(SIGAP\): bets and deposits are blocked\. You can withdraw your balance; the account will be closed on \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M \(Brasília time\)\.$/,
  },
} as const;

for (const lang of ['pt', 'en'] as const) {
  test(`a player the regulator bars sees it on every page, and only they do (${lang})`, async ({ page, browser }) => {
    const x = BANNER[lang];
    const player = await registerPlayer(page.request);
    // The stand-in bars the CPF; the operator's check on demand records it (as the next day's first login or the sweep would).
    expect((await page.request.put(tenantUrl('localhost', `/sandbox-sigap/barred/${player.cpf}`), { data: { reason: 'teste e2e' } })).status()).toBe(204);
    const checked = await operatorCall('localhost', 'POST', `/operator/barred/${player.user.id}/check`);
    expect(checked.status).toBe(200);

    await startLoggedIn(page, player);
    await page.goto(tenantUrl('localhost', x.home));
    const banner = page.getByRole('region', { name: x.title });
    await expect(banner).toBeVisible();
    await expect(banner.getByText(x.text)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // Every page, through the site's own navigation too.
    await page.goto(tenantUrl('localhost', x.other));
    await expect(page.getByRole('region', { name: x.title })).toBeVisible();

    // A guest (another browser context) sees nothing of it.
    const guest = await browser.newPage();
    await guest.goto(tenantUrl('localhost', x.home));
    await expect(guest.getByRole('button', { name: lang === 'pt' ? 'Cadastre-se' : 'Sign up' })).toBeVisible();
    await expect(guest.getByRole('region', { name: x.title })).toHaveCount(0);
    await guest.close();

    // Lifted: the next check clears it, and the next page shows nothing.
    expect((await page.request.delete(tenantUrl('localhost', `/sandbox-sigap/barred/${player.cpf}`))).status()).toBe(204);
    expect((await operatorCall('localhost', 'POST', `/operator/barred/${player.user.id}/check`)).status).toBe(200);
    await page.reload();
    await expect(page.getByRole('button', { name: lang === 'pt' ? /Minha conta/ : /My account/ })).toBeVisible();
    await expect(page.getByRole('region', { name: x.title })).toHaveCount(0);
  });
}
