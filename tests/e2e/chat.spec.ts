import { type Browser, expect, type Page, test } from '@playwright/test';
import { registerPlayer, startLoggedIn, type TestPlayer } from './accounts-helpers.ts';
import { tenantUrl } from './helpers.ts';

/**
 * Issue 6's global chat through the real platform and realtime server: two
 * players in two browser contexts, one posts and the other sees it live; an
 * XSS payload is shown as text; a guest reads and gets the login prompt.
 */

/** Resolves once the page's realtime connection has joined the tenant's public channel. */
function publicChannelJoined(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        const text = typeof payload === 'string' ? payload : payload.toString();
        if (text.includes('pusher_internal:subscription_succeeded') && text.includes('"universal-public.')) resolve();
      });
    });
  });
}

async function openChatAs(browser: Browser, player: TestPlayer | null): Promise<{ page: Page; joined: Promise<void>; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (player) await startLoggedIn(page, player);
  const joined = publicChannelJoined(page);
  await page.goto(tenantUrl('localhost', '/'));
  await page.getByRole('banner').getByRole('button', { name: 'Chat', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Chat', exact: true })).toBeVisible();
  return { page, joined, close: () => context.close() };
}

const messages = (page: Page) => page.getByRole('dialog', { name: 'Chat', exact: true }).getByRole('list', { name: 'Mensagens do chat' });

test('a message posted by one player appears live for another, XSS shown as text', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const ana = await registerPlayer(request, 'localhost', 'Ana Teste');
  const bruno = await registerPlayer(request, 'localhost', 'Bruno Teste');
  const reader = await openChatAs(browser, bruno);
  const writer = await openChatAs(browser, ana);
  await reader.joined;

  const hello = `Olá do chat ${Date.now()}`;
  const writerBox = writer.page.getByRole('textbox', { name: 'Escreva uma mensagem' });
  await writerBox.fill(hello);
  await writer.page.getByRole('button', { name: 'Enviar' }).click();
  await expect(writerBox).toHaveValue('');
  await expect(messages(writer.page).getByText(hello)).toBeVisible();
  await expect(messages(reader.page).getByText(hello)).toBeVisible();
  await expect(messages(reader.page).getByTestId('chat-message').filter({ hasText: hello })).toContainText('Ana');

  // Wait out the 2 s per-player limit, then post markup: it must arrive as text, never as elements.
  await writer.page.waitForTimeout(2_100);
  const payload = `<img src=x onerror="window.__xss=1"><script>window.__xss=2</script> ${Date.now()}`;
  await writerBox.fill(payload);
  await writer.page.getByRole('button', { name: 'Enviar' }).click();
  const arrived = messages(reader.page).getByTestId('chat-message').filter({ hasText: payload });
  await expect(arrived).toBeVisible();
  await expect(arrived.locator('.chat-msg__text')).toHaveText(payload);
  await expect(arrived.locator('img, script')).toHaveCount(0);
  expect(await reader.page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  expect(await writer.page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();

  await writer.close();
  await reader.close();
});

test('a guest reads the chat and is invited to log in', async ({ browser }) => {
  const guest = await openChatAs(browser, null);
  const prompt = guest.page.getByTestId('chat-guest-prompt');
  await expect(prompt).toContainText('Entre na sua conta para conversar no chat.');
  await expect(guest.page.getByRole('textbox', { name: 'Escreva uma mensagem' })).toHaveCount(0);
  await prompt.getByRole('button', { name: 'Entrar' }).click();
  await expect(guest.page.getByRole('dialog', { name: /Entrar/ })).toBeVisible();
  await guest.close();
});
