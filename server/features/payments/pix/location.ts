import type { Config } from '../../../config.ts';
import { tenantOrigin } from '../../tenants/origin.ts';

/** Path, under the API base, of a charge's payload location: `{api}/pix/qr/{txid}` (served by the sandbox PSP). */
export const PIX_LOCATION_PATH = '/pix/qr';

/** The BR Code's URL field (26-25) holds at most 77 characters, scheme excluded. */
export const LOCATION_MAX = 77;

/**
 * The platform's public API base as a payer's app reaches it for `domain`:
 * PUBLIC_API_URL when it is absolute, else the tenant's public origin (see
 * `tenantOrigin`) followed by the site-relative PUBLIC_API_URL (`/api`).
 * No trailing slash.
 */
export function publicApiBase(config: Config, domain: string): string {
  const base = /^https?:\/\//i.test(config.publicApiUrl) ? config.publicApiUrl : `${tenantOrigin(config, domain)}${config.publicApiUrl}`;
  return base.replace(/\/+$/, '');
}

/**
 * Where the dynamic BR Codes of `domain`'s charges point (the standard's
 * `location`: host and path, no scheme), e.g. `casino.example/api/pix/qr`;
 * the charge's txid follows after a slash.
 */
export function pixLocationBase(config: Config, domain: string): string {
  return `${publicApiBase(config, domain).replace(/^https?:\/\//i, '')}${PIX_LOCATION_PATH}`;
}
