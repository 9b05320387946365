import type { CashbackClaimView, CashbackItemAdminView, CashbackRunView } from '../../contract/cashback.ts';
import type { PagedList } from '../../contract/wallet.ts';
import { CLAIMS_PER_TYPE } from '../../lib/cashback/windows.ts';
import { call } from '../api.ts';
import { formatDateTime, formatDay, formatMoney, t } from '../i18n.ts';
import { hrefOf } from '../router.ts';
import { addDays, pageOf, pageParam } from './paged-lists.ts';
import { loader, resource, type Resource } from './resource.ts';
import type { WritableAtom } from 'nanostores';

/**
 * The cashback history of the Cashback screen: the job's runs, the items
 * they made and the players' claims, each one server-paged list
 * (`GET /operator/cashback/{runs,items,claims}?page`, 50 a page, newest
 * first; server/features/cashback/operator.ts). Which list and which page
 * live in the URL (`/backoffice/cashback?list=items&page=2`).
 */

export const CASHBACK_LISTS = ['runs', 'items', 'claims'] as const;
export type CashbackList = (typeof CASHBACK_LISTS)[number];

export interface CashbackRows {
  runs: CashbackRunView;
  items: CashbackItemAdminView;
  claims: CashbackClaimView;
}

/** The list and page the URL shows; an unknown list is the runs. */
export interface HistoryPlace {
  list: CashbackList;
  page: number;
}

export function historyPlaceOf(query: URLSearchParams): HistoryPlace {
  const list = query.get('list') ?? '';
  return { list: (CASHBACK_LISTS as readonly string[]).includes(list) ? (list as CashbackList) : 'runs', page: pageOf(query) };
}

/** The URL of a list's page (the runs' first page is the screen's own address). */
export function historyHref(place: HistoryPlace): string {
  return hrefOf('cashback', { list: place.list === 'runs' ? undefined : place.list, page: pageParam(place.page) });
}

/** One resource per list, so switching lists never shows one list's rows under another's headings. */
export const $cashbackLists: { [L in CashbackList]: WritableAtom<Resource<PagedList<CashbackRows[L]>>> } = {
  runs: resource<PagedList<CashbackRunView>>(),
  items: resource<PagedList<CashbackItemAdminView>>(),
  claims: resource<PagedList<CashbackClaimView>>(),
};
const loaders = { runs: loader($cashbackLists.runs), items: loader($cashbackLists.items), claims: loader($cashbackLists.claims) };

export function loadCashbackList(place: HistoryPlace): Promise<void> {
  const load = loaders[place.list] as (work: () => Promise<PagedList<unknown>>) => Promise<void>;
  return load(() => call<PagedList<unknown>>(`/operator/cashback/${place.list}`, { query: { page: place.page } }));
}

/** A period as staff read it: first and last day (`07/12/2025 – 13/12/2025`). */
export const periodText = (start: string, end: string): string => `${formatDay(start)} – ${formatDay(end)}`;

/** A run's cells: the week it paid (seven days from its start), when it started, how it ended, the items made. */
export function runCells(run: CashbackRunView): { period: string; started: string; status: string; items: string } {
  return {
    period: periodText(run.period_start, addDays(run.period_start, 6)),
    started: formatDateTime(run.started_at),
    status: run.finished_at ? t('cashback.history.finished', { at: formatDateTime(run.finished_at) }) : t('cashback.history.running'),
    items: String(run.items),
  };
}

/**
 * Where an item stands at `now`: not claimable yet, claimable with nothing
 * claimed, partly claimed (a weekly item is paid in three claims), or all
 * claimed, with what was paid.
 */
export function itemState(item: CashbackItemAdminView, now: Date): string {
  const total = CLAIMS_PER_TYPE[item.type];
  if (item.claimed >= total) return t('cashback.history.states.done', { amount: formatMoney(item.claimed_amount) });
  if (item.claimed > 0) return t('cashback.history.states.partial', { claimed: item.claimed, total, amount: formatMoney(item.claimed_amount) });
  if (new Date(item.available_at).getTime() > now.getTime()) return t('cashback.history.states.waiting', { at: formatDateTime(item.available_at) });
  return t('cashback.history.states.open');
}

export function itemCells(item: CashbackItemAdminView, now: Date): { period: string; losses: string; amount: string; type: string; state: string } {
  return {
    period: periodText(item.period_start, item.period_end),
    losses: formatMoney(item.losses),
    amount: formatMoney(item.amount),
    type: t(`cashback.history.types.${item.type}`),
    state: itemState(item, now),
  };
}

export function claimCells(claim: CashbackClaimView): { item: string; amount: string; when: string } {
  return { item: t('cashback.history.claimOf', { item: claim.cashback_id, no: claim.claim_no }), amount: formatMoney(claim.amount), when: formatDateTime(claim.claimed_at) };
}
