import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Locale } from '../../contract/tenant-bundle.ts';
import type { GameCardData } from '../../lib/casino/format.ts';
import { $related, loadRelated, relatedKey, relatedToShow } from '../../stores/casino-related.ts';
import { GameGrid } from './GameCard.tsx';

interface Props {
  locale: Locale;
  heading: string;
  game: { gamecode: string; providercode: string };
  /** The related games the page was built with: the HTML crawlers read, and what stays if the platform fails. */
  games: GameCardData[];
}

/**
 * A game page's related games: rendered on the server from the build, then
 * (once scrolled into view) replaced by the platform's live list.
 */
export function RelatedGames({ locale, heading, game, games: built }: Props) {
  const state = useStore($related);
  const games = relatedToShow(state, relatedKey(game.gamecode, game.providercode), built);
  useEffect(() => {
    void loadRelated(game.gamecode, game.providercode);
  }, [game.gamecode, game.providercode]);
  if (games.length === 0) return null;
  return (
    <section className="related" aria-labelledby="related-heading">
      <h2 id="related-heading">{heading}</h2>
      <GameGrid games={games} locale={locale} testId="related-games" />
    </section>
  );
}
