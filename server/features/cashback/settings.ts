import { DEFAULT_CASHBACK_PERCENTAGE } from '../../../src/contract/cashback.ts';
import type { SiteConfig } from '../../../src/contract/site-config.ts';

/**
 * A tenant's cashback settings read from its site configuration. Rates are
 * kept in basis points (1/100 of a percent) so all money maths stays in
 * integers.
 */
export interface CashbackSettings {
  active: boolean;
  regulated: boolean;
  /** Share of the period's net losses returned (`cashback_percentage`), in basis points. */
  rateBp: number;
  /** Weekday (0 = Sunday … 6 = Saturday, São Paulo) periods start on and items are released on. */
  releaseDay: number;
  /** São Paulo hour of the release day from which items may be claimed. */
  releaseHour: number;
  /**
   * Share of each claim paid as withdrawable money (`cashback_conversion_percentage`),
   * in basis points; the rest is bonus money (playable, not withdrawable).
   */
  withdrawableBp: number;
}

const basisPoints = (percent: number) => Math.round(percent * 100);

export function cashbackSettings(config: SiteConfig): CashbackSettings {
  return {
    active: config.cashback,
    regulated: config.is_regulated,
    rateBp: basisPoints(config.cashback_percentage ?? DEFAULT_CASHBACK_PERCENTAGE),
    releaseDay: config.cashback_release_day,
    releaseHour: config.cashback_release_hour,
    withdrawableBp: basisPoints(config.cashback_conversion_percentage),
  };
}

/** Cashback of `losses` centavos at `rateBp`, rounded down to the centavo. */
export function cashbackOf(losses: number, rateBp: number): number {
  return Math.floor((losses * rateBp) / 10_000);
}

/** The withdrawable part of a claim of `amount` centavos (rounded down; the rest is bonus money). */
export function withdrawablePart(amount: number, withdrawableBp: number): number {
  return Math.floor((amount * withdrawableBp) / 10_000);
}
