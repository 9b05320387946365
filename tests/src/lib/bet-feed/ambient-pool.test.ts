import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { GameView } from '../../../../src/contract/casino.ts';
import type { TenantBundle } from '../../../../src/contract/tenant-bundle.ts';
import { AMBIENT_GAME_POOL, ambientGamesOf } from '../../../../src/lib/bet-feed/ambient-pool.ts';

const FIXTURE = fileURLToPath(new URL('../../../fixtures/tenant-bundle.pt.json', import.meta.url));
const base = JSON.parse(readFileSync(FIXTURE, 'utf8')) as TenantBundle;

const game = (i: number) => ({ title: `Game ${i}`, gamecode: `g${i}`, providercode: 'p' }) as unknown as GameView;
const bundle = (fakeBets: boolean, is_regulated: boolean, games = 20): Pick<TenantBundle, 'config' | 'casino'> => ({
  config: { ...base.config, fakeBets, is_regulated },
  casino: { games: Array.from({ length: games }, (_, i) => game(i)) } as unknown as TenantBundle['casino'],
});

describe('ambient bet pool', () => {
  it('is off unless the tenant turned fakeBets on, and never for a regulated tenant', () => {
    expect(ambientGamesOf(bundle(false, false))).toBeUndefined();
    expect(ambientGamesOf(bundle(true, true))).toBeUndefined();
    expect(ambientGamesOf(bundle(true, false, 0))).toBeUndefined();
  });

  it('names at most the first 12 catalogue games, with only the fields the feed shows', () => {
    const pool = ambientGamesOf(bundle(true, false));
    expect(pool).toHaveLength(AMBIENT_GAME_POOL);
    expect(pool?.[0]).toEqual({ title: 'Game 0', gamecode: 'g0', providercode: 'p' });
  });
});
