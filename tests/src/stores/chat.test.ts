// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessageView } from '../../../src/contract/chat.ts';
import { fakeApi, USER } from './auth-fake-api.ts';
import { chatMessage } from './chat-fixtures.ts';

/**
 * The chat store: the 50 newest on open, live MessageSent without
 * duplicates (tombstones remove), at most 100 kept, pinned messages on top
 * until pin expiry, and sending with its error states. The realtime module
 * is replaced: tests call the registered handler as the channel would.
 */

const live = vi.hoisted(() => ({ handlers: new Map<string, (data: unknown) => void>(), unsubscribed: 0 }));
vi.mock('../../../src/lib/realtime/public-channel.ts', () => ({
  onPublicEvent: (event: string, handler: (data: unknown) => void) => {
    live.handlers.set(event, handler);
    return () => {
      live.handlers.delete(event);
      live.unsubscribed += 1;
    };
  },
}));

const NOW = Date.parse('2026-03-01T12:00:00Z');

/** A message posted `1000 - id` seconds before NOW (higher ids are newer). */
const message = (id: number, fields: Partial<ChatMessageView> = {}): ChatMessageView =>
  chatMessage(id, { time: new Date(NOW - (1000 - id) * 1000).toISOString(), ...fields });

const load = () => import('../../../src/stores/chat.ts');
const emit = (payload: unknown) => live.handlers.get('MessageSent')!(payload);
const texts = (list: ChatMessageView[]) => list.map((m) => m.text);

let listed: ChatMessageView[] = [];
let amountBet = 0;
let postAnswer: { status: number; json: unknown } | null = null;
const UPLOADED = '/api/chat/attachments/0123456789abcdef0123456789abcdef.png';
let uploadAnswer: { status: number; json: unknown } | null = null;

function platform() {
  return fakeApi({
    'GET /chat/messages': () => ({ json: { messages: listed, amountBet } }),
    'POST /chat/messages': (body) =>
      postAnswer ?? {
        status: 201,
        json: { message: message(500, { text: (body as { text: string }).text, attachments: (body as Pick<ChatMessageView, 'attachments'>).attachments }) },
      },
    'POST /chat/attachments': () => uploadAnswer ?? { status: 201, json: { attachment_type: 'image', attachment_url: UPLOADED } },
  });
}

async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
  localStorage.clear();
  live.handlers.clear();
  live.unsubscribed = 0;
  listed = [];
  amountBet = 0;
  postAnswer = null;
  uploadAnswer = null;
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const signIn = () => {
  localStorage.setItem('auth', 'tok');
  localStorage.setItem('user', JSON.stringify(USER));
};

describe('opening and live messages', () => {
  it('loads the 50 newest with amountBet on open and listens while open', async () => {
    signIn();
    listed = [message(1), message(2)];
    amountBet = 12_345;
    const { calls } = platform();
    const s = await load();
    s.openChat();
    expect(s.$chatLoad.get()).toEqual({ status: 'loading' });
    await settle();
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/chat/messages' });
    expect(s.$chatLoad.get()).toEqual({ status: 'ready' });
    expect(texts(s.$chatView.get().others)).toEqual(['m1', 'm2']);
    expect(s.$chatAmountBet.get()).toBe(12_345);
    expect(live.handlers.has('MessageSent')).toBe(true);
    s.closeChat();
    expect(live.unsubscribed).toBe(1);
    expect(s.$chatOpen.get()).toBe(false);
  });

  it('asks for limit=50', async () => {
    const requested: string[] = [];
    platform();
    const fetchStub = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      requested.push(new Request(input, init).url);
      return fetchStub(input, init);
    });
    const s = await load();
    s.openChat();
    await settle();
    expect(new URL(requested[0]!).searchParams.get('limit')).toBe('50');
  });

  it('appends live messages once per id, drops deleted ones and ignores malformed payloads', async () => {
    listed = [message(1)];
    platform();
    const s = await load();
    s.openChat();
    await settle();
    emit(message(2));
    emit(message(2, { text: 'm2 again' }));
    emit({ id: 'x', text: 'bad' });
    emit(null);
    expect(texts(s.$chatView.get().others)).toEqual(['m1', 'm2 again']);
    emit({ id: 1, deleted: true });
    expect(texts(s.$chatView.get().others)).toEqual(['m2 again']);
  });

  it('keeps live messages that arrive while the list loads, and never duplicates them', async () => {
    listed = [message(1), message(2)];
    platform();
    const s = await load();
    s.openChat();
    emit(message(3));
    emit(message(2));
    await settle();
    expect(texts(s.$chatView.get().others)).toEqual(['m1', 'm2', 'm3']);
  });

  it('keeps at most 100 messages, dropping the oldest but never a message still pinned', async () => {
    listed = [message(1, { type: 'pinned', pinned_until: new Date(NOW + 60_000).toISOString(), pinned: true, text: 'pin' })];
    platform();
    const s = await load();
    s.openChat();
    await settle();
    for (let id = 2; id <= 150; id++) emit(message(id));
    expect(s.$chatMessages.get()).toHaveLength(100);
    expect(texts(s.$chatView.get().pinned)).toEqual(['pin']);
    expect(s.$chatView.get().others[0]!.text).toBe('m52');
    expect(s.$chatView.get().others.at(-1)!.text).toBe('m150');
  });

  it('shows pinned messages on top until pinned_until passes, then in posting order', async () => {
    listed = [message(1), message(2, { type: 'pinned', text: 'pin', pinned_until: new Date(NOW + 5_000).toISOString(), pinned: true }), message(3)];
    platform();
    const s = await load();
    s.openChat();
    await settle();
    expect(texts(s.$chatView.get().pinned)).toEqual(['pin']);
    expect(texts(s.$chatView.get().others)).toEqual(['m1', 'm3']);
    vi.advanceTimersByTime(6_000);
    expect(s.$chatView.get().pinned).toEqual([]);
    expect(texts(s.$chatView.get().others)).toEqual(['m1', 'pin', 'm3']);
  });

  it('drops unsafe images and unknown colours from any payload', async () => {
    platform();
    const s = await load();
    s.openChat();
    await settle();
    emit(
      message(9, {
        colorClass: 'x" onclick="alert(1)' as never,
        attachments: [
          { attachment_type: 'image', attachment_url: 'javascript:alert(1)' },
          { attachment_type: 'image', attachment_url: 'data:image/png;base64,AAAA' },
          { attachment_type: 'image', attachment_url: 'https://cdn.example.com/ok.png' },
        ],
      }),
    );
    const [shown] = s.$chatView.get().others;
    expect(shown!.colorClass).toBeNull();
    expect(shown!.attachments).toEqual([{ attachment_type: 'image', attachment_url: 'https://cdn.example.com/ok.png' }]);
  });

  it('reports a failed load with the platform message', async () => {
    fakeApi({ 'GET /chat/messages': () => ({ status: 503, json: { message: 'Serviço indisponível no momento.' } }) });
    const s = await load();
    s.openChat();
    await vi.waitFor(() => expect(s.$chatLoad.get().status).toBe('failed'));
    // The site's own catalogue text for the status (spec section 8).
    expect(s.$chatLoad.get()).toEqual({ status: 'failed', message: { text: 'O serviço está indisponível no momento. Tente novamente mais tarde.' } });
  });
});

describe('sending', () => {
  it('lets only players write', async () => {
    const { calls } = platform();
    const s = await load();
    expect(s.$chatCanWrite.get()).toBe(false);
    s.setChatDraft('oi');
    expect(await s.sendChatMessage()).toBe(false);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('checks the draft first: empty or over 300 characters', async () => {
    signIn();
    const { calls } = platform();
    const s = await load();
    s.setChatDraft('   ');
    await s.sendChatMessage();
    expect(s.$chatSend.get()).toEqual({ status: 'failed', message: { key: 'chat.panel.emptyText' } });
    s.setChatDraft('a'.repeat(301));
    expect(s.$chatSend.get()).toEqual({ status: 'idle' });
    await s.sendChatMessage();
    expect(s.$chatSend.get()).toEqual({ status: 'failed', message: { key: 'chat.panel.tooLong', vars: { max: 300 } } });
    expect(calls).toEqual([]);
  });

  it('posts the trimmed text, shows the message at once and recognises its live echo', async () => {
    signIn();
    const { calls } = platform();
    const s = await load();
    s.openChat();
    await settle();
    s.setChatDraft('  <b>olá</b>  ');
    const sending = s.sendChatMessage();
    expect(s.$chatSend.get()).toEqual({ status: 'sending' });
    expect(await sending).toBe(true);
    expect(calls.at(-1)).toMatchObject({ method: 'POST', path: '/chat/messages', body: { text: '<b>olá</b>', attachments: [] } });
    expect(texts(s.$chatView.get().others)).toEqual(['<b>olá</b>']);
    expect(s.$chatDraft.get()).toBe('');
    emit(message(500, { text: '<b>olá</b>' }));
    expect(s.$chatMessages.get()).toHaveLength(1);
  });

  it('keeps the draft and shows the platform reason on 429, 403 (mute) and 422', async () => {
    signIn();
    platform();
    const s = await load();
    for (const [status, json, text] of [
      [429, { message: 'Muitas requisições. Aguarde um momento e tente novamente.', retry_in: 2 }, 'Muitas requisições. Aguarde um momento e tente novamente.'],
      [
        403,
        { message: 'Você foi silenciado no chat até 01/03/2026, 09:30 (horário de Brasília).', muted_until: '2026-03-01T12:30:00.000Z' },
        'Você foi silenciado no chat até 01/03/2026, 09:30 (horário de Brasília).',
      ],
      [403, { message: 'Anything else' }, 'Você não tem permissão para realizar esta ação.'],
      [422, { message: 'Os dados informados são inválidos.', errors: { text: ['A mensagem contém caracteres não permitidos.'] } }, 'A mensagem contém caracteres não permitidos.'],
    ] as const) {
      postAnswer = { status, json };
      s.setChatDraft('olá');
      expect(await s.sendChatMessage()).toBe(false);
      expect(s.$chatSend.get()).toEqual({ status: 'failed', message: { text } });
      expect(s.$chatDraft.get()).toBe('olá');
    }
  });
});

const png = (size = 100, type = 'image/png') => new File([new Uint8Array(size)], 'foto.png', { type });

describe('attaching an image', () => {
  it('uploads the picked file as multipart field image, then sends it with an empty text', async () => {
    signIn();
    const { calls } = platform();
    const s = await load();
    s.openChat();
    await settle();
    const uploading = s.attachChatImage(png());
    expect(s.$chatUpload.get()).toEqual({ status: 'uploading' });
    // Nothing is sent while the image uploads.
    expect(await s.sendChatMessage()).toBe(false);
    expect(await uploading).toBe(true);
    const upload = calls.find((c) => c.path === '/chat/attachments')!;
    expect(upload.method).toBe('POST');
    expect(String(upload.body)).toContain('name="image"; filename="foto.png"');
    expect(s.$chatAttachment.get()).toEqual({ attachment_type: 'image', attachment_url: UPLOADED });
    expect(s.$chatUpload.get()).toEqual({ status: 'idle' });

    expect(s.draftProblem('  ', true)).toBeNull();
    expect(await s.sendChatMessage()).toBe(true);
    expect(calls.at(-1)).toMatchObject({ method: 'POST', path: '/chat/messages', body: { text: '', attachments: [{ attachment_type: 'image', attachment_url: UPLOADED }] } });
    expect(s.$chatView.get().others.map((m) => m.attachments)).toEqual([[{ attachment_type: 'image', attachment_url: UPLOADED }]]);
    expect(s.$chatAttachment.get()).toBeNull();
  });

  it('refuses other types and files over 2 MB before uploading', async () => {
    signIn();
    const { calls } = platform();
    const s = await load();
    expect(await s.attachChatImage(png(100, 'image/svg+xml'))).toBe(false);
    expect(s.$chatUpload.get()).toEqual({ status: 'failed', message: { key: 'chat.panel.imageType' } });
    expect(await s.attachChatImage(png(100, 'image/bmp'))).toBe(false);
    expect(await s.attachChatImage(png(2 * 1024 * 1024 + 1))).toBe(false);
    expect(s.$chatUpload.get()).toEqual({ status: 'failed', message: { key: 'chat.panel.imageTooLarge', vars: { max: 2 } } });
    expect(calls).toEqual([]);
    expect(await s.attachChatImage(png(2 * 1024 * 1024))).toBe(true);
  });

  it("shows the platform's reason when the upload is refused and keeps no attachment", async () => {
    signIn();
    platform();
    const s = await load();
    uploadAnswer = { status: 422, json: { message: 'Os dados informados são inválidos.', errors: { image: ['Envie uma imagem PNG, JPEG, GIF ou WebP.'] } } };
    expect(await s.attachChatImage(png())).toBe(false);
    expect(s.$chatUpload.get()).toEqual({ status: 'failed', message: { text: 'Envie uma imagem PNG, JPEG, GIF ou WebP.' } });
    expect(s.$chatAttachment.get()).toBeNull();
    uploadAnswer = { status: 429, json: { message: 'Muitas requisições. Aguarde um momento e tente novamente.', retry_in: 30 } };
    await s.attachChatImage(png());
    expect(s.$chatUpload.get()).toEqual({ status: 'failed', message: { text: 'Muitas requisições. Aguarde um momento e tente novamente.' } });
    // An answer whose URL the chat would not show is not attached.
    uploadAnswer = { status: 201, json: { attachment_type: 'image', attachment_url: 'javascript:alert(1)//x.png' } };
    expect(await s.attachChatImage(png())).toBe(false);
    expect(s.$chatUpload.get()).toEqual({ status: 'failed', message: { key: 'chat.panel.uploadFailed' } });
    expect(s.$chatAttachment.get()).toBeNull();
  });

  it('lets the player remove the image, ignoring an upload still running', async () => {
    signIn();
    const { calls } = platform();
    const s = await load();
    await s.attachChatImage(png());
    s.removeChatAttachment();
    expect(s.$chatAttachment.get()).toBeNull();
    const late = s.attachChatImage(png());
    s.removeChatAttachment();
    expect(await late).toBe(false);
    expect(s.$chatAttachment.get()).toBeNull();
    expect(s.$chatUpload.get()).toEqual({ status: 'idle' });
    s.setChatDraft('só texto');
    await s.sendChatMessage();
    expect(calls.at(-1)).toMatchObject({ path: '/chat/messages', body: { text: 'só texto', attachments: [] } });
  });

  it('keeps the image when sending fails, and guests cannot upload', async () => {
    const guest = platform();
    let s = await load();
    expect(await s.attachChatImage(png())).toBe(false);
    expect(guest.calls).toEqual([]);

    vi.resetModules();
    signIn();
    platform();
    s = await load();
    await s.attachChatImage(png());
    postAnswer = { status: 429, json: { message: 'Muitas requisições. Aguarde um momento e tente novamente.', retry_in: 2 } };
    expect(await s.sendChatMessage()).toBe(false);
    expect(s.$chatAttachment.get()).toEqual({ attachment_type: 'image', attachment_url: UPLOADED });
  });
});
