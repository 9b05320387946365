import { expect, test } from '@playwright/test';
import { latestCode, newCpf, newEmail, newPhone, registerPlayer, startLoggedIn } from './accounts-helpers.ts';
import { tenantUrl } from './helpers.ts';
import { verifyDocuments } from './kyc-helpers.ts';
import { expectFirstFieldFocused, expectFocusRing, expectFocusTrapped, openPage, tabTo } from './keyboard-helpers.ts';
import { fundedPlayer, payPixCharge } from './wallet-helpers.ts';

/**
 * Issue 15, keyboard and screen readers: every journey (register, log in,
 * deposit, play a house game, withdraw, chat) done with the keyboard alone
 * at 1366 × 768, some in Portuguese and some in English, with a visible
 * focus ring on each control reached; every modal opens on its first field,
 * keeps Tab inside, and gives focus back to its opener on Esc. The sandbox
 * PSP (the test's API call) stands in for the player's bank.
 */

test.use({ viewport: { width: 1366, height: 768 } });
// Every key is a round trip to the browser: generous time on a busy machine.
test.describe.configure({ timeout: 150_000 });

// These players said no to notifications earlier: the push prompt (its timing is tested in push.spec.ts) stays out of the journeys.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(Notification, 'permission', { configurable: true, get: () => 'denied' }));
});

test('register with the keyboard only (pt): the modal opens on its first field and ends on the account button', async ({ page }) => {
  const phone = newPhone();
  await openPage(page, tenantUrl('localhost', '/'));
  await tabTo(page, page.getByRole('banner').getByRole('button', { name: 'Cadastre-se' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Criar conta' });
  await expect(dialog).toBeVisible();

  // Step 1: the first radio has focus (not ✕); Space picks, Tab moves on.
  const male = dialog.getByRole('radio', { name: 'Masculino', exact: true });
  await expect(male).toBeFocused();
  await expectFocusRing(male);
  await page.keyboard.press('Space');
  await expect(male).toBeChecked();
  await tabTo(page, dialog.getByRole('radio', { name: 'Solteiro(a)', exact: true }));
  await page.keyboard.press('Space');
  await tabTo(page, dialog.getByLabel('Nome completo'));
  await page.keyboard.type('Maria Teclado');
  await page.keyboard.press('Enter');

  // Step 2: phone, "Enviar código", then the code; Enter continues.
  await tabTo(page, dialog.getByLabel('Telefone', { exact: true }));
  await page.keyboard.type(phone.national);
  await tabTo(page, dialog.getByRole('button', { name: 'Enviar código' }));
  await page.keyboard.press('Enter');
  await expect(dialog.getByText(/Enviamos um código para/)).toBeVisible();
  const code = await latestCode(page.request, phone.e164);
  await tabTo(page, dialog.getByLabel('Código de verificação'));
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');

  // Step 3: e-mail, password twice, CPF.
  await tabTo(page, dialog.getByLabel('E-mail'));
  await page.keyboard.type(newEmail());
  await tabTo(page, dialog.getByLabel('Senha', { exact: true }));
  await page.keyboard.type('senha-forte-1');
  await tabTo(page, dialog.getByLabel('Confirmar senha', { exact: true }));
  await page.keyboard.type('senha-forte-1');
  await tabTo(page, dialog.getByLabel('CPF'));
  await page.keyboard.type(newCpf());
  await page.keyboard.press('Enter');

  // Step 4: both boxes with Space, then "Criar conta".
  await tabTo(page, dialog.getByLabel('Confirmo que tenho 18 anos ou mais.'));
  await page.keyboard.press('Space');
  await tabTo(page, dialog.getByLabel(/Li e aceito os/));
  await page.keyboard.press('Space');
  await tabTo(page, dialog.getByRole('button', { name: 'Continuar', exact: true }));
  await page.keyboard.press('Enter');

  // Step 5 (regulated tenant): a loss limit, its period and a session-time limit, chosen with the keyboard.
  await tabTo(page, dialog.getByLabel('Limite de perdas (R$)'));
  await page.keyboard.type('500');
  await tabTo(page, dialog.getByLabel('Período do limite de perdas'));
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByLabel('Período do limite de perdas')).not.toHaveValue('');
  await tabTo(page, dialog.getByLabel('Limite de tempo por sessão'));
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByLabel('Limite de tempo por sessão')).not.toHaveValue('');
  await tabTo(page, dialog.getByRole('button', { name: 'Criar conta' }));
  await page.keyboard.press('Enter');

  await expect(dialog).toHaveCount(0);
  // "Cadastre-se" is gone: focus lands on the account button, not on the page body.
  const account = page.getByRole('button', { name: /Minha conta/ });
  await expect(account).toContainText('Maria Teclado');
  await expect(account).toBeFocused();
});

test('log in with the keyboard only (en): first field, focus kept inside, Esc back to "Log in", then the account button', async ({ page, request }) => {
  const player = await registerPlayer(request, 'localhost', 'Ana Keyboard');
  await openPage(page, tenantUrl('localhost', '/en'));
  const opener = page.getByRole('banner').getByRole('button', { name: 'Log in' });
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await expect(dialog).toBeVisible();
  await expectFirstFieldFocused(dialog);
  await expect(dialog.getByRole('button', { name: 'Close' })).not.toBeFocused();
  await expectFocusTrapped(page, dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expectFirstFieldFocused(dialog);
  await tabTo(page, dialog.getByLabel('Phone', { exact: true }));
  await page.keyboard.type(player.phone.national);
  await tabTo(page, dialog.getByLabel('Password', { exact: true }));
  await page.keyboard.type(player.password);
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  const account = page.getByRole('button', { name: /My account/ });
  await expect(account).toContainText('Ana Keyboard');
  await expect(account).toBeFocused();
});

test('deposit with the keyboard only (en): amount field first, Pix paid by the sandbox, Esc back to "Deposit"', async ({ page, request }) => {
  const player = await registerPlayer(request);
  await startLoggedIn(page, player);
  await openPage(page, tenantUrl('localhost', '/en'));
  const balance = page.getByTestId('header-balance');
  await expect(balance).toHaveText('R$0.00');
  const opener = page.getByRole('banner').getByRole('button', { name: 'Deposit' });
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  const modal = page.getByTestId('deposit-modal');
  await expect(modal).toBeVisible();
  const amount = modal.getByLabel('Deposit amount');
  await expect(amount).toBeFocused();
  await expectFocusTrapped(page, modal);
  await tabTo(page, amount);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('50');
  await page.keyboard.press('Enter');
  await expect(modal.getByTestId('pix-qr')).toBeVisible();
  const txid = await modal.getAttribute('data-txid');
  await payPixCharge(txid!);
  await expect(modal.getByTestId('deposit-paid')).toBeVisible();
  await expect(balance).toHaveText('R$50.00');
  await page.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test('play a house game with the keyboard only (pt): "Jogar com dinheiro real", the amount and "Jogar" in the frame', async ({ page, request }) => {
  const player = await fundedPlayer(request);
  await startLoggedIn(page, player);
  await openPage(page, tenantUrl('localhost', '/casino/house/dice'));
  const header = page.getByTestId('header-balance');
  await expect(header).toHaveText(/^R\$\s100,00$/);
  await tabTo(page, page.getByTestId('game-play-real'));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('game-close')).toBeFocused();
  const frame = page.frameLocator('[data-testid="game-frame"]');
  await expect(frame.getByTestId('house-game')).toHaveAttribute('data-game', 'dice');
  await tabTo(page, frame.getByTestId('house-amount'));
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('10');
  await tabTo(page, frame.getByTestId('house-play'));
  await page.keyboard.press('Enter');
  await expect(frame.getByTestId('house-round').first()).toHaveAttribute('data-round-id', /^\d+$/);
  await expect(header).not.toHaveText(/^R\$\s100,00$/);
});

test('withdraw and cancel with the keyboard only (en): Pix key, amount, the confirmation keeps focus and Esc returns it', async ({ page, request }) => {
  const player = await fundedPlayer(request);
  await verifyDocuments(player);
  await startLoggedIn(page, player);
  await openPage(page, tenantUrl('localhost', '/en/account/wallet'));
  await expect(page.getByTestId('wallet-balance')).toHaveText('R$100.00');

  await tabTo(page, page.getByTestId('pix-key-type'));
  await page.keyboard.type('CPF');
  await expect(page.getByTestId('pix-key-type')).toHaveValue('cpf');
  await tabTo(page, page.getByTestId('pix-key'));
  await page.keyboard.type(player.cpf);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('withdraw-form')).toContainText(player.cpf.slice(-2));

  // The withdrawal form is above the Pix keys: back up to it.
  await tabTo(page, page.getByTestId('withdraw-amount'), { back: true });
  await page.keyboard.type('20');
  await page.keyboard.press('Enter');
  const row = page.getByTestId('withdrawal-row').first();
  await expect(row).toHaveAttribute('data-status', '0');
  await expect(page.getByTestId('wallet-balance')).toHaveText('R$80.00');

  const cancel = row.getByTestId('withdrawal-cancel');
  await tabTo(page, cancel);
  await page.keyboard.press('Enter');
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Back' })).toBeFocused();
  await expectFocusTrapped(page, confirm);
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(cancel).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(confirm).toBeVisible();
  await tabTo(page, confirm.getByTestId('confirm-yes'));
  await page.keyboard.press('Enter');
  await expect(row).toHaveAttribute('data-status', '2');
  await expect(page.getByTestId('wallet-balance')).toHaveText('R$100.00');
});

test('chat with the keyboard only (pt): the panel opens on its composer, Enter sends, Esc returns to the chat button', async ({ page, request }) => {
  const player = await registerPlayer(request, 'localhost', 'Caio Teclado');
  await startLoggedIn(page, player);
  await openPage(page, tenantUrl('localhost', '/'));
  await expect(page.getByTestId('header-balance')).toBeVisible();
  const opener = page.getByTestId('chat-open');
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  const panel = page.getByTestId('chat-panel');
  await expect(panel).toBeVisible();
  const text = `Olá pelo teclado ${Date.now()}`;
  await expect(panel.getByRole('textbox')).toBeFocused();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await expect(panel.getByText(text)).toBeVisible();
  await tabTo(page, panel.getByRole('button', { name: 'Enviar' }));
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test('the account menu (pt): Enter opens it on its first entry, arrows move, Esc closes it back on its button', async ({ page, request }) => {
  const player = await registerPlayer(request);
  await startLoggedIn(page, player);
  await openPage(page, tenantUrl('localhost', '/'));
  const button = page.getByRole('button', { name: /Minha conta/ });
  await tabTo(page, button);
  await page.keyboard.press('Enter');
  const menu = page.locator('#account-menu');
  await expect(menu).toBeVisible();
  const entries = menu.locator('a[href], button');
  await expect(entries.first()).toBeFocused();
  await expectFocusRing(entries.first());
  await page.keyboard.press('ArrowDown');
  await expect(entries.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(menu.getByRole('button', { name: 'Sair' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();

  await page.keyboard.press('Space');
  await expect(menu).toBeVisible();
  await expect(entries.first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(button).toBeFocused();
});
