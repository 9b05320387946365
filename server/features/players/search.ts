import { and, count, desc, eq, ilike, like, or, type SQL, sql } from 'drizzle-orm';
import type { PlayerPage } from '../../../src/contract/backoffice.ts';
import type { Db } from '../../db/open.ts';
import { users } from '../users/schema.ts';
import { selectPlayerRows, toPlayerRow } from './row.ts';

/** Players per page of the directory. */
export const PLAYERS_PAGE_SIZE = 25;

/** The largest value of the `serial` id column: a longer number is a CPF or phone, never an id. */
const MAX_ID = 2_147_483_647;

// Accents are folded with translate() rather than the unaccent extension, which PGlite and a managed
// PostgreSQL may lack. Upper-case letters are folded too: lower() leaves non-ASCII letters alone under
// the C collation.
const ACCENTED = 'ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑáàâãäéèêëíìîïóòôõöúùûüçñ';
const PLAIN = 'AAAAAEEEEIIIIOOOOOUUUUCNaaaaaeeeeiiiiooooouuuucn';

/** Lower case without accents, as the name column is compared. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** `text` as a literal inside a LIKE pattern (PostgreSQL's default escape is the backslash). */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

/**
 * Which players `q` finds: a substring of the name (ignoring case and
 * accents) or of the e-mail; when `q` is only digits and punctuation, a
 * substring of the CPF or of the phone (so `123.456.789-09`, `11 98765-4321`
 * and `+55 11 98765…` all work against the stored digits and E.164); when it
 * is a plain number, the id. An empty `q` finds everyone.
 */
function matching(q: string): SQL | undefined {
  if (q === '') return undefined;
  const found: SQL[] = [
    sql`lower(translate(${users.name}, ${ACCENTED}, ${PLAIN})) like ${`%${escapeLike(fold(q))}%`}`,
    ilike(users.email, `%${escapeLike(q)}%`),
  ];
  const digits = q.replace(/\D/g, '');
  if (digits !== '' && /^[\d\s().+\-/]+$/.test(q)) {
    found.push(like(users.cpf, `%${digits}%`), like(users.username, `%${digits}%`));
  }
  if (/^\d{1,10}$/.test(q) && Number(q) <= MAX_ID) found.push(eq(users.id, Number(q)));
  return or(...found);
}

/**
 * `GET /api/operator/players?q&page`: the tenant's players that `q` finds,
 * newest first, PLAYERS_PAGE_SIZE a page (a page past the end is empty).
 * One count and one page are read, never the whole table.
 */
export async function searchPlayers(db: Db, input: { tenantId: number; q: string; page: number; now: Date }): Promise<PlayerPage> {
  const where = and(eq(users.tenantId, input.tenantId), matching(input.q));
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(users).where(where);
  const rows = await selectPlayerRows(db)
    .where(where)
    .orderBy(desc(users.id))
    .limit(PLAYERS_PAGE_SIZE)
    .offset((input.page - 1) * PLAYERS_PAGE_SIZE);
  return {
    data: rows.map((row) => toPlayerRow(row, input.now)),
    current_page: input.page,
    last_page: Math.max(1, Math.ceil(total / PLAYERS_PAGE_SIZE)),
    per_page: PLAYERS_PAGE_SIZE,
    total,
  };
}
