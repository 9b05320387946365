import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { LEGAL_SLUGS, type TenantPage } from '../../contract/tenant-bundle.ts';
import { DataTable } from '../components/DataTable.tsx';
import { Field } from '../components/Field.tsx';
import { LoadState } from '../components/LoadState.tsx';
import { Outcome } from '../components/Outcome.tsx';
import { SaveOrCancel, TextArea } from '../components/TextArea.tsx';
import { formatDateTime, t } from '../i18n.ts';
import { $fieldErrors } from '../stores/resource.ts';
import { $pages, loadPages, savePage } from '../stores/pages.ts';

type Draft = Pick<TenantPage, 'kind' | 'slug' | 'locale' | 'title' | 'bodyHtml'>;
const NEW: Draft = { kind: 'custom', slug: '', locale: 'pt', title: '', bodyHtml: '' };

function Editor({ page, onDone }: { page: Draft; onDone: () => void }) {
  const errors = useStore($fieldErrors);
  const [d, setD] = useState<Draft>(page);
  const isNew = page.slug === '';
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (await savePage(d)) onDone();
  };
  return (
    <form className="card" onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="page-editor">
      <h2 id="page-editor">{isNew ? t('pages.new') : t('pages.editing', { title: page.title })}</h2>
      {isNew && (
        <div className="grid">
          <div className="field">
            <label htmlFor="page-kind">{t('pages.kind')}</label>
            <select id="page-kind" value={d.kind} onChange={(e) => setD({ ...d, kind: e.target.value as Draft['kind'] })}>
              <option value="custom">{t('pages.kinds.custom')}</option>
              <option value="legal">{t('pages.kinds.legal')}</option>
            </select>
          </div>
          {d.kind === 'legal' ? (
            <div className="field">
              <label htmlFor="page-slug">{t('pages.slug')}</label>
              <select id="page-slug" value={d.slug} onChange={(e) => setD({ ...d, slug: e.target.value })}>
                <option value="" />
                {LEGAL_SLUGS.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            </div>
          ) : (
            <Field
              label={t('pages.slug')}
              hint={t('pages.slugHint')}
              value={d.slug}
              onChange={(e) => setD({ ...d, slug: e.target.value })}
              errors={errors.slug ? [t('pages.errors.slug')] : undefined}
            />
          )}
          <div className="field">
            <label htmlFor="page-locale">{t('pages.locale')}</label>
            <select id="page-locale" value={d.locale} onChange={(e) => setD({ ...d, locale: e.target.value as Draft['locale'] })}>
              <option value="pt">Português</option>
              <option value="en">English</option>
            </select>
          </div>
        </div>
      )}
      <Field label={t('pages.title')} value={d.title} maxLength={200} onChange={(e) => setD({ ...d, title: e.target.value })} errors={errors.title ? [t('pages.errors.title')] : undefined} />
      <TextArea label={t('pages.body')} hint={t('pages.bodyHint')} rows={16} value={d.bodyHtml} onChange={(text) => setD({ ...d, bodyHtml: text })} />
      <SaveOrCancel save={t('pages.save')} onCancel={onDone} />
    </form>
  );
}

/** The site's legal and custom pages in both languages: edit the title and the HTML (sanitised by the platform); "Site" publishes them. */
export function Pages() {
  const state = useStore($pages);
  const [editing, setEditing] = useState<Draft | null>(null);
  useEffect(() => void loadPages(), []);
  return (
    <>
      <h1>{t('screens.pages')}</h1>
      <Outcome />
      {editing ? (
        <Editor key={`${editing.kind}/${editing.slug}/${editing.locale}`} page={editing} onDone={() => setEditing(null)} />
      ) : (
        <p>
          <button className="button button--primary" type="button" onClick={() => setEditing(NEW)}>
            {t('pages.new')}
          </button>
        </p>
      )}
      <LoadState state={state} />
      {state.data && (
        <DataTable label={t('screens.pages')} caption={t('pages.caption', { count: state.data.length })} columns={[t('pages.title'), t('pages.address'), t('pages.updated'), t('staff.actions')]}>
          {state.data.map((p) => (
            <tr key={`${p.kind}/${p.slug}/${p.locale}`}>
              <th scope="row">{p.title}</th>
              <td>
                <code>{`${p.locale === 'en' ? '/en' : ''}${p.kind === 'custom' ? '/pages' : ''}/${p.slug}`}</code>
              </td>
              <td>{formatDateTime(p.updatedAt)}</td>
              <td>
                <button className="button button--small" type="button" onClick={() => setEditing(p)}>
                  {t('pages.edit', { title: p.title })}
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
