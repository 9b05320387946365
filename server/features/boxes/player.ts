import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { BuyBoxAnswer, OpenBoxAnswer, SellBoxAnswer, SellPrizeAnswer, UserBoxView, UserPrizeView } from '../../../src/contract/boxes.ts';
import type { SiteConfig } from '../../../src/contract/site-config.ts';
import type { Db } from '../../db/open.ts';
import { DomainError, ForbiddenError, NotFoundError } from '../../http/errors.ts';
import type { Logger } from '../../logger.ts';
import { getFairness } from '../house/seeds.ts';
import { addVipPoints } from '../ranks/vip-points.ts';
import { assertWagerAllowed } from '../responsible-gaming/enforce.ts';
import { logLedgerEntry } from '../wallet/ledger-log.ts';
import { applyMovement, type MovementResult } from '../wallet/movement.ts';
import { ledgerEntries } from '../wallet/schema.ts';
import { toWalletView } from '../wallet/wallet.ts';
import { boxesById, getBox } from './catalogue.ts';
import { drawBox, drawRanges } from './draw.ts';
import { createUserBox } from './grant.ts';
import { BOX_MESSAGES } from './messages.ts';
import { storedPrize, toBoxView, toUserBoxView, toUserPrizeView } from './present.ts';
import { boxPrizes, type UserBoxRow, userBoxes, type UserPrizeRow, userPrizes } from './schema.ts';

export interface PlayerScope {
  tenantId: number;
  config: Pick<SiteConfig, 'is_regulated'>;
  userId: number;
}

/** The ledger references of the boxes' movements (unique per tenant and type, so each moves money once). */
export const boxReferences = {
  purchase: (userBoxId: number) => `user-box:${userBoxId}`,
  sale: (userBoxId: number) => `user-box:${userBoxId}`,
  prizeSale: (userPrizeId: number) => `user-prize:${userPrizeId}`,
};

/** 403 `boxes_purchase_not_allowed`: a regulated tenant (Lei 14.790/2023 art. 29) sells no box for money. */
export class BoxPurchaseNotAllowedError extends ForbiddenError {
  constructor() {
    super('boxes_purchase_not_allowed', { message: BOX_MESSAGES.purchaseNotAllowed });
    this.name = 'BoxPurchaseNotAllowedError';
  }
}

const conflict = (code: string, message: { pt: string; en: string }) => new DomainError(code, 409, undefined, { message });

/** The player's house client seed now (the house games' pair, created if missing): the one an opening uses. */
async function currentClientSeed(db: Db, scope: PlayerScope): Promise<string> {
  return (await getFairness(db, { tenantId: scope.tenantId, actorKey: `user:${scope.userId}` })).client_seed;
}

/** Views of the player's boxes, with their prizes. */
async function userBoxViews(db: Db, scope: PlayerScope, rows: UserBoxRow[]): Promise<UserBoxView[]> {
  if (rows.length === 0) return [];
  const [catalogue, prizes, clientSeed] = await Promise.all([
    boxesById(
      db,
      rows.map((r) => r.boxId),
    ),
    db
      .select()
      .from(userPrizes)
      .where(
        inArray(
          userPrizes.userBoxId,
          rows.map((r) => r.id),
        ),
      ),
    currentClientSeed(db, scope),
  ]);
  const prizeOf = new Map(prizes.map((p) => [p.userBoxId, p]));
  return rows.map((row) => {
    const entry = catalogue.get(row.boxId);
    if (!entry) throw new Error(`box ${row.boxId} of user box ${row.id} missing`);
    return toUserBoxView(row, toBoxView(entry, scope.config.is_regulated), prizeOf.get(row.id) ?? null, clientSeed);
  });
}

async function userBoxView(db: Db, scope: PlayerScope, row: UserBoxRow): Promise<UserBoxView> {
  const [view] = await userBoxViews(db, scope, [row]);
  return view!;
}

/** One of the player's boxes by id, or null. */
export async function findUserBoxView(db: Db, scope: PlayerScope, userBoxId: number): Promise<UserBoxView | null> {
  const [row] = await db
    .select()
    .from(userBoxes)
    .where(and(eq(userBoxes.id, userBoxId), eq(userBoxes.tenantId, scope.tenantId), eq(userBoxes.userId, scope.userId)));
  return row ? userBoxView(db, scope, row) : null;
}

/** How many settled boxes (opened or sold) `GET /boxes/user/get` lists after the unopened ones. */
export const USER_BOX_HISTORY = 100;

/** `GET /boxes/user/get`: every unopened box (newest first), then the latest opened or sold ones. */
export async function listUserBoxes(db: Db, scope: PlayerScope): Promise<UserBoxView[]> {
  const mine = and(eq(userBoxes.tenantId, scope.tenantId), eq(userBoxes.userId, scope.userId));
  const rows = await db
    .select()
    .from(userBoxes)
    .where(mine)
    .orderBy(sql`case when ${userBoxes.status} = 'unopened' then 0 else 1 end`, desc(userBoxes.id));
  const unopened = rows.filter((r) => r.status === 'unopened');
  const rest = rows.filter((r) => r.status !== 'unopened').slice(0, USER_BOX_HISTORY);
  return userBoxViews(db, scope, [...unopened, ...rest]);
}

/** `GET /prizes/user`: the player's item prizes, kept first, then sold; newest first in each. */
export async function listUserPrizes(db: Db, scope: PlayerScope): Promise<UserPrizeView[]> {
  const rows = await db
    .select()
    .from(userPrizes)
    .where(and(eq(userPrizes.tenantId, scope.tenantId), eq(userPrizes.userId, scope.userId), inArray(userPrizes.status, ['kept', 'sold'])))
    .orderBy(asc(sql`case when ${userPrizes.status} = 'kept' then 0 else 1 end`), desc(userPrizes.id))
    .limit(500);
  return rows.map(toUserPrizeView);
}

/**
 * `POST /boxes/buy {box_id}`: refused on a regulated tenant (403); else, in
 * one transaction, the player gets a new box (sell value = the price paid)
 * and the wallet is debited its price (`box_purchase`, reference
 * `user-box:{id}`), from withdrawable money only (bonus money never buys a
 * box); not enough of it → 422 and no box. The player's
 * responsible-gaming rules (pause, regulator's bar, session and limits)
 * refuse a purchase as they refuse a bet. The wallet lock
 * makes concurrent purchases run one after the other, so they never overdraw.
 */
export async function buyBox(db: Db, scope: PlayerScope, boxId: number, log?: Logger): Promise<BuyBoxAnswer> {
  if (scope.config.is_regulated) throw new BoxPurchaseNotAllowedError();
  const entry = await getBox(db, scope.tenantId, boxId, { activeOnly: true });
  if (!(entry.box.price > 0 && entry.box.buyable)) throw new ForbiddenError('box_not_for_sale', { message: BOX_MESSAGES.notForSale });
  if (entry.prizes.length === 0) throw conflict('box_without_prizes', BOX_MESSAGES.noPrizes);
  let moved: MovementResult | undefined;
  const result = await db.transaction(async (tx) => {
    // A box bought with money is play: a pause, a bar by the regulator, the session limit and a stake above the
    // player's limits refuse it, as they refuse a bet (responsible-gaming/enforce.ts; before the wallet lock).
    await assertWagerAllowed(tx, { tenantId: scope.tenantId, userId: scope.userId, amount: entry.box.price, now: new Date() });
    const { userBox } = await createUserBox(tx, {
      tenantId: scope.tenantId,
      userId: scope.userId,
      boxId: entry.box.id,
      source: 'purchase',
      sourceRef: randomUUID(),
      pricePaid: entry.box.price,
      sellValue: entry.box.price,
    });
    moved = await applyMovement(tx, {
      tenantId: scope.tenantId,
      userId: scope.userId,
      type: 'box_purchase',
      amount: -entry.box.price,
      // Cash only: bonus money (spent first by default) would come back as cash through a prize's sale and skip its rollover.
      withdrawableDelta: -entry.box.price,
      reference: boxReferences.purchase(userBox.id),
      metadata: { box_id: entry.box.id, box_slug: entry.box.slug, user_box_id: userBox.id },
    });
    return { box: await userBoxView(tx, scope, userBox), wallet: toWalletView(moved.wallet) };
  });
  if (log) logLedgerEntry(log, moved);
  return result;
}

async function lockUserBox(tx: Db, scope: PlayerScope, userBoxId: number): Promise<UserBoxRow> {
  const [row] = await tx
    .select()
    .from(userBoxes)
    .where(and(eq(userBoxes.id, userBoxId), eq(userBoxes.tenantId, scope.tenantId), eq(userBoxes.userId, scope.userId)))
    .for('update');
  if (!row) throw new NotFoundError('user_box_not_found', { message: BOX_MESSAGES.userBoxNotFound });
  return row;
}

function assertUnopened(row: UserBoxRow): void {
  if (row.status === 'opened') throw conflict('box_already_opened', BOX_MESSAGES.alreadyOpened);
  if (row.status === 'sold') throw conflict('box_already_sold', BOX_MESSAGES.alreadySold);
}

/**
 * `POST /boxes/open {box_id}` (the player's user box): locks the box row
 * (`FOR UPDATE`), so of concurrent openings one draws and the others find it
 * opened (409). The draw uses the box's committed server seed, the player's
 * current client seed and nonce 0 (./draw.ts); the server seed is revealed
 * in the answer. A `vip_points` prize credits its points at once
 * (`credited`); an item prize is `kept` until sold. On a regulated tenant
 * only granted boxes open: a bought one (from before the tenant became
 * regulated) is 403 `boxes_open_purchased_not_allowed` and can be sold back.
 */
export async function openBox(db: Db, scope: PlayerScope, userBoxId: number): Promise<OpenBoxAnswer> {
  return db.transaction(async (tx) => {
    const row = await lockUserBox(tx, scope, userBoxId);
    assertUnopened(row);
    // Only granted boxes open on a regulated tenant (Lei 14.790 art. 29): one bought before the tenant became
    // regulated is a wager with money; it can still be sold back for its price (sellBox).
    if (scope.config.is_regulated && row.source === 'purchase') {
      throw new ForbiddenError('boxes_open_purchased_not_allowed', { message: BOX_MESSAGES.openPurchasedNotAllowed });
    }
    const prizes = await tx.select().from(boxPrizes).where(eq(boxPrizes.boxId, row.boxId)).orderBy(asc(boxPrizes.position));
    if (prizes.length === 0) throw conflict('box_without_prizes', BOX_MESSAGES.noPrizes);
    const clientSeed = await currentClientSeed(tx, scope);
    const ranges = drawRanges(prizes);
    const draw = drawBox({ serverSeed: row.serverSeed, clientSeed, nonce: row.nonce }, ranges);
    const prize = prizes.find((p) => p.id === draw.range.prize_id)!;
    const [won] = await tx
      .insert(userPrizes)
      .values({
        tenantId: scope.tenantId,
        userId: scope.userId,
        userBoxId: row.id,
        prizeId: prize.id,
        prize: storedPrize(prize),
        status: prize.kind === 'vip_points' ? 'credited' : 'kept',
      })
      .returning();
    if (prize.kind === 'vip_points') {
      await addVipPoints(tx, { tenantId: scope.tenantId, userId: scope.userId, points: prize.points, reason: 'box', reference: `user-box:${row.id}` });
    }
    const [opened] = await tx
      .update(userBoxes)
      .set({ status: 'opened', clientSeed, ticket: draw.ticket, ranges, openedAt: sql`now()` })
      .where(eq(userBoxes.id, row.id))
      .returning();
    return { box: await userBoxView(tx, scope, opened!), prize: toUserPrizeView(won!) };
  });
}

/**
 * `POST /boxes/sell {id}`: an unopened box with a sell value (a bought one:
 * its price) is sold back once: locked `FOR UPDATE`, marked sold and its
 * sell value credited (`box_sale`, reference `user-box:{id}`), giving back
 * as withdrawable what the purchase took from the withdrawable balance.
 * Opened, sold or granted boxes → 409, nothing moved.
 */
export async function sellBox(db: Db, scope: PlayerScope, userBoxId: number, log?: Logger): Promise<SellBoxAnswer> {
  let moved: MovementResult | undefined;
  const result = await db.transaction(async (tx) => {
    const row = await lockUserBox(tx, scope, userBoxId);
    assertUnopened(row);
    if (row.sellValue <= 0) throw conflict('box_not_sellable', BOX_MESSAGES.boxNotSellable);
    const [purchase] = await tx
      .select({ withdrawableDelta: ledgerEntries.withdrawableDelta })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.tenantId, scope.tenantId), eq(ledgerEntries.type, 'box_purchase'), eq(ledgerEntries.reference, boxReferences.purchase(row.id))));
    const tookWithdrawable = purchase ? -purchase.withdrawableDelta : 0n;
    const amount = BigInt(row.sellValue);
    moved = await applyMovement(tx, {
      tenantId: scope.tenantId,
      userId: scope.userId,
      type: 'box_sale',
      amount,
      withdrawableDelta: tookWithdrawable < amount ? tookWithdrawable : amount,
      reference: boxReferences.sale(row.id),
      metadata: { box_id: row.boxId, user_box_id: row.id },
    });
    const [sold] = await tx.update(userBoxes).set({ status: 'sold', soldAt: sql`now()` }).where(eq(userBoxes.id, row.id)).returning();
    return { box: await userBoxView(tx, scope, sold!), wallet: toWalletView(moved.wallet) };
  });
  if (log) logLedgerEntry(log, moved);
  return result;
}

/**
 * `POST /prizes/sell {id}`: a kept item prize with a sell value is sold
 * once (row locked `FOR UPDATE`): its sell value is credited (`prize_sale`,
 * reference `user-prize:{id}`) as withdrawable money, as a win is. Sold,
 * `vip_points` or unsellable prizes → 409, nothing moved.
 */
export async function sellPrize(db: Db, scope: PlayerScope, userPrizeId: number, log?: Logger): Promise<SellPrizeAnswer> {
  let moved: MovementResult | undefined;
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(userPrizes)
      .where(and(eq(userPrizes.id, userPrizeId), eq(userPrizes.tenantId, scope.tenantId), eq(userPrizes.userId, scope.userId)))
      .for('update');
    if (!row) throw new NotFoundError('prize_not_found', { message: BOX_MESSAGES.prizeNotFound });
    if (row.status === 'sold') throw conflict('prize_already_sold', BOX_MESSAGES.prizeAlreadySold);
    if (row.status !== 'kept' || row.prize.kind !== 'item' || row.prize.sell_value <= 0) throw conflict('prize_not_sellable', BOX_MESSAGES.prizeNotSellable);
    moved = await applyMovement(tx, {
      tenantId: scope.tenantId,
      userId: scope.userId,
      type: 'prize_sale',
      amount: row.prize.sell_value,
      withdrawableDelta: row.prize.sell_value,
      reference: boxReferences.prizeSale(row.id),
      metadata: { prize_id: row.prizeId, user_box_id: row.userBoxId, user_prize_id: row.id },
    });
    const [sold] = await tx.update(userPrizes).set({ status: 'sold', soldAt: sql`now()` }).where(eq(userPrizes.id, row.id)).returning();
    return { prize: toUserPrizeView(sold as UserPrizeRow), wallet: toWalletView(moved.wallet) };
  });
  if (log) logLedgerEntry(log, moved);
  return result;
}
