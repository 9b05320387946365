import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { useEffect, useId } from 'react';
import { HOUSE_GAMES, type HouseGame, type PlinkoParams } from '../../contract/casino.ts';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { localePath } from '../../i18n/locales.ts';
import { formatMultiplier, outcomeText } from '../../lib/house/format.ts';
import { readRoundQuery } from '../../lib/house/query.ts';
import {
  $storedRound,
  $verify,
  $verifyIssues,
  $verifyValues,
  loadRoundForVerify,
  revealAndReload,
  setVerifyValue,
  type VerifyValues,
  verify,
} from '../../stores/house-verify.ts';
import { messageText, useTranslator } from '../auth/use-translator.ts';
import { VerifyReportView } from './VerifyReport.tsx';
import './house.css';

function TextField({ t, name, label, testId }: { t: TFunction; name: 'server_seed' | 'client_seed' | 'nonce' | 'server_seed_hash' | 'target'; label: string; testId: string }) {
  const values = useStore($verifyValues);
  const issues = useStore($verifyIssues);
  const id = useId();
  const issue = issues[name];
  return (
    <div className="house-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        data-testid={testId}
        type="text"
        inputMode={name === 'nonce' || name === 'target' ? 'decimal' : undefined}
        autoComplete="off"
        spellCheck={false}
        value={values[name]}
        aria-invalid={issue ? true : undefined}
        onChange={(event) => setVerifyValue(name, event.target.value)}
      />
      {issue && <p className="house-error">{messageText(t, issue)}</p>}
    </div>
  );
}

function Select<K extends 'game' | 'direction' | 'rows' | 'risk'>({ name, label, options, parse }: { name: K; label: string; options: [VerifyValues[K], string][]; parse: (raw: string) => VerifyValues[K] }) {
  const values = useStore($verifyValues);
  const id = useId();
  return (
    <div className="house-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} data-testid={`verify-${name}`} value={String(values[name])} onChange={(event) => setVerifyValue(name, parse(event.target.value))}>
        {options.map(([value, text]) => (
          <option key={String(value)} value={String(value)}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The verification form (`/casino/fairness`, `?round=ID` prefills it from the player's round). */
export function VerifyApp({ locale }: { locale: Locale }) {
  const t = useTranslator(locale);
  const values = useStore($verifyValues);
  const stored = useStore($storedRound);
  const state = useStore($verify);

  useEffect(() => {
    const id = readRoundQuery(location.search);
    if (id !== null) void loadRoundForVerify(id);
  }, []);

  if (!t) return <div className="house-app house-app--loading" aria-busy="true" />;
  const checking = state.status === 'checking';
  const round = stored.status === 'ready' || stored.status === 'unrevealed' ? stored.round : null;
  return (
    <div className="house-app house-verify">
      {stored.status === 'loading' && <p className="house-muted">{t('house.verify.roundLoading', { id: stored.id })}</p>}
      {stored.status === 'failed' && <p className="house-error">{messageText(t, stored.message)}</p>}
      {round && (
        <p className="house-round-summary">
          <strong>{t('house.verify.roundLabel', { id: round.id })}</strong> · {t(`house.games.${round.game}`)} · {outcomeText(round.outcome, locale)} ·{' '}
          {formatMultiplier(round.multiplier, locale)}
        </p>
      )}
      {stored.status === 'unrevealed' && (
        <div className="house-notice" data-testid="verify-unrevealed">
          <p>{t('house.verify.unrevealed')}</p>
          <div className="house-inline">
            <button type="button" className="house-button" data-testid="verify-rotate" onClick={() => void revealAndReload()}>
              {t('house.verify.rotateNow')}
            </button>
            <a className="house-link" href={`${localePath(locale, '/casino/play')}?game=${stored.round.game}&mode=${stored.round.demo ? 'demo' : 'real'}`}>
              {t('house.verify.playLink')}
            </a>
          </div>
        </div>
      )}
      <form
        className="house-card house-verify-form"
        data-testid="verify-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void verify();
        }}
      >
        <h2>{t('house.verify.formHeading')}</h2>
        <Select name="game" label={t('house.verify.game')} options={HOUSE_GAMES.map((g) => [g, t(`house.games.${g}`)])} parse={(raw) => raw as HouseGame} />
        <TextField t={t} name="server_seed" label={t('house.verify.serverSeed')} testId="verify-server-seed" />
        <TextField t={t} name="client_seed" label={t('house.verify.clientSeed')} testId="verify-client-seed" />
        <TextField t={t} name="nonce" label={t('house.verify.nonce')} testId="verify-nonce" />
        {values.game === 'dice' && (
          <div className="house-controls--row">
            <TextField t={t} name="target" label={t('house.verify.diceTarget')} testId="verify-target" />
            <Select name="direction" label={t('house.dice.direction')} options={[['under', t('house.dice.under')], ['over', t('house.dice.over')]]} parse={(raw) => (raw === 'over' ? 'over' : 'under')} />
          </div>
        )}
        {values.game === 'limbo' && <TextField t={t} name="target" label={t('house.verify.limboTarget')} testId="verify-target" />}
        {values.game === 'plinko' && (
          <div className="house-controls--row">
            <Select name="rows" label={t('house.plinko.rows')} options={[8, 12, 16].map((r) => [r as PlinkoParams['rows'], String(r)])} parse={(raw) => Number(raw) as PlinkoParams['rows']} />
            <Select
              name="risk"
              label={t('house.plinko.risk')}
              options={(['low', 'medium', 'high'] as const).map((r) => [r, t(`house.plinko.risks.${r}`)])}
              parse={(raw) => raw as PlinkoParams['risk']}
            />
          </div>
        )}
        <TextField t={t} name="server_seed_hash" label={t('house.verify.committedHash')} testId="verify-committed-hash" />
        <button type="submit" className="house-button house-button--play" data-testid="verify-submit" disabled={checking} aria-busy={checking || undefined}>
          {checking ? t('house.verify.checking') : t('house.verify.submit')}
        </button>
        {state.status === 'failed' && (
          <p className="house-error" role="alert">
            {messageText(t, state.message)}
          </p>
        )}
      </form>
      {state.status === 'done' && <VerifyReportView t={t} locale={locale} report={state.report} round={stored.status === 'ready' ? stored.round : null} />}
    </div>
  );
}
