/** One CSV record and the line (1-based) it starts on. */
export interface CsvRecord {
  line: number;
  fields: string[];
}

export class CsvSyntaxError extends Error {
  readonly line: number;
  constructor(line: number, message: string) {
    super(`line ${line}: ${message}`);
    this.name = 'CsvSyntaxError';
    this.line = line;
  }
}

/**
 * RFC 4180 CSV: fields separated by commas, records by CRLF or LF; a field in
 * double quotes may hold commas, line breaks and `""` (one quote). A leading
 * byte-order mark is dropped, blank lines are skipped. Records keep the line
 * they start on, so errors can point at the file.
 * @throws CsvSyntaxError for an unclosed quote or text after a closing quote.
 */
export function parseCsv(text: string): CsvRecord[] {
  const src = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let i = 0;
  let quotedField = false;
  const endField = () => {
    fields.push(field);
    field = '';
    quotedField = false;
  };
  const endRecord = () => {
    endField();
    // A blank line is one empty field: skip it.
    if (!(fields.length === 1 && fields[0] === '')) records.push({ line: recordLine, fields });
    fields = [];
  };
  while (i < src.length) {
    const ch = src[i]!;
    if (ch === '"' && field === '' && !quotedField) {
      const quoteLine = line;
      i += 1;
      for (;;) {
        if (i >= src.length) throw new CsvSyntaxError(quoteLine, 'a quoted field is never closed');
        const q = src[i]!;
        if (q === '"') {
          if (src[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        if (q === '\n') line += 1;
        field += q;
        i += 1;
      }
      quotedField = true;
      const next = src[i];
      if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') throw new CsvSyntaxError(line, 'unexpected text after a closing quote');
      continue;
    }
    if (ch === ',') {
      endField();
      i += 1;
    } else if (ch === '\r' || ch === '\n') {
      endRecord();
      i += ch === '\r' && src[i + 1] === '\n' ? 2 : 1;
      line += 1;
      recordLine = line;
    } else {
      if (quotedField) throw new CsvSyntaxError(line, 'unexpected text after a closing quote');
      field += ch;
      i += 1;
    }
  }
  if (field !== '' || fields.length > 0 || quotedField) endRecord();
  return records;
}
