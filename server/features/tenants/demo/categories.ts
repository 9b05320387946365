import type { Category } from '../../../../src/contract/tenant-bundle.ts';

/** The casino categories every demo operator starts with. */
export const DEMO_CATEGORIES: Category[] = [
  { slug: 'slots', name: { pt: 'Caça-níqueis', en: 'Slots' }, order: 1 },
  { slug: 'crash', name: { pt: 'Crash', en: 'Crash' }, order: 2 },
  { slug: 'live-casino', name: { pt: 'Cassino ao vivo', en: 'Live casino' }, order: 3 },
  { slug: 'table-games', name: { pt: 'Jogos de mesa', en: 'Table games' }, order: 4 },
  { slug: 'originals', name: { pt: 'Originais', en: 'Originals' }, order: 5 },
];
