import { deflateSync } from 'node:zlib';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { registerPlayer, startLoggedIn, type TestPlayer } from './accounts-helpers.ts';
import { tenantUrl } from './helpers.ts';

/**
 * Issue 6's global chat through the real platform and realtime server: two
 * players in two browser contexts, one posts and the other sees it live; an
 * XSS payload is shown as text; an attached image arrives live as an
 * `<img>`; a guest reads and gets the login prompt.
 */

/** CRC-32 (PNG chunk checksums). */
function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A real `size`×`size` opaque PNG of one colour, so the browser decodes it (naturalWidth > 0). */
function solidPng(size: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  // Each row: filter byte 0, then RGB per pixel.
  const row = Buffer.from([0, ...Array.from({ length: size }, () => [r, g, b]).flat()]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}

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

test('an image attached by one player appears live for another as an <img>', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const carla = await registerPlayer(request, 'localhost', 'Carla Teste');
  const davi = await registerPlayer(request, 'localhost', 'Davi Teste');
  const reader = await openChatAs(browser, davi);
  const writer = await openChatAs(browser, carla);
  await reader.joined;

  const composer = writer.page.getByRole('dialog', { name: 'Chat', exact: true });
  await expect(composer.getByRole('button', { name: 'Anexar imagem' })).toBeVisible();
  await composer.getByTestId('chat-image-input').setInputFiles({ name: 'quadrado.png', mimeType: 'image/png', buffer: solidPng(8, [220, 40, 40]) });
  const thumbnail = composer.getByTestId('chat-attachment').getByRole('img', { name: 'Imagem anexada' });
  await expect(thumbnail).toBeVisible();
  const url = await thumbnail.getAttribute('src');
  expect(url).toMatch(/^\/api\/chat\/attachments\/[0-9a-f]{32}\.png$/);

  const caption = `Foto do chat ${Date.now()}`;
  await composer.getByRole('textbox', { name: 'Escreva uma mensagem' }).fill(caption);
  await composer.getByRole('button', { name: 'Enviar' }).click();
  await expect(composer.getByTestId('chat-attachment')).toHaveCount(0);

  const arrived = messages(reader.page).getByTestId('chat-message').filter({ hasText: caption });
  await expect(arrived).toBeVisible();
  const image = arrived.getByRole('img', { name: 'Imagem enviada por Carla' });
  await expect(image).toHaveAttribute('src', url!);
  // The image really loads from the platform (decoded, not a broken icon).
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(8);

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
