import type { Locale } from '../../contract/tenant-bundle.ts';
import { CARD_SIZES, pictureSources, withFallback } from '../images/responsive.ts';
import { type GameCardData, gameHref } from './format.ts';

/**
 * One game card as DOM, the same markup as the `GameCard` React component
 * (`islands/casino/GameCard.tsx`, whose stylesheet styles both), for lists
 * drawn without React: the home page's featured games.
 */
export function gameCardElement(game: GameCardData, locale: Locale): HTMLLIElement {
  const item = document.createElement('li');
  item.className = 'game-card';
  item.dataset.testid = 'game-card';
  item.dataset.gamecode = game.gamecode;
  item.dataset.provider = game.providercode;
  const link = document.createElement('a');
  link.href = gameHref(locale, game);
  link.className = 'game-card__link';
  const image = document.createElement('img');
  image.className = 'game-card__image';
  image.src = game.image;
  image.alt = '';
  image.width = 300;
  image.height = 400;
  image.loading = 'lazy';
  image.decoding = 'async';
  // The build's AVIF/WebP copies by width, the original when they are missing (src/lib/images/responsive.ts).
  const picture = document.createElement('picture');
  picture.className = 'game-card__picture';
  for (const { type, srcset } of pictureSources(game.image, 'cover')) {
    const source = document.createElement('source');
    source.type = type;
    source.srcset = srcset;
    source.sizes = CARD_SIZES;
    source.width = 300;
    source.height = 400;
    picture.append(source);
  }
  picture.append(image);
  withFallback(image);
  const title = document.createElement('span');
  title.className = 'game-card__title';
  title.textContent = game.title;
  const provider = document.createElement('span');
  provider.className = 'game-card__provider';
  provider.textContent = game.provider_name;
  link.append(picture, title, provider);
  item.append(link);
  return item;
}
