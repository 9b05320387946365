// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';

beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
});

describe('marketing parameters', () => {
  it('stores ref as the referral code and lmcp, from any route', async () => {
    const { $marketing, captureMarketingParams } = await import('../../../src/stores/marketing.ts');
    expect(captureMarketingParams('?ref=AMIGO10&lmcp=fb-ads&x=1')).toEqual({ referralCode: 'AMIGO10', lmcp: 'fb-ads' });
    expect(localStorage.getItem('ref')).toBe('AMIGO10');
    expect(localStorage.getItem('lmcp')).toBe('fb-ads');
    expect($marketing.get()).toEqual({ referralCode: 'AMIGO10', lmcp: 'fb-ads' });
  });

  it('keeps earlier values when a later page has none, and replaces them with newer ones', async () => {
    const { $marketing, captureMarketingParams } = await import('../../../src/stores/marketing.ts');
    captureMarketingParams('?ref=FIRST');
    captureMarketingParams('?page=2');
    expect(localStorage.getItem('ref')).toBe('FIRST');
    captureMarketingParams('?ref=SECOND');
    expect($marketing.get().referralCode).toBe('SECOND');
  });

  it('ignores empty, oversized and non-header-safe values', async () => {
    const { captureMarketingParams } = await import('../../../src/stores/marketing.ts');
    expect(captureMarketingParams('?ref=&lmcp=' + 'x'.repeat(200))).toEqual({});
    expect(captureMarketingParams('?lmcp=a%0D%0AInjected:1')).toEqual({});
    expect(localStorage.getItem('lmcp')).toBeNull();
  });

  it('loads previously stored values', async () => {
    localStorage.setItem('ref', 'OLD');
    const { $marketing } = await import('../../../src/stores/marketing.ts');
    expect($marketing.get()).toEqual({ referralCode: 'OLD', lmcp: null });
  });
});
