import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import { SANDBOX_RESULTS, type SandboxAnswer, type SandboxSportsbook } from './sandbox-sportsbook.ts';
import { widgetRoutes } from './widget/routes.ts';

/** JSON answers: nothing to render, nobody may frame them, never cached. */
const JSON_CSP = "default-src 'none'; frame-ancestors 'none'";

const langOf = (c: Context): 'pt-br' | 'en' => (/^\s*en\b/i.test(c.req.query('lang') ?? c.req.header('accept-language') ?? '') ? 'en' : 'pt-br');

/** The widget's language (`?lang=`, else Accept-Language): refusals before a token is read are in it; the token's own `lang` wins after. */
const languageOf = (c: Context): string | undefined => c.req.query('lang') ?? c.req.header('accept-language');

/** The tenant a browser call is for: its Host without the port (the callbacks go to the platform with it). */
const tenantOf = (c: Context): string => (c.req.header('host') ?? '').replace(/:\d+$/, '').toLowerCase();

const SettleBody = v.object({ result: v.picklist(SANDBOX_RESULTS) });

const MESSAGES = {
  bad_json: ['O corpo deve ser JSON.', 'The body must be JSON.'],
  bad_result: ['Resultado inválido: won, lost, void, half-won ou cashed-out.', 'Invalid result: won, lost, void, half-won or cashed-out.'],
  not_found: ['Não encontrado.', 'Not found.'],
  too_large: ['Corpo grande demais.', 'Body too large.'],
} as const;

/**
 * The sandbox sportsbook's own HTTP surface, mounted at `/sandbox-sportsbook`
 * outside `/api` (it is a third party, not the platform's API); never in
 * production mode:
 * - `GET /api/events?lang=pt-br|en` → `{ events }` (./fixture.ts);
 * - `POST /api/bets` (Bearer launch token) `{ brand_id, stake, selections }`
 *   → `{ betslip_id, status: 'accepted', balance }` or `{ status: 'refused', code, message }`;
 * - `GET /api/bets` (Bearer) → `{ betslips }`;
 * - `POST /api/bets/{id}/settle` `{ result }` → `{ betslip_id, status }`: a demo
 *   control, so whoever holds a betslip id can settle it (docs/sportsbook.md);
 * - the widget's script and stylesheet (./widget/routes.ts).
 */
export function sandboxSportsbookRoutes(sandbox: SandboxSportsbook): Hono {
  const app = new Hono();
  app.use('/api/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
    c.header('Content-Security-Policy', JSON_CSP);
    c.header('X-Content-Type-Options', 'nosniff');
  });
  app.use('/api/*', bodyLimit({ maxSize: 16 * 1024, onError: (c) => c.json({ status: 'refused', code: 'too_large', message: MESSAGES.too_large[langOf(c) === 'en' ? 1 : 0] }, 413) }));
  const answer = (c: Context, a: SandboxAnswer) => c.json(a.body, a.status);
  const text = (c: Context, key: keyof typeof MESSAGES) => MESSAGES[key][langOf(c) === 'en' ? 1 : 0];
  const json = async (c: Context): Promise<{ ok: true; body: unknown } | { ok: false }> => {
    try {
      return { ok: true, body: JSON.parse(await c.req.text()) };
    } catch {
      return { ok: false };
    }
  };

  app.route('/', widgetRoutes());
  return app
    .get('/api/events', (c) => c.json({ events: sandbox.events(langOf(c)) }))
    .post('/api/bets', async (c) => {
      const body = await json(c);
      if (!body.ok) return c.json({ status: 'refused', code: 'bad_request', message: text(c, 'bad_json') }, 400);
      return answer(c, await sandbox.place({ tenant: tenantOf(c), authorization: c.req.header('authorization'), acceptLanguage: languageOf(c), body: body.body }));
    })
    .get('/api/bets', async (c) => answer(c, await sandbox.list({ tenant: tenantOf(c), authorization: c.req.header('authorization'), acceptLanguage: languageOf(c) })))
    .post('/api/bets/:id/settle', async (c) => {
      const body = await json(c);
      const parsed = body.ok ? v.safeParse(SettleBody, body.body) : null;
      if (!parsed?.success) return c.json({ status: 'refused', code: 'bad_request', message: text(c, 'bad_result') }, 400);
      const id = c.req.param('id');
      if (!/^sbx-slip-[\w-]{1,40}$/.test(id)) return c.json({ status: 'refused', code: 'not_found', message: text(c, 'not_found') }, 404);
      return answer(c, await sandbox.settle(id, parsed.output.result, langOf(c)));
    })
    .all('/api/*', (c) => c.json({ status: 'refused', code: 'not_found', message: text(c, 'not_found') }, 404));
}
