import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import type { SiteConfig } from '../../contract/site-config.ts';
import { Field } from '../components/Field.tsx';
import { ImageField } from '../components/ImageField.tsx';
import { t } from '../i18n.ts';
import { $fieldErrors } from '../stores/resource.ts';
import { saveSiteDetails } from '../stores/site.ts';
import { fitLogoSizes, IMAGE_KEYS, type ImageKey, type ImagesDraft, imagesDraftOf, imagesPatchOf, LOGO_PLACES } from '../stores/site-images.ts';

/** Where the platform names each image when it refuses one. */
const FIELD_OF: Record<ImageKey, string> = {
  logo: 'images.logo',
  logoMobile: 'images.logoMobile',
  ogImage: 'images.ogImage',
  authBackground: 'images.authBackground',
  favicon: 'icons.favicon',
  appIcon: 'icons.appIcon512',
};

/** The logo, its sizes and the site's other pictures: uploaded or named by path, previewed, saved together. */
export function SiteImages({ config }: { config: SiteConfig }) {
  const errors = useStore($fieldErrors);
  const [d, setD] = useState<ImagesDraft>(() => imagesDraftOf(config));
  const refused = (field: string, text: string) => (Object.keys(errors).some((key) => key === field || key.startsWith(`${field}.`)) ? [text] : undefined);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void saveSiteDetails(imagesPatchOf(config, d));
  };
  return (
    <form className="card" onSubmit={onSubmit} noValidate aria-labelledby="site-images">
      <h2 id="site-images">{t('site.images.title')}</h2>
      <p className="muted">{t('site.images.intro')}</p>
      <div className="grid">
        {IMAGE_KEYS.map((key) => (
          <ImageField
            key={key}
            label={t(`site.images.${key}`)}
            hint={t(`site.images.${key}Hint`)}
            value={d.paths[key]}
            onChange={(path) => setD((draft) => ({ ...draft, paths: { ...draft.paths, [key]: path } }))}
            onUploaded={key === 'logo' ? (file) => setD((draft) => ({ ...draft, sizes: fitLogoSizes(draft.sizes, file) })) : undefined}
            errors={refused(FIELD_OF[key], t('site.images.errors.path'))}
          />
        ))}
      </div>
      <fieldset>
        <legend>{t('site.images.sizes')}</legend>
        <div className="grid">
          {LOGO_PLACES.map((place) =>
            (['width', 'height'] as const).map((side) => (
              <Field
                key={`${place}-${side}`}
                label={t(`site.images.size.${side}`, { place: t(`site.images.place.${place}`) })}
                inputMode="numeric"
                value={d.sizes[place][side]}
                onChange={(e) => setD({ ...d, sizes: { ...d.sizes, [place]: { ...d.sizes[place], [side]: e.target.value } } })}
                errors={refused(`logo.${place}.${side}`, t('site.images.errors.size'))}
              />
            )),
          )}
        </div>
      </fieldset>
      <button className="button button--primary" type="submit">
        {t('site.images.save')}
      </button>
    </form>
  );
}
