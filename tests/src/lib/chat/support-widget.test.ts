// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JivoApi } from '../../../../src/lib/chat/support-widget.ts';

/**
 * The support-chat widget: one script from `{jivoScriptUrl}/{jivoChat}`,
 * only for a logged-in player of a tenant with chat_support on and both
 * settings present; the player's details handed over when Jivo is ready;
 * load errors ignored.
 */

type HappyWindow = Window & { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } }; jivo_api?: JivoApi; jivo_onLoadCallback?: () => void; jivo_destroy?: () => void };
const win = window as unknown as HappyWindow;

const PLAYER = {
  token: 'tok-123',
  user: { id: 7, name: 'Maria Clara Silva', email: 'maria@ex.com', username: '+5511987654321' },
};

const load = () => import('../../../../src/lib/chat/support-widget.ts');

function configure(settings: unknown): void {
  document.head.innerHTML = '';
  document.body.innerHTML = `<script type="application/json" id="chat-support-config">${JSON.stringify(settings)}</script>`;
}

const widgetScripts = () => [...document.querySelectorAll('script[src]')].map((s) => s.getAttribute('src'));

beforeEach(() => {
  vi.resetModules();
  win.happyDOM.settings.handleDisabledFileLoadingAsSuccess = true;
  delete win.jivo_api;
  delete win.jivo_onLoadCallback;
  delete win.jivo_destroy;
});

afterEach(() => {
  win.happyDOM.settings.handleDisabledFileLoadingAsSuccess = false;
});

describe('loading', () => {
  it('loads {scriptUrl}/{chatId} once for a logged-in player', async () => {
    configure({ enabled: true, chatId: 'AbC123', scriptUrl: 'https://widget.test/jivo/' });
    const widget = await load();
    await widget.startSupportWidget(PLAYER);
    await widget.startSupportWidget(PLAYER);
    expect(widgetScripts()).toEqual(['https://widget.test/jivo/AbC123']);
  });

  it('loads nothing for a guest, with chat_support off, or without an id or a script URL', async () => {
    const valid = { enabled: true, chatId: 'AbC123', scriptUrl: 'https://widget.test/jivo' };
    const cases: Array<[unknown, typeof PLAYER | null]> = [
      [valid, null],
      [{ ...valid, enabled: false }, PLAYER],
      [{ ...valid, chatId: '' }, PLAYER],
      [{ ...valid, scriptUrl: '' }, PLAYER],
      [{ ...valid, scriptUrl: 'javascript:alert(1)' }, PLAYER],
      [{ ...valid, chatId: '../evil' }, PLAYER],
      [null, PLAYER],
    ];
    for (const [settings, player] of cases) {
      vi.resetModules();
      configure(settings);
      const widget = await load();
      await widget.startSupportWidget(player);
      expect(widgetScripts(), JSON.stringify(settings)).toEqual([]);
    }
  });

  it('ignores a failed load and may try again on a later login', async () => {
    win.happyDOM.settings.handleDisabledFileLoadingAsSuccess = false;
    configure({ enabled: true, chatId: 'AbC123', scriptUrl: 'https://widget.test/jivo' });
    const widget = await load();
    await expect(widget.startSupportWidget(PLAYER)).resolves.toBeUndefined();
    win.happyDOM.settings.handleDisabledFileLoadingAsSuccess = true;
    await widget.startSupportWidget(PLAYER);
    expect(widgetScripts()).toEqual(['https://widget.test/jivo/AbC123', 'https://widget.test/jivo/AbC123']);
  });
});

describe('identifying the player', () => {
  it('passes e-mail, name, first and last name, phone and the auth value when the widget is ready', async () => {
    configure({ enabled: true, chatId: 'AbC123', scriptUrl: 'https://widget.test/jivo' });
    const widget = await load();
    await widget.startSupportWidget(PLAYER);
    const jivo = { setContactInfo: vi.fn(), setCustomData: vi.fn(), setUserToken: vi.fn() };
    win.jivo_api = jivo;
    win.jivo_onLoadCallback!();
    expect(jivo.setContactInfo).toHaveBeenCalledWith({ name: 'Maria Clara Silva', email: 'maria@ex.com', phone: '+5511987654321' });
    expect(jivo.setCustomData).toHaveBeenCalledWith([
      { title: 'first_name', content: 'Maria' },
      { title: 'last_name', content: 'Clara Silva' },
      { title: 'username', content: '+5511987654321' },
      { title: 'auth', content: 'player-7' },
    ]);
    expect(jivo.setUserToken).toHaveBeenCalledWith('player-7');
    expect(JSON.stringify(jivo.setCustomData.mock.calls)).not.toContain('tok-123');

    // Another player signing in on the same page is identified again, without a second script.
    await widget.startSupportWidget({ token: 'tok-9', user: { id: 9, name: 'João', first_name: 'João', last_name: 'Pereira' } });
    expect(jivo.setUserToken).toHaveBeenLastCalledWith('player-9');
    expect(jivo.setContactInfo).toHaveBeenLastCalledWith({ name: 'João' });
    expect(widgetScripts()).toHaveLength(1);
  });

  it('removes the widget after logout when Jivo allows it', async () => {
    configure({ enabled: true, chatId: 'AbC123', scriptUrl: 'https://widget.test/jivo' });
    const widget = await load();
    await widget.startSupportWidget(PLAYER);
    win.jivo_destroy = vi.fn();
    widget.stopSupportWidget();
    expect(win.jivo_destroy).toHaveBeenCalledOnce();
  });
});
