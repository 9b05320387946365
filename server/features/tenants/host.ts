/**
 * Host-name handling for tenant lookup. Tenants are keyed by bare, lower-case
 * host names: ports, brackets and trailing dots never reach the database.
 */

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** Lower-cases and strips a port and a trailing dot; null if what remains is not a host name. */
export function normalizeDomain(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let host = raw.trim().toLowerCase();
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    return end > 1 ? host.slice(1, end) : null;
  }
  host = host.replace(/:\d*$/, '').replace(/\.$/, '');
  return HOST_NAME.test(host) ? host : null;
}

/** Host name of an `Origin` header (`https://a.example:8443` → `a.example`); null for `null` or garbage. */
export function domainFromOrigin(origin: string | null | undefined): string | null {
  if (!origin || origin === 'null') return null;
  try {
    return normalizeDomain(new URL(origin).host);
  } catch {
    return null;
  }
}

/** `localhost`, `*.localhost` and IP literals: served over plain http on the developer's machine. */
export function isLocalDomain(domain: string): boolean {
  return domain === 'localhost' || domain.endsWith('.localhost') || IPV4.test(domain) || domain.includes(':');
}
