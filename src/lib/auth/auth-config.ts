import type { SiteConfig } from '../../contract/site-config.ts';

/**
 * The tenant settings the login/register islands need, rendered by the header
 * into `<script type="application/json" id="auth-config">` at build time, so
 * islands hydrate without a config call. External script URLs come from the
 * tenant's site configuration: nothing here names a third-party host.
 */
export interface AuthConfig {
  /** Registration asks for a CPF (checked locally and via `/validate/validate-cpf`). */
  registerCPF: boolean;
  loginRequiresCpf: boolean;
  loginRequiresEmail: boolean;
  /** Google sign-in: shown only when the tenant allows it and both id and script URL are set. */
  google: { clientId: string; scriptUrl: string } | null;
  /** Turnstile captcha: the step exists only with a site key (and a script URL to load it from). */
  turnstile: { siteKey: string; scriptUrl: string } | null;
  /** Tenant `is_regulated`: registration has a step choosing a loss limit and a session-time limit (issue 17). */
  registerLimits: boolean;
}

export const AUTH_CONFIG_ID = 'auth-config';

/** Build time: the island settings derived from a tenant's site configuration. */
export function authConfigFromSiteConfig(config: SiteConfig): AuthConfig {
  const google =
    config.casAllowGoogleAuth && config.googleClientId && config.googleScriptUrl
      ? { clientId: config.googleClientId, scriptUrl: config.googleScriptUrl }
      : null;
  const turnstile =
    config.turnstileSiteKey && config.turnstileScriptUrl
      ? { siteKey: config.turnstileSiteKey, scriptUrl: config.turnstileScriptUrl }
      : null;
  return {
    registerCPF: config.registerCPF,
    loginRequiresCpf: config.login_requires_cpf,
    loginRequiresEmail: config.login_requires_email,
    google,
    turnstile,
    registerLimits: config.is_regulated === true,
  };
}

/** Settings used when the page has no `#auth-config` (never on a tenant page; keeps islands safe). */
export const DEFAULT_AUTH_CONFIG: AuthConfig = {
  registerCPF: false,
  loginRequiresCpf: false,
  loginRequiresEmail: false,
  google: null,
  turnstile: null,
  registerLimits: false,
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parses the `#auth-config` JSON; unknown or malformed parts fall back to "off". */
export function parseAuthConfig(value: unknown): AuthConfig {
  if (!isRecord(value)) return DEFAULT_AUTH_CONFIG;
  const pair = <K extends string>(raw: unknown, a: K, b: 'scriptUrl'): Record<K | 'scriptUrl', string> | null => {
    if (!isRecord(raw) || typeof raw[a] !== 'string' || typeof raw[b] !== 'string') return null;
    if (raw[a] === '' || raw[b] === '') return null;
    return { [a]: raw[a], [b]: raw[b] } as Record<K | 'scriptUrl', string>;
  };
  return {
    registerCPF: value.registerCPF === true,
    loginRequiresCpf: value.loginRequiresCpf === true,
    loginRequiresEmail: value.loginRequiresEmail === true,
    google: pair(value.google, 'clientId', 'scriptUrl'),
    turnstile: pair(value.turnstile, 'siteKey', 'scriptUrl'),
    registerLimits: value.registerLimits === true,
  };
}

/** Reads `#auth-config` from the document (the header renders it on every tenant page). */
export function readAuthConfig(doc: Document = document): AuthConfig {
  const text = doc.getElementById(AUTH_CONFIG_ID)?.textContent;
  if (!text) return DEFAULT_AUTH_CONFIG;
  try {
    return parseAuthConfig(JSON.parse(text));
  } catch {
    return DEFAULT_AUTH_CONFIG;
  }
}
