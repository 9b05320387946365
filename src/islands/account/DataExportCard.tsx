import type { TFunction } from 'i18next';
import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { EXPORT_SECTIONS } from '../../contract/account-closure.ts';
import { $dataExport, $exportSection, downloadData } from '../../stores/data-export.ts';
import { FormMessage, SelectField } from '../auth/fields.tsx';

/** "Baixar meus dados" (LGPD): everything as JSON, or one section as CSV. */
export function DataExportCard({ t }: { t: TFunction }) {
  const state = useStore($dataExport);
  const section = useStore($exportSection);
  const headingId = useId();
  const busy = state.status === 'preparing';

  return (
    <section className="account-card" aria-labelledby={headingId} aria-busy={busy}>
      <h2 id={headingId}>{t('account.dataExport.heading')}</h2>
      <p>{t('account.dataExport.intro')}</p>
      <button type="button" className="button button--primary" disabled={busy} onClick={() => void downloadData('json')}>
        {t('account.dataExport.json')}
      </button>
      <SelectField
        t={t}
        label={t('account.dataExport.section')}
        value={section}
        options={EXPORT_SECTIONS.map((s) => ({ value: s, label: t(`account.dataExport.sections.${s}`) }))}
        onValue={(s) => $exportSection.set(s)}
      />
      <button type="button" className="button" disabled={busy} onClick={() => void downloadData('csv')}>
        {t('account.dataExport.csv')}
      </button>
      <p className="field__hint" role="status">
        {state.status === 'preparing' && t('account.dataExport.preparing')}
        {state.status === 'done' && t('account.dataExport.done', { file: state.file })}
      </p>
      {state.status === 'error' && <FormMessage t={t} message={state.message} tone="error" />}
    </section>
  );
}
