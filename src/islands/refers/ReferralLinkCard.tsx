import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { useId, useRef } from 'react';
import { $referralCopy, copyReferralLink, markReferralCopied, shareReferralLink, shareTargets } from '../../stores/referrals.ts';

/**
 * The link, "Copiar link" (clipboard, else the old copy command on the
 * selected link, else the link left selected with a hint), the system share
 * sheet where the browser has one, and share links that need no script.
 */
export function ReferralLinkCard({ t, link, code, brand }: { t: TFunction; link: string; code: string; brand: string }) {
  const copy = useStore($referralCopy);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const text = t('refer.shareText', { brand });
  const targets = shareTargets(link, text, t('refer.shareSubject', { brand }));
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const onCopy = async () => {
    if (await copyReferralLink(link)) return;
    const field = input.current;
    if (!field) return;
    field.focus();
    field.select();
    // Pages without the async clipboard (plain http, old browsers) still have the copy command.
    if (document.execCommand?.('copy')) markReferralCopied();
  };

  return (
    <section className="account-card refers__link" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('refer.linkTitle')}</h2>
      <label htmlFor={`${id}-link`}>{t('refer.linkLabel')}</label>
      <div className="refers__copy-row">
        <input ref={input} id={`${id}-link`} className="refers__link-field" type="text" value={link} readOnly onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="button button--primary" onClick={() => void onCopy()}>
          {t('refer.copy')}
        </button>
        {/* Beside the button, not a line of its own: the card keeps no empty reserved line under the link. */}
        <p className="refers__copy-status" role="status" aria-live="polite">
          {copy === 'copied' ? t('refer.copied') : copy === 'failed' ? t('refer.copyFailed') : ''}
        </p>
      </div>
      <p className="refers__code">{t('refer.code', { code })}</p>
      <div className="refers__share">
        <h3>{t('refer.shareTitle')}</h3>
        <ul className="refers__share-list">
          {canShare && (
            <li>
              <button type="button" className="button" onClick={() => void shareReferralLink({ url: link, text, title: brand })}>
                {t('refer.shareNative')}
              </button>
            </li>
          )}
          {(['whatsapp', 'telegram', 'x', 'email'] as const).map((target) => (
            <li key={target}>
              <a className="button" href={targets[target]} target={target === 'email' ? undefined : '_blank'} rel="noopener noreferrer">
                {t(`refer.targets.${target}`)}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
