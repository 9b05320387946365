import type { Locale } from '../../contract/tenant-bundle.ts';
import { type GameCardData, gameHref } from '../../lib/casino/format.ts';
import './casino.css';

/**
 * One game in a grid: cover (lazy, fixed 3:4 size so the grid never jumps),
 * title and provider, the whole card a link to the game page. Also rendered
 * without JavaScript by the Astro pages (related games).
 */
export function GameCard({ game, locale, eager = false }: { game: GameCardData; locale: Locale; eager?: boolean }) {
  return (
    <li className="game-card" data-testid="game-card" data-gamecode={game.gamecode} data-provider={game.providercode}>
      <a href={gameHref(locale, game)} className="game-card__link">
        <img
          className="game-card__image"
          src={game.image}
          alt=""
          width={300}
          height={400}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
        <span className="game-card__title">{game.title}</span>
        <span className="game-card__provider">{game.provider_name}</span>
      </a>
    </li>
  );
}

/** A grid of game cards; the first row loads eagerly (above the fold). */
export function GameGrid({ games, locale, eagerCount = 0, testId }: { games: GameCardData[]; locale: Locale; eagerCount?: number; testId?: string }) {
  return (
    <ul className="game-grid" data-testid={testId}>
      {games.map((game, index) => (
        <GameCard key={game.id} game={game} locale={locale} eager={index < eagerCount} />
      ))}
    </ul>
  );
}
