import { readRuntimeConfig } from '../runtime-config.ts';

/**
 * The API base address. The build bakes one into `#tenant-runtime`; the
 * startup site-config call may answer with a newer `api_url` (absolute or
 * relative to the site, spec section 7: "the API base address comes from a
 * theme fetch by host at startup"), which then takes precedence.
 */
let override: string | null = null;

/** Adopts the `api_url` from the site-config answer; ignores empty or non-string values. */
export function setApiBaseUrl(url: unknown): void {
  if (typeof url === 'string' && url.trim() !== '') override = url.trim();
}

export function apiBaseUrl(): string {
  return override ?? readRuntimeConfig().apiUrl;
}
