import { and, asc, eq, inArray } from 'drizzle-orm';
import type { SiteConfig } from '../../../src/contract/site-config.ts';
import type { Db } from '../../db/open.ts';
import { NotFoundError } from '../../http/errors.ts';
import { BOX_MESSAGES } from './messages.ts';
import type { BoxWithPrizes } from './present.ts';
import { type BoxPrizeRow, boxes, boxPrizes, type BoxRow } from './schema.ts';

/** 404 `feature_disabled`: the tenant has `hasBoxes` off (every box call answers it). */
export class BoxesDisabledError extends NotFoundError {
  constructor() {
    super('feature_disabled', { message: BOX_MESSAGES.disabled });
    this.name = 'BoxesDisabledError';
  }
}

export function assertBoxesEnabled(config: Pick<SiteConfig, 'hasBoxes'>): void {
  if (!config.hasBoxes) throw new BoxesDisabledError();
}

async function withPrizes(db: Db, rows: BoxRow[]): Promise<BoxWithPrizes[]> {
  if (rows.length === 0) return [];
  const prizes = await db
    .select()
    .from(boxPrizes)
    .where(
      inArray(
        boxPrizes.boxId,
        rows.map((b) => b.id),
      ),
    )
    .orderBy(asc(boxPrizes.boxId), asc(boxPrizes.position));
  const byBox = new Map<number, BoxPrizeRow[]>();
  for (const p of prizes) byBox.set(p.boxId, [...(byBox.get(p.boxId) ?? []), p]);
  return rows.map((box) => ({ box, prizes: byBox.get(box.id) ?? [] }));
}

/** The tenant's boxes in display order (position, then id); `activeOnly` for the catalogue and the bundle. */
export async function listBoxes(db: Db, tenantId: number, opts: { activeOnly: boolean }): Promise<BoxWithPrizes[]> {
  const where = opts.activeOnly ? and(eq(boxes.tenantId, tenantId), eq(boxes.active, true)) : eq(boxes.tenantId, tenantId);
  const rows = await db.select().from(boxes).where(where).orderBy(asc(boxes.position), asc(boxes.id));
  return withPrizes(db, rows);
}

/** One box by id or slug, with its prizes; null when the tenant has none such (or, with `activeOnly`, it is inactive). */
export async function findBox(db: Db, tenantId: number, idOrSlug: string | number, opts: { activeOnly: boolean }): Promise<BoxWithPrizes | null> {
  const key = typeof idOrSlug === 'number' || /^\d{1,9}$/.test(idOrSlug) ? eq(boxes.id, Number(idOrSlug)) : eq(boxes.slug, idOrSlug);
  const conditions = [eq(boxes.tenantId, tenantId), key];
  if (opts.activeOnly) conditions.push(eq(boxes.active, true));
  const [row] = await db
    .select()
    .from(boxes)
    .where(and(...conditions));
  if (!row) return null;
  const [entry] = await withPrizes(db, [row]);
  return entry ?? null;
}

/** As `findBox`, else 404 `box_not_found`. */
export async function getBox(db: Db, tenantId: number, idOrSlug: string | number, opts: { activeOnly: boolean }): Promise<BoxWithPrizes> {
  const entry = await findBox(db, tenantId, idOrSlug, opts);
  if (!entry) throw new NotFoundError('box_not_found', { message: BOX_MESSAGES.boxNotFound });
  return entry;
}

/** The prizes of boxes by id (for a player's list). */
export async function boxesById(db: Db, ids: readonly number[]): Promise<Map<number, BoxWithPrizes>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(boxes)
    .where(inArray(boxes.id, [...new Set(ids)]));
  return new Map((await withPrizes(db, rows)).map((e) => [e.box.id, e]));
}
