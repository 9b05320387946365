import type { TFunction } from 'i18next';
import type { RankView } from '../../contract/ranking.ts';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { formatBRL } from '../../lib/money-format.ts';
import { RankBadge } from './RankProgress.tsx';

/** The tenant's ranks: badge, level, name and the total wagered that reaches it; the player's row marked. */
export function RankTable({ t, locale, ranks, level }: { t: TFunction; locale: Locale; ranks: RankView[]; level: number | null }) {
  if (ranks.length === 0) return <p>{t('ranking.empty')}</p>;
  return (
    <div className="rank-table-wrap">
      <table className="rank-table" data-testid="rank-table">
        <caption className="visually-hidden">{t('ranking.table.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('ranking.table.level')}</th>
            <th scope="col">{t('ranking.table.name')}</th>
            <th scope="col">{t('ranking.table.threshold')}</th>
          </tr>
        </thead>
        <tbody>
          {ranks.map((rank) => {
            const mine = rank.level === level;
            return (
              <tr key={rank.level} className={mine ? 'rank-table__mine' : undefined} aria-current={mine ? 'true' : undefined}>
                <td>{rank.level}</td>
                <th scope="row">
                  <span className="rank-table__name">
                    <RankBadge t={t} locale={locale} ranks={ranks} level={rank.level} size={32} />
                    {rank.name[locale]}
                    {mine && <span className="rank-table__you">{t('ranking.table.you')}</span>}
                  </span>
                </th>
                <td>{t('ranking.table.from', { amount: formatBRL(rank.totalBet, locale) })}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
