/** Loopback host names as `URL.hostname` spells them. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

function isIpLiteral(hostname: string): boolean {
  return hostname.startsWith('[') || /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * Whether the platform may POST pushes to `endpoint`. Push services are
 * public https hosts, so anything else is refused: plain http, credentials
 * in the URL, IP literals, single-label or loopback names (the platform
 * must not be steered into calling its own network). `allowLoopbackHttp`
 * (tests) additionally accepts http(s) endpoints on 127.0.0.1, localhost and ::1.
 */
export function isAllowedEndpoint(endpoint: string, allowLoopbackHttp: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (allowLoopbackHttp && LOOPBACK_HOSTS.has(url.hostname)) return true;
  if (url.protocol !== 'https:') return false;
  return !LOOPBACK_HOSTS.has(url.hostname) && !isIpLiteral(url.hostname) && url.hostname.includes('.') && !url.hostname.endsWith('.localhost');
}
