import { expect, test } from '@playwright/test';
import { newCpf, newEmail, newPhone } from './accounts-helpers.ts';
import { tenantUrl } from './helpers.ts';
import { configureAndRebuild, latestCodeOn, tenantApi } from './tenant-api.ts';

/**
 * A tenant that requires CPF and e-mail at login (`login_requires_cpf`,
 * `login_requires_email`): the operator turns both on and rebuilds, the login
 * form asks for them, the platform refuses a login without them or with
 * someone else's, and accepts the player's own. Set back at the end.
 */
const HOST = 'sorte.localhost';
const player = { phone: newPhone(), email: newEmail(), cpf: newCpf(), password: 'senha-forte-1' };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(200_000);
  expect((await tenantApi(HOST, '/auth/verify-phone', { body: { phone: player.phone.e164 } })).ok).toBe(true);
  const code = await latestCodeOn(HOST, player.phone.e164);
  const verified = await tenantApi(HOST, '/auth/verify-code', { body: { channel: 'phone', destination: player.phone.e164, code } });
  const { verification_token } = (await verified.json()) as { verification_token: string };
  const registered = await tenantApi(HOST, '/auth/register', {
    body: {
      gender: 'male',
      marital_status: 'married',
      name: 'Rafael Exigente',
      username: player.phone.e164,
      phone_verification_token: verification_token,
      email: player.email,
      password: player.password,
      password_confirmation: player.password,
      cpf: player.cpf,
      adult: true,
      terms: true,
      loss_limit: 100_000_000,
      loss_limit_period: 'month',
      session_limit_minutes: 1440,
    },
  });
  expect(registered.status, await registered.clone().text()).toBe(201);
  await configureAndRebuild(HOST, { login_requires_cpf: true, login_requires_email: true });
});

test.afterAll(async () => {
  test.setTimeout(200_000);
  await configureAndRebuild(HOST, { login_requires_cpf: false, login_requires_email: false });
});

test('the login form asks for CPF and e-mail and accepts only the player\'s own', async ({ page }) => {
  await page.goto(tenantUrl(HOST, '/login'));
  const dialog = page.getByRole('dialog', { name: 'Entrar' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Telefone', { exact: true }).fill(player.phone.national);
  await dialog.getByLabel('Senha', { exact: true }).fill(player.password);
  const submit = dialog.getByRole('button', { name: 'Entrar', exact: true });
  await submit.click();
  await expect(dialog.getByText('Este campo é obrigatório.')).toHaveCount(2);

  await dialog.getByLabel('CPF', { exact: true }).fill('111.111.111-11');
  await expect(dialog.getByText('CPF inválido')).toBeVisible();
  await dialog.getByLabel('CPF', { exact: true }).fill(newCpf());
  await dialog.getByLabel('E-mail', { exact: true }).fill(player.email);
  await submit.click();
  await expect(dialog.getByText('Telefone ou senha incorretos.')).toBeVisible();

  await dialog.getByLabel('CPF', { exact: true }).fill(player.cpf);
  await submit.click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Minha conta/ })).toContainText('Rafael Exigente');
});

test('the platform refuses a login missing the required fields', async () => {
  const response = await tenantApi(HOST, '/auth/login', { body: { username: player.phone.e164, password: player.password } });
  expect(response.status).toBe(422);
  const { errors } = (await response.json()) as { errors: Record<string, string[]> };
  expect(Object.keys(errors)).toEqual(expect.arrayContaining(['cpf', 'email']));
});
