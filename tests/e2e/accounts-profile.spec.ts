import { expect, test } from '@playwright/test';
import { latestCode, loginThroughModal, registerPlayer, startLoggedIn } from './accounts-helpers.ts';
import { tenantUrl } from './helpers.ts';

/** Account pages against the real platform: profile, privacy, verification, password, self-exclusion. */

test('account pages open the login modal for a visitor', async ({ page }) => {
  await page.goto(tenantUrl('localhost', '/user'));
  await expect(page).toHaveTitle(/^Editar perfil/);
  await expect(page.getByRole('dialog', { name: 'Entrar' })).toBeVisible();
});

test('personal data: name and language changes; the site follows the new language', async ({ page }) => {
  const player = await registerPlayer(page.request);
  await startLoggedIn(page, player);
  await page.goto(tenantUrl('localhost', '/user/edit/personal-data'));
  await expect(page.getByRole('heading', { level: 1, name: 'Dados pessoais' })).toBeVisible();
  await expect(page.getByText('Editar conta')).toBeVisible();
  const name = page.getByLabel('Nome completo');
  await expect(name).toHaveValue(player.name);
  await name.fill('Joana');
  await expect(page.getByText('Por favor, insira seu nome completo.')).toBeVisible();
  await name.fill('Joana Prado');
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByText('Alterações salvas.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Minha conta/ })).toContainText('Joana Prado');

  await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
  await expect(page).toHaveURL(/\/en\/user\/edit\/personal-data$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Personal data' })).toBeVisible();
  const me = await page.request.get(tenantUrl('localhost', '/api/auth/me'), { headers: { Authorization: `Bearer ${player.token}` } });
  expect(((await me.json()) as { data: { language: string; name: string } }).data).toMatchObject({ language: 'en', name: 'Joana Prado' });
});

test('privacy toggles change what the public profile shows', async ({ page }) => {
  const player = await registerPlayer(page.request, 'localhost', 'Paula Reis');
  await startLoggedIn(page, player);
  await page.goto(tenantUrl('localhost', '/user'));
  await expect(page.getByRole('heading', { level: 1, name: 'Editar perfil' })).toBeVisible();
  const preview = page.getByRole('region', { name: 'Como outros jogadores veem você' });
  await expect(preview.getByRole('definition').first()).toHaveText('Paula Reis');
  const toggle = page.getByRole('checkbox', { name: 'Ocultar meu nome de usuário' });
  await toggle.check();
  await expect(toggle).toBeChecked();
  await expect(preview.getByRole('definition').first()).toHaveText('Oculto');
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Ocultar meu nome de usuário' })).toBeChecked();
});

test('e-mail verification with a code and the 20 s resend countdown; the phone verified at registration', async ({ page }) => {
  const player = await registerPlayer(page.request);
  await startLoggedIn(page, player);
  await page.goto(tenantUrl('localhost', '/user/edit/verification'));
  await expect(page).toHaveTitle(/^Verificar conta/);
  const email = page.getByRole('region', { name: 'Verificação de e-mail' });
  await expect(email.getByText('Não verificado')).toBeVisible();
  await email.getByRole('button', { name: 'Enviar código' }).click();
  await expect(email.getByRole('button', { name: /Reenviar em (20|19|18) s/ })).toBeDisabled();
  const code = await latestCode(page.request, player.email);
  await email.getByLabel('Código de verificação').fill('12');
  await expect(email.getByText('Código inválido ou expirado.')).toBeVisible();
  await email.getByLabel('Código de verificação').fill(code);
  await email.getByRole('button', { name: 'Confirmar código' }).click();
  await expect(email.getByText('Verificado', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Verificação de telefone' }).getByText('Verificado', { exact: true })).toBeVisible();
});

test('password change: mismatch message, then the new password works', async ({ page }) => {
  const player = await registerPlayer(page.request);
  await startLoggedIn(page, player);
  await page.goto(tenantUrl('localhost', '/user/edit/access-data'));
  await page.getByLabel('Senha atual').fill(player.password);
  await page.getByLabel('Nova senha').fill('outra-senha-33');
  await page.getByLabel('Confirmar senha').fill('outra-senha-34');
  await expect(page.getByText('As senhas não coincidem')).toBeVisible();
  await page.getByLabel('Confirmar senha').fill('outra-senha-33');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('Senha alterada.')).toBeVisible();
  const login = await page.request.post(tenantUrl('localhost', '/api/auth/login'), {
    data: { username: player.phone.e164, password: 'outra-senha-33' },
  });
  expect(login.status()).toBe(200);
});

test('self-exclusion: confirmation dialog, logged out with the dates, login refused with the dates', async ({ page }) => {
  const player = await registerPlayer(page.request);
  await startLoggedIn(page, player);
  await page.goto(tenantUrl('localhost', '/user'));
  const card = page.getByRole('region', { name: 'Autoexclusão' });
  await card.getByLabel('Duração').fill('2');
  await card.getByLabel('Unidade').selectOption('days');
  await card.getByRole('button', { name: 'Autoexcluir minha conta' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirmar autoexclusão' });
  await expect(confirm).toContainText('2 dias');
  await confirm.getByRole('button', { name: 'Sim, autoexcluir' }).click();

  const dates = /Sua conta está autoexcluída de (\d{2}\/\d{2}\/\d{4}) até (\d{2}\/\d{2}\/\d{4})\./;
  await expect(page.getByText(dates)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();

  const fmt = (d: Date) => new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(d);
  const today = fmt(new Date());
  const end = fmt(new Date(Date.now() + 2 * 86_400_000));

  await loginThroughModal(page, player);
  const dialog = page.getByRole('dialog', { name: 'Entrar' });
  await expect(dialog.getByText(`Sua conta está autoexcluída de ${today} até ${end}.`)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();
});

test('avatar: a PNG is uploaded and served as an image; an SVG with a script is refused', async ({ page }) => {
  const player = await registerPlayer(page.request);
  await startLoggedIn(page, player);
  await page.goto(tenantUrl('localhost', '/user'));
  const picker = page.getByLabel('Alterar foto');
  // A 1×1 PNG.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  await picker.setInputFiles({ name: 'eu.png', mimeType: 'image/png', buffer: png });
  const avatar = page.getByRole('img', { name: 'Foto do perfil' });
  await expect(avatar).toBeVisible();
  const served = await page.request.get(new URL((await avatar.getAttribute('src'))!, tenantUrl('localhost')).href);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/png');
  expect(served.headers()['x-content-type-options']).toBe('nosniff');

  const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
  await picker.setInputFiles({ name: 'x.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(svg) });
  await expect(page.getByRole('alert').filter({ hasText: /SVG/ })).toBeVisible();
  expect(await avatar.getAttribute('src')).toBeTruthy();
});
