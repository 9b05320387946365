import { expect, test } from '@playwright/test';
import { registerPlayer, startLoggedIn } from './accounts-helpers.ts';
import { tenantUrl } from './helpers.ts';

/**
 * Issue 15: the deposit screen a new operator tries in the demo — the Pix
 * "copia e cola" code with a working Copy, the QR, amount and countdown, the
 * charge id and "Pagar no sandbox", which pays the charge through the
 * sandbox PSP so the balance moves without the command line. The code names
 * the tenant as receiver and points at a location that answers.
 */
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

for (const { locale, prefix, deposit, amountLabel, generate, copy, copied, pay, chargeId, balance0, balance50 } of [
  {
    locale: 'pt',
    prefix: '',
    deposit: 'Depositar',
    amountLabel: 'Valor do depósito',
    generate: 'Gerar Pix',
    copy: 'Copiar código',
    copied: 'Copiado!',
    pay: 'Pagar no sandbox',
    chargeId: 'ID da cobrança',
    balance0: /R\$\s?0,00/,
    balance50: /R\$\s?50,00/,
  },
  {
    locale: 'en',
    prefix: '/en',
    deposit: 'Deposit',
    amountLabel: 'Deposit amount',
    generate: 'Generate Pix',
    copy: 'Copy code',
    copied: 'Copied!',
    pay: 'Pay in the sandbox',
    chargeId: 'Charge ID',
    balance0: /R\$\s?0\.00/,
    balance50: /R\$\s?50\.00/,
  },
]) {
  test(`deposit screen (${locale}): copy the code, pay it in the sandbox, balance updates`, async ({ page, request }) => {
    const player = await registerPlayer(request);
    await startLoggedIn(page, player);
    await page.goto(tenantUrl('localhost', `${prefix}/`));
    const balance = page.getByTestId('header-balance');
    await expect(balance).toHaveText(balance0);

    await page.getByRole('banner').getByRole('button', { name: deposit }).click();
    const modal = page.getByTestId('deposit-modal');
    await modal.getByLabel(amountLabel).fill('50');
    await modal.getByRole('button', { name: generate }).click();
    await expect(modal.getByTestId('pix-qr')).toBeVisible();
    await expect(modal).toContainText(/50[,.]00/);
    await expect(modal.getByRole('timer')).toHaveText(/0[45]:\d\d/);

    // The copy-paste code: the tenant is the receiver, the location is the platform's public URL.
    const code = await modal.getByTestId('pix-code').inputValue();
    expect(code).toMatch(/^000201/);
    expect(code).toContain('5918IPE ENTRETENIMENTO');
    expect(code).toContain('6014BELO HORIZONTE');
    const txid = await modal.getAttribute('data-txid');
    expect(txid).toMatch(/^[A-Za-z0-9]{26,35}$/);
    const location = `localhost:${process.env.E2E_PORT ?? 4391}/api/pix/qr/${txid}`;
    expect(code).toContain(location);
    const payload = await request.get(`http://${location}`);
    expect(payload.status()).toBe(200);
    expect(payload.headers()['content-type']).toBe('application/jose');
    const [, body] = (await payload.text()).split('.');
    expect(JSON.parse(Buffer.from(body!, 'base64url').toString())).toMatchObject({ txid, status: 'ATIVA', valor: { original: '50.00' } });

    await modal.getByRole('button', { name: copy }).click();
    await expect(modal.getByRole('status').filter({ hasText: copied })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

    // The demo's charge id and sandbox payment.
    await expect(modal.getByText(chargeId)).toBeVisible();
    await expect(modal.getByTestId('pix-txid')).toHaveText(txid!);
    await modal.getByRole('button', { name: pay }).click();
    await expect(modal.getByTestId('deposit-paid')).toBeVisible();
    await expect(balance).toHaveText(balance50);
  });
}
