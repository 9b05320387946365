import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { DailyFigures } from '../../contract/backoffice.ts';
import { DataTable } from '../components/DataTable.tsx';
import { LoadState } from '../components/LoadState.tsx';
import { formatDay, formatMoney, t } from '../i18n.ts';
import { $daily, loadDaily, totals } from '../stores/dashboard.ts';

const DAYS = 30;

/** GGR per day as bars (negative days below the line), with the figures in the table below for screen readers. */
function GgrChart({ days }: { days: DailyFigures[] }) {
  const width = 600;
  const height = 160;
  const max = Math.max(1, ...days.map((d) => Math.abs(d.ggr)));
  const zero = height / 2;
  const bar = width / days.length;
  return (
    <svg className="chart" viewBox={`0 0 ${width} ${height}`} role="img" aria-label={t('dashboard.chartLabel', { days: days.length })}>
      <line x1={0} x2={width} y1={zero} y2={zero} className="chart__axis" />
      {days.map((d, i) => {
        const h = (Math.abs(d.ggr) / max) * (zero - 4);
        return <rect key={d.day} x={i * bar + 1} width={Math.max(1, bar - 2)} y={d.ggr >= 0 ? zero - h : zero} height={h} className={d.ggr >= 0 ? 'chart__bar' : 'chart__bar chart__bar--loss'} />;
      })}
    </svg>
  );
}

export function Dashboard() {
  const state = useStore($daily);
  useEffect(() => void loadDaily(DAYS), []);
  const days = state.data ?? [];
  const sum = totals(days);
  return (
    <>
      <h1>{t('screens.dashboard')}</h1>
      <LoadState state={state} />
      {days.length > 0 && (
        <>
          <dl className="figures">
            {(['deposits', 'withdrawals', 'bets', 'wins', 'ggr'] as const).map((k) => (
              <div key={k} className="figure">
                <dt>{t(`dashboard.${k}`)}</dt>
                <dd>{formatMoney(sum[k])}</dd>
              </div>
            ))}
            <div className="figure">
              <dt>{t('dashboard.peakPlayers')}</dt>
              <dd>{sum.activePlayers}</dd>
            </div>
          </dl>
          <h2>{t('dashboard.ggrByDay')}</h2>
          <GgrChart days={days} />
          <DataTable
            label={t('dashboard.tableLabel')}
            caption={t('dashboard.tableLabel')}
            columns={[t('dashboard.day'), t('dashboard.deposits'), t('dashboard.withdrawals'), t('dashboard.bets'), t('dashboard.wins'), t('dashboard.ggr'), t('dashboard.activePlayers')]}
          >
            {[...days].reverse().map((d) => (
              <tr key={d.day}>
                <th scope="row">{formatDay(d.day)}</th>
                <td className="num">{formatMoney(d.deposits)}</td>
                <td className="num">{formatMoney(d.withdrawals)}</td>
                <td className="num">{formatMoney(d.bets)}</td>
                <td className="num">{formatMoney(d.wins)}</td>
                <td className="num">{formatMoney(d.ggr)}</td>
                <td className="num">{d.activePlayers}</td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
    </>
  );
}
