import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef } from 'react';
import { GAME_TYPES, type GameType } from '../../contract/casino.ts';
import type { Locale } from '../../contract/tenant-bundle.ts';
import type { PagedList } from '../../contract/wallet.ts';
import { type CasinoLabels, gamesCountText } from '../../lib/casino/labels.ts';
import { hasMore } from '../../stores/casino-paged.ts';
import { $providers, loadProviders, type ProviderChip, seedProviders } from '../../stores/casino-providers.ts';
import { $gamesFilter, EMPTY_FILTER, gamesList, type GamesFilter, type LobbyGame, setGamesFilter, startLobby, toggleProvider, typeSearch } from '../../stores/games.ts';
import { GameGrid } from './GameCard.tsx';
import { PagedListNotes } from './PagedListNotes.tsx';
import './casino.css';

interface Props {
  locale: Locale;
  labels: CasinoLabels;
  /** The pre-rendered first page (bundle games), shown before and without JavaScript. */
  firstPage: PagedList<LobbyGame>;
  /** The providers the page was built with: the filter's chips until the store has its list. */
  providers: ProviderChip[];
  categories: { slug: string; name: string }[];
  /** Category pages fix their category (no category select). */
  fixedCategory?: string;
}

/** Reads `?provider=a,b&searchTerm=…&type=…&bonuses=1` so provider links and shared URLs open filtered. */
function filterFromUrl(fixedCategory: string | undefined): GamesFilter {
  const params = new URLSearchParams(location.search);
  const provider = params.get('provider');
  const type = params.get('type');
  return {
    ...EMPTY_FILTER,
    providers: provider && provider !== 'all' ? provider.split(',').filter(Boolean) : [],
    searchTerm: params.get('searchTerm') ?? '',
    category: fixedCategory ?? params.get('category') ?? '',
    type: (GAME_TYPES as readonly string[]).includes(type ?? '') ? (type as GameType) : '',
    bonuses: params.get('bonuses') === '1',
  };
}

/**
 * The lobby (`/casino/games`, `/casino/category/{filter}`): filters and the
 * game grid with "Carregar mais". All rules live in `stores/games.ts`.
 */
export function GamesLobby({ locale, labels, firstPage, providers: builtProviders, categories, fixedCategory }: Props) {
  const id = useId();
  const state = useStore(gamesList.$state);
  const filter = useStore($gamesFilter);
  const liveProviders = useStore($providers);
  // Before the first effect the store is empty: render the pre-rendered page (same HTML as the server's).
  const started = state.currentPage > 0 || state.status !== 'idle';
  const games = started ? state.items : firstPage.data;
  const providers = started ? liveProviders.items : builtProviders;
  // The count follows the list on screen (filter and search included); while a new filter loads, the last one stays.
  const shownTotal = useRef(firstPage.total);
  if (started && state.status === 'ready') shownTotal.current = state.total;

  useEffect(() => {
    // The build's providers first; a short list (4 or fewer) is then refreshed from the platform.
    seedProviders(builtProviders);
    void loadProviders();
    const wanted = filterFromUrl(fixedCategory);
    const plain = wanted.providers.length === 0 && !wanted.searchTerm && !wanted.type && !wanted.bonuses && wanted.category === (fixedCategory ?? '');
    void startLobby(wanted, plain ? firstPage : null);
    // Mount only: the page's props never change.
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  // Keep the address in step with the filter, so a reload or a shared link shows the same list.
  useEffect(() => {
    if (!started) return;
    const params = new URLSearchParams();
    if (filter.providers.length) params.set('provider', filter.providers.join(','));
    if (filter.searchTerm.trim()) params.set('searchTerm', filter.searchTerm.trim());
    if (filter.category && !fixedCategory) params.set('category', filter.category);
    if (filter.type) params.set('type', filter.type);
    if (filter.bonuses) params.set('bonuses', '1');
    const search = params.size ? `?${params}` : '';
    if (search !== location.search) history.replaceState(history.state, '', `${location.pathname}${search}${location.hash}`);
  }, [filter, started, fixedCategory]);

  return (
    <div className="lobby">
      <p className="lobby__count" data-testid="games-count" aria-live="polite">
        {gamesCountText(labels, locale, shownTotal.current)}
      </p>
      <form className="lobby__filters" role="search" aria-label={labels.filters} onSubmit={(e) => e.preventDefault()}>
        <label className="lobby__field lobby__field--search">
          <span className="visually-hidden">{labels.search}</span>
          <input
            type="search"
            data-testid="games-search"
            placeholder={labels.searchPlaceholder}
            value={filter.searchTerm}
            onChange={(e) => typeSearch(e.currentTarget.value)}
            autoComplete="off"
          />
        </label>
        {!fixedCategory && categories.length > 0 && (
          <label className="lobby__field">
            <span className="visually-hidden">{labels.category}</span>
            <select data-testid="games-category" value={filter.category} onChange={(e) => void setGamesFilter({ category: e.currentTarget.value })}>
              <option value="">{labels.allCategories}</option>
              {categories.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="lobby__field">
          <span className="visually-hidden">{labels.type}</span>
          <select data-testid="games-type" value={filter.type} onChange={(e) => void setGamesFilter({ type: e.currentTarget.value as GameType | '' })}>
            <option value="">{labels.allTypes}</option>
            {GAME_TYPES.map((type) => (
              <option key={type} value={type}>
                {labels[`types.${type}`]}
              </option>
            ))}
          </select>
        </label>
        <label className="lobby__toggle">
          <input type="checkbox" data-testid="games-bonuses" checked={filter.bonuses} onChange={(e) => void setGamesFilter({ bonuses: e.currentTarget.checked })} />
          <span>{labels.bonusesOnly}</span>
        </label>
        {providers.length > 0 && (
          <fieldset className="lobby__providers">
            <legend className="visually-hidden">{labels.provider}</legend>
            <button
              type="button"
              className="chip-button"
              aria-pressed={filter.providers.length === 0}
              data-testid="games-provider"
              data-provider="all"
              onClick={() => void setGamesFilter({ providers: [] })}
            >
              {labels.allProviders}
            </button>
            {providers.map((p) => (
              <button
                key={p.code}
                type="button"
                className="chip-button"
                aria-pressed={filter.providers.includes(p.code)}
                data-testid="games-provider"
                data-provider={p.code}
                onClick={() => void toggleProvider(p.code)}
              >
                {p.name}
              </button>
            ))}
          </fieldset>
        )}
      </form>

      <div aria-live="polite" aria-busy={state.status === 'loading'} id={`${id}-results`}>
        {games.length > 0 && <GameGrid games={games} locale={locale} eagerCount={4} priorityFirst testId="games-grid" />}
        {state.status === 'ready' && games.length === 0 && <p className="lobby__note">{labels.empty}</p>}
        <PagedListNotes state={state} list={gamesList} labels={labels} />
      </div>
      {(started ? hasMore(state) : firstPage.last_page > 1) && (
        <button type="button" className="button lobby__more" data-testid="games-more" onClick={() => void gamesList.loadMore()}>
          {labels.more}
        </button>
      )}
    </div>
  );
}
