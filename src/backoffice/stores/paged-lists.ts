import type { PagedList } from '../../contract/wallet.ts';
import { t } from '../i18n.ts';
import { hrefOf } from '../router.ts';
import { mayUse } from './session.ts';

/**
 * What the server-paged history tables share (cashback runs, items and
 * claims, coupon redemptions, ranks reached): the page lives in the URL, the
 * platform answers one page of 50 (`PagedList`), and a player is named as the
 * platform gives them, linked to their profile when the role may open it.
 */

/** The highest page the platform reads (`page` is 1 to 6 digits, server/contract `PageQuerySchema`). */
export const MAX_PAGE = 999_999;

/** The page the URL asks for under `key`: a whole number from 1; anything else (missing, 0, `abc`, `2.5`) is the first page. */
export function pageOf(query: URLSearchParams, key = 'page'): number {
  const text = query.get(key) ?? '';
  return /^[1-9]\d{0,5}$/.test(text) ? Math.min(Number(text), MAX_PAGE) : 1;
}

/** The URL value of a page: none for the first page, so `?page=1` and no page are the same link. */
export const pageParam = (page: number): number | undefined => (page > 1 ? page : undefined);

/** The pager's links for `page` of a list `lastPage` pages long; a page past the end leads back to the last one. */
export function pagerOf(page: number, lastPage: number, hrefFor: (page: number) => string): { previous: string | null; next: string | null } {
  return { previous: page > 1 ? hrefFor(Math.max(1, Math.min(page - 1, lastPage))) : null, next: page < lastPage ? hrefFor(page + 1) : null };
}

/** A paged answer's caption figures: how many rows in all, this page and how many pages. */
export const captionOf = (list: PagedList<unknown>): { count: number; page: number; pages: number } => ({ count: list.total, page: list.current_page, pages: list.last_page });

/** What a page of a list says when it has no rows: none at all (`none`), or past the end of a list that has some. */
export function emptyText(list: PagedList<unknown>, none: string): string | null {
  if (list.data.length > 0) return null;
  return list.total === 0 ? none : t('lists.pastEnd', { pages: list.last_page });
}

/** The player's profile in the back office, when the signed-in role may open the Players screen; otherwise null (the name and number are shown as text). */
export function playerHref(id: number): string | null {
  return mayUse('players') ? hrefOf('players', {}, String(id)) : null;
}

/** A São Paulo calendar day (`YYYY-MM-DD`) moved by whole days, on the calendar (no clock, no time zone). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
