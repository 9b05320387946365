import { expect, test } from '@playwright/test';
import { ADMIN, HOST, newPage, noSidewaysScroll, openScreen, PASSWORD, signIn } from './backoffice-helpers.ts';
import { registerPlayer, startLoggedIn } from './accounts-helpers.ts';
import { seriousViolations } from './axe.ts';
import { cssVar, tenantUrl } from './helpers.ts';
import { uploadDocument, verifyDocuments } from './kyc-helpers.ts';
import { operatorCall, tenantApi } from './tenant-api.ts';
import { fundedPlayer } from './wallet-helpers.ts';

/**
 * The operators' back office (issue 21) in a real browser, on the `localhost`
 * tenant: staff sign in with password and TOTP (enrolling at the first
 * sign-in), each role sees and does only its own work, and what they do
 * reaches players and the site.
 */
test.describe.configure({ mode: 'serial' });

const finance = { email: `financeiro-${Date.now() % 100000}@ipe.example`, password: PASSWORD };

test('an admin creates a finance user, who signs in with TOTP and approves a withdrawal under review; the player sees it paid', async ({ browser, request }) => {
  test.setTimeout(180_000);
  // A player with a withdrawal of R$ 5.000,00: at the review threshold, so it waits for the operator (status 5).
  const player = await fundedPlayer(request, 'Jogador Revisão', [500_000]);
  await verifyDocuments(player);
  const method = await tenantApi(HOST, '/wallet/withdraw/method', { body: { type: 'cpf', key: player.cpf }, token: player.token });
  const { method: saved } = (await method.json()) as { method: { id: number } };
  const made = await tenantApi(HOST, '/wallet/withdraw/request', { body: { amount: 500_000, method_id: saved.id }, token: player.token });
  expect(made.status, await made.clone().text()).toBe(201);
  const { withdrawal } = (await made.json()) as { withdrawal: { id: number; status: number } };
  expect(withdrawal.status).toBe(5);

  const admin = await newPage(browser);
  await signIn(admin, ADMIN);
  await openScreen(admin, 'Equipe');
  await expect(admin).toHaveURL(/\/backoffice\/staff$/);
  const form = admin.getByRole('form', { name: 'Novo membro da equipe' });
  await form.getByLabel('Nome').fill('Fernanda Financeiro');
  await form.getByLabel('E-mail').fill(finance.email);
  await form.getByLabel('Perfil').selectOption('finance');
  await form.getByLabel('Senha inicial').fill('curta');
  await form.getByRole('button', { name: 'Criar acesso' }).click();
  await expect(form.getByText('A senha precisa ter pelo menos 12 caracteres.')).toBeVisible();
  await expect(form.getByLabel('Senha inicial')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Senha inicial').fill(finance.password);
  await form.getByRole('button', { name: 'Criar acesso' }).click();
  await expect(admin.getByRole('status')).toContainText(`Acesso criado para ${finance.email}`);
  const row = admin.locator(`tr[data-staff="${finance.email}"]`);
  await expect(row).toContainText('Aguardando o primeiro acesso');
  await expect(row.getByLabel('Perfil de Fernanda Financeiro')).toHaveValue('finance');

  // The finance user signs in by keyboard alone, enrolling TOTP, and finds the withdrawal in the review queue.
  const fin = await newPage(browser, { width: 390 });
  await signIn(fin, finance, { keyboard: true });
  await expect(fin.getByTestId('role')).toHaveText('Financeiro');
  const nav = fin.getByRole('navigation', { name: 'Telas' });
  await nav.getByRole('button', { name: 'Menu: Painel' }).click();
  await expect(nav.getByRole('link')).toHaveText(['Painel', 'Saques', 'Exportações', 'Jogadores']);
  await nav.getByRole('link', { name: 'Saques' }).click();
  await expect(nav.getByRole('link')).toHaveCount(0);
  await expect(fin).toHaveURL(/\/backoffice\/withdrawals/);
  const queued = fin.locator(`tr[data-withdrawal="${withdrawal.id}"]`);
  await expect(queued).toContainText('Jogador Revisão');
  await expect(queued).toContainText(/R\$\s?5\.000,00/);
  await expect(queued).toContainText('Em análise');
  await noSidewaysScroll(fin);
  await queued.getByRole('button', { name: `Aprovar saque ${withdrawal.id}` }).click();
  await expect(fin.getByRole('status')).toContainText(`Saque ${withdrawal.id} aprovado`);
  await expect(queued).toHaveCount(0);

  // The player's wallet shows it paid (the sandbox PSP settles the payout).
  const playerPage = await newPage(browser);
  await startLoggedIn(playerPage, player);
  await playerPage.goto(tenantUrl(HOST, '/account/wallet'));
  await expect(playerPage.locator(`[data-testid="withdrawal-row"][data-id="${withdrawal.id}"]`)).toHaveAttribute('data-status', '1', { timeout: 30_000 });

  // The admin finds both actions in the audit log, under who did them.
  await openScreen(admin, 'Auditoria');
  await admin.getByLabel('Ação').fill('withdrawals.approve');
  await admin.getByRole('button', { name: 'Filtrar' }).click();
  await expect(admin).toHaveURL(/action=withdrawals\.approve/);
  const entry = admin.getByRole('row').filter({ hasText: finance.email }).first();
  await expect(entry).toContainText('withdrawals.approve');
  await entry.getByText(`POST /withdrawals/${withdrawal.id}/approve`).click();
  await expect(entry).toContainText('"status": 5');
  const download = admin.waitForEvent('download');
  await admin.getByRole('button', { name: 'Exportar CSV' }).click();
  expect((await download).suggestedFilename()).toBe('audit.csv');
  await admin.context().close();
  await fin.context().close();
  await playerPage.context().close();
});

test('a support user sees neither the finance screens nor their data', async ({ browser }) => {
  const support = { email: `atendimento-${Date.now() % 100000}@ipe.example`, password: PASSWORD };
  const made = await operatorCall(HOST, 'POST', '/operator/staff', { email: support.email, name: 'Sara Suporte', role: 'support', password: support.password });
  expect(made.status).toBe(201);
  const page = await newPage(browser, { locale: 'en-US' });
  await signIn(page, support, { lang: 'en' });
  const nav = page.getByRole('navigation', { name: 'Screens' });
  await expect(nav.getByRole('link')).toHaveText(['Players', 'Chat', 'Notifications']);
  await page.goto(tenantUrl(HOST, '/backoffice/withdrawals'));
  await expect(page.getByText('Your role does not allow opening this screen.')).toBeVisible();
  const refused = await page.evaluate(async () => (await fetch('/api/operator/withdrawals?status=5', { headers: { 'X-Backoffice': '1', 'Accept-Language': 'en' } })).json());
  expect(refused).toEqual({ message: 'Your role does not allow this action.' });
  await page.goto(tenantUrl(HOST, '/backoffice/dashboard'));
  await expect(page.getByText('Your role does not allow opening this screen.')).toBeVisible();
  await page.context().close();
});

test('every screen is readable on a phone and a desktop, in both languages, with no serious axe violation', async ({ browser }) => {
  test.setTimeout(120_000);
  for (const [width, locale] of [
    [390, 'pt-BR'],
    [1366, 'en-US'],
  ] as const) {
    const page = await newPage(browser, { width, locale });
    await signIn(page, ADMIN, { lang: locale === 'en-US' ? 'en' : 'pt' });
    // The screens fold behind one button on a phone only.
    await expect(page.getByRole('button', { name: /^Menu:/ })).toBeVisible({ visible: width < 640 });
    for (const screen of ['dashboard', 'withdrawals', 'exports', 'players', 'documents', 'chat', 'notifications', 'coupons', 'promotions', 'missions', 'boxes', 'ranks', 'cashback', 'staff', 'audit', 'site', 'banners', 'pages', 'catalogue']) {
      await page.goto(tenantUrl(HOST, `/backoffice/${screen}`));
      await expect(page.locator('main h1')).toBeVisible();
      await expect(page.getByText(/Carregando|Loading/)).toHaveCount(0);
      await noSidewaysScroll(page);
      expect(await seriousViolations(page), `${screen} at ${width} px`).toEqual([]);
    }
    await openScreen(page, locale === 'en-US' ? 'Players' : 'Jogadores');
    await page.getByRole('searchbox').fill('Jogador Revisão');
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'Jogador Revisão' }).first().click();
    await expect(page.getByRole('heading', { name: /Jogador Revisão/ })).toBeVisible();
    await expect(page.getByRole('table', { name: /movimentações mais recentes|most recent movements/ })).toContainText('withdraw');
    expect(await seriousViolations(page), `player at ${width} px`).toEqual([]);
    await page.context().close();
  }
});

test('an admin changes the site colour and publishes: the site shows it', async ({ browser }) => {
  test.setTimeout(240_000);
  const page = await newPage(browser, { width: 390 });
  await signIn(page, ADMIN);
  await openScreen(page, 'Site');
  const primary = page.getByRole('textbox', { name: 'Principal' });
  const before = (await primary.inputValue()).toLowerCase();
  // A neighbour of the demo colour: visibly applied, and every contrast the other tests check stays as it was.
  const after = before === '#1ea35b' ? '#1fa35b' : '#1ea35b';
  await primary.fill('vermelho');
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByText('Use uma cor no formato #RRGGBB, por exemplo #1FA35B.')).toBeVisible();
  await expect(primary).toHaveAttribute('aria-invalid', 'true');
  await primary.fill(after);
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('Configuração salva');
  await page.getByRole('button', { name: 'Publicar agora' }).click();
  await expect(page.locator('[data-build]')).toHaveAttribute('data-build', /queued|building/);
  await expect(page.locator('[data-build]')).toHaveAttribute('data-build', 'succeeded', { timeout: 200_000 });
  await expect(page.getByText('Site publicado.')).toBeVisible();

  const site = await newPage(browser);
  await site.goto(tenantUrl(HOST, '/'));
  expect(await cssVar(site, '--color-primary')).toBe(after);
  await site.context().close();
  await page.context().close();
});

test('compliance approves a document, support posts a pinned notice and notifies a player, marketing creates a coupon: each reaches the player', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const player = await registerPlayer(request, HOST, 'Paula Documento');
  const documentId = await uploadDocument(player, 'identity_front');
  const stamp = Date.now() % 100000;
  const staffOf = async (role: string, name: string) => {
    const who = { email: `${role}-${stamp}@ipe.example`, password: PASSWORD };
    expect((await operatorCall(HOST, 'POST', '/operator/staff', { email: who.email, name, role, password: who.password })).status).toBe(201);
    return who;
  };

  // Compliance: the document, its image, approved.
  const compliance = await newPage(browser, { width: 390 });
  await signIn(compliance, await staffOf('compliance', 'Clara Compliance'));
  await openScreen(compliance, 'Documentos');
  const row = compliance.locator(`tr[data-document="${documentId}"]`);
  await expect(row).toContainText('Paula Documento');
  await expect(row).toContainText('Documento (frente)');
  await row.getByRole('button', { name: `Ver arquivo ${documentId}` }).click();
  await expect(row.getByRole('img', { name: 'Documento (frente) de Paula Documento' })).toBeVisible();
  expect(await row.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await row.getByRole('button', { name: `Aprovar documento ${documentId}` }).click();
  await expect(compliance.getByRole('status')).toContainText(`Documento ${documentId} aprovado`);
  const status = (await (await tenantApi(HOST, '/documents/status', { token: player.token })).json()) as { by_type: Record<string, string> };
  expect(status.by_type.identity_front).toBe('approved');
  await compliance.context().close();

  // Support: a notice pinned in the chat, and a notification to the player.
  const support = await newPage(browser);
  await signIn(support, await staffOf('support', 'Sílvio Suporte'));
  await openScreen(support, 'Chat');
  const notice = `Aviso do suporte ${stamp}`;
  await support.getByLabel('Texto do aviso').fill(notice);
  await support.getByLabel('Fixar no topo').selectOption('1');
  await support.getByRole('button', { name: 'Publicar aviso' }).click();
  await expect(support.getByRole('status')).toContainText('Aviso publicado');
  await expect(support.locator('.chat-item').filter({ hasText: notice })).toContainText('Fixado');
  const room = (await (await tenantApi(HOST, '/chat/messages')).json()) as { messages: Array<{ text: string; pinned: boolean }> };
  expect(room.messages.find((m) => m.text === notice)?.pinned).toBe(true);

  await openScreen(support, 'Notificações');
  await support.getByLabel('Número do jogador').fill(String(player.user.id));
  await support.getByLabel('Título (português)').fill(`Olá ${stamp}`);
  await support.getByLabel('Título (inglês)').fill(`Hello ${stamp}`);
  await support.getByLabel('Mensagem (português)').fill('Seu documento foi aprovado.');
  await support.getByLabel('Mensagem (inglês)').fill('Your document was approved.');
  await support.getByRole('button', { name: 'Enviar ao jogador' }).click();
  await expect(support.getByRole('status')).toContainText(`Notificação enviada ao jogador ${player.user.id}`);
  const inbox = (await (await tenantApi(HOST, '/notifications', { token: player.token })).json()) as { data: Array<{ title: string }> };
  expect(JSON.stringify(inbox)).toContain(`Olá ${stamp}`);

  // Support finds the player, leaves a note, blocks the account (the player's session ends) and unblocks it.
  await openScreen(support, 'Jogadores');
  await support.getByRole('searchbox').fill(player.cpf);
  await support.keyboard.press('Enter');
  await support.getByRole('link', { name: 'Paula Documento' }).click();
  await expect(support.getByRole('heading', { name: /Paula Documento/ })).toBeVisible();
  await expect(support.getByRole('main')).toContainText('Documento (frente): aprovado');
  await support.getByLabel('Nova anotação (o jogador não vê)').fill('Ligou pedindo ajuda com o documento.');
  await support.getByRole('button', { name: 'Salvar anotação' }).click();
  await expect(support.locator('.notes')).toContainText('Ligou pedindo ajuda com o documento.');
  await expect(support.locator('.notes')).toContainText(`support-${stamp}@ipe.example`);
  await support.getByLabel('Motivo do bloqueio').fill('Suspeita de conta compartilhada');
  await support.getByRole('button', { name: 'Bloquear Paula Documento' }).click();
  await expect(support.getByRole('status')).toContainText('bloqueado');
  expect([401, 403]).toContain((await tenantApi(HOST, '/notifications', { token: player.token })).status);
  expect((await tenantApi(HOST, '/auth/login', { body: { username: player.phone.e164, password: player.password } })).status).toBe(403);
  await support.getByRole('button', { name: 'Desbloquear Paula Documento' }).click();
  await expect(support.getByRole('status')).toContainText('desbloqueado');
  await support.context().close();
  // Unblocked, the player signs in again (the block ended the old session).
  const again = await tenantApi(HOST, '/auth/login', { body: { username: player.phone.e164, password: player.password } });
  expect(again.status, await again.clone().text()).toBe(200);
  const { token } = (await again.json()) as { token: string };

  // Marketing: a public coupon of VIP points the player can redeem.
  const marketing = await newPage(browser, { locale: 'en-US' });
  await signIn(marketing, await staffOf('marketing', 'Marcos Marketing'), { lang: 'en' });
  await openScreen(marketing, 'Coupons');
  const code = `VIP${stamp}`;
  const form = marketing.getByRole('form', { name: 'New coupon' });
  await form.getByLabel('Code').fill(code);
  await form.getByLabel('Description (Portuguese)').fill('Pontos de boas-vindas');
  await form.getByLabel('Description (English)').fill('Welcome points');
  await form.getByLabel('Points').fill('0');
  await form.getByRole('button', { name: 'Create coupon' }).click();
  await expect(form.locator('.field__error')).not.toHaveCount(0);
  await form.getByLabel('Points').fill('50');
  await form.getByRole('button', { name: 'Create coupon' }).click();
  await expect(marketing.getByRole('status')).toContainText(`Coupon ${code} created`);
  await expect(marketing.locator(`tr[data-coupon="${code}"]`)).toContainText('50 VIP points');

  // Marketing switches a promotion off and on again (the site changes at the next publication).
  await openScreen(marketing, 'Promotions');
  const promo = marketing.locator('tr[data-promotion]').filter({ hasText: 'Live' }).first();
  await expect(promo).toBeVisible();
  const slug = (await promo.getAttribute('data-promotion'))!;
  await promo.getByRole('button', { name: /^Switch .* off$/ }).click();
  await expect(marketing.getByRole('status')).toContainText('switched off');
  const listed = async () => ((await (await operatorCall(HOST, 'GET', '/operator/promotions')).json()) as { promotions: Array<{ slug: string; active: boolean }> }).promotions.find((p) => p.slug === slug)?.active;
  expect(await listed()).toBe(false);
  await marketing.locator(`tr[data-promotion="${slug}"]`).getByRole('button', { name: /^Switch .* on$/ }).click();
  await expect(marketing.getByRole('status')).toContainText('switched on');
  expect(await listed()).toBe(true);

  // Marketing creates a mission offered to nobody, gives it to the player, who then has it.
  await openScreen(marketing, 'Missions');
  const missionForm = marketing.getByRole('form', { name: 'New mission' });
  await missionForm.getByLabel('Title (Portuguese)').fill(`Desafio ${stamp}`);
  await missionForm.getByLabel('Title (English)').fill(`Challenge ${stamp}`);
  await missionForm.getByLabel('What the player does').selectOption('rounds');
  await missionForm.getByLabel('Rounds').fill('3');
  await missionForm.getByLabel('Points').fill('20');
  await missionForm.getByLabel(/Offer it to every player/).uncheck();
  await missionForm.getByRole('button', { name: 'Create mission' }).click();
  await expect(marketing.getByRole('status')).toContainText(`Mission “Desafio ${stamp}” created`);
  const mission = marketing.locator('tr[data-mission]').filter({ hasText: `Challenge ${stamp}` });
  const missionId = (await mission.getAttribute('data-mission'))!;
  await mission.getByLabel('Give to a player (number)').fill(String(player.user.id));
  await mission.getByRole('button', { name: `Give mission ${missionId}` }).click();
  await expect(marketing.getByRole('status')).toContainText(`Mission ${missionId} given to player ${player.user.id}`);
  const missions = (await (await tenantApi(HOST, '/missions', { token })).json()) as { data: Array<{ id: number }> };
  expect(missions.data.map((m) => m.id)).toContain(Number(missionId));

  // Marketing gives the player a box: it is in the player's boxes at once.
  await openScreen(marketing, 'Boxes');
  const box = marketing.locator('tr[data-box]').filter({ hasText: 'On' }).first();
  const boxSlug = (await box.getAttribute('data-box'))!;
  await box.getByLabel('Give to a player (number)').fill(String(player.user.id));
  await box.getByRole('button', { name: `Give box ${boxSlug}` }).click();
  await expect(marketing.getByRole('status')).toContainText(`Box ${boxSlug} given to player ${player.user.id}`);
  const boxes = (await (await tenantApi(HOST, '/boxes/user/get', { token })).json()) as { data: unknown[] };
  expect(boxes.data.length).toBeGreaterThan(0);
  const redeemed = await tenantApi(HOST, '/bonuses/check-coupon', { body: { coupon: code }, token });
  expect(redeemed.status, await redeemed.clone().text()).toBeLessThan(300);
  await marketing.context().close();
});
