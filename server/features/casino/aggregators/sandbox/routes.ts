import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import { sandboxAssets } from './page/assets.ts';
import { renderGamePage } from './page/render.ts';
import type { SandboxPageView } from './page/view.ts';
import { SandboxRefusal } from './refusals.ts';
import { engineOf, playRound, sessionBalance, STAKE_LIMITS } from './rounds.ts';
import type { SandboxAggregator } from './sandbox-aggregator.ts';
import type { LaunchSession } from './session.ts';

export interface SandboxRoutesOptions {
  sandbox: SandboxAggregator;
  /** Where the page posts rounds and reads the balance (SANDBOX_AGGREGATOR_URL). */
  apiBase: string;
  /** The site origin of a tenant domain: the one page that may frame its games (besides this origin). */
  tenantOrigin: (domain: string) => string;
}

const RoundBody = v.object({
  token: v.string(),
  stake: v.number(),
  params: v.optional(v.unknown()),
});

/** JSON answers: nothing to render, nobody may frame them, never cached. */
const JSON_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * Policy of the game page: its own script and stylesheet only (no inline
 * script: the view is a JSON data block), calls to itself, and framing by
 * the session's tenant site only (the platform's game page), listed before
 * 'self' so the platform's X-Frame-Options: SAMEORIGIN (server/http/security-headers.ts) stays off
 * when the sandbox is served from another origin than the site.
 */
const pagePolicy = (tenantOrigin: string) =>
  [
    "default-src 'none'",
    "script-src 'self'",
    // Inline style attributes only (the game's script positions reels and the ball): never a script.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${tenantOrigin} 'self'`,
  ].join('; ');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const localeOf = (c: Context): 'pt' | 'en' => (/^\s*en\b/i.test(c.req.header('accept-language') ?? '') ? 'en' : 'pt');

/**
 * The sandbox aggregator's own HTTP surface, mounted at
 * `/sandbox-aggregator` outside `/api` (it is not the platform's API):
 * - `GET /play?token=…`: the game page (`text/html`) of a launch session;
 * - `POST /rounds {token, stake, params}` → `{ round, balance }`;
 * - `GET /balance?token=…` → `{ balance }`;
 * - `GET /assets/game.<hash>.js|css`: the page's bundled script and styles.
 * Refusals answer `{ error, message }`, `message` in the session's language
 * (or the caller's Accept-Language when the token is unreadable).
 */
export function sandboxRoutes(opts: SandboxRoutesOptions): Hono {
  const { sandbox } = opts;

  /** The session of `token`; `onLocale` learns its language as soon as it is known (an expired session's too). */
  const session = (token: string | undefined, onLocale: (locale: 'pt' | 'en') => void): LaunchSession => {
    const read = sandbox.sessions.read(token);
    if (read.ok) {
      onLocale(read.session.locale);
      return read.session;
    }
    if (read.reason === 'expired') {
      onLocale(read.locale);
      throw new SandboxRefusal('session_expired');
    }
    throw new SandboxRefusal('session_invalid');
  };
  const refused = (c: Context, error: unknown, locale: 'pt' | 'en') => {
    if (!(error instanceof SandboxRefusal)) throw error;
    c.header('Cache-Control', 'no-store');
    c.header('Content-Security-Policy', JSON_CSP);
    return c.json(error.body(locale), error.status);
  };
  const json = <T,>(c: Context, body: T) => {
    c.header('Cache-Control', 'no-store');
    c.header('Content-Security-Policy', JSON_CSP);
    return c.json(body);
  };

  return new Hono()
    .get('/play', async (c) => {
      let locale = localeOf(c);
      try {
        const s = session(c.req.query('token'), (l) => (locale = l));
        const engine = engineOf(s);
        const view: SandboxPageView = {
          token: c.req.query('token')!,
          locale: s.locale,
          demo: s.demo,
          game: { title: s.title, provider: s.providerName, kind: s.kind },
          rtpBps: engine.rtpPpm / 100,
          balance: await sessionBalance(sandbox.rounds, s),
          limits: { ...STAKE_LIMITS },
          rules: engine.describe(),
          apiBase: opts.apiBase,
        };
        const assets = await sandboxAssets();
        c.header('Cache-Control', 'no-store');
        c.header('Content-Security-Policy', pagePolicy(opts.tenantOrigin(s.tenant)));
        return c.html(renderGamePage(view, assets));
      } catch (error) {
        if (!(error instanceof SandboxRefusal)) throw error;
        c.header('Cache-Control', 'no-store');
        c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors *");
        const message = escapeHtml(error.body(locale).message);
        return c.html(
          `<!doctype html><html lang="${locale === 'en' ? 'en' : 'pt-BR'}"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${message}</title><body style="font:16px system-ui;padding:1rem;background:#111;color:#eee"><p role="alert">${message}</p></body></html>`,
          error.status,
        );
      }
    })
    .post('/rounds', bodyLimit({ maxSize: 16 * 1024, onError: (c) => refused(c, new SandboxRefusal('body_too_large'), localeOf(c)) }), async (c) => {
      let locale = localeOf(c);
      try {
        const parsed = v.safeParse(RoundBody, await c.req.json().catch(() => null));
        if (!parsed.success) throw new SandboxRefusal('invalid_params');
        const s = session(parsed.output.token, (l) => (locale = l));
        return json(c, await playRound(sandbox.rounds, s, { stake: parsed.output.stake, params: parsed.output.params ?? {} }));
      } catch (error) {
        return refused(c, error, locale);
      }
    })
    .get('/balance', async (c) => {
      let locale = localeOf(c);
      try {
        const s = session(c.req.query('token'), (l) => (locale = l));
        return json(c, { balance: await sessionBalance(sandbox.rounds, s) });
      } catch (error) {
        return refused(c, error, locale);
      }
    })
    .get('/assets/:file', async (c) => {
      const assets = await sandboxAssets();
      const path = `${c.req.path}`;
      const file = path.endsWith(assets.jsPath) ? { body: assets.js, type: 'text/javascript; charset=utf-8' } : path.endsWith(assets.cssPath) ? { body: assets.css, type: 'text/css; charset=utf-8' } : null;
      if (!file) return refused(c, new SandboxRefusal('not_found'), localeOf(c));
      // Content-hashed names: a new build gets new names, so these may be cached for good.
      c.header('Cache-Control', 'public, max-age=31536000, immutable');
      c.header('Content-Type', file.type);
      return c.body(file.body);
    });
}
