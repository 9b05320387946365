import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import type { SiteConfig } from '../../contract/site-config.ts';
import { Field } from '../components/Field.tsx';
import { t } from '../i18n.ts';
import { $fieldErrors } from '../stores/resource.ts';
import { saveSiteDetails } from '../stores/site.ts';
import { type DetailsDraft, draftOf, MONEY, patchOf, SWITCHES, TEXTS } from '../stores/site-details.ts';

/** The operator's identity, limits and features, validated whole by the platform (a field it refuses is named, nothing is saved). */
export function SiteDetails({ config }: { config: SiteConfig }) {
  const errors = useStore($fieldErrors);
  const [d, setD] = useState<DetailsDraft>(() => draftOf(config));
  const refused = (key: string) => (Object.keys(errors).some((field) => field === key || field.startsWith(`${key}.`)) ? [t(`site.details.errors.${key}`)] : undefined);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void saveSiteDetails(patchOf(config, d));
  };
  return (
    <form className="card" onSubmit={onSubmit} noValidate aria-labelledby="site-details">
      <h2 id="site-details">{t('site.details.title')}</h2>
      <div className="grid">
        <Field
          label={t('site.details.descriptionPt')}
          lang="pt-BR"
          value={d.description.pt}
          onChange={(e) => setD({ ...d, description: { ...d.description, pt: e.target.value } })}
          errors={refused('siteDescription')}
        />
        <Field label={t('site.details.descriptionEn')} lang="en-US" value={d.description.en} onChange={(e) => setD({ ...d, description: { ...d.description, en: e.target.value } })} />
        {TEXTS.map((k) => (
          <Field key={k} label={t(`site.details.${k}`)} value={d.texts[k]} onChange={(e) => setD({ ...d, texts: { ...d.texts, [k]: e.target.value } })} errors={refused(k)} />
        ))}
        {MONEY.map((k) => (
          <Field key={k} label={t(`site.details.${k}`)} inputMode="decimal" value={d.money[k]} onChange={(e) => setD({ ...d, money: { ...d.money, [k]: e.target.value } })} errors={refused(k)} />
        ))}
      </div>
      <fieldset>
        <legend>{t('site.details.features')}</legend>
        {SWITCHES.map((k) => (
          <div className="field field--check" key={k}>
            <input id={`switch-${k}`} type="checkbox" checked={d.switches[k]} onChange={(e) => setD({ ...d, switches: { ...d.switches, [k]: e.target.checked } })} />
            <label htmlFor={`switch-${k}`}>{t(`site.details.${k}`)}</label>
          </div>
        ))}
      </fieldset>
      <button className="button button--primary" type="submit">
        {t('site.details.save')}
      </button>
    </form>
  );
}
