/**
 * CSV as spreadsheets read it (RFC 4180, CRLF lines). A cell a spreadsheet
 * would run as a formula — one starting with = + - @, a tab or a carriage
 * return (OWASP "CSV injection") — gets a leading apostrophe, so a player's
 * own name, a note or a provider's text can never execute on opening.
 * Numbers (amounts in centavos, ids) are written as they are: `-1000` is a
 * number to a spreadsheet, never a formula.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: null/undefined empty, objects as JSON, dates as ISO 8601; quoted when needed. */
export function csvCell(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (value instanceof Date) text = value.toISOString();
  else if (typeof value === 'object') text = JSON.stringify(value);
  else text = String(value);
  const numeric = typeof value === 'number' || typeof value === 'bigint';
  if (!numeric && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line of cells, CRLF-terminated. */
export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
