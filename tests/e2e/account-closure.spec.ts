import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { loginThroughModal, registerPlayer, startLoggedIn } from './accounts-helpers.ts';
import { seriousViolations } from './axe.ts';
import { tenantUrl } from './helpers.ts';
import { tabTo } from './keyboard-helpers.ts';

/**
 * Issue 17, "Account closure and data": on the profile (`/user`) a new
 * player downloads their data (JSON, and one CSV section), closes the
 * account with the keyboard through the confirmation dialog, is logged out
 * with the closing date shown, and cannot log in again. Axe clean, no
 * sideways scroll at 320 px.
 */
const T = {
  pt: {
    path: '/user',
    login: '/login',
    exportHeading: 'Baixar meus dados',
    json: 'Baixar tudo (JSON)',
    section: 'Seção do CSV',
    csv: 'Baixar CSV',
    closeHeading: 'Encerrar conta',
    note: 'Motivo (opcional)',
    submit: 'Encerrar minha conta',
    dialog: 'Encerrar sua conta?',
    password: 'Senha',
    confirm: 'Encerrar conta',
    closed: 'Conta encerrada',
    closedText: /Sua conta foi encerrada em \d{2}\/\d{2}\/\d{4} e sua sessão foi finalizada\./,
    header: 'Entrar',
    refused: /^Esta conta foi encerrada em \d{2}\/\d{2}\/\d{4} e não pode mais ser acessada\.$/,
  },
  en: {
    path: '/en/user',
    login: '/en/login',
    exportHeading: 'Download my data',
    json: 'Download everything (JSON)',
    section: 'CSV section',
    csv: 'Download CSV',
    closeHeading: 'Close account',
    note: 'Reason (optional)',
    submit: 'Close my account',
    dialog: 'Close your account?',
    password: 'Password',
    confirm: 'Close account',
    closed: 'Account closed',
    closedText: /Your account was closed on \d{1,2}\/\d{1,2}\/\d{4} and your session has ended\./,
    header: 'Log in',
    refused: /^This account was closed on [A-Z][a-z]{2} \d{1,2}, \d{4} and can no longer be used\.$/,
  },
} as const;

async function noSidewaysScroll(page: Page): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
}

/** Clicks `button` and answers the downloaded file's name and text. */
async function downloadOf(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), text: await readFile(path, 'utf8') };
}

for (const lang of ['pt', 'en'] as const) {
  const x = T[lang];

  test(`a new player downloads their data, closes the account with the keyboard, is logged out and cannot log in again (${lang})`, async ({ page, request }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 390, height: 844 });
    const player = await registerPlayer(request, 'localhost', 'Clara Encerra');
    await startLoggedIn(page, player);
    await page.goto(tenantUrl('localhost', x.path));
    await expect(page.getByRole('heading', { name: x.exportHeading })).toBeVisible();
    await expect(page.getByRole('heading', { name: x.closeHeading, exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 320, height: 640 });
    await noSidewaysScroll(page);
    await page.setViewportSize({ width: 390, height: 844 });

    // The JSON holds the player's profile and their session, and no secret.
    const json = await downloadOf(page, () => page.getByRole('button', { name: x.json }).click());
    expect(json.name).toMatch(new RegExp(`^dados-${player.user.id}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
    const doc = JSON.parse(json.text) as { profile: Record<string, unknown>; sessions: unknown[]; transactions: unknown[]; limits: Record<string, unknown> };
    expect(doc.profile).toMatchObject({ id: player.user.id, name: 'Clara Encerra', phone: player.phone.e164, email: player.email, cpf: player.cpf });
    expect(doc.sessions.length).toBeGreaterThanOrEqual(1);
    expect(doc.transactions).toEqual([]);
    expect(doc.limits).toMatchObject({ limits: { loss: { month: { value: 100_000_000 } } } });
    expect(json.text).not.toMatch(/password_hash|token_hash|scrypt/);
    expect(json.text).not.toContain(player.token);

    // One section as CSV: the profile, as field,value lines.
    await page.getByLabel(x.section).selectOption('profile');
    const csv = await downloadOf(page, () => page.getByRole('button', { name: x.csv }).click());
    expect(csv.name).toMatch(new RegExp(`^dados-${player.user.id}-profile-.*\\.csv$`));
    expect(csv.text.replace(/^\uFEFF/, '').split('\r\n').slice(0, 3)).toEqual(['field,value', `id,${player.user.id}`, 'name,Clara Encerra']);

    // Close with the keyboard only: the reason, the button, the dialog's password and its confirm button.
    const note = page.getByLabel(x.note);
    await tabTo(page, note);
    await page.keyboard.type('Teste de encerramento');
    await tabTo(page, page.getByRole('button', { name: x.submit }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: x.dialog });
    await expect(dialog).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await tabTo(page, dialog.getByLabel(x.password, { exact: true }));
    await page.keyboard.type(player.password);
    await tabTo(page, dialog.getByRole('button', { name: x.confirm, exact: true }));
    const closing = page.waitForResponse((r) => r.url().includes('/api/profile/close-account') && r.request().method() === 'POST');
    await page.keyboard.press('Enter');
    expect((await closing).status()).toBe(200);

    await expect(page.getByRole('status').filter({ hasText: x.closed })).toContainText(x.closedText);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.locator('header').getByRole('button', { name: x.header }).first()).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();
    // The old token no longer works.
    const me = await request.get(tenantUrl('localhost', '/api/auth/me'), { headers: { authorization: `Bearer ${player.token}` } });
    expect(me.status()).toBe(401);

    // Logging in again is refused with the closing date.
    await loginThroughModal(page, player, x.login);
    await expect(page.getByRole('dialog').getByRole('alert').filter({ hasText: x.refused })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();
  });
}
