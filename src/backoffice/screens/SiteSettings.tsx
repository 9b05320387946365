import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import type { SiteConfig } from '../../contract/site-config.ts';
import { ColorField } from '../components/ColorField.tsx';
import { Field } from '../components/Field.tsx';
import { LoadState } from '../components/LoadState.tsx';
import { Outcome } from '../components/Outcome.tsx';
import { SiteAccess } from './SiteAccess.tsx';
import { SiteDetails } from './SiteDetails.tsx';
import { SiteImages } from './SiteImages.tsx';
import { SiteSocialLinks } from './SiteSocialLinks.tsx';
import { SiteUploads } from './SiteUploads.tsx';
import { t } from '../i18n.ts';
import { $fieldErrors } from '../stores/resource.ts';
import { $build, $siteConfig, loadSiteConfig, rebuildSite, saveSiteSettings } from '../stores/site.ts';

type Colors = SiteConfig['colors'];
const COLOR_KEYS: readonly (keyof Colors)[] = ['primary', 'secondary', 'background', 'surface', 'text', 'textMuted', 'accent', 'success', 'danger'];

function SettingsForm({ config }: { config: SiteConfig }) {
  const errors = useStore($fieldErrors);
  const [title, setTitle] = useState(config.siteTitle);
  const [colors, setColors] = useState<Colors>(config.colors);
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    await saveSiteSettings({ siteTitle: title, colors });
    setBusy(false);
  };
  return (
    <form className="card" onSubmit={(e) => void onSubmit(e)} aria-labelledby="site-settings" noValidate>
      <h2 id="site-settings">{t('site.identity')}</h2>
      <Field label={t('site.title')} value={title} maxLength={80} onChange={(e) => setTitle(e.target.value)} errors={errors.siteTitle ? [t('site.errors.title')] : undefined} required />
      <fieldset>
        <legend>{t('site.colors')}</legend>
        <div className="grid grid--colors">
          {COLOR_KEYS.map((key) => (
            <ColorField
              key={key}
              id={`color-${key}`}
              label={t(`site.color.${key}`)}
              value={colors[key]}
              onChange={(hex) => setColors({ ...colors, [key]: hex })}
              error={errors[`colors.${key}`] ? t('site.errors.color') : undefined}
            />
          ))}
        </div>
      </fieldset>
      <button className="button button--primary" type="submit" disabled={busy}>
        {t('site.save')}
      </button>
    </form>
  );
}

function Rebuild() {
  const build = useStore($build);
  const running = build.status === 'queued' || build.status === 'building';
  return (
    <section className="card" aria-labelledby="rebuild">
      <h2 id="rebuild">{t('site.rebuildTitle')}</h2>
      <p>{t('site.rebuildIntro')}</p>
      <button className="button button--primary" type="button" disabled={running} onClick={() => void rebuildSite()}>
        {t('site.rebuild')}
      </button>
      <div aria-live="polite" className="build-state">
        {build.status !== 'idle' && (
          <p className={build.status === 'failed' ? 'message message--error' : build.status === 'succeeded' ? 'message message--ok' : 'message message--info'} data-build={build.status}>
            {running && <span className="spinner" aria-hidden="true" />}
            {t(`site.build.${build.status}`)}
            {build.status === 'failed' && build.error ? `: ${build.error}` : ''}
          </p>
        )}
      </div>
    </section>
  );
}

/** The site's name and colours (validated whole by the platform), and the rebuild that publishes them, with its progress. */
export function SiteSettings() {
  const state = useStore($siteConfig);
  useEffect(() => void loadSiteConfig(), []);
  return (
    <>
      <h1>{t('screens.site')}</h1>
      <Outcome />
      <LoadState state={state} />
      {state.data && <SettingsForm key={JSON.stringify(state.data.config.colors) + state.data.config.siteTitle} config={state.data.config} />}
      {state.data && <SiteImages key={JSON.stringify([state.data.config.images, state.data.config.icons, state.data.config.logo])} config={state.data.config} />}
      {state.data && <SiteUploads />}
      {state.data && <SiteDetails key={JSON.stringify(state.data.config)} config={state.data.config} />}
      {state.data && <SiteAccess key={JSON.stringify(state.data.config)} config={state.data.config} />}
      {state.data && <SiteSocialLinks key={JSON.stringify(state.data.config.socialLinks)} config={state.data.config} />}
      <Rebuild />
    </>
  );
}
