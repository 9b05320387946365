import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import type { HouseGame } from '../../contract/casino.ts';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { localePath } from '../../i18n/locales.ts';
import { formatPercentBps } from '../../lib/house/format.ts';
import { FAIRNESS_PATH } from '../../lib/house/query.ts';
import { houseRtp } from '../../lib/house/terms.ts';
import {
  $clientSeedIssue,
  $clientSeedText,
  $fairness,
  $fairnessBusy,
  $revealed,
  loadFairness,
  rotateSeed,
  saveClientSeed,
  setClientSeedText,
} from '../../stores/house-fairness.ts';
import { messageText } from '../auth/use-translator.ts';

/** The seed pair before play (server seed hash, client seed, nonce), seed changes, the revealed seed and the RTP. */
export function FairnessPanel({ t, locale, game }: { t: TFunction; locale: Locale; game: HouseGame }) {
  const view = useStore($fairness);
  const seedText = useStore($clientSeedText);
  const issue = useStore($clientSeedIssue);
  const busy = useStore($fairnessBusy);
  const revealed = useStore($revealed);
  const seedId = useId();
  const issueId = useId();
  return (
    <section className="house-card house-fairness" aria-labelledby="house-fairness-heading">
      <div className="house-card__head">
        <h2 id="house-fairness-heading">{t('house.fairness.heading')}</h2>
        <span className="house-rtp" data-testid="house-rtp">
          {t('house.rtp', { value: formatPercentBps(houseRtp(game), locale) })}
        </span>
      </div>
      {view.status === 'loading' && <p className="house-muted">{t('house.fairness.loading')}</p>}
      {view.status === 'failed' && (
        <p className="house-error">
          {messageText(t, view.message)}{' '}
          <button type="button" className="house-link-button" onClick={() => void loadFairness()}>
            {t('house.fairness.retry')}
          </button>
        </p>
      )}
      {view.status === 'ready' && (
        <>
          <div className="house-field">
            <span className="house-label">{t('house.fairness.hash')}</span>
            <code className="house-hash" data-testid="fairness-hash">
              {view.state.server_seed_hash}
            </code>
            <small className="house-muted">{t('house.fairness.hashHint')}</small>
          </div>
          <form
            className="house-seed-form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void saveClientSeed();
            }}
          >
            <div className="house-field">
              <label htmlFor={seedId}>{t('house.fairness.clientSeed')}</label>
              <div className="house-inline">
                <input
                  id={seedId}
                  data-testid="fairness-client-seed"
                  type="text"
                  maxLength={64}
                  autoComplete="off"
                  spellCheck={false}
                  value={seedText}
                  aria-invalid={issue ? true : undefined}
                  aria-describedby={issue ? issueId : undefined}
                  onChange={(event) => setClientSeedText(event.target.value)}
                />
                <button type="submit" className="house-button house-button--ghost" data-testid="fairness-save" disabled={busy}>
                  {t('house.fairness.save')}
                </button>
              </div>
              {issue && (
                <p id={issueId} className="house-error">
                  {messageText(t, issue)}
                </p>
              )}
            </div>
          </form>
          <p className="house-nonce">
            {t('house.fairness.nonce')}: <strong data-testid="fairness-nonce">{view.state.nonce}</strong>
          </p>
          <div className="house-inline">
            <button type="button" className="house-button house-button--ghost" data-testid="fairness-rotate" disabled={busy} onClick={() => void rotateSeed()}>
              {t('house.fairness.rotate')}
            </button>
            <a className="house-link" href={localePath(locale, FAIRNESS_PATH)} target="_top">
              {t('house.fairness.verifyLink')}
            </a>
          </div>
        </>
      )}
      {revealed && (
        <div className="house-revealed" data-testid="fairness-revealed">
          <span className="house-label">{t('house.fairness.revealed')}</span>
          <code className="house-hash" data-testid="fairness-revealed-seed">
            {revealed.server_seed}
          </code>
          <small className="house-muted">
            {t('house.fairness.revealedHash')}: <code>{revealed.server_seed_hash}</code>
          </small>
          <small className="house-muted">
            {t('house.fairness.revealedClient')}: <code>{revealed.client_seed}</code> · {t('house.fairness.revealedRounds', { count: revealed.rounds })}
          </small>
        </div>
      )}
    </section>
  );
}
