import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pageFacts, pagePolicy } from '../../../server/sites/page-csp.ts';

const sha = (body: string) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;
const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';

const boot = "document.documentElement.dataset.boot='1'";
const hint = "\n    try { localStorage.getItem('auth') } catch {}\n  ";
const PAGE = `<!doctype html><html><head>
<script type="application/json" id="tenant-runtime">{"domain":"sorte.example","apiUrl":"https://api.example.com/api","realtime":{"key":"app-key","host":"","port":6001,"forceTLS":false,"authEndpoint":"/broadcasting/auth"}}</script>
<script>${boot}</script>
<script type="module" src="/_astro/page.Ab12.js"></script>
<script type="application/ld+json">{"@type":"Organization"}</script>
</head><body>
<script is:inline type="application/json" id="auth-config">{"google":{"clientId":"x","scriptUrl":"https://accounts.google.com/gsi/client"},"turnstile":{"siteKey":"k","scriptUrl":"https://challenges.cloudflare.com/turnstile/v0/api.js"}}</script>
<script type="application/json" id="chat-support-config">{"enabled":true,"chatId":"abc","scriptUrl":"https://code.jivosite.com/widget"}</script>
<script>${hint}</script><script type="module">import('/_astro/x.js')</script><script>${boot}</script>
</body></html>`;

describe('pageFacts', () => {
  it('hashes each inline executable script once, leaving data blocks and external scripts out', () => {
    const facts = pageFacts(PAGE);
    expect(facts.scriptHashes).toEqual([sha(boot), sha(hint), sha("import('/_astro/x.js')")]);
  });

  it('reads the API origin, the realtime endpoint and the third-party origins from the JSON the page was built with', () => {
    expect(pageFacts(PAGE)).toMatchObject({
      apiOrigin: 'https://api.example.com',
      realtime: { host: '', port: 6001 },
      thirdParty: ['https://accounts.google.com', 'https://challenges.cloudflare.com', 'https://code.jivosite.com'],
    });
  });

  it('tolerates pages without config, relative API bases, a realtime without key and malformed JSON', () => {
    expect(pageFacts('<html><body>hi</body></html>')).toEqual({ scriptHashes: [], thirdParty: [], apiOrigin: null, realtime: null });
    const page = '<script type="application/json" id="tenant-runtime">{"apiUrl":"/api","realtime":{"key":"","host":"","port":6001}}</script><script id="auth-config" type="application/json">{oops</script>';
    expect(pageFacts(page)).toEqual({ scriptHashes: [], thirdParty: [], apiOrigin: null, realtime: null });
    // A script URL that is not http(s) never becomes a source.
    expect(pageFacts('<script type="application/json" id="chat-support-config">{"scriptUrl":"javascript:alert(1)"}</script>').thirdParty).toEqual([]);
  });
});

describe('pagePolicy', () => {
  const policy = pagePolicy(pageFacts(PAGE), 'sorte.example:4321');

  it('allows inline scripts only by hash, plus self and the third-party script origins', () => {
    const scripts = directive(policy, 'script-src');
    expect(scripts).toContain(sha(boot));
    expect(scripts).toContain('https://challenges.cloudflare.com');
    expect(scripts).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  });

  it('lets the page reach its API and realtime WebSocket (on the page host when none is configured)', () => {
    expect(directive(policy, 'connect-src')).toBe(
      "connect-src 'self' https://api.example.com https://accounts.google.com https://challenges.cloudflare.com https://code.jivosite.com ws://sorte.example:6001 wss://sorte.example:6001",
    );
    const own = pagePolicy({ ...pageFacts(PAGE), realtime: { host: 'rt.example.com', port: 443 } }, 'sorte.example');
    expect(directive(own, 'connect-src')).toContain('wss://rt.example.com:443');
  });

  it('frames only same-origin pages (house games) and the widgets; may be framed only by its own origin', () => {
    expect(directive(policy, 'frame-src')).toBe("frame-src 'self' https://accounts.google.com https://challenges.cloudflare.com https://code.jivosite.com");
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'self'");
    expect(directive(policy, 'object-src')).toBe("object-src 'none'");
    expect(directive(policy, 'base-uri')).toBe("base-uri 'self'");
  });

  it('also frames the game aggregators’ absolute origins it is given (the game page’s iframe), once each, nothing else widened', () => {
    const withGames = pagePolicy(pageFacts(PAGE), 'sorte.example', ['https://games.acme.example', 'https://accounts.google.com']);
    expect(directive(withGames, 'frame-src')).toBe("frame-src 'self' https://accounts.google.com https://challenges.cloudflare.com https://code.jivosite.com https://games.acme.example");
    expect(directive(withGames, 'script-src')).toBe(directive(policy, 'script-src'));
    expect(directive(withGames, 'connect-src')).toBe(directive(policy, 'connect-src'));
  });
});
