import type { CasinoLabels } from '../../lib/casino/labels.ts';
import type { PagedGames, PagedGamesState } from '../../stores/casino-paged.ts';

/** The notes under a paged game list: "loading" while a page loads, the failure with its retry button. */
export function PagedListNotes({ state, list, labels }: { state: PagedGamesState<unknown>; list: Pick<PagedGames<never>, 'retry'>; labels: CasinoLabels }) {
  return (
    <>
      {state.status === 'loading' && <p className="lobby__note">{labels.loading}</p>}
      {state.status === 'error' && (
        <p className="lobby__note lobby__note--error" role="alert">
          {labels.listFailed}{' '}
          <button type="button" className="link-button" onClick={() => void list.retry()}>
            {labels.retry}
          </button>
        </p>
      )}
    </>
  );
}
