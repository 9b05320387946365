/**
 * CSV for the operator's exports (RFC 4180: comma separated, CRLF lines),
 * safe to open in a spreadsheet.
 */

/**
 * One cell. Null and undefined are empty; numbers and bigints are written as
 * they are (a negative amount must stay a number, and a number cannot be a
 * formula); other values are text (objects as JSON). Text starting with
 * = + - @, a tab or a carriage return would run as a formula in a
 * spreadsheet, so it gets a leading `'`; text with a comma, quote or line
 * break is quoted.
 */
export function csvCell(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  const text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV line of `values`, CRLF included. */
export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
