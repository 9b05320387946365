import { expect, type Locator, type Page, test } from '@playwright/test';
import { chooseRegistrationLimits, latestCode, newCpf, newPhone, registerPlayer, startLoggedIn } from './accounts-helpers.ts';
import { tenantUrl } from './helpers.ts';

/**
 * The form fields on a 390 px phone (issue 15, "Forms"): phone and CPF masked
 * as typed while the calls get E.164 / 11 digits, the show-password toggle,
 * errors that leave with their cause, and the login's "your username is your
 * phone" hint, typed key by key into the real forms in pt and en.
 */
test.use({ viewport: { width: 390, height: 844 } });

const T = {
  pt: {
    prefix: '',
    register: 'Criar conta',
    login: 'Entrar',
    next: 'Continuar',
    phone: 'Telefone',
    code: 'Código de verificação',
    sendCode: 'Enviar código',
    codeFirst: 'Por favor, informe o código primeiro.',
    password: 'Senha',
    confirm: 'Confirmar senha',
    show: 'Mostrar senha',
    hide: 'Ocultar senha',
    required: 'Este campo é obrigatório.',
    hint: 'Seu usuário é o número de celular que você informou no cadastro (não o e-mail).',
    wrong: 'Telefone ou senha incorretos.',
    forgot: 'Esqueceu a senha?',
    account: /Minha conta/,
    sent: (phone: string) => `Enviamos um código para ${phone}.`,
  },
  en: {
    prefix: '/en',
    register: 'Create account',
    login: 'Log in',
    next: 'Continue',
    phone: 'Phone',
    code: 'Verification code',
    sendCode: 'Send code',
    codeFirst: 'Please enter the code first.',
    password: 'Password',
    confirm: 'Confirm password',
    show: 'Show password',
    hide: 'Hide password',
    required: 'This field is required.',
    hint: 'Your username is the mobile number you gave when you signed up (not your e-mail).',
    wrong: 'Wrong phone number or password.',
    forgot: 'Forgot your password?',
    account: /My account/,
    sent: (phone: string) => `We sent a code to ${phone}.`,
  },
} as const;

type Lang = keyof typeof T;

/** The caret of a text input (a collapsed selection). */
const caret = (input: Locator) => input.evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd]);

/** `(11) 9xxxx-xxxx`: the national mask of a `1198xxxxxxx` test number. */
const masked = (national: string) => `(${national.slice(0, 2)}) ${national.slice(2, 7)}-${national.slice(7)}`;
const maskedCpf = (d: string) => `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;

/** Fills the first step of the register wizard and moves to the phone step. */
async function toPhoneStep(page: Page, lang: Lang) {
  const x = T[lang];
  await page.goto(tenantUrl('localhost', `${x.prefix}/register`));
  const dialog = page.getByRole('dialog', { name: x.register });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio').first().check();
  await dialog.getByRole('radio').nth(2).check();
  await dialog.getByLabel(lang === 'pt' ? 'Nome completo' : 'Full name').fill('Maria Silva');
  await dialog.getByRole('button', { name: x.next, exact: true }).click();
  const phone = dialog.getByLabel(x.phone, { exact: true });
  await expect(phone).toBeVisible();
  return { dialog, phone };
}

for (const lang of ['pt', 'en'] as const) {
  const x = T[lang];

  test(`register phone step (${lang}): the mask as typed, caret edits, a pasted +55 number, E.164 sent, the code error leaves once the code is sent`, async ({
    page,
  }) => {
    const { dialog, phone } = await toPhoneStep(page, lang);
    await expect(phone).toHaveAttribute('type', 'tel');
    await expect(phone).toHaveAttribute('inputmode', 'tel');
    await expect(phone).toHaveAttribute('autocomplete', 'tel-national');

    // Continue before any code: the error is under the code field.
    await dialog.getByRole('button', { name: x.next, exact: true }).click();
    await expect(dialog.getByText(x.codeFirst)).toBeVisible();

    await phone.pressSequentially('11987654321');
    await expect(phone).toHaveValue('(11) 98765-4321');
    expect(await caret(phone)).toEqual([15, 15]);

    // Backspace in the middle (after the "5" of "98765"), then type it back: the caret follows the digit.
    await phone.evaluate((el: HTMLInputElement) => el.setSelectionRange(10, 10));
    await page.keyboard.press('Backspace');
    await expect(phone).toHaveValue('(11) 98764-321');
    expect(await caret(phone)).toEqual([9, 9]);
    await page.keyboard.type('5');
    await expect(phone).toHaveValue('(11) 98765-4321');
    expect(await caret(phone)).toEqual([10, 10]);

    // Backspace just after the "-" deletes the digit before it instead of sticking.
    await phone.evaluate((el: HTMLInputElement) => el.setSelectionRange(11, 11));
    await page.keyboard.press('Backspace');
    await expect(phone).toHaveValue('(11) 98764-321');
    expect(await caret(phone)).toEqual([9, 9]);
    // Delete just before the "-" deletes the digit after it.
    await phone.evaluate((el: HTMLInputElement) => el.setSelectionRange(10, 10));
    await page.keyboard.press('Delete');
    await expect(phone).toHaveValue('(11) 98764-21');
    expect(await caret(phone)).toEqual([10, 10]);

    // A number pasted in its international form (one insertion) is shown nationally.
    const number = newPhone();
    await phone.fill('');
    await page.keyboard.insertText(`+55 ${number.national.slice(0, 2)} ${number.national.slice(2, 7)}-${number.national.slice(7)}`);
    await expect(phone).toHaveValue(masked(number.national));

    const sent = page.waitForRequest((r) => r.url().endsWith('/api/auth/verify-phone') && r.method() === 'POST');
    await dialog.getByRole('button', { name: x.sendCode }).click();
    expect((await sent).postDataJSON()).toEqual({ phone: number.e164 });
    // The confirmation shows the number as typed, not +55119…; the stale "code first" error is gone.
    await expect(dialog.getByText(x.sent(masked(number.national)))).toBeVisible();
    await expect(dialog.getByText(x.codeFirst)).toHaveCount(0);
    await expect(dialog.getByLabel(x.code)).not.toHaveAttribute('aria-invalid', 'true');

    await dialog.getByLabel(x.code).fill(await latestCode(page.request, number.e164));
    await dialog.getByRole('button', { name: x.next, exact: true }).click();
    await expect(dialog.getByLabel(x.password, { exact: true })).toBeVisible();
  });

  test(`login (${lang}): the username hint, the phone mask, E.164 sent, the wrong-password error leaves when the password changes, the toggle`, async ({
    page,
  }) => {
    const player = await registerPlayer(page.request);
    await page.goto(tenantUrl('localhost', `${x.prefix}/login`));
    const dialog = page.getByRole('dialog', { name: x.login });
    await expect(dialog).toBeVisible();
    const phone = dialog.getByLabel(x.phone, { exact: true });
    // The hint is visible and read with the field.
    await expect(dialog.getByText(x.hint)).toBeVisible();
    await expect(phone).toHaveAccessibleDescription(x.hint);
    await expect(phone).toHaveAttribute('autocomplete', 'username');
    await expect(phone).toHaveAttribute('inputmode', 'tel');

    await phone.pressSequentially(player.phone.national);
    await expect(phone).toHaveValue(masked(player.phone.national));

    const password = dialog.getByLabel(x.password, { exact: true });
    await expect(password).toHaveAttribute('autocomplete', 'current-password');
    await password.fill('senha-errada-9');
    const wrong = page.waitForRequest((r) => r.url().endsWith('/api/auth/login'));
    await dialog.getByRole('button', { name: x.login, exact: true }).click();
    expect((await wrong).postDataJSON()).toMatchObject({ username: player.phone.e164, password: 'senha-errada-9' });
    await expect(dialog.getByText(x.wrong)).toBeVisible();
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    // Its cause may be the password: typing another one clears it.
    await password.fill(player.password.slice(0, -1));
    await expect(dialog.getByText(x.wrong)).toHaveCount(0);
    await expect(phone).not.toHaveAttribute('aria-invalid', 'true');

    // The toggle: a pressed/not pressed button named "Mostrar senha" that keeps the caret and never submits.
    const toggle = dialog.getByRole('button', { name: x.show });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(toggle).toHaveAttribute('type', 'button');
    await expect(password).toHaveAttribute('type', 'password');
    await password.evaluate((el: HTMLInputElement) => el.setSelectionRange(5, 5));
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(toggle).toHaveAttribute('title', x.hide);
    await expect(password).toHaveAttribute('type', 'text');
    await expect(password).toBeFocused();
    expect(await caret(password)).toEqual([5, 5]);
    // The caret is still in the field: what is typed goes in at that place.
    await page.keyboard.press('End');
    await page.keyboard.type(player.password.slice(-1));
    await expect(password).toHaveValue(player.password);
    // From the keyboard: Tab to it, Space and Enter toggle it without sending the form.
    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/auth/login')) requests.push(r.url());
    });
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(password).toHaveAttribute('type', 'password');
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(dialog).toBeVisible();
    expect(requests).toEqual([]);

    await dialog.getByRole('button', { name: x.login, exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: x.account })).toContainText(player.name);
  });
}

test('register account step (pt): CPF masked as typed and pasted, password toggles, 11 digits and E.164 sent', async ({ page }) => {
  const x = T.pt;
  const { dialog, phone } = await toPhoneStep(page, 'pt');
  const number = newPhone();
  await phone.pressSequentially(number.national);
  await dialog.getByRole('button', { name: x.sendCode }).click();
  await dialog.getByLabel(x.code).fill(await latestCode(page.request, number.e164));
  await dialog.getByRole('button', { name: x.next, exact: true }).click();

  const cpf = dialog.getByLabel('CPF');
  await expect(cpf).toHaveAttribute('inputmode', 'numeric');
  await cpf.pressSequentially('39053344705');
  await expect(cpf).toHaveValue('390.533.447-05');
  // Backspace after the "-" removes the 7 before it; the caret stays there.
  await cpf.evaluate((el: HTMLInputElement) => el.setSelectionRange(12, 12));
  await page.keyboard.press('Backspace');
  await expect(cpf).toHaveValue('390.533.440-5');
  expect(await caret(cpf)).toEqual([10, 10]);
  // A digit typed in the middle is kept in place, the caret after it.
  await page.keyboard.type('7');
  await expect(cpf).toHaveValue('390.533.447-05');
  expect(await caret(cpf)).toEqual([11, 11]);
  const own = newCpf();
  await cpf.fill('');
  await page.keyboard.insertText(own);
  await expect(cpf).toHaveValue(maskedCpf(own));

  // Two password fields, two toggles; pressing one does not submit the step (no "required" under the e-mail).
  const toggles = dialog.getByRole('button', { name: x.show });
  await expect(toggles).toHaveCount(2);
  await dialog.getByLabel(x.password, { exact: true }).fill('senha-forte-1');
  await toggles.first().focus();
  await page.keyboard.press('Enter');
  await expect(toggles.first()).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.getByLabel(x.password, { exact: true })).toHaveAttribute('type', 'text');
  await expect(dialog.getByLabel(x.confirm)).toHaveAttribute('type', 'password');
  await expect(dialog.getByText(x.required)).toHaveCount(0);

  const email = `f${Date.now().toString(36)}@ex.com`;
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel(x.confirm).fill('senha-forte-1');
  await dialog.getByRole('button', { name: x.next, exact: true }).click();
  await dialog.getByLabel('Confirmo que tenho 18 anos ou mais.').check();
  await dialog.getByLabel('Li e aceito os').check();
  await dialog.getByRole('button', { name: x.next, exact: true }).click();
  await chooseRegistrationLimits(dialog);
  const registered = page.waitForRequest((r) => r.url().endsWith('/api/auth/register'));
  await dialog.getByRole('button', { name: 'Criar conta' }).click();
  expect((await registered).postDataJSON()).toMatchObject({ username: number.e164, cpf: own, email });
  await expect(page.getByRole('button', { name: x.account })).toContainText('Maria Silva');
});

test('forgot password (pt): the phone is masked; the reset step has a toggle on both passwords', async ({ page }) => {
  const player = await registerPlayer(page.request);
  await page.goto(tenantUrl('localhost', '/login'));
  await page.getByRole('dialog', { name: 'Entrar' }).getByRole('button', { name: T.pt.forgot }).click();
  const dialog = page.getByRole('dialog', { name: 'Recuperar senha' });
  const phone = dialog.getByLabel('Telefone', { exact: true });
  await expect(phone).toHaveAttribute('autocomplete', 'username');
  await phone.pressSequentially(player.phone.national);
  await expect(phone).toHaveValue(masked(player.phone.national));
  const asked = page.waitForRequest((r) => r.url().endsWith('/api/auth/recover-password'));
  await dialog.getByRole('button', { name: 'Enviar código' }).click();
  expect((await asked).postDataJSON()).toEqual({ username: player.phone.e164 });
  await expect(dialog.getByRole('button', { name: T.pt.show })).toHaveCount(2);
});

test('Pix key form (pt): CPF and phone keys masked as typed, the normalised key sent', async ({ page }) => {
  const player = await registerPlayer(page.request);
  await startLoggedIn(page, player);
  await page.goto(tenantUrl('localhost', '/account/wallet'));
  const type = page.getByTestId('pix-key-type');
  const key = page.getByTestId('pix-key');

  await type.selectOption('phone');
  await expect(key).toHaveAttribute('inputmode', 'tel');
  await key.pressSequentially('11987654321');
  await expect(key).toHaveValue('(11) 98765-4321');
  await key.fill('');
  await key.focus();
  await page.keyboard.insertText('+55 11 98765-4321');
  await expect(key).toHaveValue('(11) 98765-4321');

  await type.selectOption('cpf');
  await expect(key).toHaveAttribute('inputmode', 'numeric');
  await key.fill('');
  await key.pressSequentially(player.cpf);
  await expect(key).toHaveValue(maskedCpf(player.cpf));
  const added = page.waitForRequest((r) => r.url().endsWith('/api/wallet/withdraw/method'));
  await page.getByTestId('pix-key-add').click();
  expect((await added).postDataJSON()).toEqual({ type: 'cpf', key: player.cpf });
  await expect(page.getByText('Chave Pix cadastrada.')).toBeVisible();
});

test('change password (en): every password field has its toggle', async ({ page }) => {
  const player = await registerPlayer(page.request);
  await startLoggedIn(page, player);
  await page.goto(tenantUrl('localhost', '/en/user/edit/access-data'));
  const toggles = page.getByRole('button', { name: T.en.show });
  await expect(toggles).toHaveCount(3);
  const current = page.getByLabel('Current password');
  await current.fill(player.password);
  await toggles.first().click();
  await expect(current).toHaveAttribute('type', 'text');
  await expect(toggles.first()).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('New password')).toHaveAttribute('type', 'password');
});
