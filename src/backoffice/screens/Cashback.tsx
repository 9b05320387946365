import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { Field } from '../components/Field.tsx';
import { LoadState } from '../components/LoadState.tsx';
import { Outcome } from '../components/Outcome.tsx';
import { t } from '../i18n.ts';
import { $cashback, type CashbackDraft, type CashbackSettingsView, loadCashback, saveCashback } from '../stores/cashback.ts';
import { $fieldErrors } from '../stores/resource.ts';
import { CashbackHistory } from './CashbackHistory.tsx';

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6];
const HOURS = Array.from({ length: 24 }, (_, h) => h);

function Settings({ stored }: { stored: CashbackSettingsView }) {
  const errors = useStore($fieldErrors);
  const [d, setD] = useState<CashbackDraft>({
    cashback: stored.cashback,
    percentage: String(stored.cashback_percentage).replace('.', ','),
    day: stored.cashback_release_day,
    hour: stored.cashback_release_hour,
    conversion: String(stored.cashback_conversion_percentage).replace('.', ','),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void saveCashback(stored, d);
  };
  return (
    <form className="card" onSubmit={onSubmit} noValidate aria-labelledby="cashback-settings">
      <h2 id="cashback-settings">{t('cashback.settings')}</h2>
      {stored.is_regulated && <p className="message message--info">{t('cashback.regulated')}</p>}
      <div className="field field--check">
        <input id="cashback-on" type="checkbox" checked={d.cashback} onChange={(e) => setD({ ...d, cashback: e.target.checked })} />
        <label htmlFor="cashback-on">{t('cashback.active')}</label>
      </div>
      <div className="grid">
        <Field
          label={t('cashback.percentage')}
          inputMode="decimal"
          value={d.percentage}
          onChange={(e) => setD({ ...d, percentage: e.target.value })}
          errors={errors.cashback_percentage ? [t('cashback.errors.percentage')] : undefined}
        />
        <Field
          label={t('cashback.conversion')}
          hint={t('cashback.conversionHint')}
          inputMode="decimal"
          value={d.conversion}
          onChange={(e) => setD({ ...d, conversion: e.target.value })}
          errors={errors.cashback_conversion_percentage ? [t('cashback.errors.percentage')] : undefined}
        />
        <div className="field">
          <label htmlFor="cashback-day">{t('cashback.day')}</label>
          <select id="cashback-day" value={d.day} onChange={(e) => setD({ ...d, day: Number(e.target.value) })}>
            {WEEKDAYS.map((day) => (
              <option key={day} value={day}>
                {t(`cashback.weekdays.${day}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="cashback-hour">{t('cashback.hour')}</label>
          <select id="cashback-hour" value={d.hour} onChange={(e) => setD({ ...d, hour: Number(e.target.value) })}>
            {HOURS.map((h) => (
              <option key={h} value={h}>
                {`${String(h).padStart(2, '0')}:00`}
              </option>
            ))}
          </select>
        </div>
      </div>
      <button className="button button--primary" type="submit">
        {t('cashback.save')}
      </button>
    </form>
  );
}

/** Weekly cashback (marketing): on or off, the share of net losses returned, when it is released, and how much of it can be withdrawn; below, the history of runs, items and claims. */
export function Cashback() {
  const state = useStore($cashback);
  useEffect(() => void loadCashback(), []);
  return (
    <>
      <h1>{t('screens.cashback')}</h1>
      <Outcome />
      <LoadState state={state} />
      {state.data && <Settings key={JSON.stringify(state.data)} stored={state.data} />}
      <CashbackHistory />
    </>
  );
}
