import { join } from 'node:path';
import * as v from 'valibot';

/**
 * The sportsbook's configuration (issue 16, docs/sportsbook.md). Parsed by
 * server/config.ts with the other variables; pure, like it: the key files
 * are read (and, for the sandbox, generated) at start by ./keys.ts.
 */

export const SPORTSBOOK_PROVIDERS = ['sandbox', 'betby', 'none'] as const;
export type SportsbookProvider = (typeof SPORTSBOOK_PROVIDERS)[number];

export interface SportsbookConfig {
  /**
   * SPORTSBOOK_PROVIDER: `sandbox` (default: the built-in stand-in served at
   * `/sandbox-sportsbook`, refused in production mode), `betby` (the real
   * provider, every SPORTSBOOK_* below required) or `none` (no sportsbook:
   * every tenant shows "Esportes indisponíveis").
   */
  provider: SportsbookProvider;
  /** SPORTSBOOK_SCRIPT_URL: the widget's `BTRenderer` script, site-relative or absolute. Sandbox default `/sandbox-sportsbook/renderer.js`. */
  scriptUrl: string;
  /** SPORTSBOOK_OPERATOR_ID: our operator id at the provider (`operator_id` of its callbacks; `iss` of our launch tokens). */
  operatorId: string;
  /** SPORTSBOOK_BRAND_ID: brand id of tenants whose `betby.brand_id` is empty; null = such tenants have no sportsbook. */
  defaultBrandId: string | null;
  /** SPORTSBOOK_PROVIDER_PUBLIC_KEY_FILE: PEM (SPKI) P-256 public key that verifies the provider's ES256 callbacks. */
  providerPublicKeyFile: string;
  /** SPORTSBOOK_PRIVATE_KEY_FILE: PEM (PKCS#8) P-256 private key that signs our launch tokens (ES256). */
  privateKeyFile: string;
  /**
   * SPORTSBOOK_CALLBACK_BASE_URL: where the provider sends its wallet
   * callbacks (`{base}/bet/make`…): the tenant's API `…/api/sportsbook`. The
   * sandbox posts there (with the tenant's domain as Host); for a real
   * provider it is the address registered with it. Default
   * `http://127.0.0.1:{PORT}/api/sportsbook`.
   */
  callbackBaseUrl: string;
  /**
   * Sandbox only: where it keeps its own private key and reads the
   * platform's public key (generated on first start beside ours in
   * `DATA_DIR/sportsbook`). Null with another provider.
   */
  sandbox: { privateKeyFile: string; platformPublicKeyFile: string } | null;
}

const nonEmpty = v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'));
const scriptUrl = v.pipe(nonEmpty, v.regex(/^(\/[^\s]*|https?:\/\/[^\s]+)$/, 'must be a site-relative path such as /sandbox-sportsbook/renderer.js or an absolute http(s) URL'));
const httpUrl = v.pipe(nonEmpty, v.regex(/^https?:\/\/\S+$/, 'must be an http(s):// URL'), v.transform((s) => s.replace(/\/+$/, '')));
const id = v.pipe(nonEmpty, v.regex(/^[\w.:-]{1,100}$/, 'must be 1 to 100 letters, digits, dots, colons, dashes or underscores'));

/** The SPORTSBOOK_* variables, their schemas and defaults (server/config.ts merges them into its table). */
export const SPORTSBOOK_VARIABLES = {
  SPORTSBOOK_PROVIDER: [v.picklist(SPORTSBOOK_PROVIDERS, 'must be sandbox, betby or none'), 'sandbox'],
  SPORTSBOOK_SCRIPT_URL: [scriptUrl, undefined],
  SPORTSBOOK_OPERATOR_ID: [id, undefined],
  SPORTSBOOK_BRAND_ID: [id, undefined],
  SPORTSBOOK_PROVIDER_PUBLIC_KEY_FILE: [nonEmpty, undefined],
  SPORTSBOOK_PRIVATE_KEY_FILE: [nonEmpty, undefined],
  SPORTSBOOK_CALLBACK_BASE_URL: [httpUrl, undefined],
} as const;

interface ParsedSportsbook {
  SPORTSBOOK_PROVIDER: SportsbookProvider;
  SPORTSBOOK_SCRIPT_URL?: string | undefined;
  SPORTSBOOK_OPERATOR_ID?: string | undefined;
  SPORTSBOOK_BRAND_ID?: string | undefined;
  SPORTSBOOK_PROVIDER_PUBLIC_KEY_FILE?: string | undefined;
  SPORTSBOOK_PRIVATE_KEY_FILE?: string | undefined;
  SPORTSBOOK_CALLBACK_BASE_URL?: string | undefined;
}

/** Path of the sandbox's generated files in DATA_DIR. */
export function sandboxKeyFiles(dataDir: string): { platformPrivate: string; platformPublic: string; providerPrivate: string; providerPublic: string } {
  const dir = join(dataDir, 'sportsbook');
  return {
    platformPrivate: join(dir, 'platform-private.pem'),
    platformPublic: join(dir, 'platform-public.pem'),
    providerPrivate: join(dir, 'sandbox-provider-private.pem'),
    providerPublic: join(dir, 'sandbox-provider-public.pem'),
  };
}

/**
 * The sportsbook settings from the parsed variables. With `betby` every
 * setting but SPORTSBOOK_BRAND_ID is required (`fail` names the missing
 * one); with the sandbox they default to the built-in stand-in and its keys
 * in `DATA_DIR/sportsbook`.
 */
export function sportsbookConfig(p: ParsedSportsbook, ctx: { port: number; dataDir: string }, fail: (variable: string, message: string) => never): SportsbookConfig {
  const files = sandboxKeyFiles(ctx.dataDir);
  const callback = p.SPORTSBOOK_CALLBACK_BASE_URL ?? `http://127.0.0.1:${ctx.port}/api/sportsbook`;
  if (p.SPORTSBOOK_PROVIDER === 'betby') {
    const need = (name: keyof ParsedSportsbook): string => {
      const value = p[name];
      if (typeof value !== 'string') return fail(name, 'is required when SPORTSBOOK_PROVIDER=betby');
      return value;
    };
    return {
      provider: 'betby',
      scriptUrl: need('SPORTSBOOK_SCRIPT_URL'),
      operatorId: need('SPORTSBOOK_OPERATOR_ID'),
      defaultBrandId: p.SPORTSBOOK_BRAND_ID ?? null,
      providerPublicKeyFile: need('SPORTSBOOK_PROVIDER_PUBLIC_KEY_FILE'),
      privateKeyFile: need('SPORTSBOOK_PRIVATE_KEY_FILE'),
      callbackBaseUrl: need('SPORTSBOOK_CALLBACK_BASE_URL'),
      sandbox: null,
    };
  }
  return {
    provider: p.SPORTSBOOK_PROVIDER,
    scriptUrl: p.SPORTSBOOK_SCRIPT_URL ?? '/sandbox-sportsbook/renderer.js',
    operatorId: p.SPORTSBOOK_OPERATOR_ID ?? 'sandbox-operator',
    defaultBrandId: p.SPORTSBOOK_BRAND_ID ?? null,
    providerPublicKeyFile: p.SPORTSBOOK_PROVIDER_PUBLIC_KEY_FILE ?? files.providerPublic,
    privateKeyFile: p.SPORTSBOOK_PRIVATE_KEY_FILE ?? files.platformPrivate,
    callbackBaseUrl: callback,
    sandbox: p.SPORTSBOOK_PROVIDER === 'sandbox' ? { privateKeyFile: files.providerPrivate, platformPublicKeyFile: files.platformPublic } : null,
  };
}
