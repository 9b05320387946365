/*
 * Accent-insensitive matching for the lobby's searches, done in memory on
 * the tenant's catalogue snapshot (./catalogue-snapshot.ts) rather than in
 * SQL: PGlite has no `unaccent`, and a substring test on pre-folded titles
 * keeps `%` and `_` literal without any escaping.
 */

/** Lower case, accents removed (NFD, combining marks dropped): `AÇÃO` → `acao`. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
