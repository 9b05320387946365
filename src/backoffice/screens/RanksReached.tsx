import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { DataTable } from '../components/DataTable.tsx';
import { LoadState } from '../components/LoadState.tsx';
import { Pager } from '../components/Pager.tsx';
import { formatDateTime, t } from '../i18n.ts';
import { $place } from '../router.ts';
import { captionOf, emptyText, pagerOf } from '../stores/paged-lists.ts';
import { $ranks } from '../stores/ranks.ts';
import { $ranksReached, levelText, loadRanksReached, reachedHref, reachedPageOf } from '../stores/ranks-reached.ts';
import { PlayerRef } from './PlayerRef.tsx';
import { useFocusOnChange } from './use-focus-on-change.ts';

/** Who reached which rank and when, newest first, one server page at a time (the page in the URL); levels named from the rank table. */
export function RanksReached() {
  const place = useStore($place);
  const state = useStore($ranksReached);
  const table = useStore($ranks).data?.ranks ?? null;
  const page = reachedPageOf(place.query);
  useEffect(() => void loadRanksReached(page), [page]);
  useFocusOnChange(page, '#ranks-reached');
  const list = state.data;
  const empty = list ? emptyText(list, t('ranks.reached.none')) : null;
  const pager = list ? pagerOf(page, list.last_page, reachedHref) : null;
  return (
    <section>
      <h2 id="ranks-reached" tabIndex={-1}>
        {t('ranks.reached.title')}
      </h2>
      <p className="muted">{t('ranks.reached.intro')}</p>
      <LoadState state={state} />
      {empty && <p className="muted">{empty}</p>}
      {list && list.data.length > 0 && (
        <DataTable label={t('ranks.reached.title')} caption={t('ranks.reached.caption', captionOf(list))} columns={[t('lists.player'), t('ranks.reached.level'), t('lists.when')]}>
          {list.data.map((r) => (
            <tr key={`${r.user_id}-${r.level}`} data-rank-up={`${r.user_id}-${r.level}`}>
              <th scope="row">
                <PlayerRef id={r.user_id} name={r.name} />
              </th>
              <td>{levelText(r.level, table)}</td>
              <td>{formatDateTime(r.reached_at)}</td>
            </tr>
          ))}
        </DataTable>
      )}
      {pager && <Pager label={t('ranks.reached.pages')} previous={pager.previous} next={pager.next} />}
    </section>
  );
}
