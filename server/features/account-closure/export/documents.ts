import { EXPORT_SECTIONS, type ExportSection } from '../../../../src/contract/account-closure.ts';
import type { Db } from '../../../db/open.ts';
import { csvLine } from './csv.ts';
import { barredCheckOf, IDENTITY_DOCUMENTS_SECTION } from './identity-sections.ts';
import { type ExportRow, type ExportScope, LIST_SECTIONS, limitsOf, profileOf, type RecordSection } from './sections.ts';

/** Version of the export's layout, written in the JSON document; raised when a field changes meaning. */
export const EXPORT_FORMAT_VERSION = 1;

/** Every list section: its CSV columns (the JSON objects have the same keys) and its rows. */
const LISTS = { ...LIST_SECTIONS, identity_documents: IDENTITY_DOCUMENTS_SECTION };

/** The one-record sections and how each is read (null: nothing recorded). */
const RECORDS: Record<RecordSection, (db: Db, scope: ExportScope) => Promise<ExportRow | null>> = {
  profile: profileOf,
  limits: limitsOf,
  barred_check: barredCheckOf,
};

const isRecord = (section: ExportSection): section is RecordSection => section in RECORDS;

/**
 * The JSON document, piece by piece: `{ format_version, exported_at,
 * profile, transactions: [...], ..., limits, identity_documents: [...],
 * barred_check }`. Lists are written as their
 * pages are read, so memory stays flat however long the history.
 */
export async function* jsonDocument(db: Db, scope: ExportScope, now: Date): AsyncGenerator<string> {
  yield `{"format_version":${EXPORT_FORMAT_VERSION},"exported_at":${JSON.stringify(now.toISOString())}`;
  for (const section of EXPORT_SECTIONS) {
    if (isRecord(section)) {
      const record = await RECORDS[section](db, scope);
      yield `,${JSON.stringify(section)}:${JSON.stringify(record)}`;
      continue;
    }
    yield `,${JSON.stringify(section)}:[`;
    let first = true;
    for await (const row of LISTS[section].rows(db, scope)) {
      yield `${first ? '' : ','}${JSON.stringify(row)}`;
      first = false;
    }
    yield ']';
  }
  yield '}\n';
}

/** `{a: {b: 1}, c: 2}` → `[['a.b', 1], ['c', 2]]`: a record as `setting,value` rows. */
function flatten(record: ExportRow, prefix = ''): Array<[string, unknown]> {
  const out: Array<[string, unknown]> = [];
  for (const [key, value] of Object.entries(record)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date)) out.push(...flatten(value as ExportRow, name));
    else out.push([name, value]);
  }
  return out;
}

/**
 * One section as CSV: a header line, then one line per row. `profile`,
 * `limits` and `barred_check` are written as `field,value` lines (nested fields dotted:
 * `address.city`, `limits.loss.day.value`).
 */
export async function* csvDocument(db: Db, scope: ExportScope, section: ExportSection): AsyncGenerator<string> {
  if (isRecord(section)) {
    const record = await RECORDS[section](db, scope);
    yield csvLine(['field', 'value']);
    for (const [field, value] of flatten(record ?? {})) yield csvLine([field, value]);
    return;
  }
  const { columns, rows } = LISTS[section];
  yield csvLine(columns);
  for await (const row of rows(db, scope)) yield csvLine(columns.map((c) => row[c]));
}
