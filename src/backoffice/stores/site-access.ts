import type { SiteConfig } from '../../contract/site-config.ts';

/** How players sign up and sign in: each a switch the login and register windows read at build time. */
export const ACCESS_SWITCHES = ['registerCPF', 'login_requires_cpf', 'login_requires_phone', 'login_requires_email', 'casVerifyRegistrations'] as const;
/** Third parties' identifiers and where their scripts load from (never a host written in the code). Each is optional. */
export const INTEGRATION_TEXTS = ['googleClientId', 'googleScriptUrl', 'turnstileSiteKey', 'turnstileScriptUrl', 'jivoChat', 'jivoScriptUrl', 'supportUrl'] as const;
/** The six colours a box's spine can take on the boxes page. */
export const SPINE_COLOURS = ['red', 'blue', 'pink', 'black', 'green', 'yellow'] as const;

type IntegrationText = (typeof INTEGRATION_TEXTS)[number];
/** Those that are addresses (the platform takes only a full URL). */
export const ADDRESS_TEXTS: ReadonlySet<IntegrationText> = new Set(['googleScriptUrl', 'turnstileScriptUrl', 'jivoScriptUrl', 'supportUrl']);

export interface AccessDraft {
  access: Record<(typeof ACCESS_SWITCHES)[number], boolean>;
  integrations: Record<IntegrationText, string>;
  betby: SiteConfig['betby'];
  spineBox: SiteConfig['spineBox'];
}

export function accessDraftOf(config: SiteConfig): AccessDraft {
  return {
    access: Object.fromEntries(ACCESS_SWITCHES.map((k) => [k, config[k]])) as AccessDraft['access'],
    integrations: Object.fromEntries(INTEGRATION_TEXTS.map((k) => [k, config[k] ?? ''])) as AccessDraft['integrations'],
    betby: { ...config.betby },
    spineBox: { ...config.spineBox },
  };
}

/**
 * The JSON Merge Patch of what changed: an emptied identifier or address is
 * removed (null); BetBy goes whole when any of its three settings changed;
 * only the spine colours that changed are sent.
 */
export function accessPatchOf(config: SiteConfig, d: AccessDraft): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const k of ACCESS_SWITCHES) if (d.access[k] !== config[k]) patch[k] = d.access[k];
  for (const k of INTEGRATION_TEXTS) {
    const text = d.integrations[k].trim();
    if (text !== (config[k] ?? '')) patch[k] = text === '' ? null : text;
  }
  const betby = { active: d.betby.active, brand_id: d.betby.brand_id.trim(), theme_name: d.betby.theme_name.trim() };
  if (betby.active !== config.betby.active || betby.brand_id !== config.betby.brand_id || betby.theme_name !== config.betby.theme_name) patch.betby = betby;
  const spine: Record<string, string> = {};
  for (const colour of SPINE_COLOURS) if (d.spineBox[colour].trim().toLowerCase() !== config.spineBox[colour].toLowerCase()) spine[colour] = d.spineBox[colour].trim();
  if (Object.keys(spine).length) patch.spineBox = spine;
  return patch;
}
