import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHAT_IMAGE_MAX_BYTES, type ChatMessageView, isSafeChatImageUrl } from '../../../../src/contract/chat.ts';
import { chatImageUrl } from '../../../../server/features/chat/upload-image.ts';
import { rateLimits } from '../../../../server/features/rate-limit/schema.ts';
import { type ChatHarness, chatHarness } from './helpers.ts';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]);
const GIF = new TextEncoder().encode('GIF89a\x01\x00\x01\x00\x00\x00\x00;');
const WEBP = new Uint8Array([...new TextEncoder().encode('RIFF'), 26, 0, 0, 0, ...new TextEncoder().encode('WEBPVP8 ')]);
const BMP = new Uint8Array([0x42, 0x4d, ...new Array(30).fill(0)]);
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>');
const HTML = new TextEncoder().encode('<!doctype html><script>alert(1)</script>');

let h: ChatHarness;
beforeAll(async () => {
  h = await chatHarness();
});
afterAll(() => h.close());
// Each scenario starts with fresh upload and posting allowances.
beforeEach(() => h.db.delete(rateLimits));

function imageForm(bytes: Uint8Array, name = 'photo.png', type = 'image/png', field = 'image'): FormData {
  const form = new FormData();
  form.set(field, new File([new Uint8Array(bytes)], name, { type }));
  return form;
}

const upload = (token: string | undefined, form: FormData, o: { lang?: string; guest?: boolean } = {}) =>
  h.call('POST', '/chat/attachments', { token, form, lang: o.lang, guest: o.guest });

/** The stored files (partial writes included), to prove refused uploads leave nothing. */
const storedFiles = async () => (await readdir(h.imagesDir).catch(() => [] as string[])).sort();

describe('uploading', () => {
  it.each([
    ['png', PNG, 'image/png'],
    ['jpeg', JPEG, 'image/jpeg'],
    ['gif', GIF, 'image/gif'],
    ['webp', WEBP, 'image/webp'],
  ] as const)('stores a %s under a random name and answers its URL', async (_label, bytes, contentType) => {
    const { token } = await h.player();
    // The client's name and type are ignored: only the bytes count.
    const answer = await upload(token, imageForm(bytes, 'evil.html', 'text/html'));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.attachment_type).toBe('image');
    const url = answer.body.attachment_url as string;
    const ext = contentType === 'image/jpeg' ? 'jpg' : contentType.slice('image/'.length);
    expect(url).toMatch(new RegExp(`^/api/chat/attachments/[0-9a-f]{32}\\.${ext}$`));
    const file = url.split('/').at(-1)!;
    expect(new Uint8Array(await readFile(join(h.imagesDir, file)))).toEqual(bytes);

    const served = await fetchImage(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe(contentType);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(served.headers.get('content-disposition')).toBe(`inline; filename="${file}"`);
    expect(served.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
  });

  it('refuses guests and visitors without credentials with 401, storing nothing', async () => {
    const before = await storedFiles();
    expect((await upload(undefined, imageForm(PNG), { guest: true })).status).toBe(401);
    expect((await upload(undefined, imageForm(PNG))).status).toBe(401);
    expect(await storedFiles()).toEqual(before);
  });

  it.each([
    ['SVG', SVG, 'image/svg+xml'],
    ['HTML', HTML, 'image/png'],
    ['BMP', BMP, 'image/bmp'],
  ] as const)('refuses %s with 422 in the caller language, storing nothing', async (_label, bytes, type) => {
    const { token } = await h.player();
    const before = await storedFiles();
    const en = await upload(token, imageForm(bytes, 'x.png', type));
    expect(en.status).toBe(422);
    expect(en.body.errors).toEqual({ image: ['Send a PNG, JPEG, GIF or WebP image.'] });
    const pt = await upload(token, imageForm(bytes, 'x.png', type), { lang: 'pt-BR' });
    expect(pt.body.errors).toEqual({ image: ['Envie uma imagem PNG, JPEG, GIF ou WebP.'] });
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a file over 2 MB and accepts one of exactly 2 MB', async () => {
    const { token } = await h.player();
    const before = await storedFiles();
    const big = new Uint8Array(CHAT_IMAGE_MAX_BYTES + 1);
    big.set(PNG);
    const tooLarge = await upload(token, imageForm(big), { lang: 'pt-BR' });
    expect(tooLarge.status).toBe(422);
    expect(tooLarge.body.errors).toEqual({ image: ['A imagem deve ter no máximo 2 MB.'] });
    // A body far past the limit is cut off before it is read, with the same answer.
    const huge = new Uint8Array(CHAT_IMAGE_MAX_BYTES * 2);
    huge.set(PNG);
    const cut = await upload(token, imageForm(huge));
    expect(cut.status).toBe(422);
    expect(cut.body.errors).toEqual({ image: ['The image must be at most 2 MB.'] });
    expect(await storedFiles()).toEqual(before);

    const exact = new Uint8Array(CHAT_IMAGE_MAX_BYTES);
    exact.set(PNG);
    expect((await upload(token, imageForm(exact))).status).toBe(201);
  });

  it('refuses a missing or empty file, and a body that is not multipart', async () => {
    const { token } = await h.player();
    const missing = await upload(token, imageForm(PNG, 'a.png', 'image/png', 'avatar'));
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ image: ['Choose an image.'] });
    const empty = await upload(token, imageForm(new Uint8Array(0)), { lang: 'pt-BR' });
    expect(empty.body.errors).toEqual({ image: ['Escolha uma imagem.'] });
    const text = new FormData();
    text.set('image', 'not a file');
    expect((await upload(token, text)).body.errors).toEqual({ image: ['Choose an image.'] });
    const json = await h.call('POST', '/chat/attachments', { token, body: { image: 'x' } });
    expect(json.status).toBe(400);
  });

  it('limits a player to 5 uploads a minute and 30 an hour, apart from other players; refused files do not count', async () => {
    const { token } = await h.player();
    const other = await h.player();
    for (let i = 0; i < 3; i++) expect((await upload(token, imageForm(SVG))).status).toBe(422);
    for (let i = 0; i < 5; i++) expect((await upload(token, imageForm(PNG))).status).toBe(201);
    const before = await storedFiles();
    const limited = await upload(token, imageForm(PNG), { lang: 'pt-BR' });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe('Muitas requisições. Aguarde um momento e tente novamente.');
    expect(limited.body.retry_in).toBeGreaterThan(0);
    expect(await storedFiles()).toEqual(before);
    expect((await upload(other.token, imageForm(PNG))).status).toBe(201);
  });

  it('allows 30 uploads an hour, however spread', async () => {
    const { token } = await h.player();
    for (let minute = 0; minute < 6; minute++) {
      for (let i = 0; i < 5; i++) expect((await upload(token, imageForm(PNG))).status).toBe(201);
      h.advance(61);
    }
    const limited = await upload(token, imageForm(PNG));
    expect(limited.status).toBe(429);
    expect(limited.body.retry_in).toBeGreaterThan(60);
  });
});

describe('serving', () => {
  it('answers 404 for unknown or malformed names, never reading outside the folder', async () => {
    for (const name of ['0123456789abcdef0123456789abcdef.png', '..%2F..%2Fetc%2Fpasswd', 'x.png', 'ABCDEF0123456789ABCDEF0123456789.png']) {
      const answer = await h.call('GET', `/chat/attachments/${name}`, { lang: 'pt-BR' });
      expect(answer.status, name).toBe(404);
      expect(answer.body.message).toBe('Imagem não encontrada.');
    }
  });
});

describe('posting an uploaded image', () => {
  it('accepts the uploaded URL in POST /chat/messages, with or without text, and publishes it', async () => {
    const { token } = await h.player();
    const url = (await upload(token, imageForm(PNG))).body.attachment_url as string;
    h.advance(7);
    const withText = await h.call('POST', '/chat/messages', { token, body: { text: 'Olha isso', attachments: [{ attachment_type: 'image', attachment_url: url }] } });
    expect(withText.status, JSON.stringify(withText.body)).toBe(201);
    expect((withText.body.message as ChatMessageView).attachments).toEqual([{ attachment_type: 'image', attachment_url: url }]);

    h.advance(7);
    const alone = await h.call('POST', '/chat/messages', { token, body: { text: '   ', attachments: [{ attachment_type: 'image', attachment_url: url }] } });
    expect(alone.status, JSON.stringify(alone.body)).toBe(201);
    const message = alone.body.message as ChatMessageView;
    expect(message.text).toBe('');
    expect(message.attachments).toHaveLength(1);
    expect(h.published.at(-1)!.data).toMatchObject({ id: message.id, text: '', attachments: [{ attachment_type: 'image', attachment_url: url }] });
  });

  it('deleting a message stops serving its uploaded image, unless another live message shows it', async () => {
    const { token } = await h.player();
    const url = (await upload(token, imageForm(PNG))).body.attachment_url as string;
    const post = async () => {
      h.advance(7);
      const answer = await h.call('POST', '/chat/messages', { token, body: { text: '', attachments: [{ attachment_type: 'image', attachment_url: url }] } });
      expect(answer.status).toBe(201);
      return (answer.body.message as ChatMessageView).id;
    };
    const first = await post();
    const second = await post();
    expect((await h.operator('DELETE', `/chat/messages/${first}`)).status).toBe(200);
    expect((await fetchImage(url)).status).toBe(200);
    expect((await h.operator('DELETE', `/chat/messages/${second}`)).status).toBe(200);
    expect((await fetchImage(url)).status).toBe(404);
    expect(await storedFiles()).not.toContain(url.split('/').at(-1));
  });

  it('still refuses an empty text without an image, and unsafe URLs', async () => {
    const { token } = await h.player();
    h.advance(7);
    const empty = await h.call('POST', '/chat/messages', { token, body: { text: ' ', attachments: [] } });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ text: ['Write a message.'] });
    h.advance(7);
    const noAttachments = await h.call('POST', '/chat/messages', { token, body: { text: '' } });
    expect(noAttachments.body.errors).toEqual({ text: ['Write a message.'] });
    for (const bad of ['javascript:alert(1)//x.png', '//evil.example/api/chat/attachments/x.png', 'http://evil.example/x.png', 'data:image/png;base64,AAAA']) {
      h.advance(7);
      const answer = await h.call('POST', '/chat/messages', { token, body: { text: '', attachments: [{ attachment_type: 'image', attachment_url: bad }] } });
      expect(answer.status, bad).toBe(422);
      expect(Object.keys(answer.body.errors as object), bad).toEqual(['attachments.0.attachment_url']);
    }
  });

  it('builds URLs that pass the attachment check for a site-relative and an absolute https API base', () => {
    const file = '0123456789abcdef0123456789abcdef.webp';
    expect(chatImageUrl('/api', file)).toBe(`/api/chat/attachments/${file}`);
    expect(chatImageUrl('https://api.example.com/api/', file)).toBe(`https://api.example.com/api/chat/attachments/${file}`);
    expect(isSafeChatImageUrl(chatImageUrl('/api', file))).toBe(true);
    expect(isSafeChatImageUrl(chatImageUrl('https://api.example.com/api', file))).toBe(true);
  });
});

/** GET of an answered image URL (site-relative `/api/...`) through the harness app, keeping headers and bytes. */
async function fetchImage(url: string): Promise<Response> {
  return h.raw('GET', url.replace(/^\/api/, ''));
}
