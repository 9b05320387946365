import { and, eq, like, or, sql } from 'drizzle-orm';
import { siteFilePath, type SiteFileUse } from '../../../src/contract/site-files.ts';
import type { Db } from '../../db/open.ts';
import { boxes, boxPrizes } from '../boxes/schema.ts';
import { gameProviders, games } from '../casino/schema.ts';
import { promotions } from '../promotions/schema.ts';
import { ranks } from '../ranks/schema.ts';
import { tenantPages, tenants } from '../tenants/schema.ts';
import { uploadPathsIn } from './referenced.ts';

/** At most this many uses are listed (enough to tell the operator where to look first). */
const MAX_USES = 20;

/**
 * Everywhere the tenant's site names the uploaded image `name`: its
 * configuration (logo, icons, banners…), its boxes and prizes, promotions
 * (image or HTML body), ranks, pages' HTML, providers and games.
 */
export async function siteFileUses(db: Db, tenantId: number, name: string): Promise<SiteFileUse[]> {
  const path = siteFilePath(name);
  // Names are hex digits, a dot and an extension: nothing in them is a LIKE wildcard.
  const inText = `%${path}%`;
  const [tenant] = await db.select({ config: tenants.config }).from(tenants).where(eq(tenants.id, tenantId));
  const uses: SiteFileUse[] = [];
  for (const [field, used] of uploadPathsIn(tenant?.config ?? {})) if (used === name) uses.push({ where: 'config', name: field });
  const named = async (where: SiteFileUse['where'], rows: Promise<{ name: unknown }[]>) => {
    for (const row of await rows) uses.push({ where, name: String(row.name) });
  };
  await named(
    'box',
    db
      .select({ name: boxes.slug })
      .from(boxes)
      .where(and(eq(boxes.tenantId, tenantId), eq(boxes.image, path)))
      .limit(MAX_USES),
  );
  await named(
    'prize',
    db
      .select({ name: boxes.slug })
      .from(boxPrizes)
      .innerJoin(boxes, eq(boxes.id, boxPrizes.boxId))
      .where(and(eq(boxPrizes.tenantId, tenantId), eq(boxPrizes.image, path)))
      .limit(MAX_USES),
  );
  await named(
    'promotion',
    db
      .select({ name: promotions.slug })
      .from(promotions)
      .where(and(eq(promotions.tenantId, tenantId), or(eq(promotions.image, path), like(sql`${promotions.body}::text`, inText))))
      .limit(MAX_USES),
  );
  await named(
    'rank',
    db
      .select({ name: ranks.level })
      .from(ranks)
      .where(and(eq(ranks.tenantId, tenantId), eq(ranks.image, path)))
      .limit(MAX_USES),
  );
  await named(
    'page',
    db
      .select({
        name: sql<string>`${tenantPages.kind} || '/' || ${tenantPages.slug} || ' (' || ${tenantPages.locale} || ')'`,
      })
      .from(tenantPages)
      .where(and(eq(tenantPages.tenantId, tenantId), like(tenantPages.bodyHtml, inText)))
      .limit(MAX_USES),
  );
  await named(
    'provider',
    db
      .select({ name: gameProviders.code })
      .from(gameProviders)
      .where(and(eq(gameProviders.tenantId, tenantId), eq(gameProviders.image, path)))
      .limit(MAX_USES),
  );
  await named(
    'game',
    db
      .select({ name: games.title })
      .from(games)
      .where(and(eq(games.tenantId, tenantId), or(eq(games.image, path), eq(games.imageMobile, path))))
      .limit(MAX_USES),
  );
  return uses.slice(0, MAX_USES);
}
