import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { STAND_IN_PORT, TURNSTILE_TEST_SECRET } from './constants.ts';

/**
 * Local stand-ins for Cloudflare Turnstile and Google Identity Services,
 * started by Playwright before the product so browser tests exercise the real
 * protocols without external hosts:
 *
 * - `GET /turnstile/v0/api.js`: the widget script; `POST /turnstile/v0/token`
 *   issues the token the widget hands to the page.
 * - `POST /turnstile/v0/siteverify`: Cloudflare's siteverify (form-encoded or
 *   JSON `secret`, `response`, `remoteip`); a token verifies once, with the
 *   right secret, within 300 s.
 * - `GET /gsi/client`: the GIS script; `GET /gsi/token?aud=` signs an RS256 ID
 *   token for `aud` (optional `email`, `name`, `sub`); `GET /oauth2/v3/certs`
 *   serves the public key set.
 * - `GET /health`: readiness for Playwright.
 */

const GOOGLE_ISSUER = 'https://accounts.google.com';
const TOKEN_LIFETIME_MS = 300_000;

const { publicKey, privateKey } = await generateKeyPair('RS256');
const kid = randomUUID();
const jwks = {
  keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }],
};

/** Issued Turnstile tokens → when and for which page host they were issued. */
const turnstileTokens = new Map<string, { issuedAt: number; hostname: string }>();
/** Tokens already verified once (Cloudflare answers `timeout-or-duplicate` for them). */
const spentTokens = new Set<string>();

const scripts = {
  turnstile: await readFile(new URL('./turnstile-api.js', import.meta.url), 'utf8'),
  gsi: await readFile(new URL('./gsi-client.js', import.meta.url), 'utf8'),
};

function send(res: ServerResponse, status: number, body: unknown, type = 'application/json'): void {
  res.writeHead(status, {
    'Content-Type': type,
    'Cache-Control': 'no-store',
    // The widgets call back from the tenant sites' origins.
    'Access-Control-Allow-Origin': '*',
  });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if ((req.headers['content-type'] ?? '').includes('application/json')) {
    try {
      const parsed = JSON.parse(text) as Record<string, unknown>;
      return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

/** Cloudflare's siteverify answer for one form. */
function siteverify(form: Record<string, string>): Record<string, unknown> {
  const failure = (...codes: string[]) => ({
    success: false,
    'error-codes': codes,
    messages: [],
  });
  if (!form.secret) return failure('missing-input-secret');
  if (form.secret !== TURNSTILE_TEST_SECRET) return failure('invalid-input-secret');
  if (!form.response) return failure('missing-input-response');
  if (spentTokens.has(form.response)) return failure('timeout-or-duplicate');
  const issued = turnstileTokens.get(form.response);
  if (!issued) return failure('invalid-input-response');
  turnstileTokens.delete(form.response);
  spentTokens.add(form.response);
  if (Date.now() - issued.issuedAt > TOKEN_LIFETIME_MS) return failure('timeout-or-duplicate');
  return {
    success: true,
    challenge_ts: new Date(issued.issuedAt).toISOString(),
    hostname: issued.hostname,
    'error-codes': [],
    action: '',
    cdata: '',
  };
}

async function googleIdToken(url: URL): Promise<string> {
  const aud = url.searchParams.get('aud') ?? '';
  const sub = url.searchParams.get('sub') ?? String(BigInt(`0x${randomBytes(8).toString('hex')}`));
  const email = url.searchParams.get('email') ?? `g${sub.slice(-8)}@gmail.example`;
  const name = url.searchParams.get('name') ?? 'Gabriela Google';
  return new SignJWT({ email, email_verified: true, name, azp: aud })
    .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
    .setIssuer(GOOGLE_ISSUER)
    .setAudience(aud)
    .setSubject(sub)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(privateKey);
}

const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
  const route = `${req.method} ${url.pathname}`;
  try {
    switch (route) {
      case 'GET /health':
        return send(res, 200, { ok: true });
      case 'GET /turnstile/v0/api.js':
        return send(res, 200, scripts.turnstile, 'text/javascript; charset=utf-8');
      case 'POST /turnstile/v0/token': {
        if (!url.searchParams.get('sitekey')) return send(res, 400, { error: 'sitekey required' });
        const token = `XXXX.DUMMY.${randomBytes(24).toString('base64url')}`;
        const hostname = req.headers.origin ? new URL(req.headers.origin).hostname : '';
        turnstileTokens.set(token, { issuedAt: Date.now(), hostname });
        return send(res, 200, { token });
      }
      case 'POST /turnstile/v0/siteverify':
        return send(res, 200, siteverify(await readBody(req)));
      case 'GET /gsi/client':
        return send(res, 200, scripts.gsi, 'text/javascript; charset=utf-8');
      case 'GET /gsi/token':
        if (!url.searchParams.get('aud')) return send(res, 400, { error: 'aud required' });
        return send(res, 200, { credential: await googleIdToken(url) });
      case 'GET /oauth2/v3/certs':
        return send(res, 200, jwks);
      default:
        return send(res, 404, { error: 'not found' });
    }
  } catch (error) {
    send(res, 500, {
      error: error instanceof Error ? error.message : String(error),
    });
  }
});

server.listen(STAND_IN_PORT, '127.0.0.1', () => {
  console.log(`vendor stand-ins on http://127.0.0.1:${STAND_IN_PORT}`);
});
