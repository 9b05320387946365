import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { Field } from '../components/Field.tsx';
import { ImageField } from '../components/ImageField.tsx';
import { LoadState } from '../components/LoadState.tsx';
import { Outcome } from '../components/Outcome.tsx';
import { t } from '../i18n.ts';
import { type Banner, moveBanner, newBannerId, saveBanners } from '../stores/banners.ts';
import { $fieldErrors } from '../stores/resource.ts';
import { $siteConfig, loadSiteConfig } from '../stores/site.ts';

function BannerList({ stored }: { stored: Banner[] }) {
  const errors = useStore($fieldErrors);
  const [list, setList] = useState<Banner[]>(stored);
  // Functional: an upload's answer arrives later and must not undo what was typed meanwhile.
  const set = (i: number, patch: Partial<Banner>) => setList((current) => current.map((b, j) => (j === i ? { ...b, ...patch } : b)));
  const refused = (i: number, field: string) => (Object.keys(errors).some((k) => k === `banners.${i}.${field}` || k.startsWith(`banners.${i}.${field}.`)) ? [t(`banners.errors.${field}`)] : undefined);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void saveBanners(list);
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('screens.banners')}>
      {list.length === 0 && <p className="muted">{t('banners.none')}</p>}
      {list.map((b, i) => (
        <fieldset key={b.id} className="card" data-banner={b.id}>
          <legend>{t('banners.banner', { n: i + 1 })}</legend>
          <div className="grid">
            <ImageField label={t('banners.imageOf', { n: i + 1 })} hint={t('banners.imageHint')} value={b.image} onChange={(image) => set(i, { image })} errors={refused(i, 'image')} />
            <ImageField label={t('banners.imageMobileOf', { n: i + 1 })} value={b.imageMobile ?? ''} onChange={(imageMobile) => set(i, { imageMobile })} errors={refused(i, 'imageMobile')} />
            <Field label={t('banners.altPt')} lang="pt-BR" value={b.alt.pt} onChange={(e) => set(i, { alt: { ...b.alt, pt: e.target.value } })} errors={refused(i, 'alt')} />
            <Field label={t('banners.altEn')} lang="en-US" value={b.alt.en} onChange={(e) => set(i, { alt: { ...b.alt, en: e.target.value } })} />
            <Field label={t('banners.link')} hint={t('banners.linkHint')} value={b.link ?? ''} onChange={(e) => set(i, { link: e.target.value })} errors={refused(i, 'link')} />
          </div>
          <div className="actions">
            <button className="button button--small" type="button" disabled={i === 0} onClick={() => setList(moveBanner(list, i, -1))}>
              {t('banners.up', { n: i + 1 })}
            </button>
            <button className="button button--small" type="button" disabled={i === list.length - 1} onClick={() => setList(moveBanner(list, i, 1))}>
              {t('banners.down', { n: i + 1 })}
            </button>
            <button className="button button--small" type="button" onClick={() => setList(list.filter((_, j) => j !== i))}>
              {t('banners.remove', { n: i + 1 })}
            </button>
          </div>
        </fieldset>
      ))}
      <div className="actions">
        <button className="button" type="button" onClick={() => setList([...list, { id: newBannerId(list), image: '', alt: { pt: '', en: '' } }])}>
          {t('banners.add')}
        </button>
        <button className="button button--primary" type="submit">
          {t('banners.save')}
        </button>
      </div>
    </form>
  );
}

/** The home page's banners (admin): image (and a phone version), text for screen readers in both languages, link, order. */
export function Banners() {
  const state = useStore($siteConfig);
  useEffect(() => void loadSiteConfig(), []);
  return (
    <>
      <h1>{t('screens.banners')}</h1>
      <p className="muted">{t('banners.intro')}</p>
      <Outcome />
      <LoadState state={state} />
      {state.data && <BannerList key={JSON.stringify(state.data.config.banners)} stored={state.data.config.banners} />}
    </>
  );
}
