import { and, eq } from 'drizzle-orm';
import type { GrantSource, UserBoxSource } from '../../../src/contract/boxes.ts';
import type { Db } from '../../db/open.ts';
import { NotFoundError, ValidationError } from '../../http/errors.ts';
import { BOX_VALIDATION_KEYS } from '../../../src/contract/boxes.ts';
import { fill } from '../auth/messages.ts';
import { hashServerSeed, newServerSeed } from '../house/fairness/seed.ts';
import type { NotificationsDeps } from '../notifications/deps.ts';
import { notify } from '../notifications/notify.ts';
import { tenants } from '../tenants/schema.ts';
import { users } from '../users/schema.ts';
import { assertBoxesEnabled } from './catalogue.ts';
import { BOX_MESSAGES } from './messages.ts';
import { type BoxRow, boxes, type UserBoxRow, userBoxes } from './schema.ts';

export interface NewUserBoxInput {
  tenantId: number;
  userId: number;
  boxId: number;
  source: UserBoxSource;
  /** Unique per tenant and source: a second call with the same one returns the first box. */
  sourceRef: string;
  pricePaid?: number;
  sellValue?: number;
}

export interface NewUserBoxResult {
  userBox: UserBoxRow;
  box: BoxRow;
  /** False when (source, sourceRef) had already given a box: that one is returned, nothing new. */
  created: boolean;
}

/**
 * Gives a player a box in `tx` (a purchase's or a grant's): a fresh server
 * seed is committed to (its hash is what the player sees before opening).
 * Idempotent per (tenant, source, sourceRef) through the unique index, also
 * under concurrent duplicates.
 * @throws NotFoundError when the box is not the tenant's; ValidationError (422 `user_id`) for a player who is not;
 * BoxesDisabledError (404 `feature_disabled`) when the tenant has `hasBoxes` off.
 */
export async function createUserBox(tx: Db, input: NewUserBoxInput): Promise<NewUserBoxResult> {
  const [tenant] = await tx.select({ config: tenants.config }).from(tenants).where(eq(tenants.id, input.tenantId));
  if (!tenant) throw new NotFoundError('tenant_not_found');
  assertBoxesEnabled(tenant.config);
  const [box] = await tx
    .select()
    .from(boxes)
    .where(and(eq(boxes.id, input.boxId), eq(boxes.tenantId, input.tenantId)));
  if (!box) throw new NotFoundError('box_not_found', { message: BOX_MESSAGES.boxNotFound });
  const [player] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, input.userId), eq(users.tenantId, input.tenantId)));
  if (!player) throw new ValidationError({ user_id: [BOX_VALIDATION_KEYS.userId] });
  const serverSeed = newServerSeed();
  const [inserted] = await tx
    .insert(userBoxes)
    .values({
      tenantId: input.tenantId,
      userId: input.userId,
      boxId: box.id,
      source: input.source,
      sourceRef: input.sourceRef,
      pricePaid: input.pricePaid ?? 0,
      sellValue: input.sellValue ?? 0,
      serverSeed,
      serverSeedHash: hashServerSeed(serverSeed),
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { userBox: inserted, box, created: true };
  const [existing] = await tx
    .select()
    .from(userBoxes)
    .where(and(eq(userBoxes.tenantId, input.tenantId), eq(userBoxes.source, input.source), eq(userBoxes.sourceRef, input.sourceRef)));
  if (!existing) throw new Error('user box conflict without a row');
  return { userBox: existing, box, created: false };
}

export interface GrantBoxInput {
  tenantId: number;
  userId: number;
  boxId: number;
  source: GrantSource;
  /** The granting reason's reference (a mission claim id, a promotion entry…): one box per (source, sourceRef). */
  sourceRef: string;
}

/**
 * Grants a box (missions, promotions, the operator) inside the caller's
 * transaction. Granted boxes are never sold back (sell value 0) and may be
 * opened on a regulated tenant too. Idempotent per (source, sourceRef).
 *
 * After the transaction commits, when `created`, call
 * {@link notifyNewUserBox} with the result: it stores the `box` notification
 * and sends `NotificationSent` + `NotifyNewUserBox` on the player's private
 * channel (never inside the transaction: a rollback would have told the
 * player about a box they do not have).
 */
export function grantBox(tx: Db, input: GrantBoxInput): Promise<NewUserBoxResult> {
  return createUserBox(tx, { ...input, pricePaid: 0, sellValue: 0 });
}

/** The `box` notification of a granted box: links to /account/boxes, `box_id` is the player's user box id. */
export async function notifyNewUserBox(deps: NotificationsDeps, granted: Pick<NewUserBoxResult, 'userBox' | 'box'>): Promise<void> {
  const { userBox, box } = granted;
  await notify(deps, {
    tenant: { id: userBox.tenantId },
    userId: userBox.userId,
    type: 'box',
    content: {
      title: BOX_MESSAGES.grantedTitle,
      message: { pt: fill(BOX_MESSAGES.grantedMessage.pt, { name: box.name.pt }), en: fill(BOX_MESSAGES.grantedMessage.en, { name: box.name.en }) },
      url: '/account/boxes',
      box_id: userBox.id,
    },
  });
}

/** Grants in its own transaction, then notifies when new (the operator's grant call). */
export async function grantBoxAndNotify(deps: NotificationsDeps, input: GrantBoxInput): Promise<NewUserBoxResult> {
  const result = await deps.db.transaction((tx) => grantBox(tx, input));
  if (result.created) {
    try {
      await notifyNewUserBox(deps, result);
    } catch (error) {
      deps.log.warn(`boxes: notification of user box ${result.userBox.id} failed`, error);
    }
  }
  return result;
}
