import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { CashbackClaimView, CashbackItemAdminView, CashbackRunView } from '../../contract/cashback.ts';
import type { PagedList } from '../../contract/wallet.ts';
import { DataTable } from '../components/DataTable.tsx';
import { LoadState } from '../components/LoadState.tsx';
import { Pager } from '../components/Pager.tsx';
import { t } from '../i18n.ts';
import { $place } from '../router.ts';
import { $cashbackLists, CASHBACK_LISTS, claimCells, historyHref, historyPlaceOf, itemCells, loadCashbackList, runCells } from '../stores/cashback-history.ts';
import { captionOf, emptyText, pagerOf } from '../stores/paged-lists.ts';
import { PlayerRef } from './PlayerRef.tsx';
import { useFocusOnChange } from './use-focus-on-change.ts';

function Runs({ list }: { list: PagedList<CashbackRunView> }) {
  return (
    <DataTable
      label={t('cashback.history.runs')}
      caption={t('cashback.history.runsCaption', captionOf(list))}
      columns={[t('cashback.history.period'), t('cashback.history.started'), t('cashback.history.status'), t('cashback.history.itemsMade')]}
    >
      {list.data.map((run) => {
        const cells = runCells(run);
        return (
          <tr key={run.period_start} data-run={run.period_start}>
            <th scope="row" className="nowrap">
              {cells.period}
            </th>
            <td>{cells.started}</td>
            <td>{cells.status}</td>
            <td className="num">{cells.items}</td>
          </tr>
        );
      })}
    </DataTable>
  );
}

function Items({ list }: { list: PagedList<CashbackItemAdminView> }) {
  const now = new Date();
  return (
    <DataTable
      label={t('cashback.history.items')}
      caption={t('cashback.history.itemsCaption', captionOf(list))}
      columns={[t('lists.player'), t('cashback.history.period'), t('cashback.history.losses'), t('cashback.history.amount'), t('cashback.history.type'), t('cashback.history.status')]}
    >
      {list.data.map((item) => {
        const cells = itemCells(item, now);
        return (
          <tr key={item.id} data-item={item.id}>
            <th scope="row">
              <PlayerRef id={item.user.id} name={item.user.name} />
            </th>
            <td className="nowrap">{cells.period}</td>
            <td className="num">{cells.losses}</td>
            <td className="num">{cells.amount}</td>
            <td>{cells.type}</td>
            <td>{cells.state}</td>
          </tr>
        );
      })}
    </DataTable>
  );
}

function Claims({ list }: { list: PagedList<CashbackClaimView> }) {
  return (
    <DataTable
      label={t('cashback.history.claims')}
      caption={t('cashback.history.claimsCaption', captionOf(list))}
      columns={[t('lists.player'), t('cashback.history.amount'), t('lists.when'), t('cashback.history.item')]}
    >
      {list.data.map((claim) => {
        const cells = claimCells(claim);
        return (
          <tr key={claim.id} data-claim={claim.id}>
            <th scope="row">
              <PlayerRef id={claim.user.id} name={claim.user.name} />
            </th>
            <td className="num">{cells.amount}</td>
            <td>{cells.when}</td>
            <td>{cells.item}</td>
          </tr>
        );
      })}
    </DataTable>
  );
}

const NONE = { runs: 'cashback.history.noRuns', items: 'cashback.history.noItems', claims: 'cashback.history.noClaims' } as const;

/** The cashback history: the job's runs, the items they made and the players' claims, one server-paged list at a time (list and page in the URL). */
export function CashbackHistory() {
  const place = useStore($place);
  const at = historyPlaceOf(place.query);
  const state = useStore($cashbackLists[at.list]);
  useEffect(() => void loadCashbackList(at), [at.list, at.page]); // eslint-disable-line react-hooks/exhaustive-deps
  useFocusOnChange(`${at.list}-${at.page}`, '#cashback-history');
  const list = state.data as PagedList<unknown> | null;
  const empty = list ? emptyText(list, t(NONE[at.list])) : null;
  const pager = list ? pagerOf(at.page, list.last_page, (page) => historyHref({ list: at.list, page })) : null;
  return (
    <section aria-labelledby="cashback-history">
      <h2 id="cashback-history" tabIndex={-1}>
        {t('cashback.history.title')}
      </h2>
      <p className="muted">{t('cashback.history.intro')}</p>
      <nav className="subnav" aria-label={t('cashback.history.lists')}>
        <ul>
          {CASHBACK_LISTS.map((name) => (
            <li key={name}>
              <a href={historyHref({ list: name, page: 1 })} data-nav aria-current={name === at.list ? 'true' : undefined}>
                {t(`cashback.history.${name}`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <LoadState state={state} />
      {empty && <p className="muted">{empty}</p>}
      {list && list.data.length > 0 && at.list === 'runs' && <Runs list={state.data as PagedList<CashbackRunView>} />}
      {list && list.data.length > 0 && at.list === 'items' && <Items list={state.data as PagedList<CashbackItemAdminView>} />}
      {list && list.data.length > 0 && at.list === 'claims' && <Claims list={state.data as PagedList<CashbackClaimView>} />}
      {pager && <Pager label={t('cashback.history.pages', { list: t(`cashback.history.${at.list}`) })} previous={pager.previous} next={pager.next} />}
    </section>
  );
}
