import { centavosToDecimal } from '../../contract/money.ts';

/**
 * Deposit marketing events (spec sections 1 and 9: the first-deposit event
 * when `deposit_count` ≤ 1, a purchase event on every deposit), sent to the
 * page's tag data layer only: whatever tag manager the operator installs
 * reads `window.dataLayer`; this code never calls a third party itself.
 *
 * The site configuration has no setting naming another data-layer variable,
 * so the name is Google Tag Manager's default.
 */
export const DATA_LAYER_NAME = 'dataLayer';

export type DataLayerEntry = Record<string, unknown>;

/** Appends `entries` to `target[name]`, creating the array when no tag manager did. */
export function pushToDataLayer(entries: DataLayerEntry[], target: object = window, name: string = DATA_LAYER_NAME): void {
  const holder = target as Record<string, unknown>;
  const existing = holder[name] as { push?: unknown } | undefined;
  const layer = existing && typeof existing.push === 'function' ? (existing as unknown[]) : [];
  holder[name] = layer;
  // A tag manager replaces `push` with its own: call it as a method on the layer.
  for (const entry of entries) layer.push(entry);
}

/** A deposit that settled: the charge's txid and amount in centavos. */
export interface SettledDeposit {
  txid: string;
  amount: number;
}

/** Reais as a number for analytics (`5000` → `50`, `1050` → `10.5`), from the exact decimal text. */
function reais(centavos: number): number {
  return Number(centavosToDecimal(centavos));
}

/**
 * The `purchase` event, in the GA4 e-commerce shape tag managers map
 * without custom work, preceded by the `{ ecommerce: null }` reset Google
 * recommends so an earlier e-commerce object cannot leak into this one.
 */
export function purchaseEvents(deposit: SettledDeposit): DataLayerEntry[] {
  const value = reais(deposit.amount);
  return [
    { ecommerce: null },
    {
      event: 'purchase',
      transaction_id: deposit.txid,
      value,
      currency: 'BRL',
      ecommerce: {
        transaction_id: deposit.txid,
        value,
        currency: 'BRL',
        items: [{ item_id: 'pix_deposit', item_name: 'Pix deposit', price: value, quantity: 1 }],
      },
    },
  ];
}

/** The `first_deposit` event (a custom event: flat fields). */
export function firstDepositEvent(deposit: SettledDeposit): DataLayerEntry {
  return { event: 'first_deposit', transaction_id: deposit.txid, value: reais(deposit.amount), currency: 'BRL' };
}

/** Spec section 9: the first-deposit event fires while the wallet's `deposit_count` (after the deposit) is ≤ 1. */
export function isFirstDeposit(depositCountAfter: number): boolean {
  return depositCountAfter <= 1;
}
