import { useState, type FormEvent } from 'react';
import { download } from '../api.ts';
import { Field } from '../components/Field.tsx';
import { Outcome } from '../components/Outcome.tsx';
import { t } from '../i18n.ts';
import { act } from '../stores/resource.ts';

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
const ROUND_KINDS = ['house', 'casino', 'sports'] as const;

/** Every wallet movement, or every bet of one product, of a period (at most 92 São Paulo days) as CSV, for the accountants and the regulator's reports. */
export function Exports() {
  const [from, setFrom] = useState(day(30));
  const [to, setTo] = useState(day(0));
  const [kind, setKind] = useState<(typeof ROUND_KINDS)[number]>('house');
  const get = (what: 'transactions' | 'rounds') => (event: FormEvent) => {
    event.preventDefault();
    const query = new URLSearchParams({ from, to, ...(what === 'rounds' ? { kind } : {}) }).toString();
    const name = what === 'rounds' ? `rounds-${kind}-${from}-${to}.csv` : `transactions-${from}-${to}.csv`;
    void act(() => download(`/operator/exports/${what}?${query}`, name), t('exports.done'));
  };
  return (
    <>
      <h1>{t('screens.exports')}</h1>
      <Outcome />
      <div className="card">
        <h2>{t('exports.period')}</h2>
        <div className="grid">
          <Field label={t('audit.from')} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
          <Field label={t('audit.to')} type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </div>
      </div>
      <form className="card" onSubmit={get('transactions')} aria-labelledby="export-transactions" noValidate>
        <h2 id="export-transactions">{t('exports.transactions')}</h2>
        <p>{t('exports.intro')}</p>
        <button className="button button--primary" type="submit">
          {t('exports.download')}
        </button>
      </form>
      <form className="card" onSubmit={get('rounds')} aria-labelledby="export-rounds" noValidate>
        <h2 id="export-rounds">{t('exports.rounds')}</h2>
        <p>{t('exports.roundsIntro')}</p>
        <div className="field">
          <label htmlFor="export-kind">{t('players.product')}</label>
          <select id="export-kind" value={kind} onChange={(e) => setKind(e.target.value as typeof kind)}>
            {ROUND_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`players.products.${k}`)}
              </option>
            ))}
          </select>
        </div>
        <button className="button button--primary" type="submit">
          {t('exports.downloadRounds')}
        </button>
      </form>
    </>
  );
}
