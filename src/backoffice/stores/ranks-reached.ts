import type { RankInput, RankUpView } from '../../contract/ranking.ts';
import type { PagedList } from '../../contract/wallet.ts';
import { call } from '../api.ts';
import { localized, t } from '../i18n.ts';
import { hrefOf } from '../router.ts';
import { pageOf, pageParam } from './paged-lists.ts';
import { loader, resource } from './resource.ts';

/**
 * Who reached which rank (`GET /operator/ranks/reached?page`, 50 a page,
 * newest first; server/features/ranks/ranking.ts `listRankUps`). The API
 * takes the page only (no filter), kept in the Ranks screen's URL
 * (`/backoffice/ranks?page=2`).
 */

export const reachedPageOf = (query: URLSearchParams): number => pageOf(query);

export const reachedHref = (page: number): string => hrefOf('ranks', { page: pageParam(page) });

export const $ranksReached = resource<PagedList<RankUpView>>();
const load = loader($ranksReached);

export function loadRanksReached(page: number): Promise<void> {
  return load(() => call<PagedList<RankUpView>>('/operator/ranks/reached', { query: { page } }));
}

/** A level with its name from the rank table when it is still there (`2 · Bronze`), else its number only (`Nível 9`). */
export function levelText(level: number, table: readonly RankInput[] | null): string {
  const rank = table?.find((r) => r.level === level);
  return rank ? t('ranks.reached.levelName', { level, name: localized(rank.name) }) : t('ranks.level', { level });
}
