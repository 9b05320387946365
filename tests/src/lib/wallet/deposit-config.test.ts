// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { OPEN_LIMITS } from '../../../../src/lib/wallet/deposit-amount.ts';
import { depositConfigFromSiteConfig, readDepositConfig } from '../../../../src/lib/wallet/deposit-config.ts';

/** The tenant's deposit range travels from the site configuration to the modal through `#deposit-config`. */
describe('deposit config', () => {
  it('round-trips min_deposit / max_deposit through the page', () => {
    const limits = depositConfigFromSiteConfig({ min_deposit: 1_000, max_deposit: 5_000_000 });
    document.body.innerHTML = `<script type="application/json" id="deposit-config">${JSON.stringify(limits)}</script>`;
    expect(readDepositConfig()).toEqual({ min: 1_000, max: 5_000_000 });
  });

  it('falls back to the open range (the platform still enforces) when missing or malformed', () => {
    document.body.innerHTML = '';
    expect(readDepositConfig()).toBe(OPEN_LIMITS);
    for (const text of ['{', '{"min":10.5,"max":100}', '{"min":500,"max":100}', '{"min":"1","max":2}']) {
      document.body.innerHTML = `<script type="application/json" id="deposit-config">${text}</script>`;
      expect(readDepositConfig(), text).toBe(OPEN_LIMITS);
    }
  });
});
