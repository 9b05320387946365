import { expect, test } from '@playwright/test';
import { newCpf, registerPlayer, startLoggedIn } from './accounts-helpers.ts';
import { tenantUrl } from './helpers.ts';
import { verifyDocuments } from './kyc-helpers.ts';
import { payPixCharge } from './wallet-helpers.ts';

/**
 * Issue 4's browser proof, through the real platform and the sandbox PSP:
 * register, deposit R$ 50 by Pix, pay it with the sandbox, see the balance
 * change live, register a Pix key, withdraw, cancel, see the history.
 */
test('deposit by Pix, live balance, Pix key, withdraw, cancel and the history', async ({ page, request }) => {
  test.setTimeout(90_000);
  const player = await registerPlayer(request);
  // The demo tenants hold withdrawals until identity documents are approved (issue 17): this test is about the wallet.
  await verifyDocuments(player);
  await startLoggedIn(page, player);
  await page.goto(tenantUrl('localhost', '/'));

  const balance = page.getByTestId('header-balance');
  await expect(balance).toHaveText(/R\$\s?0,00/);

  // Deposit R$ 50,00.
  await page.getByRole('banner').getByRole('button', { name: 'Depositar' }).click();
  const modal = page.getByTestId('deposit-modal');
  await expect(modal).toBeVisible();
  await modal.getByLabel('Valor do depósito').fill('50');
  await modal.getByRole('button', { name: 'Gerar Pix' }).click();
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

/**
 * Bad input in the browser, in the player's language: out-of-range amounts
 * are refused before anything is sent, someone else's CPF key is refused by
 * the platform, a withdrawal above the withdrawable balance is refused, and
 * nothing moves.
 */
test('wallet refusals are clear, in English, and move nothing', async ({ page, request }) => {
  const player = await registerPlayer(request);
  // Verified, so the withdrawal below is refused for its amount, not for missing documents.
  await verifyDocuments(player);
  await startLoggedIn(page, player);
  await page.goto(tenantUrl('localhost', '/en'));

  // Deposit below the demo tenant's minimum (R$ 10,00): refused in place, no charge made.
  await page.getByRole('banner').getByRole('button', { name: 'Deposit' }).click();
  const modal = page.getByTestId('deposit-modal');
  await modal.getByLabel('Deposit amount').fill('5');
  await expect(modal).toContainText('The minimum deposit is R$10.00.');
  await modal.getByLabel('Deposit amount').fill('50001');
  await expect(modal).toContainText('The maximum deposit is R$50,000.00.');
  await expect(modal.getByTestId('pix-qr')).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.goto(tenantUrl('localhost', '/en/account/wallet'));
  await expect(page.getByTestId('wallet-balance')).toHaveText(/R\$\s?0\.00/);
  // Another person's (valid) CPF as a key: the platform refuses it and nothing is registered.
  let other = newCpf();
  while (other === player.cpf) other = newCpf();
  await page.getByTestId('pix-key-type').selectOption('cpf');
  await page.getByTestId('pix-key').fill(other);
  await page.getByTestId('pix-key-add').click();
  await expect(page.getByText('A CPF key must be your own CPF.')).toBeVisible();
  await expect(page.getByTestId('pix-key-option')).toHaveCount(0);

  // With the own key registered, a withdrawal above the (zero) withdrawable balance is refused.
  await page.getByTestId('pix-key').fill(player.cpf);
  await page.getByTestId('pix-key-add').click();
  await expect(page.getByTestId('pix-key-option')).toHaveCount(1);
  await page.getByTestId('withdraw-amount').fill('25');
  await page.getByTestId('withdraw-submit').click();
  await expect(page.getByTestId('withdraw-form')).toContainText('The amount is above your balance available to withdraw (R$0.00).');
  await expect(page.getByTestId('withdrawal-row')).toHaveCount(0);
  await expect(page.getByTestId('wallet-balance')).toHaveText(/R\$\s?0\.00/);
});
