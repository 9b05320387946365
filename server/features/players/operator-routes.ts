import { type Context, Hono } from 'hono';
import { stream } from 'hono/streaming';
import * as v from 'valibot';
import { PLAYER_BLOCK_REASON_MAX, PLAYER_NOTE_MAX } from '../../../src/contract/backoffice.ts';
import { LEDGER_TYPES, PageQuerySchema } from '../../../src/contract/wallet.ts';
import type { Db } from '../../db/open.ts';
import { readBody } from '../../http/body.ts';
import type { AppEnv } from '../../http/context.ts';
import { requireOperator } from '../operator/auth.ts';
import { blockPlayer, blockState, unblockPlayer } from './block.ts';
import { playerDetail } from './detail.ts';
import { addPlayerNote } from './notes.ts';
import { searchPlayers } from './search.ts';
import { ROUND_KINDS, roundCsvChunks } from './rounds-export.ts';
import { transactionCsvChunks } from './transactions-export.ts';

export interface PlayerOperatorDeps {
  db: Db;
  /** The clock (self-exclusion, pauses and limits in force); tests may set it. */
  now?: () => Date;
}

/** The longest span of one transactions export, in days. */
export const EXPORT_MAX_DAYS = 92;
const DAY_MS = 24 * 60 * 60 * 1000;

const IdParam = v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/, 'must be an id'), v.transform(Number));

/** Required text, trimmed, at most `max` characters. */
const Text = (max: number) => v.pipe(v.string('is required'), v.trim(), v.nonEmpty('is required'), v.maxLength(max, `must be at most ${max} characters`));
const NoteBody = v.object({ body: Text(PLAYER_NOTE_MAX) });
const BlockBody = v.object({ reason: Text(PLAYER_BLOCK_REASON_MAX) });

const SearchQuery = v.object({
  ...PageQuerySchema.entries,
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'is too long')), ''),
});

/** A calendar day that exists (`2025-02-30` does not, though it has the shape). */
const Day = v.pipe(
  v.string('is required'),
  v.isoDate('must be a date (YYYY-MM-DD)'),
  // Checked apart from isoDate, which passes any day up to 31; the pipe runs this even when isoDate failed.
  v.check((day) => {
    const at = Date.parse(`${day}T00:00:00Z`);
    return Number.isFinite(at) && new Date(at).toISOString().startsWith(day);
  }, 'must be a date (YYYY-MM-DD)'),
);

/** Days from `from` to `to`; NaN when either is not a date. */
const daysApart = (q: { from: string; to: string }) => (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / DAY_MS;

// The range checks run even when a day was refused above (valibot still counts the object typed):
// written so that NaN passes, a wrong day is reported once, under its own field.
const ExportQuery = v.pipe(
  v.object({ from: Day, to: Day, type: v.optional(v.picklist(LEDGER_TYPES, 'is not a movement type')) }),
  v.forward(
    v.check((q) => !(daysApart(q) < 0), 'must not be before from'),
    ['to'],
  ),
  v.forward(
    v.check((q) => !(daysApart(q) > EXPORT_MAX_DAYS), `must be at most ${EXPORT_MAX_DAYS} days after from`),
    ['to'],
  ),
);

/** The rounds export: the same São Paulo days, and which product. */
const RoundsExportQuerySchema = v.pipe(
  v.object({ from: Day, to: Day, kind: v.picklist(ROUND_KINDS, `must be one of ${ROUND_KINDS.join(', ')}`) }),
  v.forward(
    v.check((q) => !(daysApart(q) < 0), 'must not be before from'),
    ['to'],
  ),
  v.forward(
    v.check((q) => !(daysApart(q) > EXPORT_MAX_DAYS), `must be at most ${EXPORT_MAX_DAYS} days after from`),
    ['to'],
  ),
);

/**
 * The player directory, staff notes, blocking and the transactions export,
 * under `/operator` (requireOperator, which audits the POSTs):
 * - `GET /players?q&page` → `{ data, current_page, last_page, per_page, total }` (players area);
 * - `GET /players/{id}` → the player with the latest movements, withdrawals, limits, notes,
 *   logins and bets; 404 off the tenant;
 * - `POST /players/{id}/notes {body}` → 201 `{ note }` (append-only: no edit, no delete);
 * - `POST /players/{id}/block {reason}`, `POST /players/{id}/unblock` → `{ player }`, the
 *   previous block state as the audit's `before`; 409 when already so;
 * - `GET /exports/transactions?from&to&type` → the tenant's movements as CSV, streamed;
 *   `from`/`to` are São Paulo days, both included, at most 92 days apart (finance area);
 * - `GET /exports/rounds?from&to&kind` → the tenant's house rounds, casino rounds or sports
 *   betslips of those days as CSV, streamed (finance area).
 */
export function playerOperatorRoutes(deps: PlayerOperatorDeps): Hono<AppEnv> {
  const operator = requireOperator(deps.db);
  const now = deps.now ?? (() => new Date());
  return new Hono<AppEnv>()
    .use('/players', operator)
    .use('/players/*', operator)
    .use('/exports/*', operator)
    .get('/players', async (c) => {
      const { q, page } = v.parse(SearchQuery, c.req.query());
      c.header('Cache-Control', 'no-store');
      return c.json(await searchPlayers(deps.db, { tenantId: c.get('tenant').id, q, page, now: now() }));
    })
    .get('/players/:id', async (c) => {
      const id = v.parse(IdParam, c.req.param('id'));
      c.header('Cache-Control', 'no-store');
      return c.json(await playerDetail(deps.db, { tenantId: c.get('tenant').id, id, now: now() }));
    })
    .post('/players/:id/notes', async (c) => {
      const id = v.parse(IdParam, c.req.param('id'));
      const { body } = await readBody(c, NoteBody);
      const note = await addPlayerNote(deps.db, { tenantId: c.get('tenant').id, userId: id, author: c.get('operator')!, body });
      return c.json({ note }, 201);
    })
    .post('/players/:id/block', async (c) => {
      const id = v.parse(IdParam, c.req.param('id'));
      const { reason } = await readBody(c, BlockBody);
      const tenantId = c.get('tenant').id;
      c.set('auditBefore', await blockState(deps.db, { tenantId, userId: id }));
      return c.json({ player: await blockPlayer(deps.db, { tenantId, userId: id, reason, now: now() }) });
    })
    .post('/players/:id/unblock', async (c) => {
      const id = v.parse(IdParam, c.req.param('id'));
      const tenantId = c.get('tenant').id;
      c.set('auditBefore', await blockState(deps.db, { tenantId, userId: id }));
      return c.json({ player: await unblockPlayer(deps.db, { tenantId, userId: id, now: now() }) });
    })
    .get('/exports/transactions', async (c) => {
      // Validated before the stream starts, so a bad range is still a 422 with field errors.
      const f = v.parse(ExportQuery, c.req.query());
      const tenant = c.get('tenant');
      const chunks = transactionCsvChunks(deps.db, {
        tenantId: tenant.id,
        from: new Date(`${f.from}T00:00:00-03:00`),
        to: new Date(`${f.to}T23:59:59.999-03:00`),
        type: f.type,
      });
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="transactions-${tenant.domain}-${f.from}-${f.to}.csv"`);
      c.header('Cache-Control', 'no-store');
      return csvStream(c, chunks);
    })
    .get('/exports/rounds', async (c) => {
      const f = v.parse(RoundsExportQuerySchema, c.req.query());
      const tenant = c.get('tenant');
      const chunks = roundCsvChunks(deps.db, { tenantId: tenant.id, kind: f.kind, from: new Date(`${f.from}T00:00:00-03:00`), to: new Date(`${f.to}T23:59:59.999-03:00`) });
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="rounds-${f.kind}-${tenant.domain}-${f.from}-${f.to}.csv"`);
      c.header('Cache-Control', 'no-store');
      return csvStream(c, chunks);
    });
}

/** Streams CSV chunks after the byte-order mark that makes spreadsheets read the file as UTF-8. */
function csvStream(c: Context, chunks: AsyncGenerator<string>): Response {
  return stream(c, async (out) => {
    await out.write('\uFEFF');
    for await (const chunk of chunks) await out.write(chunk);
  });
}
