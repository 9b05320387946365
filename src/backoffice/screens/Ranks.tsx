import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import type { RankInput } from '../../contract/ranking.ts';
import { Field } from '../components/Field.tsx';
import { LoadState } from '../components/LoadState.tsx';
import { Outcome } from '../components/Outcome.tsx';
import { t } from '../i18n.ts';
import { $ranks, loadRanks, type RankRow, rowsOf, saveRanks, saveVipRate } from '../stores/ranks.ts';
import { $fieldErrors } from '../stores/resource.ts';
import { RanksReached } from './RanksReached.tsx';

function RankTable({ stored }: { stored: RankInput[] }) {
  const errors = useStore($fieldErrors);
  const [rows, setRows] = useState<RankRow[]>(() => rowsOf(stored));
  const set = (i: number, patch: Partial<RankRow>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const said = (i: number, ...fields: string[]) => {
    const found = fields.flatMap((f) => errors[`ranks.${i}.${f}`] ?? []);
    return found.length ? found : undefined;
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void saveRanks(rows, stored);
  };
  return (
    <form className="card" onSubmit={onSubmit} noValidate aria-labelledby="rank-table">
      <h2 id="rank-table">{t('ranks.table')}</h2>
      <p className="muted">{t('ranks.intro')}</p>
      {errors.ranks && <p className="field__error">{errors.ranks.join(' ')}</p>}
      {rows.map((row, i) => (
        <fieldset key={i} data-rank={i + 1}>
          <legend>{t('ranks.level', { level: i + 1 })}</legend>
          <div className="grid">
            <Field label={t('ranks.namePt')} lang="pt-BR" value={row.namePt} onChange={(e) => set(i, { namePt: e.target.value })} errors={said(i, 'name', 'name.pt')} />
            <Field label={t('ranks.nameEn')} lang="en-US" value={row.nameEn} onChange={(e) => set(i, { nameEn: e.target.value })} errors={said(i, 'name.en')} />
            <Field label={t('ranks.threshold')} inputMode="decimal" value={row.threshold} disabled={i === 0} onChange={(e) => set(i, { threshold: e.target.value })} errors={said(i, 'totalBet')} />
            <Field
              label={t('ranks.points')}
              hint={t('ranks.pointsHint')}
              inputMode="numeric"
              value={row.points}
              onChange={(e) => set(i, { points: e.target.value })}
              errors={said(i, 'reward', 'reward.points')}
            />
          </div>
        </fieldset>
      ))}
      <div className="actions">
        <button className="button" type="button" onClick={() => setRows([...rows, { namePt: '', nameEn: '', threshold: '', points: '', image: null }])}>
          {t('ranks.add')}
        </button>
        {rows.length > 1 && (
          <button className="button" type="button" onClick={() => setRows(rows.slice(0, -1))}>
            {t('ranks.removeLast')}
          </button>
        )}
        <button className="button button--primary" type="submit">
          {t('ranks.save')}
        </button>
      </div>
    </form>
  );
}

function VipRate({ rate }: { rate: number }) {
  const errors = useStore($fieldErrors);
  const [value, setValue] = useState(String(rate));
  return (
    <form
      className="card"
      noValidate
      aria-labelledby="vip-rate"
      onSubmit={(e) => {
        e.preventDefault();
        void saveVipRate(value);
      }}
    >
      <h2 id="vip-rate">{t('ranks.rate')}</h2>
      <Field label={t('ranks.rateLabel')} inputMode="numeric" value={value} onChange={(e) => setValue(e.target.value)} errors={errors.vip_points_per_100} />
      <button className="button button--primary" type="submit">
        {t('ranks.saveRate')}
      </button>
    </form>
  );
}

/** The VIP ranks (marketing): names, how much wagering reaches each, the VIP points it gives, and how many points R$ 100 wagered earns; below, who reached which rank. */
export function Ranks() {
  const state = useStore($ranks);
  useEffect(() => void loadRanks(), []);
  return (
    <>
      <h1>{t('screens.ranks')}</h1>
      <Outcome />
      <LoadState state={state} />
      {state.data && (
        <>
          <RankTable key={JSON.stringify(state.data.ranks)} stored={state.data.ranks} />
          <VipRate key={state.data.vip_points_per_100} rate={state.data.vip_points_per_100} />
        </>
      )}
      <RanksReached />
    </>
  );
}
