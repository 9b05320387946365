import type { SessionUser } from '../session-user.ts';
import { loadExternalScript } from '../auth/external-script.ts';

/**
 * The tenant's third-party support chat (Jivo), spec sections 6-8: loaded
 * once per page lifetime, only for a logged-in player, only when the tenant
 * turned `chat_support` on and configured both the widget id (`jivoChat`)
 * and the script base address (`jivoScriptUrl`; no host is hard-coded).
 * The widget URL is `{jivoScriptUrl}/{jivoChat}`, e.g.
 * `https://code.jivosite.com/widget` + `/AbC123`. When the widget is ready
 * it receives the player's e-mail, name, first and last name, phone (the
 * username) and the auth value. Load errors are ignored (spec section 8).
 */

/** What the header renders into `<script type="application/json" id="chat-support-config">`. */
export interface SupportWidgetSettings {
  enabled: boolean;
  chatId: string;
  scriptUrl: string;
}

export interface SupportWidgetConfig {
  chatId: string;
  scriptUrl: string;
}

export const SUPPORT_WIDGET_CONFIG_ID = 'chat-support-config';

/** The widget's settings when all three are present and the URL is http(s), else null (no widget). */
export function supportWidgetConfigOf(value: unknown): SupportWidgetConfig | null {
  if (typeof value !== 'object' || value === null) return null;
  const { enabled, chatId, scriptUrl } = value as Partial<Record<keyof SupportWidgetSettings, unknown>>;
  if (enabled !== true || typeof chatId !== 'string' || typeof scriptUrl !== 'string') return null;
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(chatId)) return null;
  try {
    const url = new URL(scriptUrl);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  } catch {
    return null;
  }
  return { chatId, scriptUrl };
}

/** Reads `#chat-support-config` (malformed or missing: no widget). */
export function readSupportWidgetConfig(doc: Document = document): SupportWidgetConfig | null {
  const text = doc.getElementById(SUPPORT_WIDGET_CONFIG_ID)?.textContent;
  if (!text) return null;
  try {
    return supportWidgetConfigOf(JSON.parse(text));
  } catch {
    return null;
  }
}

/** `{scriptUrl}/{chatId}` (one slash between them). */
export function supportWidgetUrl(config: SupportWidgetConfig): string {
  return `${config.scriptUrl.replace(/\/+$/, '')}/${encodeURIComponent(config.chatId)}`;
}

/** The part of Jivo's browser API used here (`window.jivo_api`). */
export interface JivoApi {
  setContactInfo?(info: { name?: string; email?: string; phone?: string; description?: string }): void;
  setCustomData?(fields: Array<{ title: string; content: string }>): void;
  setUserToken?(token: string): void;
}

type JivoWindow = Window & { jivo_api?: JivoApi; jivo_onLoadCallback?: () => void; jivo_destroy?: () => void };

export interface SupportPlayer {
  token: string;
  user: SessionUser;
}

/**
 * What the widget gets as the spec's "auth value": a stable reference to the
 * player (`player-{id}`), never the session's bearer token — a third-party
 * script holding the token could act as the player.
 */
export function supportAuthValue(user: Pick<SessionUser, 'id'>): string {
  return `player-${user.id}`;
}

/** Hands the player's details to a ready widget; a widget without some method simply misses that part. */
export function identifyPlayer(jivo: JivoApi, player: SupportPlayer): void {
  const { user } = player;
  const auth = supportAuthValue(user);
  const [first = '', ...rest] = user.name.trim().split(/\s+/);
  const firstName = user.first_name ?? first;
  const lastName = user.last_name ?? rest.join(' ');
  jivo.setContactInfo?.({ name: user.name, ...(user.email ? { email: user.email } : {}), ...(user.username ? { phone: user.username } : {}) });
  jivo.setCustomData?.([
    { title: 'first_name', content: firstName },
    { title: 'last_name', content: lastName },
    { title: 'username', content: user.username ?? '' },
    { title: 'auth', content: auth },
  ]);
  jivo.setUserToken?.(auth);
}

let started = false;
let current: SupportPlayer | null = null;

/**
 * Loads the widget for `player` when the page's configuration allows it
 * (once; later calls only update who it identifies). Guests (null) never
 * load it. Never throws: a failed load is ignored.
 */
export async function startSupportWidget(player: SupportPlayer | null, doc: Document = document): Promise<void> {
  if (!player) return;
  current = player;
  const win = doc.defaultView as JivoWindow | null;
  if (started) {
    if (win?.jivo_api) identifyPlayer(win.jivo_api, player);
    return;
  }
  const config = readSupportWidgetConfig(doc);
  if (!config || !win) return;
  started = true;
  win.jivo_onLoadCallback = () => {
    if (win.jivo_api && current) identifyPlayer(win.jivo_api, current);
  };
  try {
    await loadExternalScript(supportWidgetUrl(config), doc);
  } catch {
    // Spec section 8: chat script load errors are ignored (a later login may try again).
    started = false;
  }
}

/** After logout: the widget is for players only, so it is removed from the page when Jivo allows it. */
export function stopSupportWidget(doc: Document = document): void {
  current = null;
  const win = doc.defaultView as JivoWindow | null;
  try {
    win?.jivo_destroy?.();
  } catch {
    // A widget that cannot be destroyed stays; nothing else depends on it.
  }
}
