import type { SiteConfig } from '../../contract/site-config.ts';
import { type DepositLimits, OPEN_LIMITS } from './deposit-amount.ts';

/**
 * The tenant's deposit range, rendered by the header into
 * `<script type="application/json" id="deposit-config">` at build time, so
 * the deposit modal knows `min_deposit` / `max_deposit` without a config call.
 */
export const DEPOSIT_CONFIG_ID = 'deposit-config';

/** Build time: the range from the tenant's site configuration. */
export function depositConfigFromSiteConfig(config: Pick<SiteConfig, 'min_deposit' | 'max_deposit'>): DepositLimits {
  return { min: config.min_deposit, max: config.max_deposit };
}

const isCentavos = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** Parses the JSON; anything malformed gives OPEN_LIMITS (the platform still enforces the real range). */
export function parseDepositConfig(value: unknown): DepositLimits {
  if (typeof value !== 'object' || value === null) return OPEN_LIMITS;
  const { min, max } = value as Record<string, unknown>;
  if (!isCentavos(min) || !isCentavos(max) || min > max) return OPEN_LIMITS;
  return { min, max };
}

/** Reads `#deposit-config` from the document. */
export function readDepositConfig(doc: Document = document): DepositLimits {
  const text = doc.getElementById(DEPOSIT_CONFIG_ID)?.textContent;
  if (!text) return OPEN_LIMITS;
  try {
    return parseDepositConfig(JSON.parse(text));
  } catch {
    return OPEN_LIMITS;
  }
}
