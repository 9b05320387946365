import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/*
 * Accent-insensitive matching without the `unaccent` extension (PGlite has
 * none): both sides are lower-cased and stripped of the accents Portuguese
 * (and its neighbours) use. `lower()` under the C collation leaves
 * non-ASCII capitals alone, so the accented capitals are mapped too.
 */
const ACCENTED = 'ÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝáàâãäåéèêëíìîïóòôõöúùûüçñýÿ';
const PLAIN = 'aaaaaaeeeeiiiiooooouuuucnyaaaaaaeeeeiiiiooooouuuucnyy';

/** What the SQL side does to a text, in JS: lower case, accents removed. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Escapes LIKE's wildcards and its escape character, so a search for `50%` means the text "50%". */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `column` contains `term`, ignoring case and accents; the term's `%`, `_` and `\` are literal. */
export function containsFolded(column: AnyPgColumn, term: string): SQL {
  const pattern = `%${escapeLike(foldText(term))}%`;
  return sql`translate(lower(${column}), ${ACCENTED}, ${PLAIN}) like ${pattern} escape '\\'`;
}
