import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Locale } from '../../contract/tenant-bundle.ts';
import type { CasinoLabels } from '../../lib/casino/labels.ts';
import { localePath } from '../../i18n/locales.ts';
import { hasMore } from '../../stores/casino-paged.ts';
import { ensurePlayerList, favoritesList, recentList } from '../../stores/casino-player.ts';
import { ensureSuggested, suggestedList } from '../../stores/casino-suggested.ts';
import { isLoggingOut } from '../../stores/auth.ts';
import { $session } from '../../stores/session.ts';
import { GameGrid } from './GameCard.tsx';
import { PagedListNotes } from './PagedListNotes.tsx';
import './casino.css';

/** The featured games offered when the player's list is empty ("try these"), paged like any list. */
function SuggestedGames({ locale, labels }: { locale: Locale; labels: CasinoLabels }) {
  const state = useStore(suggestedList.$state);
  useEffect(() => {
    void ensureSuggested();
  }, []);
  if (state.status === 'ready' && state.items.length === 0) return null;
  return (
    <section className="suggested" aria-labelledby="suggested-heading" aria-busy={state.status === 'loading'} data-testid="suggested-games">
      <h2 id="suggested-heading">{labels.suggested}</h2>
      {state.items.length > 0 && <GameGrid games={state.items} locale={locale} testId="suggested-grid" />}
      <PagedListNotes state={state} list={suggestedList} labels={labels} />
      {hasMore(state) && (
        <button type="button" className="button lobby__more" data-testid="suggested-more" onClick={() => void suggestedList.loadMore()}>
          {labels.more}
        </button>
      )}
    </section>
  );
}

/**
 * `/casino/favorites` and `/casino/recent`: the player's games, paged. A
 * visitor sees the login prompt (as on the account pages) and the modal opens.
 */
export function PlayerGames({ locale, labels, list }: { locale: Locale; labels: CasinoLabels; list: 'favorites' | 'recent' }) {
  const store = list === 'favorites' ? favoritesList : recentList;
  const session = useStore($session);
  const state = useStore(store.$state);
  const player = session.status === 'user';

  useEffect(() => {
    if (player) void ensurePlayerList(store);
    else if (!isLoggingOut()) void import('../auth/mount.tsx').then((m) => m.openAuth('login'));
  }, [player, store]);

  if (!player) {
    return (
      <div className="casino-card">
        <p>{labels.loginRequired}</p>
        <button type="button" className="button button--primary" data-auth-open="login">
          {labels.login}
        </button>
      </div>
    );
  }
  return (
    <div aria-busy={state.status === 'loading'}>
      {state.items.length > 0 && <GameGrid games={state.items} locale={locale} testId={`${list}-grid`} />}
      {state.status === 'ready' && state.items.length === 0 && (
        <>
          <p className="lobby__note">
            {list === 'favorites' ? labels.noFavorites : labels.noRecent} <a href={localePath(locale, '/casino/games')}>{labels.seeGames}</a>
          </p>
          <SuggestedGames locale={locale} labels={labels} />
        </>
      )}
      <PagedListNotes state={state} list={store} labels={labels} />
      {hasMore(state) && (
        <button type="button" className="button lobby__more" data-testid="games-more" onClick={() => void store.loadMore()}>
          {labels.more}
        </button>
      )}
    </div>
  );
}
