import type { Locale, RealtimeClientConfig } from '../contract/tenant-bundle.ts';

/**
 * The per-build runtime configuration the layout renders into
 * `<script type="application/json" id="tenant-runtime">` (site DOM contract
 * item 1). Validated by hand rather than with valibot: this runs in the tiny
 * per-page boot script, where every kilobyte counts.
 */
export interface RuntimeConfig {
  domain: string;
  locale: Locale;
  /** API base address, absolute or site-relative (e.g. `/api`). */
  apiUrl: string;
  realtime: RealtimeClientConfig;
  /**
   * The tenant's `casino_id` (its own id), which names its public realtime channels
   * (`universal-public.{id}`); 0 when unknown (fallback build: no channel).
   */
  casinoId: number;
  /** `unknown` marks the fallback build served for hosts no tenant owns. */
  status: 'active' | 'maintenance' | 'unknown';
  platformInfoUrl: string;
}

export const RUNTIME_CONFIG_ID = 'tenant-runtime';

/** Thrown when the runtime JSON is missing or malformed; `field` names the culprit. */
export class RuntimeConfigError extends Error {
  readonly field: string;
  constructor(field: string, problem: string) {
    super(`#${RUNTIME_CONFIG_ID}: ${field} ${problem}`);
    this.name = 'RuntimeConfigError';
    this.field = field;
  }
}

type Bag = Record<string, unknown>;

function isBag(value: unknown): value is Bag {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(bag: Bag, key: string, prefix = ''): string {
  const value = bag[key];
  if (typeof value !== 'string') throw new RuntimeConfigError(prefix + key, 'must be a string');
  return value;
}

function oneOf<T extends string>(bag: Bag, key: string, allowed: readonly T[]): T {
  const value = str(bag, key);
  if (!(allowed as readonly string[]).includes(value)) {
    throw new RuntimeConfigError(key, `must be one of ${allowed.join(', ')}`);
  }
  return value as T;
}

function parseRealtime(value: unknown): RealtimeClientConfig {
  if (!isBag(value)) throw new RuntimeConfigError('realtime', 'must be an object');
  const { port, forceTLS } = value;
  if (typeof port !== 'number' || !Number.isInteger(port) || port < 0 || port > 65535) {
    throw new RuntimeConfigError('realtime.port', 'must be an integer port');
  }
  if (typeof forceTLS !== 'boolean') throw new RuntimeConfigError('realtime.forceTLS', 'must be a boolean');
  return {
    key: str(value, 'key', 'realtime.'),
    host: str(value, 'host', 'realtime.'),
    port,
    forceTLS,
    authEndpoint: str(value, 'authEndpoint', 'realtime.'),
  };
}

/**
 * Validates an already-parsed runtime object.
 * @throws RuntimeConfigError naming the first invalid field.
 */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  if (!isBag(value)) throw new RuntimeConfigError('root', 'must be an object');
  const apiUrl = str(value, 'apiUrl');
  if (apiUrl === '') throw new RuntimeConfigError('apiUrl', 'must not be empty');
  return {
    domain: str(value, 'domain'),
    locale: oneOf(value, 'locale', ['pt', 'en'] as const),
    apiUrl,
    realtime: parseRealtime(value.realtime),
    casinoId: typeof value.casinoId === 'number' && Number.isSafeInteger(value.casinoId) && value.casinoId > 0 ? value.casinoId : 0,
    status: oneOf(value, 'status', ['active', 'maintenance', 'unknown'] as const),
    platformInfoUrl: str(value, 'platformInfoUrl'),
  };
}

let cache: { text: string; config: RuntimeConfig } | undefined;

/**
 * Reads `#tenant-runtime` from the document. Memoised on the element's text, so
 * calling it on every request or navigation costs one string compare.
 * @throws RuntimeConfigError when the element is absent or its JSON is invalid.
 */
export function readRuntimeConfig(doc: Document = document): RuntimeConfig {
  const text = doc.getElementById(RUNTIME_CONFIG_ID)?.textContent;
  if (text == null) throw new RuntimeConfigError('root', 'element is missing');
  if (cache?.text === text) return cache.config;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new RuntimeConfigError('root', 'is not valid JSON');
  }
  const config = parseRuntimeConfig(json);
  cache = { text, config };
  return config;
}

/** Joins the API base and a path without doubling or dropping the slash. */
export function apiEndpoint(apiUrl: string, path: string): string {
  return apiUrl.replace(/\/+$/, '') + '/' + path.replace(/^\/+/, '');
}
