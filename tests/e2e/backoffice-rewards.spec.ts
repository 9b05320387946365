import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { HOST, newPage, newStaff, noSidewaysScroll, openScreen, signIn } from './backoffice-helpers.ts';
import { seriousViolations } from './axe.ts';
import { operatorCall } from './tenant-api.ts';

/**
 * The back office's box and mission editors (issue 21) on the `localhost`
 * tenant, as a marketing user on a phone: a box is refused until its
 * chances add up to 100 %, then created and edited, each save checked
 * against the operator API; a mission's target is changed, then its reward
 * set to that box from a list; a prize gets an uploaded picture (by an
 * admin: uploads are the site area's); the box is deleted after a question
 * asked in place, and a refused deletion speaks Portuguese; both screens are
 * clean for axe in both languages. Only staff this file creates sign in.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now() % 100_000;
const slug = `caixa-rubi-${stamp}`;
/** A box made through the API and deleted behind the editor's back, for the refused deletion. */
const other = `caixa-safira-${stamp}`;
let who: { email: string; password: string };
let missionId: number;

interface StoredBox {
  id: number;
  price: number;
  expected_value: number;
  prizes: Array<{ kind: string; value: number; sell_value: number; points: number; probability_ppm: number; image: string | null }>;
}

async function storedBox(which = slug): Promise<{ status: number; box?: StoredBox }> {
  const answer = await operatorCall(HOST, 'GET', `/operator/boxes/${which}`);
  return { status: answer.status, ...(answer.ok ? ((await answer.json()) as { box: StoredBox }) : {}) };
}

test.beforeAll(async () => {
  who = await newStaff('marketing', 'Marina Marketing');
  const made = await operatorCall(HOST, 'POST', '/operator/missions', {
    title: { pt: `Rodadas ${stamp}`, en: `Rounds ${stamp}` },
    kind: 'rounds',
    target: 3,
    reward: { kind: 'vip_points', points: 20 },
    offered: false,
  });
  expect(made.status, await made.clone().text()).toBe(201);
  missionId = ((await made.json()) as { mission: { id: number } }).mission.id;
});

test.afterAll(async () => {
  await operatorCall(HOST, 'DELETE', `/operator/boxes/${slug}`);
  await operatorCall(HOST, 'DELETE', `/operator/boxes/${other}`);
  await operatorCall(HOST, 'DELETE', `/operator/missions/${missionId}`);
});

test('a marketing user on a phone creates a box (refused at 90 %), edits its price and chances, and changes a mission’s target', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await newPage(browser, { width: 390 });
  await signIn(page, who);
  await openScreen(page, 'Caixas');
  await page.getByRole('button', { name: 'Nova caixa' }).click();
  await expect(page.getByRole('heading', { name: 'Nova caixa' })).toBeFocused();
  const form = page.getByRole('form', { name: 'Nova caixa' });
  await form.getByLabel('Nome da caixa (português)').fill(`Caixa Rubi ${stamp}`);
  await form.getByLabel('Nome da caixa (inglês)').fill(`Ruby Box ${stamp}`);
  // The address name follows the Portuguese name.
  await expect(form.getByLabel('Identificador no endereço')).toHaveValue(slug);
  await form.getByLabel('Cor da caixa').selectOption('red');
  await form.getByLabel('Preço (R$)').fill('5,00');
  const first = form.getByRole('group', { name: 'Prêmio 1' });
  await first.getByLabel('Nome do prêmio (português)').fill('Ficha de R$ 10');
  await first.getByLabel('Nome do prêmio (inglês)').fill('R$ 10 chip');
  await first.getByLabel('Valor (R$)').fill('10,00');
  await first.getByLabel('Valor de venda (R$)').fill('8,00');
  await first.getByLabel('Chance (%)').fill('50');
  await form.getByRole('button', { name: 'Adicionar prêmio' }).click();
  const second = form.getByRole('group', { name: 'Prêmio 2' });
  await expect(second.getByLabel('Nome do prêmio (português)')).toBeFocused();
  await second.getByLabel('Nome do prêmio (português)').fill('10 pontos VIP');
  await second.getByLabel('Nome do prêmio (inglês)').fill('10 VIP points');
  await second.getByLabel('Tipo de prêmio').selectOption('vip_points');
  await second.getByLabel('Pontos VIP').fill('10');
  await second.getByLabel('Chance (%)').fill('40');
  const odds = form.getByTestId('box-odds');
  await expect(odds).toContainText('90%');
  await expect(odds).toContainText(/R\$\s?5,00/);
  await noSidewaysScroll(page);

  // 90 %: refused here, in Portuguese, and nothing reaches the platform.
  await form.getByRole('button', { name: 'Criar caixa' }).click();
  await expect(page.getByRole('status')).toContainText('A caixa não foi salva. As chances somam 90%: faltam 10%');
  await expect(form.getByText('As chances somam 90%: faltam 10% para chegar a exatamente 100%.')).toBeFocused();
  expect((await storedBox()).status).toBe(404);

  // Fixed and saved by keyboard alone: Enter in the chance field submits the form.
  await second.getByLabel('Chance (%)').focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('50');
  await expect(odds).toContainText('100%');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toContainText(`Caixa “Caixa Rubi ${stamp}” salva.`);
  const row = page.locator(`tr[data-box="${slug}"]`);
  await expect(row.getByRole('button', { name: `Editar caixa ${slug}` })).toBeFocused();
  await expect(row).toContainText(/R\$\s?5,00/);
  let saved = await storedBox();
  expect(saved.box).toMatchObject({ price: 500, expected_value: 500 });
  expect(saved.box!.prizes).toMatchObject([
    { kind: 'item', value: 1_000, sell_value: 800, points: 0, probability_ppm: 500_000 },
    { kind: 'vip_points', value: 0, sell_value: 0, points: 10, probability_ppm: 500_000 },
  ]);

  // Edited: a new price and chances with decimals; the API has exactly those.
  await row.getByRole('button', { name: `Editar caixa ${slug}` }).click();
  const editor = page.getByRole('form', { name: `Editar caixa: Caixa Rubi ${stamp}` });
  await expect(editor.getByRole('heading', { level: 2 })).toBeFocused();
  await expect(editor.getByRole('group', { name: 'Prêmio 1' }).getByLabel('Chance (%)')).toHaveValue('50');
  await editor.getByLabel('Preço (R$)').fill('7,50');
  await editor.getByRole('group', { name: 'Prêmio 1' }).getByLabel('Chance (%)').fill('62,5');
  await editor.getByRole('group', { name: 'Prêmio 2' }).getByLabel('Chance (%)').fill('37,5');
  await expect(editor.getByTestId('box-odds')).toContainText(/R\$\s?6,25/);
  await noSidewaysScroll(page);
  await editor.getByRole('button', { name: 'Salvar caixa' }).click();
  await expect(page.getByRole('status')).toContainText(`Caixa “Caixa Rubi ${stamp}” salva.`);
  await expect(row).toContainText(/R\$\s?7,50/);
  saved = await storedBox();
  expect(saved.box).toMatchObject({ price: 750, expected_value: 625 });
  expect(saved.box!.prizes.map((p) => p.probability_ppm)).toEqual([625_000, 375_000]);

  // The mission's target, from 3 rounds to 5.
  await openScreen(page, 'Missões');
  const mission = page.locator(`tr[data-mission="${missionId}"]`);
  await expect(mission).toContainText('3 rodadas');
  await mission.getByRole('button', { name: `Editar missão ${missionId}` }).click();
  const missionForm = page.getByRole('form', { name: `Editar missão ${missionId}: Rodadas ${stamp}` });
  await expect(missionForm.getByRole('heading', { level: 2 })).toBeFocused();
  await missionForm.getByLabel('Rodadas', { exact: true }).fill('5');
  await noSidewaysScroll(page);
  await missionForm.getByRole('button', { name: 'Salvar missão' }).click();
  await expect(page.getByRole('status')).toContainText(`Missão “Rodadas ${stamp}” salva.`);
  await expect(mission).toContainText('5 rodadas');
  await expect(mission.getByRole('button', { name: `Editar missão ${missionId}` })).toBeFocused();
  const stored = (await (await operatorCall(HOST, 'GET', `/operator/missions/${missionId}`)).json()) as { mission: { target: number; kind: string } };
  expect(stored.mission).toMatchObject({ kind: 'rounds', target: 5 });
  await page.context().close();
});

/** The two screens, each with its editor open, have no serious axe violation and no sideways scroll. */
async function checkScreens(page: Page, en: boolean): Promise<void> {
  await openScreen(page, en ? 'Boxes' : 'Caixas');
  await page
    .locator(`tr[data-box="${slug}"]`)
    .getByRole('button', { name: en ? `Edit box ${slug}` : `Editar caixa ${slug}` })
    .click();
  await expect(page.getByRole('group', { name: en ? 'Prize 2' : 'Prêmio 2' })).toBeVisible();
  await noSidewaysScroll(page);
  expect(await seriousViolations(page), 'boxes').toEqual([]);
  // The deletion's question, asked in place, with the keyboard on its safe answer.
  await page.getByRole('button', { name: en ? 'Delete box' : 'Excluir caixa' }).click();
  const question = page.getByRole('group', { name: en ? `Are you sure? The box “Ruby Box ${stamp}”` : `Tem certeza? A caixa “Caixa Rubi ${stamp}”` });
  await expect(question.getByRole('button', { name: en ? 'Cancel' : 'Cancelar' })).toBeFocused();
  await noSidewaysScroll(page);
  expect(await seriousViolations(page), 'box deletion').toEqual([]);
  await question.getByRole('button', { name: en ? 'Cancel' : 'Cancelar' }).click();
  await expect(page.getByRole('button', { name: en ? 'Delete box' : 'Excluir caixa' })).toBeFocused();
  await openScreen(page, en ? 'Missions' : 'Missões');
  await page
    .locator(`tr[data-mission="${missionId}"]`)
    .getByRole('button', { name: en ? `Edit mission ${missionId}` : `Editar missão ${missionId}` })
    .click();
  await expect(page.getByRole('heading', { name: en ? `Edit mission ${missionId}: Rounds ${stamp}` : `Editar missão ${missionId}: Rodadas ${stamp}` })).toBeFocused();
  await noSidewaysScroll(page);
  expect(await seriousViolations(page), 'missions').toEqual([]);
}

test('the box and mission editors have no serious axe violation, in Portuguese on a phone and in English on a desktop', async ({ browser }) => {
  test.setTimeout(150_000);
  const pt = await newPage(browser, { width: 390 });
  await signIn(pt, who);
  await checkScreens(pt, false);
  await pt.context().close();
  const en = await newPage(browser, { width: 1366, locale: 'en-US' });
  await signIn(en, who, { lang: 'en' });
  await checkScreens(en, true);
  await en.context().close();
});

/** A 200 × 200 PNG of one colour, different on every run (so its content-hashed name is new). */
async function prizePng(): Promise<Buffer> {
  const shade = Date.now() % 200;
  return sharp({ create: { width: 200, height: 200, channels: 4, background: { r: 180, g: 20 + shade, b: 60, alpha: 1 } } })
    .png()
    .toBuffer();
}

test('a mission’s box reward is chosen from a list, a prize gets an uploaded picture, and the box is deleted after a question asked in place', async ({ browser }) => {
  test.setTimeout(240_000);
  const boxId = (await storedBox()).box!.id;

  // The mission's reward, from points to the box, chosen by its name.
  const page = await newPage(browser, { width: 390 });
  await signIn(page, who);
  await openScreen(page, 'Missões');
  const mission = page.locator(`tr[data-mission="${missionId}"]`);
  await mission.getByRole('button', { name: `Editar missão ${missionId}` }).click();
  const missionForm = page.getByRole('form', { name: `Editar missão ${missionId}: Rodadas ${stamp}` });
  await missionForm.getByLabel('Recompensa', { exact: true }).selectOption('box');
  const boxSelect = missionForm.getByLabel('Caixa da recompensa');
  await expect(boxSelect).toHaveValue('');
  await expect(boxSelect.locator('option', { hasText: `Caixa Rubi ${stamp} (nº ${boxId})` })).toHaveCount(1);
  await expect(missionForm.getByText('Só uma caixa ligada pode ser dada como recompensa.')).toBeVisible();
  await boxSelect.selectOption({ label: `Caixa Rubi ${stamp} (nº ${boxId})` });
  await expect(boxSelect).toHaveValue(String(boxId));
  await noSidewaysScroll(page);
  expect(await seriousViolations(page), 'mission box').toEqual([]);
  await missionForm.getByRole('button', { name: 'Salvar missão' }).click();
  await expect(page.getByRole('status')).toContainText(`Missão “Rodadas ${stamp}” salva.`);
  await expect(mission).toContainText(`Caixa Rubi ${stamp}`);
  const stored = (await (await operatorCall(HOST, 'GET', `/operator/missions/${missionId}`)).json()) as { mission: { reward: unknown } };
  expect(stored.mission.reward).toMatchObject({ kind: 'box', box_id: boxId });
  // Opened again, the list shows the box it gives.
  await mission.getByRole('button', { name: `Editar missão ${missionId}` }).click();
  await expect(missionForm.getByLabel('Caixa da recompensa')).toHaveValue(String(boxId));
  await missionForm.getByRole('button', { name: 'Cancelar' }).click();

  // A picture for prize 1, uploaded through the file picker and previewed (uploads belong to the site area: an admin does it).
  const admin = await newStaff('admin', 'Ana Caixas', 'caixas');
  const adminPage = await newPage(browser, { width: 390 });
  await signIn(adminPage, admin);
  await openScreen(adminPage, 'Caixas');
  await adminPage
    .locator(`tr[data-box="${slug}"]`)
    .getByRole('button', { name: `Editar caixa ${slug}` })
    .click();
  const first = adminPage.getByRole('group', { name: 'Prêmio 1' });
  const chooser = adminPage.waitForEvent('filechooser');
  await first.getByRole('button', { name: 'Enviar uma imagem para: Imagem do prêmio 1 (opcional)', exact: true }).focus();
  await adminPage.keyboard.press('Enter');
  await (await chooser).setFiles({ name: 'premio.png', mimeType: 'image/png', buffer: await prizePng() });
  const picture = first.getByRole('textbox', { name: 'Imagem do prêmio 1 (opcional)', exact: true });
  await expect(picture).toHaveValue(/^\/uploads\/[0-9a-f]{24}\.png$/);
  const preview = first.getByRole('img', { name: 'Pré-visualização: Imagem do prêmio 1 (opcional)', exact: true });
  const path = await picture.inputValue();
  await expect(preview).toHaveJSProperty('complete', true);
  expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(200);
  await noSidewaysScroll(adminPage);
  expect(await seriousViolations(adminPage), 'prize picture').toEqual([]);
  await adminPage.getByRole('button', { name: 'Salvar caixa' }).click();
  await expect(adminPage.getByRole('status')).toContainText(`Caixa “Caixa Rubi ${stamp}” salva.`);
  expect((await storedBox()).box!.prizes[0]!.image).toBe(path);
  await adminPage.context().close();

  // A box deleted behind the editor's back: the platform's refusal, in Portuguese, in the question.
  const made = await operatorCall(HOST, 'PUT', `/operator/boxes/${other}`, {
    name: { pt: `Caixa Safira ${stamp}`, en: `Sapphire Box ${stamp}` },
    color: 'blue',
    price: 0,
    prizes: [{ name: { pt: '5 pontos VIP', en: '5 VIP points' }, kind: 'vip_points', value: 0, sell_value: 0, points: 5, probability_ppm: 1_000_000 }],
  });
  expect(made.status, await made.clone().text()).toBe(201);
  await openScreen(page, 'Caixas');
  await page
    .locator(`tr[data-box="${other}"]`)
    .getByRole('button', { name: `Editar caixa ${other}` })
    .click();
  expect((await operatorCall(HOST, 'DELETE', `/operator/boxes/${other}`)).status).toBe(200);
  await page.getByRole('button', { name: 'Excluir caixa' }).click();
  const refusedQuestion = page.getByRole('group', { name: `Tem certeza? A caixa “Caixa Safira ${stamp}”` });
  await refusedQuestion.getByRole('button', { name: 'Excluir', exact: true }).click();
  await expect(refusedQuestion).toContainText('Caixa não encontrada.');
  await expect(page.getByRole('status')).toContainText('Caixa não encontrada.');
  await expect(page.locator(`tr[data-box="${other}"]`)).toHaveCount(0);
  await refusedQuestion.getByRole('button', { name: 'Cancelar' }).click();
  await page.getByRole('button', { name: 'Cancelar' }).click();

  // The marketing user deletes the box it made, by keyboard: asked first (naming the mission that gives it), Escape takes the question back.
  const row = page.locator(`tr[data-box="${slug}"]`);
  await row.getByRole('button', { name: `Editar caixa ${slug}` }).click();
  const editor = page.getByRole('form', { name: `Editar caixa: Caixa Rubi ${stamp}` });
  await expect(editor.getByRole('heading', { level: 2 })).toBeFocused();
  const deleteButton = editor.getByRole('button', { name: 'Excluir caixa' });
  await deleteButton.focus();
  await page.keyboard.press('Enter');
  const question = editor.getByRole('group', { name: `Tem certeza? A caixa “Caixa Rubi ${stamp}” sai do site e desta lista. Isso não pode ser desfeito.` });
  await expect(question.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await expect(question).toContainText(`A missão nº ${missionId} “Rodadas ${stamp}” dá esta caixa como recompensa`);
  await page.keyboard.press('Escape');
  await expect(question).toHaveCount(0);
  await expect(deleteButton).toBeFocused();
  expect((await storedBox()).status).toBe(200);
  await page.keyboard.press('Enter');
  await expect(question.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(question.getByRole('button', { name: 'Excluir', exact: true })).toBeFocused();
  await noSidewaysScroll(page);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toContainText(`Caixa “Caixa Rubi ${stamp}” excluída.`);
  await expect(row).toHaveCount(0);
  await expect(editor).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Nova caixa' })).toBeFocused();
  expect((await storedBox()).status).toBe(404);
  expect(await seriousViolations(page), 'after deletion').toEqual([]);
  await page.context().close();
});
