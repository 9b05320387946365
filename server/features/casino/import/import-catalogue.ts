import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/open.ts';
import { ValidationError } from '../../../http/errors.ts';
import { listCategories } from '../../tenants/categories.ts';
import { forgetCatalogue } from '../catalogue-cache.ts';
import { gameProviders, games } from '../schema.ts';
import { type CatalogueFormat, type CatalogueLine, readCatalogue } from './read-file.ts';

/** What an import did. */
export interface ImportSummary {
  /** Rows of the file (= games created + updated). */
  games: number;
  created: number;
  updated: number;
  providers: number;
  /** With `replace`: the tenant's active games not in the file, now hidden. */
  deactivated: number;
}

/**
 * A refused catalogue file: 422 with every problem under `errors.file`, each
 * "line N: …". Nothing was imported.
 */
export class CatalogueImportError extends ValidationError {
  readonly lines: string[];
  constructor(lines: string[]) {
    super({ file: lines }, 'catalogue_invalid');
    this.lines = lines;
  }
}

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters at 18 columns. */
const CHUNK = 500;

/**
 * Imports an operator's catalogue file into a tenant, all or nothing: the
 * file is validated whole first (see readCatalogue), then, in one
 * transaction, providers are upserted by code and games by provider +
 * game_id (views, likes and ids kept; an earlier hidden game comes back).
 * With `replace`, the tenant's games missing from the file are hidden
 * (`active = false`), not deleted, so players' likes, favorites and history
 * survive a re-import. The lobby's cached catalogue of this process is
 * dropped once the transaction commits (../catalogue-cache.ts), so pass the
 * database, not an open transaction.
 * @throws CatalogueImportError (422) listing every bad line; nothing changes.
 */
export async function importCatalogue(
  db: Db,
  input: { tenantId: number; text: string; format: CatalogueFormat; replace: boolean },
): Promise<ImportSummary> {
  const categories = (await listCategories(db, input.tenantId)).map((c) => c.slug);
  const read = readCatalogue(input.text, input.format, categories);
  if (!read.ok) throw new CatalogueImportError(read.errors);
  const rows = read.rows;

  const summary = await db.transaction(async (tx) => {
    const names = new Map(rows.map(({ row }) => [row.providercode, row.provider_name]));
    const providers = await tx
      .insert(gameProviders)
      .values([...names].map(([code, name]) => ({ tenantId: input.tenantId, code, name })))
      .onConflictDoUpdate({ target: [gameProviders.tenantId, gameProviders.code], set: { name: sql`excluded.name` } })
      .returning({ id: gameProviders.id, code: gameProviders.code });
    const providerId = new Map(providers.map((p) => [p.code, p.id]));

    const conflicts = await gamecodeConflicts(tx, input.tenantId, rows, providerId);
    if (conflicts.length > 0) throw new CatalogueImportError(conflicts);

    let created = 0;
    const ids: number[] = [];
    for (let i = 0; i < rows.length; i += CHUNK) {
      const values = rows.slice(i, i + CHUNK).map(({ row }) => ({
        tenantId: input.tenantId,
        providerId: providerId.get(row.providercode)!,
        gameId: row.game_id,
        gamecode: row.gamecode,
        title: row.title,
        categorySlug: row.category_slug,
        type: row.type,
        hasTables: row.has_tables,
        onlyDemo: row.only_demo,
        bonusAllowed: row.bonus_allowed,
        image: row.image!,
        imageMobile: row.image_mobile ?? row.image!,
        rtpBps: row.rtp,
        maxMultiplier: row.max_multiplier,
        descriptionPt: row.description_pt,
        descriptionEn: row.description_en,
        featured: row.featured,
        featuredHome: row.featured_home,
        active: true,
      }));
      const excluded = (column: string) => sql.raw(`excluded.${column}`);
      const written = await tx
        .insert(games)
        .values(values)
        .onConflictDoUpdate({
          target: [games.tenantId, games.providerId, games.gameId],
          set: {
            gamecode: excluded('gamecode'),
            title: excluded('title'),
            categorySlug: excluded('category_slug'),
            type: excluded('type'),
            hasTables: excluded('has_tables'),
            onlyDemo: excluded('only_demo'),
            bonusAllowed: excluded('bonus_allowed'),
            image: excluded('image'),
            imageMobile: excluded('image_mobile'),
            rtpBps: excluded('rtp_bps'),
            maxMultiplier: excluded('max_multiplier'),
            descriptionPt: excluded('description_pt'),
            descriptionEn: excluded('description_en'),
            featured: excluded('featured'),
            featuredHome: excluded('featured_home'),
            active: sql`true`,
          },
        })
        // xmax = 0 only on a freshly inserted row: tells created from updated.
        .returning({ id: games.id, inserted: sql<boolean>`(xmax = 0)`.mapWith(Boolean) });
      for (const w of written) {
        ids.push(w.id);
        if (w.inserted) created += 1;
      }
    }

    let deactivated = 0;
    if (input.replace) {
      const hidden = await tx
        .update(games)
        .set({ active: false })
        .where(and(eq(games.tenantId, input.tenantId), eq(games.active, true), notInArray(games.id, ids)))
        .returning({ id: games.id });
      deactivated = hidden.length;
    }
    return { games: rows.length, created, updated: rows.length - created, providers: providers.length, deactivated };
  });
  forgetCatalogue(input.tenantId);
  return summary;
}

/**
 * Rows whose gamecode another game of the same provider (another game_id)
 * already holds: the URL `/casino/{provider}/{gamecode}` must stay unique.
 */
async function gamecodeConflicts(tx: Db, tenantId: number, rows: CatalogueLine[], providerId: Map<string, number>): Promise<string[]> {
  const existing = await tx
    .select({ providerId: games.providerId, gameId: games.gameId, gamecode: games.gamecode })
    .from(games)
    .where(and(eq(games.tenantId, tenantId), inArray(games.providerId, [...providerId.values()])));
  const holder = new Map(existing.map((g) => [`${g.providerId}/${g.gamecode}`, g.gameId]));
  const errors: string[] = [];
  for (const { line, row } of rows) {
    const held = holder.get(`${providerId.get(row.providercode)}/${row.gamecode}`);
    if (held !== undefined && held !== row.game_id) {
      errors.push(`line ${line}: gamecode ${row.gamecode} of provider ${row.providercode} already belongs to the game with game_id ${held}`);
    }
  }
  return errors;
}
