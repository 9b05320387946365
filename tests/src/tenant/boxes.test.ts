import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { TenantBundle } from '../../../src/contract/tenant-bundle.ts';
import { TenantBundleSchema } from '../../../src/tenant/bundle-schema.ts';
import { boxesOf } from '../../../src/tenant/boxes.ts';

const fixture = JSON.parse(readFileSync(new URL('../../fixtures/tenant-bundle.pt.json', import.meta.url), 'utf8')) as TenantBundle;

describe('boxes in the tenant bundle (issue 19)', () => {
  it('keeps the boxes through the bundle check and shows them only with hasBoxes', () => {
    const parsed = v.parse(TenantBundleSchema, fixture) as TenantBundle;
    expect(boxesOf(parsed).map((b) => b.slug)).toEqual(['caixa-teste']);
    expect(boxesOf({ ...parsed, config: { ...parsed.config, hasBoxes: false } })).toEqual([]);
    expect(boxesOf({ ...parsed, boxes: undefined })).toEqual([]);
  });

  it('refuses a box whose published probabilities do not sum to 1 000 000 ppm, and two boxes with one slug', () => {
    const box = fixture.boxes![0]!;
    const short = { ...box, prizes: box.prizes.map((p, i) => (i === 0 ? { ...p, probability_ppm: p.probability_ppm - 1 } : p)) };
    expect(v.safeParse(TenantBundleSchema, { ...fixture, boxes: [short] }).success).toBe(false);
    expect(v.safeParse(TenantBundleSchema, { ...fixture, boxes: [box, { ...box, id: 2 }] }).success).toBe(false);
    expect(v.safeParse(TenantBundleSchema, { ...fixture, boxes: [{ ...box, color: 'purple' }] }).success).toBe(false);
  });
});
