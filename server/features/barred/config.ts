import * as v from 'valibot';

/**
 * The barred-bettor check's configuration (SIGAP "impedidos", issue 17;
 * docs/barred-players.md). Parsed by server/config.ts with the other
 * variables; pure, like it.
 */

export const SIGAP_PROVIDERS = ['sandbox', 'sigap', 'none'] as const;
export type SigapProvider = (typeof SIGAP_PROVIDERS)[number];

/** Where the sandbox stand-in is mounted on the platform's own server (never in production mode). */
export const SANDBOX_SIGAP_PATH = '/sandbox-sigap';

/**
 * The sandbox stand-in's documented credentials: it accepts exactly these
 * unless SIGAP_CLIENT_ID / SIGAP_CLIENT_SECRET say otherwise. Published, so
 * production mode refuses them.
 */
export const SANDBOX_SIGAP_CREDENTIALS = { clientId: 'sandbox-sigap-client', clientSecret: 'development-sigap-client-secret' } as const;

/** Regulator's term before a barred account is closed, in days, when SIGAP_CLOSE_AFTER_DAYS is unset (docs/barred-players.md says why 30). */
export const DEFAULT_CLOSE_AFTER_DAYS = 30;

export interface SigapConfig {
  /**
   * SIGAP_PROVIDER: `sandbox` (default: the built-in stand-in at
   * `/sandbox-sigap`, refused in production mode), `sigap` (the regulator's
   * service: SIGAP_URL, SIGAP_CLIENT_ID and SIGAP_CLIENT_SECRET required) or
   * `none` (no check at all; refused in production mode).
   */
  provider: SigapProvider;
  /**
   * SIGAP_URL: base of the service (`{url}/oauth/token`,
   * `{url}/v1/impedidos/consulta`). With the sandbox, unset means the
   * stand-in mounted on this server, called in-process (no socket, so
   * registration works before and without the listening server).
   */
  url: string | null;
  /** SIGAP_CLIENT_ID / SIGAP_CLIENT_SECRET: OAuth 2 client credentials. Sandbox defaults: SANDBOX_SIGAP_CREDENTIALS. */
  clientId: string;
  clientSecret: string;
  /** SIGAP_CLOSE_AFTER_DAYS: days from the bar to the account's closing (`closes_at`). Default 30. */
  closeAfterDays: number;
  /** SIGAP_TIMEOUT_MS: how long one call (token or query) may take before it counts as unreachable. Default 5000. */
  timeoutMs: number;
}

const nonEmpty = v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'));
const httpUrl = v.pipe(nonEmpty, v.regex(/^https?:\/\/\S+$/, 'must be an http(s):// URL'), v.transform((s) => s.replace(/\/+$/, '')));

/** The SIGAP_* variables, their schemas and defaults (server/config.ts merges them into its table). */
export const SIGAP_VARIABLES = {
  SIGAP_PROVIDER: [v.picklist(SIGAP_PROVIDERS, 'must be sandbox, sigap or none'), 'sandbox'],
  SIGAP_URL: [httpUrl, undefined],
  SIGAP_CLIENT_ID: [nonEmpty, undefined],
  SIGAP_CLIENT_SECRET: [nonEmpty, undefined],
  SIGAP_CLOSE_AFTER_DAYS: [v.pipe(v.string(), v.regex(/^[1-9]\d{0,3}$/, 'must be a whole number of days from 1 to 9999'), v.transform(Number)), String(DEFAULT_CLOSE_AFTER_DAYS)],
  SIGAP_TIMEOUT_MS: [v.pipe(v.string(), v.regex(/^[1-9]\d{2,5}$/, 'must be a whole number of milliseconds from 100 to 999999'), v.transform(Number)), '5000'],
} as const;

interface ParsedSigap {
  SIGAP_PROVIDER: SigapProvider;
  SIGAP_URL?: string | undefined;
  SIGAP_CLIENT_ID?: string | undefined;
  SIGAP_CLIENT_SECRET?: string | undefined;
  SIGAP_CLOSE_AFTER_DAYS: number;
  SIGAP_TIMEOUT_MS: number;
}

/**
 * The check's settings from the parsed variables. With `sigap` the URL and
 * both credentials are required (`fail` names the missing one); with the
 * sandbox they default to the stand-in's documented ones.
 */
export function sigapConfig(p: ParsedSigap, fail: (variable: string, message: string) => never): SigapConfig {
  const common = { provider: p.SIGAP_PROVIDER, closeAfterDays: p.SIGAP_CLOSE_AFTER_DAYS, timeoutMs: p.SIGAP_TIMEOUT_MS };
  if (p.SIGAP_PROVIDER === 'sigap') {
    const need = (name: 'SIGAP_URL' | 'SIGAP_CLIENT_ID' | 'SIGAP_CLIENT_SECRET'): string => p[name] ?? fail(name, 'is required when SIGAP_PROVIDER=sigap');
    return { ...common, url: need('SIGAP_URL'), clientId: need('SIGAP_CLIENT_ID'), clientSecret: need('SIGAP_CLIENT_SECRET') };
  }
  return {
    ...common,
    url: p.SIGAP_URL ?? null,
    clientId: p.SIGAP_CLIENT_ID ?? SANDBOX_SIGAP_CREDENTIALS.clientId,
    clientSecret: p.SIGAP_CLIENT_SECRET ?? SANDBOX_SIGAP_CREDENTIALS.clientSecret,
  };
}
