import { createHash } from 'node:crypto';

/**
 * The Content-Security-Policy of a built page, derived from the page itself:
 * - its inline scripts are allowed by their SHA-256 hashes (Astro's island
 *   loader, the header's session hint, the boot script…), never by
 *   'unsafe-inline', so an injected script cannot run;
 * - the places it talks to come from the JSON it was built with (the same
 *   values its scripts use): `#tenant-runtime` (API base when absolute, the
 *   realtime WebSocket host and port), `#auth-config` (Turnstile and Google
 *   sign-in script origins, which also frame and fetch from there),
 *   `#chat-support-config` (the support-chat widget's origin) and
 *   `#sports-config` (the sportsbook widget script's origin).
 * A page rebuilt with new settings gets a policy matching them, with no
 * second list to keep in sync.
 */
export interface PageFacts {
  /** `'sha256-…'` of every inline executable script, in page order, without duplicates. */
  scriptHashes: string[];
  /** Origins of third-party scripts the page may load (and which may frame, style and connect back). */
  thirdParty: string[];
  /** The API origin when the page's API base is absolute (else the API is same-origin). */
  apiOrigin: string | null;
  /** Realtime WebSocket endpoint; `host` empty means the page's own host name. */
  realtime: { host: string; port: number } | null;
}

interface ScriptTag {
  attrs: Map<string, string>;
  body: string;
}

const SCRIPT_TAG = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
/** Script types a browser executes (anything else, such as JSON, is a data block CSP does not govern). */
const EXECUTABLE_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript', 'text/ecmascript', 'application/ecmascript']);

function scriptTags(html: string): ScriptTag[] {
  const tags: ScriptTag[] = [];
  for (const match of html.matchAll(SCRIPT_TAG)) {
    const attrs = new Map<string, string>();
    for (const a of (match[1] ?? '').matchAll(ATTRIBUTE)) attrs.set(a[1]!.toLowerCase(), a[2] ?? a[3] ?? a[4] ?? '');
    tags.push({ attrs, body: match[2] ?? '' });
  }
  return tags;
}

function jsonBlock(tags: ScriptTag[], id: string): Record<string, unknown> | null {
  const tag = tags.find((t) => t.attrs.get('id') === id);
  if (!tag) return null;
  try {
    const value: unknown = JSON.parse(tag.body);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The http(s) origin of `url`, or null for anything else (relative paths, other schemes, garbage). */
function httpOrigin(url: unknown): string | null {
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

const field = (bag: Record<string, unknown> | null, key: string): Record<string, unknown> | null => {
  const value = bag?.[key];
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
};

/** Reads what the policy needs from a built page's HTML. */
export function pageFacts(html: string): PageFacts {
  const tags = scriptTags(html);
  const hashes = new Set<string>();
  for (const tag of tags) {
    if (tag.attrs.has('src')) continue;
    if (!EXECUTABLE_TYPES.has((tag.attrs.get('type') ?? '').trim().toLowerCase())) continue;
    hashes.add(`'sha256-${createHash('sha256').update(tag.body, 'utf8').digest('base64')}'`);
  }
  const runtime = jsonBlock(tags, 'tenant-runtime');
  const auth = jsonBlock(tags, 'auth-config');
  const chat = jsonBlock(tags, 'chat-support-config');
  // A sports page's widget script (src/lib/sports/config.ts); the provider's widget also fetches and styles from there.
  const sports = jsonBlock(tags, 'sports-config');
  const thirdParty = [field(auth, 'google')?.scriptUrl, field(auth, 'turnstile')?.scriptUrl, chat?.scriptUrl, sports?.scriptUrl]
    .map(httpOrigin)
    .filter((o): o is string => o !== null);
  const rt = field(runtime, 'realtime');
  const port = rt?.port;
  return {
    scriptHashes: [...hashes],
    thirdParty: [...new Set(thirdParty)],
    apiOrigin: httpOrigin(runtime?.apiUrl),
    realtime:
      rt && typeof rt.key === 'string' && rt.key !== '' && typeof port === 'number' && Number.isInteger(port) && port > 0 && port < 65536
        ? { host: typeof rt.host === 'string' ? rt.host : '', port }
        : null,
  };
}

/** `example.com` from a Host header (`example.com:4321`, `[::1]:80`), lower-cased; '' when unusable. */
function hostName(hostHeader: string | undefined): string {
  const host = (hostHeader ?? '').trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const name = host.split(':')[0] ?? '';
  return /^[a-z0-9.-]+$/.test(name) ? name : '';
}

/**
 * The header value for a page with `facts`, requested with `hostHeader`
 * (needed when the realtime host is "the page's own host"). Images may come
 * from any https origin (game thumbnails of providers' CDNs): an image runs
 * no script. Framing: same-origin pages (a house game in our own play
 * page, a sandbox-aggregator game at its site-relative path), the
 * third-party widgets and `frameOrigins`, the absolute origins the game
 * aggregators serve their games from (the game page's iframe); the page
 * itself may only be framed by its own origin.
 */
export function pagePolicy(facts: PageFacts, hostHeader: string | undefined, frameOrigins: readonly string[] = []): string {
  const connect = ["'self'", ...(facts.apiOrigin ? [facts.apiOrigin] : []), ...facts.thirdParty];
  if (facts.realtime) {
    const host = facts.realtime.host || hostName(hostHeader);
    // pusher-js picks ws or wss by forceTLS and the page's scheme: allow both.
    if (host) connect.push(`ws://${host}:${facts.realtime.port}`, `wss://${host}:${facts.realtime.port}`);
  }
  const third = facts.thirdParty;
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...facts.scriptHashes, ...third]],
    ['style-src', ["'self'", "'unsafe-inline'", ...third]],
    ['img-src', ["'self'", 'data:', 'blob:', 'https:', ...third]],
    ['font-src', ["'self'", 'data:', ...third]],
    ['media-src', ["'self'", 'data:', 'blob:']],
    ['connect-src', [...new Set(connect)]],
    ['frame-src', [...new Set(["'self'", ...third, ...frameOrigins])]],
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'self'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}
