import type { CatalogueBundle, CatalogueGame, GameType } from '../../src/contract/casino.ts';
import { GAME_TYPES } from '../../src/contract/casino.ts';

/**
 * A deterministic synthetic casino catalogue for the catalogue benchmark:
 * `count` games over `providers` providers and the given category slugs,
 * titles and descriptions different on every game.
 */
const ADJECTIVES = ['Golden', 'Lucky', 'Wild', 'Royal', 'Mega', 'Fortune', 'Mystic', 'Crazy', 'Super', 'Magic', 'Tropical', 'Carnival'];
const NOUNS = ['Tiger', 'Dragon', 'Samba', 'Rio', 'Jungle', 'Fruits', 'Gems', 'Pharaoh', 'Rocket', 'Ox', 'Rabbit', 'Amazon', 'Coins', 'Bells'];

export function syntheticGames(count: number, providers: number, categories: string[]): CatalogueGame[] {
  return Array.from({ length: count }, (_, i) => {
    const provider = i % providers;
    const title = `${ADJECTIVES[i % ADJECTIVES.length]} ${NOUNS[Math.floor(i / ADJECTIVES.length) % NOUNS.length]} ${Math.floor(i / (ADJECTIVES.length * NOUNS.length)) + 1}`;
    const type: GameType = GAME_TYPES[i % GAME_TYPES.length]!;
    return {
      id: i + 1,
      title,
      gamecode: `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${i}`,
      providercode: `provider-${provider + 1}`,
      provider_name: `Provider ${provider + 1}`,
      category_slug: categories[i % categories.length] ?? 'slots',
      type,
      image: `/games/cover-${(i % 12) + 1}.svg`,
      rtp: 9400 + (i % 500),
      only_demo: i % 17 === 0,
      description: {
        pt: `${title}: um jogo ${type} de ${`Provider ${provider + 1}`} com RTP de ${((9400 + (i % 500)) / 100).toFixed(2)} %.`,
        en: `${title}: a ${type} game by Provider ${provider + 1} with an RTP of ${((9400 + (i % 500)) / 100).toFixed(2)} %.`,
      },
    };
  });
}

export function syntheticCatalogue(count: number, providers: number, categories: string[]): CatalogueBundle {
  const games = syntheticGames(count, providers, categories);
  return {
    games,
    providers: Array.from({ length: providers }, (_, p) => ({
      code: `provider-${p + 1}`,
      name: `Provider ${p + 1}`,
      image: null,
      games_count: games.filter((g) => g.providercode === `provider-${p + 1}`).length,
    })),
  };
}
