import { useStore } from '@nanostores/react';
import { useId, useState, type FormEvent } from 'react';
import { Outcome } from '../components/Outcome.tsx';
import { t } from '../i18n.ts';
import { $import, importCatalogue } from '../stores/catalogue.ts';

/** The casino catalogue from the aggregator's file (CSV or JSON lines): every bad line is reported by number and nothing is imported until the file is clean. */
export function Catalogue() {
  const state = useStore($import);
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [replace, setReplace] = useState(false);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (file) void importCatalogue(file, replace);
  };
  return (
    <>
      <h1>{t('screens.catalogue')}</h1>
      <Outcome />
      <form className="card" onSubmit={onSubmit} aria-labelledby="catalogue-import">
        <h2 id="catalogue-import">{t('catalogue.import')}</h2>
        <p>{t('catalogue.intro')}</p>
        <div className="field">
          <label htmlFor={fileId}>{t('catalogue.file')}</label>
          <input id={fileId} type="file" accept=".csv,.json,.jsonl,text/csv,application/json" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </div>
        <div className="field field--check">
          <input id="catalogue-replace" type="checkbox" checked={replace} onChange={(e) => setReplace(e.target.checked)} />
          <label htmlFor="catalogue-replace">{t('catalogue.replace')}</label>
        </div>
        <button className="button button--primary" type="submit" disabled={!file || state.kind === 'importing'}>
          {state.kind === 'importing' ? t('catalogue.importing') : t('catalogue.send')}
        </button>
      </form>
      <div aria-live="polite">
        {state.kind === 'done' && (
          <dl className="figures" data-testid="import-summary">
            {(['games', 'created', 'updated', 'providers', 'deactivated'] as const).map((k) => (
              <div className="figure" key={k}>
                <dt>{t(`catalogue.summary.${k}`)}</dt>
                <dd>{state.summary[k]}</dd>
              </div>
            ))}
          </dl>
        )}
        {state.kind === 'refused' && (
          <div className="message message--error" role="alert">
            <p>{state.message}</p>
            {state.lines.length > 0 && (
              <ul className="error-lines">
                {state.lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
      <p className="muted">{t('catalogue.publish')}</p>
    </>
  );
}
