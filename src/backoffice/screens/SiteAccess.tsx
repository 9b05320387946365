import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import type { SiteConfig } from '../../contract/site-config.ts';
import { ColorField } from '../components/ColorField.tsx';
import { Field } from '../components/Field.tsx';
import { t } from '../i18n.ts';
import { $fieldErrors } from '../stores/resource.ts';
import { saveSiteDetails } from '../stores/site.ts';
import { ACCESS_SWITCHES, type AccessDraft, accessDraftOf, accessPatchOf, ADDRESS_TEXTS, INTEGRATION_TEXTS, SPINE_COLOURS } from '../stores/site-access.ts';

/** Sign-up and sign-in rules, third parties' identifiers, the sportsbook (BetBy) and the boxes' spine colours, validated whole by the platform. */
export function SiteAccess({ config }: { config: SiteConfig }) {
  const errors = useStore($fieldErrors);
  const [d, setD] = useState<AccessDraft>(() => accessDraftOf(config));
  const refusedAt = (field: string) => Object.keys(errors).some((key) => key === field || key.startsWith(`${field}.`));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void saveSiteDetails(accessPatchOf(config, d));
  };
  return (
    <form className="card" onSubmit={onSubmit} noValidate aria-labelledby="site-access">
      <h2 id="site-access">{t('site.access.title')}</h2>
      <fieldset>
        <legend>{t('site.access.signIn')}</legend>
        {ACCESS_SWITCHES.map((k) => (
          <div className="field field--check" key={k}>
            <input id={`access-${k}`} type="checkbox" checked={d.access[k]} onChange={(e) => setD({ ...d, access: { ...d.access, [k]: e.target.checked } })} />
            <label htmlFor={`access-${k}`}>{t(`site.access.${k}`)}</label>
          </div>
        ))}
      </fieldset>
      <fieldset>
        <legend>{t('site.access.integrations')}</legend>
        <p className="muted">{t('site.access.integrationsIntro')}</p>
        <div className="grid">
          {INTEGRATION_TEXTS.map((k) => (
            <Field
              key={k}
              label={t(`site.access.${k}`)}
              value={d.integrations[k]}
              inputMode={ADDRESS_TEXTS.has(k) ? 'url' : undefined}
              spellCheck={false}
              autoCapitalize="off"
              onChange={(e) => setD({ ...d, integrations: { ...d.integrations, [k]: e.target.value } })}
              errors={refusedAt(k) ? [t(ADDRESS_TEXTS.has(k) ? 'site.access.errors.address' : `site.access.errors.${k}`)] : undefined}
            />
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>{t('site.access.betby')}</legend>
        <div className="field field--check">
          <input id="betby-active" type="checkbox" checked={d.betby.active} onChange={(e) => setD({ ...d, betby: { ...d.betby, active: e.target.checked } })} />
          <label htmlFor="betby-active">{t('site.access.betbyActive')}</label>
        </div>
        <div className="grid">
          <Field
            label={t('site.access.betbyBrand')}
            value={d.betby.brand_id}
            spellCheck={false}
            onChange={(e) => setD({ ...d, betby: { ...d.betby, brand_id: e.target.value } })}
            errors={refusedAt('betby.brand_id') ? [t('site.access.errors.betby')] : undefined}
          />
          <Field
            label={t('site.access.betbyTheme')}
            value={d.betby.theme_name}
            spellCheck={false}
            onChange={(e) => setD({ ...d, betby: { ...d.betby, theme_name: e.target.value } })}
            errors={refusedAt('betby.theme_name') ? [t('site.access.errors.betby')] : undefined}
          />
        </div>
      </fieldset>
      <fieldset>
        <legend>{t('site.access.spineBox')}</legend>
        <div className="grid grid--colors">
          {SPINE_COLOURS.map((colour) => (
            <ColorField
              key={colour}
              id={`spine-${colour}`}
              label={t(`site.access.spine.${colour}`)}
              value={d.spineBox[colour]}
              onChange={(hex) => setD({ ...d, spineBox: { ...d.spineBox, [colour]: hex } })}
              error={refusedAt(`spineBox.${colour}`) ? t('site.errors.color') : undefined}
            />
          ))}
        </div>
      </fieldset>
      <button className="button button--primary" type="submit">
        {t('site.access.save')}
      </button>
    </form>
  );
}
