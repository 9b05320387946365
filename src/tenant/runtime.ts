import type { Locale, TenantBundle } from '../contract/tenant-bundle.ts';
import type { RuntimeConfig } from '../lib/runtime-config.ts';

/** The `#tenant-runtime` JSON (DOM contract item 1); the shape SITE-CLIENT parses. */
export type TenantRuntime = RuntimeConfig;

/**
 * Settings the fallback build uses for a host it knows nothing about: the
 * same-origin API (env FALLBACK_API_URL, default `/api`) so the boot script can
 * still ask whether the host exists, and no realtime key (nothing connects).
 */
function fallbackRuntime(locale: Locale, platformInfoUrl: string): TenantRuntime {
  return {
    domain: '',
    locale,
    apiUrl: process.env.FALLBACK_API_URL || '/api',
    realtime: { key: '', host: '', port: 6001, forceTLS: false, authEndpoint: '/broadcasting/auth' },
    casinoId: 0,
    status: 'unknown',
    platformInfoUrl,
  };
}

/** Runtime config for one page of `bundle` (or of the fallback build when null). */
export function tenantRuntime(bundle: TenantBundle | null, locale: Locale, platformInfoUrl: string): TenantRuntime {
  if (!bundle) return fallbackRuntime(locale, platformInfoUrl);
  return {
    domain: bundle.domain,
    locale,
    apiUrl: bundle.apiUrl,
    realtime: bundle.realtime,
    casinoId: bundle.config.casino_id,
    status: bundle.status,
    platformInfoUrl,
  };
}

/**
 * JSON for embedding inside a `<script>` element: `<`, `>`, `&` and the JS
 * line separators are escaped so no value can close the element.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Preloader state at first paint (DOM contract item 2). */
export function initialPreloaderState(bundle: TenantBundle | null): 'hidden' | 'not-found' | 'maintenance' {
  if (!bundle) return 'not-found';
  return bundle.status === 'maintenance' ? 'maintenance' : 'hidden';
}
