import { useState, type FormEvent } from 'react';
import { download } from '../api.ts';
import { Field } from '../components/Field.tsx';
import { Outcome } from '../components/Outcome.tsx';
import { t } from '../i18n.ts';
import { act } from '../stores/resource.ts';

const today = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });

/** Every ledger movement of a period (at most 92 São Paulo days) as CSV, for the accountants and the regulator's reports. */
export function Exports() {
  const [from, setFrom] = useState(daysAgo(30));
  const [to, setTo] = useState(today());
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const query = new URLSearchParams({ from, to }).toString();
    void act(() => download(`/operator/exports/transactions?${query}`, `transactions-${from}-${to}.csv`), t('exports.done'));
  };
  return (
    <>
      <h1>{t('screens.exports')}</h1>
      <Outcome />
      <form className="card" onSubmit={onSubmit} aria-labelledby="export-transactions" noValidate>
        <h2 id="export-transactions">{t('exports.transactions')}</h2>
        <p>{t('exports.intro')}</p>
        <div className="grid">
          <Field label={t('audit.from')} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
          <Field label={t('audit.to')} type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </div>
        <button className="button button--primary" type="submit">
          {t('exports.download')}
        </button>
      </form>
    </>
  );
}
