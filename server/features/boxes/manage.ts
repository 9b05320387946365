import { and, eq, notInArray, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { type BoxInput, BoxInputSchema, BoxListInputSchema, BoxPatchSchema, BoxSlugSchema, type PrizeInput } from '../../../src/contract/boxes.ts';
import type { Db } from '../../db/open.ts';
import { NotFoundError } from '../../http/errors.ts';
import { findBox, getBox } from './catalogue.ts';
import { BOX_MESSAGES } from './messages.ts';
import type { BoxWithPrizes } from './present.ts';
import { boxes, boxPrizes, userBoxes } from './schema.ts';

/** The slug of a path, validated (422 on `slug`). */
export function parseBoxSlug(raw: string): string {
  return v.parse(v.object({ slug: BoxSlugSchema }), { slug: raw }).slug;
}

/**
 * Writes a box's prizes by position: positions 0…n−1 updated in place (a
 * prize keeps its id while only its fields change), inserted when new, and
 * positions from n on deleted (players' prizes keep their snapshot).
 */
async function writePrizes(tx: Db, tenantId: number, boxId: number, prizes: readonly PrizeInput[]): Promise<void> {
  await tx.delete(boxPrizes).where(and(eq(boxPrizes.boxId, boxId), sql`${boxPrizes.position} >= ${prizes.length}`));
  for (const [position, p] of prizes.entries()) {
    const fields = { name: p.name, image: p.image, kind: p.kind, value: p.value, sellValue: p.sell_value, points: p.points, probabilityPpm: p.probability_ppm };
    await tx
      .insert(boxPrizes)
      .values({ boxId, tenantId, position, ...fields })
      .onConflictDoUpdate({ target: [boxPrizes.boxId, boxPrizes.position], set: fields });
  }
}

async function upsertBox(tx: Db, tenantId: number, slug: string, input: BoxInput): Promise<boolean> {
  const fields = {
    name: input.name,
    description: input.description,
    image: input.image,
    color: input.color,
    price: input.price,
    buyable: input.buyable,
    active: input.active,
    position: input.position,
    updatedAt: sql`now()`,
  };
  const [row] = await tx
    .insert(boxes)
    .values({ tenantId, slug, ...fields })
    .onConflictDoUpdate({ target: [boxes.tenantId, boxes.slug], set: fields })
    .returning({ id: boxes.id, created: sql<boolean>`(xmax = 0)` });
  await writePrizes(tx, tenantId, row!.id, input.prizes);
  return Boolean(row!.created);
}

/** `PUT /operator/boxes/{slug}`: creates or replaces the box whole (validated first: 422, nothing written). */
export async function saveBox(db: Db, tenantId: number, rawSlug: string, body: unknown): Promise<{ entry: BoxWithPrizes; created: boolean }> {
  const slug = parseBoxSlug(rawSlug);
  const input = v.parse(BoxInputSchema, body);
  const created = await db.transaction((tx) => upsertBox(tx, tenantId, slug, input));
  return { entry: await getBox(db, tenantId, slug, { activeOnly: false }), created };
}

/**
 * `PUT /operator/boxes {boxes}`: the tenant's whole box list. Listed boxes
 * are created or replaced; unlisted ones are deleted, or archived (made
 * inactive) when players hold boxes of them.
 */
export async function replaceBoxes(db: Db, tenantId: number, body: unknown): Promise<void> {
  const input = v.parse(BoxListInputSchema, body);
  await db.transaction(async (tx) => {
    for (const { slug, ...box } of input.boxes) await upsertBox(tx, tenantId, slug, box);
    const keep = input.boxes.map((b) => b.slug);
    const others = await tx
      .select({ slug: boxes.slug })
      .from(boxes)
      .where(keep.length > 0 ? and(eq(boxes.tenantId, tenantId), notInArray(boxes.slug, keep)) : eq(boxes.tenantId, tenantId));
    for (const { slug } of others) await removeBox(tx, tenantId, slug);
  });
}

/** `PATCH /operator/boxes/{slug}`: the fields given (`prizes` replaces the list whole); 404 when absent. */
export async function patchBox(db: Db, tenantId: number, rawSlug: string, body: unknown): Promise<BoxWithPrizes> {
  const slug = parseBoxSlug(rawSlug);
  const patch = v.parse(BoxPatchSchema, body);
  const existing = await findBox(db, tenantId, slug, { activeOnly: false });
  if (!existing || existing.box.slug !== slug) throw new NotFoundError('box_not_found', { message: BOX_MESSAGES.boxNotFound });
  const { prizes, ...fields } = patch;
  await db.transaction(async (tx) => {
    await tx
      .update(boxes)
      .set({ ...fields, updatedAt: sql`now()` })
      .where(eq(boxes.id, existing.box.id));
    if (prizes) await writePrizes(tx, tenantId, existing.box.id, prizes);
  });
  return getBox(db, tenantId, slug, { activeOnly: false });
}

async function removeBox(tx: Db, tenantId: number, slug: string): Promise<'deleted' | 'archived' | null> {
  const [box] = await tx
    .select({ id: boxes.id })
    .from(boxes)
    .where(and(eq(boxes.tenantId, tenantId), eq(boxes.slug, slug)))
    .for('update');
  if (!box) return null;
  const [held] = await tx.select({ id: userBoxes.id }).from(userBoxes).where(eq(userBoxes.boxId, box.id)).limit(1);
  if (held) {
    await tx.update(boxes).set({ active: false, updatedAt: sql`now()` }).where(eq(boxes.id, box.id));
    return 'archived';
  }
  await tx.delete(boxes).where(eq(boxes.id, box.id));
  return 'deleted';
}

/** `DELETE /operator/boxes/{slug}`: deleted, or archived (inactive) when players hold boxes of it; 404 when absent. */
export async function deleteBox(db: Db, tenantId: number, rawSlug: string): Promise<'deleted' | 'archived'> {
  const slug = parseBoxSlug(rawSlug);
  const done = await db.transaction((tx) => removeBox(tx, tenantId, slug));
  if (!done) throw new NotFoundError('box_not_found', { message: BOX_MESSAGES.boxNotFound });
  return done;
}
