import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { type PromotionInput, PromotionInputSchema, PromotionSlugSchema } from '../../../src/contract/promotions.ts';
import type { Db } from '../../db/open.ts';
import { NotFoundError, ValidationError } from '../../http/errors.ts';
import { fieldErrorsFromIssues } from '../../http/on-error.ts';
import { sanitizePageHtml } from '../tenants/sanitize.ts';
import { applyMergePatch } from '../tenants/merge-patch.ts';
import { PROMOTION_MESSAGES } from './messages.ts';
import { type PromotionRow, promotions } from './schema.ts';
import { toBundlePromotion } from './present.ts';

/** The slug of a path, checked. @throws ValidationError (422 on `slug`). */
export function parsePromotionSlug(slug: string): string {
  const parsed = v.safeParse(PromotionSlugSchema, slug);
  if (!parsed.success) throw new ValidationError({ slug: ['promotions.validation.slug'] }, 'invalid_promotion');
  return parsed.output;
}

/** A whole promotion, validated. @throws ValidationError (422) naming every bad field by its dotted path. */
export function validatePromotion(input: unknown): PromotionInput {
  const parsed = v.safeParse(PromotionInputSchema, input);
  if (!parsed.success) throw new ValidationError(fieldErrorsFromIssues(parsed.issues), 'invalid_promotion');
  return parsed.output;
}

function columns(input: PromotionInput) {
  return {
    title: input.title,
    summary: input.summary,
    // The site renders the body as is (set:html): the same gate as the operator's pages.
    body: { pt: sanitizePageHtml(input.body.pt), en: sanitizePageHtml(input.body.en) },
    image: input.image,
    couponCode: input.couponCode,
    startsAt: input.startsAt ? new Date(input.startsAt) : null,
    endsAt: input.endsAt ? new Date(input.endsAt) : null,
    active: input.active,
    sort: input.sort,
    updatedAt: new Date(),
  };
}

/**
 * Creates or replaces the tenant's promotion `slug` with `input` (validated
 * whole, body sanitised). Nothing is written when validation fails.
 * @returns the stored row and whether it was new.
 * @throws ValidationError (422).
 */
export async function savePromotion(db: Db, tenantId: number, slug: string, input: unknown): Promise<{ row: PromotionRow; created: boolean }> {
  const key = parsePromotionSlug(slug);
  const values = columns(validatePromotion(input));
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: promotions.id })
      .from(promotions)
      .where(and(eq(promotions.tenantId, tenantId), eq(promotions.slug, key)))
      .for('update');
    // The conflict target keeps two concurrent first writes of one slug from failing: the second replaces the first.
    const [row] = await tx
      .insert(promotions)
      .values({ tenantId, slug: key, ...values })
      .onConflictDoUpdate({ target: [promotions.tenantId, promotions.slug], set: values })
      .returning();
    if (!row) throw new Error('promotion upsert returned no row');
    return { row, created: !existing };
  });
}

/**
 * Applies a JSON Merge Patch to an existing promotion (e.g. `{"active": false}`)
 * and validates the result whole, in one transaction.
 * @throws NotFoundError (404) when the tenant has no such promotion; ValidationError (422), nothing written.
 */
export async function patchPromotion(db: Db, tenantId: number, slug: string, patch: unknown): Promise<PromotionRow> {
  const key = parsePromotionSlug(slug);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(promotions)
      .where(and(eq(promotions.tenantId, tenantId), eq(promotions.slug, key)))
      .for('update');
    if (!current) throw new NotFoundError('promotion_not_found', { message: PROMOTION_MESSAGES.notFound });
    const { slug: _slug, sort, image, couponCode, startsAt, endsAt, title, summary, body } = toBundlePromotion(current);
    const merged = applyMergePatch({ title, summary, body, image, couponCode, startsAt, endsAt, active: current.active, sort }, patch);
    const [row] = await tx.update(promotions).set(columns(validatePromotion(merged))).where(eq(promotions.id, current.id)).returning();
    if (!row) throw new Error('promotion update returned no row');
    return row;
  });
}

/** Deletes the tenant's promotion `slug`. @throws NotFoundError (404) when there is none. */
export async function deletePromotion(db: Db, tenantId: number, slug: string): Promise<void> {
  const key = parsePromotionSlug(slug);
  const deleted = await db
    .delete(promotions)
    .where(and(eq(promotions.tenantId, tenantId), eq(promotions.slug, key)))
    .returning({ id: promotions.id });
  if (deleted.length === 0) throw new NotFoundError('promotion_not_found', { message: PROMOTION_MESSAGES.notFound });
}
