import { PPM_TOTAL, type BoxView, type BundleBox, type OperatorBoxView, type PrizeView, type UserBoxView, type UserPrizeView } from '../../../src/contract/boxes.ts';
import type { BoxPrizeRow, BoxRow, StoredPrize, UserBoxRow, UserPrizeRow } from './schema.ts';

/** A box with its prizes in draw order. */
export interface BoxWithPrizes {
  box: BoxRow;
  prizes: BoxPrizeRow[];
}

export function toPrizeView(p: BoxPrizeRow): PrizeView {
  return {
    id: p.id,
    box_id: p.boxId,
    name: p.name,
    image: p.image,
    kind: p.kind,
    value: p.value,
    sell_value: p.sellValue,
    points: p.points,
    probability_ppm: p.probabilityPpm,
  };
}

/** Σ ppm × value / 1e6, rounded down (exact: sums of integers stay below 2⁵³ for the amounts the API takes). */
export function expectedValue(prizes: readonly Pick<BoxPrizeRow, 'value' | 'probabilityPpm'>[]): number {
  const sum = prizes.reduce((acc, p) => acc + BigInt(p.value) * BigInt(p.probabilityPpm), 0n);
  return Number(sum / BigInt(PPM_TOTAL));
}

/** Buying needs a price, the operator's leave and an unregulated tenant. */
export function isPurchasable(box: Pick<BoxRow, 'price' | 'buyable'>, regulated: boolean): boolean {
  return box.price > 0 && box.buyable && !regulated;
}

export function toBoxView({ box, prizes }: BoxWithPrizes, regulated: boolean): BoxView {
  return {
    id: box.id,
    slug: box.slug,
    name: box.name,
    description: box.description,
    image: box.image,
    color: box.color,
    price: box.price,
    purchasable: isPurchasable(box, regulated),
    expected_value: expectedValue(prizes),
    prize_count: prizes.length,
  };
}

export function toBundleBox(entry: BoxWithPrizes, regulated: boolean): BundleBox {
  return { ...toBoxView(entry, regulated), prizes: entry.prizes.map(toPrizeView) };
}

export function toOperatorBoxView(entry: BoxWithPrizes, regulated: boolean): OperatorBoxView {
  return { ...toBundleBox(entry, regulated), buyable: entry.box.buyable, active: entry.box.active, position: entry.box.position };
}

/** The prize as stored with a win (a snapshot of its view). */
export function storedPrize(p: BoxPrizeRow): StoredPrize {
  return toPrizeView(p);
}

export function toUserPrizeView(row: UserPrizeRow): UserPrizeView {
  return {
    id: row.id,
    prize: row.prize,
    user_box_id: row.userBoxId,
    status: row.status,
    won_at: row.wonAt.toISOString(),
    sold_at: row.soldAt?.toISOString() ?? null,
  };
}

/**
 * A player's box. `currentClientSeed` is the player's house client seed now:
 * shown before opening as the one the opening will use.
 */
export function toUserBoxView(row: UserBoxRow, box: BoxView, prize: UserPrizeRow | null, currentClientSeed: string): UserBoxView {
  const opened = row.status === 'opened';
  return {
    id: row.id,
    box,
    source: row.source,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    opened_at: row.openedAt?.toISOString() ?? null,
    sold_at: row.soldAt?.toISOString() ?? null,
    server_seed_hash: row.serverSeedHash,
    prize: prize ? toUserPrizeView(prize) : null,
    sell_value: row.status === 'unopened' ? row.sellValue : 0,
    fairness: {
      server_seed_hash: row.serverSeedHash,
      server_seed: opened ? row.serverSeed : null,
      client_seed: row.clientSeed ?? currentClientSeed,
      nonce: row.nonce,
      ticket: opened ? row.ticket : null,
      ranges: opened ? row.ranges : null,
    },
  };
}
