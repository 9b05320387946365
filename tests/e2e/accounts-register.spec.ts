import { expect, type Page, test } from '@playwright/test';
import { chooseRegistrationLimits, latestCode, newCpf, newEmail, newPhone } from './accounts-helpers.ts';
import { tenantUrl } from './helpers.ts';

/**
 * Multi-step registration in the login modal, in Portuguese and English,
 * against the real platform: every section 5 message on the way, the phone
 * code first, then the player is logged in.
 */

const TEXTS = {
  pt: {
    path: '/register?ref=AMIGO42',
    title: 'Criar conta',
    next: 'Continuar',
    required: 'Este campo é obrigatório.',
    fullName: 'Por favor, insira seu nome completo.',
    surname: 'O sobrenome deve ter mais de três caracteres.',
    codeFirst: 'Por favor, informe o código primeiro.',
    phoneShort: 'O telefone é curto demais.',
    email: 'Informe um e-mail válido.',
    emailMax: 'E-mail é permitido apenas 30 caracteres',
    passwordMin: 'A senha deve ter no mínimo 8 caracteres.',
    passwordChars: 'A senha deve conter letras e outros caracteres.',
    passwordConfirm: 'Senha e Confirmar senha não correspondem',
    cpf: 'CPF inválido',
    adult: 'Você precisa confirmar que tem 18 anos ou mais.',
    terms: 'Você precisa aceitar os termos e condições.',
    male: 'Masculino',
    single: 'Solteiro(a)',
    name: 'Nome completo',
    phone: 'Telefone',
    sendCode: 'Enviar código',
    resendIn: /Reenviar em \d+ s/,
    // The number as typed, not its E.164 form.
    codeSent: /Enviamos um código para \(11\) 98\d{3}-\d{4}\./,
    code: 'Código de verificação',
    verified: 'Telefone verificado.',
    emailLabel: 'E-mail',
    password: 'Senha',
    reference: /Código de referência/,
    confirm: 'Confirmar senha',
    adultLabel: 'Confirmo que tenho 18 anos ou mais.',
    termsLabel: /Li e aceito os/,
    termsLink: 'Termos e Condições',
    termsHref: '/terms',
    submit: 'Criar conta',
    limitsStep: 'Seus limites',
    riskWarning: 'Apostar pode causar dependência e perdas financeiras.',
    account: /Minha conta/,
    back: 'Voltar',
  },
  en: {
    path: '/en/register?ref=AMIGO42',
    title: 'Create account',
    next: 'Continue',
    required: 'This field is required.',
    fullName: 'Please enter your full name.',
    surname: 'The surname must be longer than three characters.',
    codeFirst: 'Please enter the code first.',
    phoneShort: 'The phone number is too short.',
    email: 'Enter a valid e-mail address.',
    emailMax: 'E-mail may have at most 30 characters',
    passwordMin: 'The password must have at least 8 characters.',
    passwordChars: 'The password must contain letters and other characters.',
    passwordConfirm: 'Password and Confirm password do not match',
    cpf: 'Invalid CPF',
    adult: 'You must confirm that you are 18 or older.',
    terms: 'You must accept the terms and conditions.',
    male: 'Male',
    single: 'Single',
    name: 'Full name',
    phone: 'Phone',
    sendCode: 'Send code',
    resendIn: /Resend in \d+ s/,
    codeSent: /We sent a code to \(11\) 98\d{3}-\d{4}\./,
    code: 'Verification code',
    verified: 'Phone verified.',
    emailLabel: 'E-mail',
    password: 'Password',
    reference: /Reference code/,
    confirm: 'Confirm password',
    adultLabel: 'I confirm that I am 18 or older.',
    termsLabel: /I have read and accept the/,
    termsLink: 'Terms and Conditions',
    termsHref: '/en/terms',
    submit: 'Create account',
    limitsStep: 'Your limits',
    riskWarning: 'Betting can cause addiction and financial losses.',
    account: /My account/,
    back: 'Back',
  },
} as const;

async function registerThroughModal(page: Page, lang: keyof typeof TEXTS): Promise<void> {
  const x = TEXTS[lang];
  const phone = newPhone();
  await page.goto(tenantUrl('localhost', x.path));
  const dialog = page.getByRole('dialog', { name: x.title });
  await expect(dialog).toBeVisible();
  const next = dialog.getByRole('button', { name: x.next, exact: true });

  // Step 1: gender, marital status, full name.
  await next.click();
  await expect(dialog.getByText(x.required)).toHaveCount(3);
  await dialog.getByRole('radio', { name: x.male, exact: true }).check();
  await dialog.getByRole('radio', { name: x.single, exact: true }).check();
  const name = dialog.getByLabel(x.name);
  await name.fill('Maria');
  await expect(dialog.getByText(x.fullName)).toBeVisible();
  await name.fill('Maria S');
  await expect(dialog.getByText(x.surname)).toBeVisible();
  await name.fill('Maria Silva');
  await expect(dialog.getByText(x.surname)).toHaveCount(0);
  await next.click();

  // Step 2: the phone code comes first.
  await expect(dialog.getByLabel(x.phone, { exact: true })).toBeVisible();
  await next.click();
  await expect(dialog.getByText(x.codeFirst)).toBeVisible();
  await dialog.getByLabel(x.phone, { exact: true }).fill('11');
  await expect(dialog.getByText(x.phoneShort)).toBeVisible();
  await dialog.getByLabel(x.phone, { exact: true }).fill(phone.national);
  await dialog.getByRole('button', { name: x.sendCode }).click();
  await expect(dialog.getByText(x.codeSent)).toBeVisible();
  await expect(dialog.getByRole('button', { name: x.resendIn })).toBeDisabled();
  const code = await latestCode(page.request, phone.e164);
  await dialog.getByLabel(x.code).fill(code);
  await next.click();

  // Step 3: e-mail, password, CPF (the demo tenant has registerCPF on).
  const email = dialog.getByLabel(x.emailLabel);
  await expect(email).toBeVisible();
  await expect(dialog.getByLabel(x.reference)).toHaveValue('AMIGO42');
  await email.fill('sem-arroba');
  await expect(dialog.getByText(x.email)).toBeVisible();
  await email.fill('um-endereco-bem-comprido@exemplo.com');
  await expect(dialog.getByText(x.emailMax)).toBeVisible();
  await email.fill(newEmail());
  const password = dialog.getByLabel(x.password, { exact: true });
  await password.fill('curta1');
  await expect(dialog.getByText(x.passwordMin)).toBeVisible();
  await password.fill('somenteletras');
  await expect(dialog.getByText(x.passwordChars)).toBeVisible();
  await password.fill('senha-forte-1');
  await dialog.getByLabel(x.confirm).fill('senha-forte-2');
  await expect(dialog.getByText(x.passwordConfirm)).toBeVisible();
  await dialog.getByLabel(x.confirm).fill('senha-forte-1');
  await expect(dialog.getByText(x.passwordConfirm)).toHaveCount(0);
  const cpf = dialog.getByLabel('CPF');
  await cpf.fill('11111111111');
  await expect(dialog.getByText(x.cpf)).toBeVisible();
  await cpf.fill(newCpf());
  await next.click();

  // Step 4: 18+ and terms.
  await expect(dialog.getByText(x.adultLabel)).toBeVisible();
  // On a regulated tenant this is no longer the last step: "Continuar", then the limits.
  await next.click();
  await expect(dialog.getByText(x.adult)).toBeVisible();
  await expect(dialog.getByText(x.terms)).toBeVisible();
  await expect(dialog.getByRole('link', { name: x.termsLink })).toHaveAttribute('href', x.termsHref);
  await dialog.getByLabel(x.adultLabel).check();
  await dialog.getByLabel(x.termsLabel).check();
  // The risk warning of Portaria 1.231 art. 4 is part of the sign-up.
  await expect(dialog.getByTestId('risk-warning-text')).toContainText(x.riskWarning);
  await next.click();

  // Step 5 (regulated tenants, issue 17): a loss limit and a session-time limit must be chosen.
  await expect(dialog.getByRole('heading', { name: x.limitsStep })).toBeVisible();
  await dialog.getByRole('button', { name: x.submit }).click();
  await expect(dialog.getByText(x.required)).toHaveCount(3);
  await chooseRegistrationLimits(dialog, lang);
  await dialog.getByRole('button', { name: x.submit }).click();

  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: x.account })).toBeVisible();
  await expect(page.getByRole('button', { name: x.account })).toContainText('Maria Silva');
}

test('registration in Portuguese: every validation message, phone code first, then logged in', async ({ page }) => {
  await registerThroughModal(page, 'pt');
});

test('registration in English at /en/register', async ({ page }) => {
  await registerThroughModal(page, 'en');
});

test('the header buttons open the modal without leaving the page; Esc closes it', async ({ page }) => {
  await page.goto(tenantUrl('localhost', '/terms'));
  await page.getByRole('button', { name: 'Cadastre-se' }).click();
  const dialog = page.getByRole('dialog', { name: 'Criar conta' });
  await expect(dialog).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/terms');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('dialog', { name: 'Entrar' })).toBeVisible();
});

test('the register modal opens 2 s after load for an age-verified visitor', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
  await page.goto(tenantUrl('localhost', '/'));
  const dialog = page.getByRole('dialog', { name: 'Criar conta' });
  await page.waitForTimeout(1200);
  await expect(dialog).toHaveCount(0);
  await expect(dialog).toBeVisible({ timeout: 5000 });
});
