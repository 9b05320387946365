import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { registerPlayer, startLoggedIn, type TestPlayer } from './accounts-helpers.ts';
import { seriousViolations } from './axe.ts';
import { tenantUrl } from './helpers.ts';
import { tabTo } from './keyboard-helpers.ts';
import { pageWidth } from './layout-helpers.ts';
import { operatorCall, tenantApi } from './tenant-api.ts';
import { payPixCharge } from './wallet-helpers.ts';

/**
 * Issue 17's identity documents from the player's side, through the real
 * platform: the postal address on personal data, the four documents on the
 * verification page, the operator's approval, and the withdrawal that waited
 * for it (the demo tenants have `kyc` on).
 */
test.describe.configure({ timeout: 150_000 });

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/documents/${name}`, import.meta.url));
const FILES = {
  identity_front: fixture('identity-front.jpg'),
  identity_back: fixture('identity-back.png'),
  selfie: fixture('selfie.jpg'),
  proof_of_address: fixture('proof-of-address.pdf'),
} as const;

const PT = {
  names: {
    identity_front: 'Documento de identidade (frente)',
    identity_back: 'Documento de identidade (verso)',
    selfie: 'Selfie segurando o documento',
    proof_of_address: 'Comprovante de residência',
  },
  file: (name: string) => `Arquivo: ${name}`,
};

/** The player's address through the form, as typed by a person. */
async function fillAddress(page: Page, labels: Record<'cep' | 'street' | 'number' | 'district' | 'city' | 'state', string>, cep: string) {
  await page.getByLabel(labels.cep).fill(cep);
  await page.getByLabel(labels.street).fill('Avenida Paulista');
  await page.getByLabel(labels.number).fill('1578');
  await page.getByLabel(labels.district).fill('Bela Vista');
  await page.getByLabel(labels.city).fill('São Paulo');
  await page.getByLabel(labels.state).selectOption('SP');
}

/** The pending documents of `player` in the operator's list, approved one by one. */
async function approveAll(player: TestPlayer): Promise<number> {
  const listed = await operatorCall('localhost', 'GET', '/operator/documents?status=pending');
  expect(listed.status).toBe(200);
  const { documents } = (await listed.json()) as { documents: { id: number; user: { id: number } }[] };
  const mine = documents.filter((d) => d.user.id === player.user.id);
  for (const doc of mine) {
    const approved = await operatorCall('localhost', 'POST', `/operator/documents/${doc.id}/approve`);
    expect(approved.status, await approved.clone().text()).toBe(200);
  }
  return mine.length;
}

/** R$ 50,00 deposited through the real Pix path, then the player's CPF as a Pix key. */
async function depositAndAddKey(player: TestPlayer): Promise<void> {
  const charge = await tenantApi('localhost', '/main-gateway/qrcode-pix', { body: { amount: 5_000 }, token: player.token });
  expect(charge.status).toBe(200);
  await payPixCharge(((await charge.json()) as { txid: string }).txid);
  const key = await tenantApi('localhost', '/wallet/withdraw/method', { body: { type: 'cpf', key: player.cpf }, token: player.token });
  expect(key.status, await key.clone().text()).toBeLessThan(300);
}

test('address, documents, approval, then the withdrawal goes through (pt)', async ({ page, request }) => {
  const player = await registerPlayer(request, 'localhost', 'Kátia Verificada');
  await depositAndAddKey(player);
  await startLoggedIn(page, player);

  // Before the documents: the withdrawal is refused, saying why, with a link to the verification page.
  await page.goto(tenantUrl('localhost', '/account/wallet'));
  await expect(page.getByTestId('wallet-withdrawable')).toHaveText(/R\$\s?50,00/);
  await page.getByTestId('withdraw-amount').fill('20');
  await page.getByTestId('withdraw-submit').click();
  const form = page.getByTestId('withdraw-form');
  await expect(form).toContainText('Seus documentos de identidade precisam ser aprovados antes do saque.');
  await expect(form.getByRole('link', { name: 'Enviar documentos em Verificar conta' })).toHaveAttribute('href', '/user/edit/verification');

  // Proof of address waits for an address.
  await page.goto(tenantUrl('localhost', '/user/edit/verification'));
  const documents = page.getByRole('region', { name: 'Documentos de identidade' });
  await expect(documents).toBeVisible();
  await expect(documents).toContainText('Os saques ficam bloqueados até que seu documento de identidade (frente e verso) e sua selfie sejam aprovados.');
  const proof = documents.getByRole('listitem', { name: PT.names.proof_of_address });
  await expect(proof).toContainText('Não enviado');
  await expect(proof.getByLabel(PT.file(PT.names.proof_of_address))).toHaveCount(0);
  await proof.getByRole('link', { name: 'Cadastrar endereço em Dados pessoais' }).click();

  // The address: a bad CEP is refused under its field, then the address saves and stays after a reload.
  await expect(page).toHaveURL(/\/user\/edit\/personal-data$/);
  const address = page.getByRole('region', { name: 'Endereço', exact: true });
  await expect(address).toContainText('Você ainda não cadastrou um endereço.');
  const labels = { cep: 'CEP', street: 'Logradouro', number: 'Número', district: 'Bairro', city: 'Cidade', state: 'Estado (UF)' };
  await fillAddress(page, labels, '0131-10');
  await address.getByRole('button', { name: 'Salvar endereço' }).click();
  await expect(address.getByLabel('CEP')).toHaveAttribute('aria-invalid', 'true');
  await expect(address).toContainText('Informe um CEP com 8 dígitos, por exemplo 01310-100.');
  await address.getByLabel('CEP').fill('01310-100');
  await address.getByRole('button', { name: 'Salvar endereço' }).click();
  await expect(address.getByRole('status')).toHaveText('Endereço salvo.');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Endereço', exact: true }).getByLabel('CEP')).toHaveValue('01310-100');
  await expect(page.getByLabel('Estado (UF)')).toHaveValue('SP');

  // The four documents, each under review once sent.
  await page.goto(tenantUrl('localhost', '/user/edit/verification'));
  for (const [type, path] of Object.entries(FILES) as [keyof typeof FILES, string][]) {
    const item = documents.getByRole('listitem', { name: PT.names[type] });
    await item.getByLabel(PT.file(PT.names[type])).setInputFiles(path);
    await expect(item).toContainText('Em análise');
    await expect(item.getByRole('button', { name: 'Cancelar envio' })).toBeVisible();
  }

  // The operator approves them; the page shows it.
  expect(await approveAll(player)).toBe(4);
  await page.reload();
  for (const type of Object.keys(FILES) as (keyof typeof FILES)[]) {
    await expect(documents.getByRole('listitem', { name: PT.names[type] })).toContainText('Aprovado');
  }
  await expect(documents).toContainText('Sua identidade está verificada.');

  // Now the withdrawal goes through.
  await page.goto(tenantUrl('localhost', '/account/wallet'));
  await page.getByTestId('withdraw-amount').fill('20');
  await page.getByTestId('withdraw-submit').click();
  await expect(page.getByTestId('withdrawal-row').first()).toHaveAttribute('data-status', '0');
  await expect(page.getByTestId('wallet-balance')).toHaveText(/R\$\s?30,00/);
});

test('a file over the limit is refused before sending; a pending document can be cancelled (en)', async ({ page, request }) => {
  const player = await registerPlayer(request, 'localhost', 'Kate Checked');
  await startLoggedIn(page, player);
  await page.goto(tenantUrl('localhost', '/en/user/edit/verification'));
  const documents = page.getByRole('region', { name: 'Identity documents' });
  const selfie = documents.getByRole('listitem', { name: 'Selfie holding the document' });
  const input = selfie.getByLabel('File: Selfie holding the document');

  const uploads: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/documents/upload')) uploads.push(r.url());
  });
  await input.setInputFiles({ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(8 * 1024 * 1024 + 1) });
  await expect(selfie.getByRole('alert')).toHaveText('The file must be at most 8 MB.');
  expect(uploads).toEqual([]);

  await input.setInputFiles(FILES.selfie);
  await expect(selfie).toContainText('Under review');
  await selfie.getByRole('button', { name: 'Cancel upload' }).click();
  await expect(selfie).toContainText('Not sent');
  await expect(selfie.getByRole('status')).toHaveText('Upload cancelled.');
});

test('the address field errors in English, 320 px wide without sideways scroll, keyboard and axe clean on both pages', async ({ page, request }) => {
  const player = await registerPlayer(request, 'localhost', 'Narrow Screen');
  await page.setViewportSize({ width: 320, height: 720 });
  await startLoggedIn(page, player);

  await page.goto(tenantUrl('localhost', '/en/user/edit/personal-data'));
  const address = page.getByRole('region', { name: 'Postal address' });
  await expect(address.getByLabel('CEP (postcode)')).toBeVisible();
  await address.getByRole('button', { name: 'Save address' }).click();
  await expect(address.getByLabel('CEP (postcode)')).toHaveAttribute('aria-invalid', 'true');
  await address.getByLabel('State (UF)').selectOption('RJ');
  await address.getByLabel('CEP (postcode)').fill('2004000');
  await expect(address).toContainText('Enter a CEP of 8 digits, for example 01310-100.');
  const width = await pageWidth(page);
  expect(width.scroll, width.tooWide.join('\n')).toBeLessThanOrEqual(width.viewport);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(tenantUrl('localhost', '/en/user/edit/verification'));
  const documents = page.getByRole('region', { name: 'Identity documents' });
  await expect(documents.getByRole('listitem')).toHaveCount(4);
  await expect(documents.getByRole('listitem', { name: 'Proof of address' }).getByRole('link', { name: 'Add your address in Personal data' })).toHaveAttribute(
    'href',
    '/en/user/edit/personal-data',
  );
  const wide = await pageWidth(page);
  expect(wide.scroll, wide.tooWide.join('\n')).toBeLessThanOrEqual(wide.viewport);
  expect(await seriousViolations(page)).toEqual([]);
  // The file inputs are reached with Tab, like every other control.
  await tabTo(page, documents.getByLabel('File: Identity document (front)'));
});
