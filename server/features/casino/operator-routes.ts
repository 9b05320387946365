import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Db } from '../../db/open.ts';
import { readText } from '../../http/body.ts';
import type { AppEnv } from '../../http/context.ts';
import { DomainError } from '../../http/errors.ts';
import { requireOperator } from '../operator/auth.ts';
import { importCatalogue } from './import/import-catalogue.ts';
import { type CatalogueFormat, guessFormat } from './import/read-file.ts';

/** Largest catalogue body accepted (a 20,000-game CSV is ~6 MB). */
export const CATALOGUE_MAX_BODY_BYTES = 16 * 1024 * 1024;
const MAX_MB = CATALOGUE_MAX_BODY_BYTES / 1024 / 1024;

function formatOf(contentType: string | undefined, text: string): CatalogueFormat {
  const type = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/json') return 'json';
  if (type === 'text/csv') return 'csv';
  return guessFormat(null, text);
}

/**
 * `POST /api/operator/catalogue[?replace=1]`: imports a catalogue file (the
 * body, JSON with `Content-Type: application/json` or CSV with `text/csv`)
 * into the key's tenant, as `npm run catalogue:import` does. 200 with the
 * summary, or 422 with `errors.file` listing every bad line (nothing
 * imported). The way to import while a PGlite platform runs: PGlite allows
 * one process only.
 */
export function casinoOperatorRoutes(deps: { db: Db }): Hono<AppEnv> {
  const limit = bodyLimit({
    maxSize: CATALOGUE_MAX_BODY_BYTES,
    onError: () => {
      throw new DomainError('catalogue_too_large', 413, undefined, {
        message: { pt: `O arquivo deve ter no máximo ${MAX_MB} MB.`, en: `The file must be at most ${MAX_MB} MB.` },
      });
    },
  });
  return new Hono<AppEnv>().post('/catalogue', requireOperator(deps.db), limit, async (c) => {
    const text = await readText(c, 'file');
    const replace = ['1', 'true'].includes(c.req.query('replace') ?? '');
    const summary = await importCatalogue(deps.db, { tenantId: c.get('tenant').id, text, format: formatOf(c.req.header('content-type'), text), replace });
    c.header('Cache-Control', 'no-store');
    return c.json({ imported: summary });
  });
}
