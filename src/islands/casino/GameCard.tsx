import { useState } from 'react';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { type GameCardData, gameHref } from '../../lib/casino/format.ts';
import { CARD_SIZES, pictureSources } from '../../lib/images/responsive.ts';
import './casino.css';

/**
 * One game in a grid: cover (lazy, fixed 3:4 size so the grid never jumps),
 * title and provider, the whole card a link to the game page. Also rendered
 * without JavaScript by the Astro pages (related games). A cover the build
 * drew comes as AVIF/WebP by width (src/lib/images/responsive.ts); should
 * those fail (a game imported since the build), the original is shown.
 */
export function GameCard({ game, locale, eager = false, priority = false }: { game: GameCardData; locale: Locale; eager?: boolean; priority?: boolean }) {
  const [original, setOriginal] = useState(false);
  const sources = original ? [] : pictureSources(game.image, 'cover');
  return (
    <li className="game-card" data-testid="game-card" data-gamecode={game.gamecode} data-provider={game.providercode}>
      <a href={gameHref(locale, game)} className="game-card__link">
        <picture className="game-card__picture">
          {sources.map((source) => (
            <source key={source.type} type={source.type} srcSet={source.srcset} sizes={CARD_SIZES} width={300} height={400} />
          ))}
          <img
            className="game-card__image"
            src={game.image}
            alt=""
            width={300}
            height={400}
            loading={eager || priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            decoding="async"
            onError={sources.length > 0 ? () => setOriginal(true) : undefined}
          />
        </picture>
        <span className="game-card__title">{game.title}</span>
        <span className="game-card__provider">{game.provider_name}</span>
      </a>
    </li>
  );
}

/**
 * A grid of game cards; the first row loads eagerly (above the fold). `priorityFirst`: the first cover is
 * the page's largest paint (the lobby on a phone), so it alone is fetched with high priority (issue 14).
 */
export function GameGrid({
  games,
  locale,
  eagerCount = 0,
  priorityFirst = false,
  testId,
}: {
  games: GameCardData[];
  locale: Locale;
  eagerCount?: number;
  priorityFirst?: boolean;
  testId?: string;
}) {
  return (
    <ul className="game-grid" data-testid={testId}>
      {games.map((game, index) => (
        <GameCard key={game.id} game={game} locale={locale} eager={index < eagerCount} priority={priorityFirst && index === 0} />
      ))}
    </ul>
  );
}
