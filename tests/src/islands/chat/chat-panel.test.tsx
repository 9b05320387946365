// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessageView } from '../../../../src/contract/chat.ts';
import { fakeApi, USER } from '../../stores/auth-fake-api.ts';
import { chatMessage as message } from '../../stores/chat-fixtures.ts';

/**
 * The chat island renders the store: message text only as text (markup and
 * links inert), images only from safe addresses, colours through the
 * allow-list, pinned messages on top, the composer for players and the
 * login prompt for guests.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

vi.mock('../../../../src/lib/realtime/public-channel.ts', () => ({ onPublicEvent: () => () => undefined }));

let listed: ChatMessageView[] = [];
const UPLOADED = '/api/chat/attachments/0123456789abcdef0123456789abcdef.png';
let uploadAnswer: { status: number; json: unknown } = { status: 201, json: { attachment_type: 'image', attachment_url: UPLOADED } };
let stop: (() => void) | null = null;

beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
  listed = [];
  uploadAnswer = { status: 201, json: { attachment_type: 'image', attachment_url: UPLOADED } };
  document.body.innerHTML = '<div id="host"></div>';
});

afterEach(() => {
  stop?.();
  stop = null;
  vi.unstubAllGlobals();
});

async function render(locale: 'pt' | 'en' = 'en') {
  const platform = fakeApi({
    'GET /chat/messages': () => ({ json: { messages: listed, amountBet: 0 } }),
    'POST /chat/messages': (body) => ({
      status: 201,
      json: { message: message(900, { text: (body as { text: string }).text, attachments: (body as Pick<ChatMessageView, 'attachments'>).attachments }) },
    }),
    'POST /chat/attachments': () => uploadAnswer,
  });
  document.documentElement.dataset.locale = locale;
  const { ChatRoot } = await import('../../../../src/islands/chat/ChatRoot.tsx');
  const store = await import('../../../../src/stores/chat.ts');
  stop = store.resetChat;
  const root = createRoot(document.getElementById('host')!);
  await act(async () => root.render(<ChatRoot />));
  await act(async () => store.openChat());
  await vi.waitFor(() => expect(document.querySelector('[data-testid="chat-panel"]')).not.toBeNull());
  await act(async () => vi.waitFor(() => expect(store.$chatLoad.get().status).toBe('ready')));
  return { store, platform };
}

const items = () => [...document.querySelectorAll<HTMLElement>('[data-testid="chat-message"]')];

describe('messages', () => {
  it('shows markup, scripts and links as plain text', async () => {
    listed = [
      message(1, { text: '<img src=x onerror="alert(1)">' }),
      message(2, { text: '<script>window.pwned = true</script>' }),
      message(3, { text: 'visit https://evil.example/login now' }),
    ];
    await render();
    const [img, script, link] = items();
    expect(img!.querySelector('.chat-msg__text')!.textContent).toBe('<img src=x onerror="alert(1)">');
    expect(script!.querySelector('.chat-msg__text')!.textContent).toBe('<script>window.pwned = true</script>');
    expect(link!.querySelector('.chat-msg__text')!.textContent).toBe('visit https://evil.example/login now');
    const panel = document.querySelector('[data-testid="chat-panel"]')!;
    expect(panel.querySelectorAll('img, script, a')).toHaveLength(0);
    expect((window as { pwned?: boolean }).pwned).toBeUndefined();
  });

  it('renders images only from https or same-site addresses', async () => {
    const { ChatMessage } = await import('../../../../src/islands/chat/ChatMessage.tsx');
    const t = ((key: string) => key) as never;
    const root = createRoot(document.getElementById('host')!);
    const unsafe = message(4, {
      attachments: [
        { attachment_type: 'image', attachment_url: 'javascript:alert(1)' },
        { attachment_type: 'image', attachment_url: 'data:image/png;base64,AAAA' },
        { attachment_type: 'image', attachment_url: 'https://cdn.example.com/ok.png' },
        { attachment_type: 'image', attachment_url: '/uploads/ok.webp' },
      ],
      colorClass: 'x" onclick="alert(1)' as never,
    });
    await act(async () => root.render(<ol><ChatMessage message={unsafe} t={t} locale="en" pinned={false} /></ol>));
    expect([...document.querySelectorAll('img')].map((i) => i.getAttribute('src'))).toEqual(['https://cdn.example.com/ok.png', '/uploads/ok.webp']);
    expect(document.querySelector('[data-testid="chat-message"]')!.className).toBe('chat-msg');
    await act(async () => root.unmount());
  });

  it('maps colours through the allow-list, shows emoji, names and pinned notices on top', async () => {
    listed = [
      message(1, { text: 'first' }),
      message(2, { type: 'pinned', user: null, text: 'Torneio!', pinned_until: new Date(Date.now() + 3_600_000).toISOString(), pinned: true, colorClass: 'gold', emoji: '🏆' }),
      message(3, { user: { id: 4, name: null }, text: 'hidden name' }),
      message(4, { type: 'others', user: null, text: 'Nova missão', mission: { title: 'Gire 10 vezes' } }),
    ];
    await render();
    const [pinned, first, hidden, mission] = items();
    expect(pinned!.closest('ol')!.className).toBe('chat-panel__pinned');
    expect(pinned!.className).toBe('chat-msg chat-msg--gold chat-msg--pinned');
    expect(pinned!.textContent).toContain('🏆');
    expect(pinned!.textContent).toContain('Pinned');
    expect(first!.querySelector('.chat-msg__author')!.textContent).toBe('Bia');
    expect(hidden!.querySelector('.chat-msg__author')!.textContent).toBe('Anonymous player');
    expect(mission!.className).toContain('chat-msg--mission');
    expect(mission!.textContent).toContain('Gire 10 vezes');
  });
});

describe('composer', () => {
  it('invites a guest to log in through the header login opener', async () => {
    await render('pt');
    const prompt = document.querySelector('[data-testid="chat-guest-prompt"]')!;
    expect(prompt.textContent).toContain('Entre na sua conta para conversar no chat.');
    expect(prompt.querySelector('button')!.getAttribute('data-auth-open')).toBe('login');
    expect(document.querySelector('form')).toBeNull();
  });

  it('lets a player type and send, then shows the message', async () => {
    localStorage.setItem('auth', 'tok');
    localStorage.setItem('user', JSON.stringify(USER));
    const { store, platform } = await render();
    expect(document.querySelector('[data-testid="chat-guest-prompt"]')).toBeNull();
    await act(async () => store.setChatDraft('olá <b>todos</b>'));
    const form = document.querySelector('form')!;
    await act(async () => {
      form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
      await vi.waitFor(() => expect(store.$chatMessages.get()).toHaveLength(1));
    });
    await vi.waitFor(() => expect(items().map((i) => i.querySelector('.chat-msg__text')!.textContent)).toEqual(['olá <b>todos</b>']));
    expect(platform.calls.at(-1)).toMatchObject({ method: 'POST', body: { text: 'olá <b>todos</b>' } });
    expect(document.querySelector<HTMLInputElement>('.chat-panel__input')!.value).toBe('');
  });

  /** Picks a file in the composer's image input, as the browser's file dialog would. */
  async function pick(file: File) {
    const input = document.querySelector<HTMLInputElement>('[data-testid="chat-image-input"]')!;
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    const store = await import('../../../../src/stores/chat.ts');
    await act(async () => {
      input.dispatchEvent(new Event('change', { bubbles: true }));
      await vi.waitFor(() => expect(store.$chatUpload.get().status).not.toBe('uploading'));
    });
  }

  it('attaches an image (png, jpeg, gif, webp only), shows a removable thumbnail and sends it without text', async () => {
    localStorage.setItem('auth', 'tok');
    localStorage.setItem('user', JSON.stringify(USER));
    const { store, platform } = await render('pt');
    const input = document.querySelector<HTMLInputElement>('[data-testid="chat-image-input"]')!;
    expect(input.type).toBe('file');
    expect(input.accept).toBe('image/png,image/jpeg,image/gif,image/webp');
    expect(document.querySelector('.chat-panel__attach')!.getAttribute('aria-label')).toBe('Anexar imagem');

    await pick(new File([new Uint8Array(10)], 'foto.png', { type: 'image/png' }));
    await vi.waitFor(() => expect(document.querySelector('[data-testid="chat-attachment"] img')).not.toBeNull());
    expect(document.querySelector('[data-testid="chat-attachment"] img')!.getAttribute('src')).toBe(UPLOADED);
    await act(async () => document.querySelector<HTMLButtonElement>('.chat-panel__unattach')!.click());
    expect(document.querySelector('[data-testid="chat-attachment"]')).toBeNull();
    expect(store.$chatAttachment.get()).toBeNull();

    await pick(new File([new Uint8Array(10)], 'foto.png', { type: 'image/png' }));
    await vi.waitFor(() => expect(store.$chatAttachment.get()).not.toBeNull());
    await act(async () => {
      document.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
      await vi.waitFor(() => expect(store.$chatMessages.get()).toHaveLength(1));
    });
    expect(platform.calls.at(-1)).toMatchObject({ path: '/chat/messages', body: { text: '', attachments: [{ attachment_type: 'image', attachment_url: UPLOADED }] } });
    const [sent] = items();
    expect(sent!.querySelector('.chat-msg__text')).toBeNull();
    expect(sent!.querySelector('img')!.getAttribute('src')).toBe(UPLOADED);
    expect(document.querySelector('[data-testid="chat-attachment"]')).toBeNull();
  });

  it('shows upload errors in the panel', async () => {
    localStorage.setItem('auth', 'tok');
    localStorage.setItem('user', JSON.stringify(USER));
    await render('pt');
    await pick(new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' }));
    expect(document.querySelector('[data-testid="chat-upload-error"]')!.textContent).toBe('Escolha uma imagem PNG, JPEG, GIF ou WebP.');
    uploadAnswer = { status: 422, json: { message: 'Os dados informados são inválidos.', errors: { image: ['A imagem deve ter no máximo 2 MB.'] } } };
    await pick(new File([new Uint8Array(10)], 'foto.png', { type: 'image/png' }));
    await vi.waitFor(() => expect(document.querySelector('[data-testid="chat-upload-error"]')!.textContent).toBe('A imagem deve ter no máximo 2 MB.'));
    expect(document.querySelector('[data-testid="chat-attachment"]')).toBeNull();
  });
});
