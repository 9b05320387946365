import { expect, test } from '@playwright/test';
import { registerPlayer, startLoggedIn } from './accounts-helpers.ts';
import { tenantUrl } from './helpers.ts';
import { payPixCharge } from './wallet-helpers.ts';

/**
 * Issue 4's browser proof, through the real platform and the sandbox PSP:
 * register, deposit R$ 50 by Pix, pay it with the sandbox, see the balance
 * change live, register a Pix key, withdraw, cancel, see the history.
 */
test('deposit by Pix, live balance, Pix key, withdraw, cancel and the history', async ({ page, request }) => {
  test.setTimeout(90_000);
  const player = await registerPlayer(request);
  await startLoggedIn(page, player);
  await page.goto(tenantUrl('localhost', '/'));

  const balance = page.getByTestId('header-balance');
  await expect(balance).toHaveText(/R\$\s?0,00/);

  // Deposit R$ 50,00.
  await page.locator('header [data-deposit-open]').first().click();
  const modal = page.getByTestId('deposit-modal');
  await expect(modal).toBeVisible();
  await modal.getByRole('textbox', { name: /valor/i }).fill('50');
  await modal.getByRole('button', { name: /gerar|pix/i }).first().click();
  await expect(modal.getByTestId('pix-qr')).toBeVisible();
  const code = modal.getByTestId('pix-code');
  await expect(code).toHaveValue(/^000201/);
  await expect(modal).toContainText(/0[45]:\d\d/);
  const txid = await modal.getAttribute('data-txid');
  expect(txid).toMatch(/^[A-Za-z0-9]{26,35}$/);

  // The sandbox's bank pays it; the page learns it by realtime (or poll), without a reload.
  await payPixCharge(txid!);
  await expect(modal.getByTestId('deposit-paid')).toBeVisible();
  await expect(balance).toHaveText(/R\$\s?50,00/);
  const dataLayer = await page.evaluate(() => (window as unknown as { dataLayer?: { event?: string }[] }).dataLayer?.map((e) => e.event) ?? []);
  expect(dataLayer).toContain('first_deposit');
  expect(dataLayer).toContain('purchase');
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();

  // Register the player's own CPF as a Pix key and withdraw R$ 20,00.
  await page.goto(tenantUrl('localhost', '/account/wallet'));
  await expect(page.getByTestId('wallet-balance')).toHaveText(/R\$\s?50,00/);
  await expect(page.getByTestId('wallet-withdrawable')).toHaveText(/R\$\s?50,00/);
  await page.getByTestId('pix-key-type').selectOption('cpf');
  await page.getByTestId('pix-key').fill(player.cpf);
  await page.getByTestId('pix-key-add').click();
  const form = page.getByTestId('withdraw-form');
  await expect(form).toContainText(player.cpf.slice(-2));
  await page.getByTestId('withdraw-amount').fill('20');
  await page.getByTestId('withdraw-submit').click();
  const row = page.getByTestId('withdrawal-row').first();
  await expect(row).toHaveAttribute('data-status', '0');
  await expect(row).toContainText('Pendente');
  await expect(page.getByTestId('wallet-balance')).toHaveText(/R\$\s?30,00/);
  await expect(balance).toHaveText(/R\$\s?30,00/);

  // Cancel after the confirmation dialog: the money comes back.
  await row.getByTestId('withdrawal-cancel').click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toBeVisible();
  await confirm.getByTestId('confirm-yes').click();
  await expect(row).toHaveAttribute('data-status', '2');
  await expect(row).toContainText('Cancelado');
  await expect(page.getByTestId('wallet-balance')).toHaveText(/R\$\s?50,00/);
  await expect(balance).toHaveText(/R\$\s?50,00/);

  // The history: the deposit, the withdrawal and its release.
  await page.goto(tenantUrl('localhost', '/user/edit/transaction'));
  const rows = page.getByTestId('transaction-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(2)).toHaveAttribute('data-type', 'deposit');
  await expect(page.getByText('Hoje').first()).toBeVisible();
  await page.getByTestId('filter-deposits').click();
  await expect(rows).toHaveCount(1);
  await page.getByTestId('filter-withdraws').click();
  await expect(rows).toHaveCount(2);
});
