import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { $featured, loadFeatured, loadMoreFeatured } from '../../stores/casino-featured.ts';
import { GameGrid } from './GameCard.tsx';

export interface HomeFeaturedLabels {
  more: string;
  loading: string;
  failed: string;
}

/**
 * The home page's featured games (`GET /featured/home-games`): the store
 * loads the first page only while the list is empty and merges further pages
 * without repeating a game (spec section 4); this only draws it.
 */
export function HomeFeatured({ locale, labels }: { locale: Locale; labels: HomeFeaturedLabels }) {
  const featured = useStore($featured);
  useEffect(() => {
    void loadFeatured();
  }, []);
  return (
    <>
      <GameGrid games={featured.games} locale={locale} testId="featured-games" />
      {featured.failed && <p role="alert">{labels.failed}</p>}
      {!featured.ended && featured.games.length > 0 && (
        <button type="button" className="button" data-testid="featured-more" disabled={featured.loading} onClick={() => void loadMoreFeatured()}>
          {featured.loading ? labels.loading : labels.more}
        </button>
      )}
    </>
  );
}
