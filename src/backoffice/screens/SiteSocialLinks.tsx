import { useStore } from '@nanostores/react';
import { useRef, useState, type FormEvent } from 'react';
import type { SiteConfig } from '../../contract/site-config.ts';
import { Field } from '../components/Field.tsx';
import { focusSoon } from '../components/focus.ts';
import { t } from '../i18n.ts';
import { moveItem } from '../stores/list-order.ts';
import { $fieldErrors } from '../stores/resource.ts';
import { saveSiteDetails } from '../stores/site.ts';
import { type Network, NETWORKS, nextNetwork, type SocialRow, socialPatchOf, socialProblems, socialRowsOf } from '../stores/site-social.ts';

type KeyedRow = SocialRow & { key: number };

/** The footer's links to the operator's social networks: one per row, in the order shown, each checked to be an https:// address before it is sent. */
export function SiteSocialLinks({ config }: { config: SiteConfig }) {
  const errors = useStore($fieldErrors);
  const nextKey = useRef(0);
  const keyed = (row: SocialRow): KeyedRow => ({ ...row, key: nextKey.current++ });
  const [rows, setRows] = useState<KeyedRow[]>(() => socialRowsOf(config).map(keyed));
  const [checked, setChecked] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const bad = checked ? socialProblems(rows) : new Set<number>();
  const set = (i: number, patch: Partial<SocialRow>) => setRows(rows.map((row, j) => (j === i ? { ...row, ...patch } : row)));
  const refused = (i: number) => (bad.has(i) || Object.keys(errors).some((k) => k.startsWith(`socialLinks.${i}`)) ? [t('site.social.errors.url')] : undefined);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (socialProblems(rows).size > 0) return focusSoon('[aria-invalid="true"]', form);
    void saveSiteDetails(socialPatchOf(config, rows));
  };
  return (
    <form className="card" ref={form} onSubmit={onSubmit} noValidate aria-labelledby="site-social">
      <h2 id="site-social">{t('site.social.title')}</h2>
      {rows.length === 0 && <p className="muted">{t('site.social.none')}</p>}
      {rows.map((row, i) => (
        <fieldset key={row.key} className="social-row">
          <legend>{t('site.social.link', { n: i + 1 })}</legend>
          <div className="grid">
            <div className="field">
              <label htmlFor={`social-network-${row.key}`}>{t('site.social.network')}</label>
              <select id={`social-network-${row.key}`} value={row.network} onChange={(e) => set(i, { network: e.target.value as Network })}>
                {NETWORKS.map((network) => (
                  <option key={network} value={network}>
                    {t(`site.social.networks.${network}`)}
                  </option>
                ))}
              </select>
            </div>
            <Field
              label={t('site.social.url', { n: i + 1 })}
              type="url"
              inputMode="url"
              spellCheck={false}
              placeholder="https://"
              value={row.url}
              onChange={(e) => set(i, { url: e.target.value })}
              errors={refused(i)}
            />
          </div>
          <div className="actions">
            <button className="button button--small" type="button" disabled={i === 0} onClick={() => setRows(moveItem(rows, i, -1))}>
              {t('site.social.up', { n: i + 1 })}
            </button>
            <button className="button button--small" type="button" disabled={i === rows.length - 1} onClick={() => setRows(moveItem(rows, i, 1))}>
              {t('site.social.down', { n: i + 1 })}
            </button>
            <button className="button button--small" type="button" onClick={() => setRows(rows.filter((_, j) => j !== i))}>
              {t('site.social.remove', { n: i + 1 })}
            </button>
          </div>
        </fieldset>
      ))}
      <div className="actions">
        <button className="button" type="button" onClick={() => setRows([...rows, keyed({ network: nextNetwork(rows), url: '' })])}>
          {t('site.social.add')}
        </button>
        <button className="button button--primary" type="submit">
          {t('site.social.save')}
        </button>
      </div>
    </form>
  );
}
