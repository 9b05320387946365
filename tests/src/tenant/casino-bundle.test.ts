import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { TenantBundle } from '../../../src/contract/tenant-bundle.ts';
import { categoriesWithGames, findGame, gamesOf, loadBundle, providersOf, relatedGames } from '../../../src/tenant/bundle.ts';

/** The bundle's casino catalogue: validation and the look-ups the casino pages use. */
const FIXTURE = fileURLToPath(new URL('../../fixtures/tenant-bundle.pt.json', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'casino-bundle-'));

function variant(name: string, change: (b: TenantBundle) => void): string {
  const bundle = JSON.parse(readFileSync(FIXTURE, 'utf8')) as TenantBundle;
  change(bundle);
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(bundle));
  return path;
}

describe('casino catalogue in the tenant bundle', () => {
  it('finds a game by provider and game code ignoring case', () => {
    const bundle = loadBundle(FIXTURE);
    expect(findGame(bundle, 'HOUSE', 'Dice')?.title).toBe('Dice');
    expect(findGame(bundle, 'house', 'unknown')).toBeUndefined();
    expect(providersOf(bundle).map((p) => p.code)).toEqual(['house', 'pragmatic', 'pgsoft', 'evolution']);
  });

  it('builds category pages only for categories that have games, in display order', () => {
    const bundle = loadBundle(FIXTURE);
    expect(categoriesWithGames(bundle).map((c) => c.slug)).toEqual(['slots', 'crash', 'roleta', 'mesa']);
  });

  it('relates games of the same category first, then of the same provider, never the game itself', () => {
    const bundle = loadBundle(FIXTURE);
    const dice = findGame(bundle, 'house', 'dice')!;
    expect(relatedGames(bundle, dice).map((g) => g.gamecode)).toEqual(['limbo', 'plinko']);
  });

  it('is optional: a bundle without it has no games', () => {
    const bundle = loadBundle(variant('none.json', (b) => delete b.casino));
    expect(gamesOf(bundle)).toEqual([]);
  });

  it('refuses two games at one URL and codes that cannot be a URL segment', () => {
    expect(() =>
      loadBundle(variant('dup.json', (b) => b.casino!.games.push({ ...b.casino!.games[0]!, id: 999, gamecode: 'DICE' }))),
    ).toThrow(/two games share one provider\/game code pair/);
    expect(() => loadBundle(variant('slash.json', (b) => (b.casino!.games[0]!.gamecode = 'a/b')))).toThrow(/casino\.games\.0\.gamecode: must be a URL-safe code/);
  });
});
