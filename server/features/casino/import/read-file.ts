import * as v from 'valibot';
import { findControlChars } from '../../../http/control-chars.ts';
import { CATALOGUE_COLUMNS, type CatalogueRow, CatalogueRowSchema } from './row-schema.ts';
import { CsvSyntaxError, parseCsv } from './csv.ts';
import { arrayElementLines } from './json-lines.ts';

export type CatalogueFormat = 'json' | 'csv';

/** A row that passed validation and the file line it came from. */
export interface CatalogueLine {
  line: number;
  row: CatalogueRow;
}

/** Either every row, valid, or every problem found ("line 7: …"). */
export type ReadResult = { ok: true; rows: CatalogueLine[] } | { ok: false; errors: string[] };

/** Most rows one file may hold (a bigger catalogue is imported in parts). */
export const MAX_CATALOGUE_ROWS = 20_000;

/** `json` for a `.json` name or text starting with `[`/`{`, else `csv`. */
export function guessFormat(name: string | null, text: string): CatalogueFormat {
  if (name) return /\.json$/i.test(name) ? 'json' : 'csv';
  return /^\s*[[{]/.test(text.replace(/^\uFEFF/, '')) ? 'json' : 'csv';
}

/** The file's rows before validation, each with its line; or the problems that stop reading it at all. */
type RawRows = { ok: true; raws: { line: number; raw: unknown }[] } | { ok: false; errors: string[] };

function rawRows(text: string, format: CatalogueFormat): RawRows {
  if (format === 'json') {
    const json = text.replace(/^\uFEFF/, '');
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch (error) {
      return { ok: false, errors: [`the file is not valid JSON (${error instanceof Error ? error.message : String(error)})`] };
    }
    const list = Array.isArray(parsed) ? parsed : (parsed as { games?: unknown } | null)?.games;
    if (!Array.isArray(list)) return { ok: false, errors: ['the JSON file must be an array of games, or an object with a "games" array'] };
    const lines = arrayElementLines(json);
    return { ok: true, raws: list.map((raw, i) => ({ line: lines[i] ?? i + 1, raw })) };
  }
  let records;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) return { ok: false, errors: [error.message] };
    throw error;
  }
  const [header, ...body] = records;
  if (!header) return { ok: false, errors: ['the CSV file is empty (the first line must name the columns)'] };
  const columns = header.fields.map((f) => f.trim().toLowerCase());
  const unknown = columns.filter((c) => !(CATALOGUE_COLUMNS as readonly string[]).includes(c));
  const duplicated = columns.filter((c, i) => columns.indexOf(c) !== i);
  if (unknown.length > 0 || duplicated.length > 0) {
    const errors = [
      ...(unknown.length > 0 ? [`line ${header.line}: unknown column(s) ${unknown.join(', ')}; columns are ${CATALOGUE_COLUMNS.join(', ')}`] : []),
      ...(duplicated.length > 0 ? [`line ${header.line}: column(s) given twice: ${duplicated.join(', ')}`] : []),
    ];
    return { ok: false, errors };
  }
  const errors: string[] = [];
  const rows = body.map((record) => {
    if (record.fields.length !== columns.length) errors.push(`line ${record.line}: has ${record.fields.length} fields, the header has ${columns.length}`);
    return { line: record.line, raw: Object.fromEntries(columns.map((c, i) => [c, record.fields[i] ?? ''])) };
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, raws: rows };
}

/**
 * Reads and validates a whole catalogue file: every row against the Game
 * fields, plus rules across rows (a game given twice, one provider code with
 * two names, a category the tenant does not have). Collects every error.
 */
export function readCatalogue(text: string, format: CatalogueFormat, categories: readonly string[]): ReadResult {
  const raws = rawRows(text, format);
  if (!raws.ok) return raws;
  const list = raws.raws;
  if (list.length === 0) return { ok: false, errors: ['the file has no games'] };
  if (list.length > MAX_CATALOGUE_ROWS) return { ok: false, errors: [`the file has ${list.length} games; at most ${MAX_CATALOGUE_ROWS} per file`] };

  const errors: string[] = [];
  const rows: CatalogueLine[] = [];
  const seenCode = new Map<string, number>();
  const seenId = new Map<string, number>();
  const providerNames = new Map<string, { name: string; line: number }>();
  for (const { line, raw } of list) {
    // PostgreSQL refuses NUL in text; CSV cells were checked as raw text, JSON strings may hold escaped controls.
    const controlled = findControlChars(raw, 'row');
    if (controlled !== null) {
      errors.push(`line ${line}: ${controlled} holds control characters`);
      continue;
    }
    const result = v.safeParse(CatalogueRowSchema, raw);
    if (!result.success) {
      // One message per field, in column order, so the report reads like the file.
      const seen = new Set<string>();
      for (const issue of result.issues) {
        if (seen.has(issue.message)) continue;
        seen.add(issue.message);
        errors.push(`line ${line}: ${issue.message}`);
      }
      continue;
    }
    const row = result.output;
    const codeKey = `${row.providercode}/${row.gamecode}`;
    const idKey = `${row.providercode}/${row.game_id}`;
    if (seenCode.has(codeKey)) errors.push(`line ${line}: gamecode ${row.gamecode} of provider ${row.providercode} is already on line ${seenCode.get(codeKey)}`);
    else seenCode.set(codeKey, line);
    if (seenId.has(idKey)) errors.push(`line ${line}: game_id ${row.game_id} of provider ${row.providercode} is already on line ${seenId.get(idKey)}`);
    else seenId.set(idKey, line);
    const named = providerNames.get(row.providercode);
    if (named && named.name !== row.provider_name) {
      errors.push(`line ${line}: provider ${row.providercode} is named "${row.provider_name}" here but "${named.name}" on line ${named.line}`);
    } else if (!named) providerNames.set(row.providercode, { name: row.provider_name, line });
    if (!categories.includes(row.category_slug)) {
      errors.push(`line ${line}: category_slug ${row.category_slug} is not a category of this site (${categories.join(', ') || 'none yet'})`);
    }
    rows.push({ line, row });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, rows };
}
