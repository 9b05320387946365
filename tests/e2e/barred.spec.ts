import { expect, test } from '@playwright/test';
import { chooseRegistrationLimits, latestCode, newEmail, newPhone } from './accounts-helpers.ts';
import { tenantUrl } from './helpers.ts';

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
