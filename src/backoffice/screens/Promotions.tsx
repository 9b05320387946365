import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { DataTable } from '../components/DataTable.tsx';
import { Field } from '../components/Field.tsx';
import { LoadState } from '../components/LoadState.tsx';
import { Outcome } from '../components/Outcome.tsx';
import { SaveOrCancel, TextArea } from '../components/TextArea.tsx';
import { $locale, formatDateTime, t } from '../i18n.ts';
import { $promotions, draftOfPromotion, loadPromotions, type OperatorPromotion, type PromotionDraft, savePromotion, setPromotionActive } from '../stores/promotions.ts';
import { $fieldErrors } from '../stores/resource.ts';

function Editor({ promotion, onDone }: { promotion: OperatorPromotion | null; onDone: () => void }) {
  const errors = useStore($fieldErrors);
  const [d, setD] = useState<PromotionDraft>(() => draftOfPromotion(promotion));
  const said = (...fields: string[]) => {
    const found = fields.flatMap((f) => errors[f] ?? []);
    return found.length ? found : undefined;
  };
  const both = (key: 'title' | 'summary' | 'body', lang: 'pt' | 'en', text: string) => setD({ ...d, [key]: { ...d[key], [lang]: text } });
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (await savePromotion(d, promotion?.image ?? null)) onDone();
  };
  return (
    <form className="card" onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="promotion-editor">
      <h2 id="promotion-editor">{promotion ? t('promotions.editing', { title: promotion.title.pt }) : t('promotions.new')}</h2>
      <div className="grid">
        {!promotion && <Field label={t('promotions.slug')} hint={t('pages.slugHint')} value={d.slug} onChange={(e) => setD({ ...d, slug: e.target.value })} errors={said('slug')} />}
        <Field label={t('promotions.titlePt')} lang="pt-BR" value={d.title.pt} onChange={(e) => both('title', 'pt', e.target.value)} errors={said('title', 'title.pt')} />
        <Field label={t('promotions.titleEn')} lang="en-US" value={d.title.en} onChange={(e) => both('title', 'en', e.target.value)} errors={said('title.en')} />
        <Field label={t('promotions.summaryPt')} lang="pt-BR" value={d.summary.pt} onChange={(e) => both('summary', 'pt', e.target.value)} errors={said('summary', 'summary.pt')} />
        <Field label={t('promotions.summaryEn')} lang="en-US" value={d.summary.en} onChange={(e) => both('summary', 'en', e.target.value)} errors={said('summary.en')} />
        <Field label={t('promotions.coupon')} value={d.couponCode} onChange={(e) => setD({ ...d, couponCode: e.target.value })} errors={said('couponCode')} />
        <Field label={t('promotions.startsOn')} type="date" value={d.startsOn} onChange={(e) => setD({ ...d, startsOn: e.target.value })} errors={said('startsAt')} />
        <Field label={t('promotions.endsOn')} type="date" value={d.endsOn} onChange={(e) => setD({ ...d, endsOn: e.target.value })} errors={said('endsAt')} />
        <Field label={t('promotions.sort')} hint={t('promotions.sortHint')} inputMode="numeric" value={d.sort} onChange={(e) => setD({ ...d, sort: e.target.value })} errors={said('sort')} />
      </div>
      <TextArea label={t('promotions.bodyPt')} value={d.body.pt} onChange={(text) => both('body', 'pt', text)} errors={said('body', 'body.pt')} />
      <TextArea label={t('promotions.bodyEn')} value={d.body.en} onChange={(text) => both('body', 'en', text)} errors={said('body.en')} />
      <div className="field field--check">
        <input id="promotion-active" type="checkbox" checked={d.active} onChange={(e) => setD({ ...d, active: e.target.checked })} />
        <label htmlFor="promotion-active">{t('promotions.active')}</label>
      </div>
      <SaveOrCancel save={t('promotions.save')} onCancel={onDone} />
    </form>
  );
}

/** Promotions (marketing): what the site shows on /promotions, on or off, with their window; published by the next rebuild. */
export function Promotions() {
  const state = useStore($promotions);
  const locale = useStore($locale);
  const [editing, setEditing] = useState<OperatorPromotion | 'new' | null>(null);
  useEffect(() => void loadPromotions(), []);
  const text = (p: OperatorPromotion) => (locale === 'pt-BR' ? p.title.pt : p.title.en);
  return (
    <>
      <h1>{t('screens.promotions')}</h1>
      <Outcome />
      {editing ? (
        <Editor key={editing === 'new' ? 'new' : editing.slug} promotion={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
      ) : (
        <p>
          <button className="button button--primary" type="button" onClick={() => setEditing('new')}>
            {t('promotions.new')}
          </button>
        </p>
      )}
      <p className="muted">{t('promotions.publish')}</p>
      <LoadState state={state} />
      {state.data && state.data.length === 0 && <p className="muted">{t('promotions.none')}</p>}
      {state.data && state.data.length > 0 && (
        <DataTable
          label={t('screens.promotions')}
          caption={t('promotions.caption', { count: state.data.length })}
          columns={[t('promotions.title'), t('promotions.window'), t('promotions.coupon'), t('staff.state'), t('staff.actions')]}
        >
          {state.data.map((p) => (
            <tr key={p.slug} data-promotion={p.slug}>
              <th scope="row">
                {text(p)}
                <br />
                <code className="muted">/promotion/{p.slug}</code>
              </th>
              <td>
                {p.startsAt ? formatDateTime(p.startsAt) : '—'} → {p.endsAt ? formatDateTime(p.endsAt) : '—'}
              </td>
              <td>{p.couponCode ?? '—'}</td>
              <td>{p.live ? t('promotions.live') : p.active ? t('promotions.outsideWindow') : t('coupons.off')}</td>
              <td>
                <div className="actions">
                  <button className="button button--small" type="button" onClick={() => setEditing(p)}>
                    {t('pages.edit', { title: text(p) })}
                  </button>
                  <button className="button button--small" type="button" onClick={() => void setPromotionActive(p, !p.active)}>
                    {p.active ? t('coupons.deactivate', { code: text(p) }) : t('coupons.activate', { code: text(p) })}
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
