import { Hono } from 'hono';
import * as v from 'valibot';
import { CloseAccountSchema, ExportQuerySchema } from '../../../src/contract/account-closure.ts';
import { requireUser } from '../../http/actor.ts';
import { readBody } from '../../http/body.ts';
import type { AppEnv } from '../../http/context.ts';
import { ValidationError } from '../../http/errors.ts';
import { type AccountsDeps, requestFacts } from '../auth/deps.ts';
import { userActor } from '../auth/routes.ts';
import { tooManyAttempts } from '../rate-limit/errors.ts';
import { closeOwnAccount, closureInfo } from './close-own-account.ts';
import { csvDocument, jsonDocument } from './export/documents.ts';
import { textStream } from './export/stream.ts';

/** Exports one player may start per window: each reads their whole history. */
const EXPORT_RULE = { limit: 20, windowSeconds: 10 * 60 };

/** Excel reads a CSV as UTF-8 (accents in names, cities) only with a byte-order mark. */
const BOM = '\uFEFF';

/**
 * The player's closure and data-export calls (issue 17), under `/api` behind
 * the tenant and actor middleware:
 * - `GET /profile/close-account` → `{ confirm_with: 'password' | 'word' }`;
 * - `POST /profile/close-account {password?, confirmation?, note?}` → `{ closed_at }`;
 * - `GET /profile/export?format=json` (every section) or
 *   `?format=csv&section=<section>`: a download (`Content-Disposition:
 *   attachment`, `Cache-Control: no-store`), streamed page by page.
 */
export function accountClosureRoutes(deps: AccountsDeps): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .get('/profile/close-account', requireUser, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await closureInfo(deps, c.get('tenant').id, userActor(c.get('actor')).userId));
    })
    .post('/profile/close-account', requireUser, async (c) => {
      const body = await readBody(c, CloseAccountSchema);
      c.header('Cache-Control', 'no-store');
      return c.json(await closeOwnAccount(deps, requestFacts(c, deps), userActor(c.get('actor')).userId, body));
    })
    .get('/profile/export', requireUser, async (c) => {
      const query = v.parse(ExportQuerySchema, { format: c.req.query('format'), section: c.req.query('section') });
      if (query.format === 'csv' && !query.section) throw new ValidationError({ section: ['validation.required'] });
      const scope = { tenantId: c.get('tenant').id, userId: userActor(c.get('actor')).userId };
      const limited = await deps.limiter.hit(`data-export:${scope.tenantId}:${scope.userId}`, EXPORT_RULE);
      if (limited.blocked) throw tooManyAttempts(limited.retryIn, 'export_limited');

      const now = deps.now();
      const day = now.toISOString().slice(0, 10);
      const csv = query.format === 'csv' && query.section;
      const pieces = csv
        ? (async function* () {
            yield BOM;
            yield* csvDocument(deps.db, scope, csv);
          })()
        : jsonDocument(deps.db, scope, now);
      const file = csv ? `dados-${scope.userId}-${csv}-${day}.csv` : `dados-${scope.userId}-${day}.json`;
      return c.body(textStream(pieces, deps.log, `data export of user ${scope.userId}`), 200, {
        'Content-Type': csv ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
        'Content-Disposition': `attachment; filename="${file}"`,
        'Cache-Control': 'no-store',
      });
    });
}
