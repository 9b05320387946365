import { useStore } from '@nanostores/react';
import { useEffect, useId } from 'react';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { readPlayQuery } from '../../lib/house/query.ts';
import { formatBRL } from '../../lib/money-format.ts';
import { HOUSE_GAMES } from '../../contract/casino.ts';
import { HOUSE_MAX_BET, HOUSE_MIN_BET } from '../../contract/house.ts';
import {
  $amountIssue,
  $amountText,
  $houseGame,
  $houseMode,
  $needsLogin,
  $paramsIssue,
  $play,
  play,
  scaleAmount,
  selectGame,
  setAmountText,
  setMode,
  shownRound,
} from '../../stores/house.ts';
import { loadFairness } from '../../stores/house-fairness.ts';
import { loadRounds } from '../../stores/house-rounds.ts';
import { $session } from '../../stores/session.ts';
import { $wallet, refreshWallet } from '../../stores/wallet.ts';
import { messageText, useTranslator } from '../auth/use-translator.ts';
import { DiceControls } from './DiceControls.tsx';
import { FairnessPanel } from './FairnessPanel.tsx';
import { FreeRoundsPanel } from './FreeRoundsPanel.tsx';
import { LimboControls } from './LimboControls.tsx';
import { openLogin } from './login.ts';
import { PlinkoControls } from './PlinkoControls.tsx';
import { ResultPanel } from './ResultPanel.tsx';
import { RoundsList } from './RoundsList.tsx';
import './house.css';

/**
 * The play page of the house games (`/casino/play?game=&mode=`, usually in
 * the game page's iframe): mode, stake, the game's controls, the result the
 * platform answered, "Minhas apostas" and the fairness panel.
 */
export function HousePlayApp({ locale }: { locale: Locale }) {
  const t = useTranslator(locale);
  const game = useStore($houseGame);
  const mode = useStore($houseMode);
  const amountText = useStore($amountText);
  const amountIssue = useStore($amountIssue);
  const paramsIssue = useStore($paramsIssue);
  const state = useStore($play);
  const needsLogin = useStore($needsLogin);
  const wallet = useStore($wallet);
  const sessionStatus = useStore($session).status;
  const amountId = useId();
  const amountErrorId = useId();
  const amountLimitsId = useId();

  useEffect(() => {
    const query = readPlayQuery(location.search);
    selectGame(query.game);
    setMode(query.mode);
  }, []);

  // Seeds, rounds and balance belong to the actor: reload them when a visitor logs in or a player logs out.
  useEffect(() => {
    void loadFairness();
    void loadRounds();
    if (sessionStatus === 'user') void refreshWallet().catch(() => undefined);
  }, [sessionStatus]);

  if (!t) return <div className="house-app house-app--loading" data-testid="house-game" data-game={game} aria-busy="true" />;

  const playing = state.status === 'playing';
  const round = shownRound(state);
  const revealing = state.status === 'revealing';
  const failure = state.status === 'failed' ? state.message : null;
  return (
    <div className="house-app" data-testid="house-game" data-game={game} data-mode={mode}>
      <div className="house-top">
        <nav className="house-tabs" aria-label={t('house.gamesLabel')}>
          {HOUSE_GAMES.map((g) => (
            <button key={g} type="button" aria-pressed={g === game} disabled={playing} onClick={() => selectGame(g)}>
              {t(`house.games.${g}`)}
            </button>
          ))}
        </nav>
        <p className="house-balance" data-testid="house-balance" data-balance={wallet ? wallet.balance : undefined}>
          <span>
            {t('house.balance')}
            {mode === 'demo' && <span className="house-badge">{t('house.balanceDemo')}</span>}
          </span>
          <strong>{wallet ? formatBRL(wallet.balance, locale) : '—'}</strong>
        </p>
      </div>

      <div className="house-layout">
        <form
          className="house-card house-bet"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void play();
          }}
        >
          <div className="house-segmented" role="group" aria-label={t('house.mode.label')}>
            <button type="button" data-testid="house-mode-real" aria-pressed={mode === 'real'} disabled={playing} onClick={() => setMode('real')}>
              {t('house.mode.real')}
            </button>
            <button type="button" data-testid="house-mode-demo" aria-pressed={mode === 'demo'} disabled={playing} onClick={() => setMode('demo')}>
              {t('house.mode.demo')}
            </button>
          </div>
          {mode === 'demo' && <p className="house-muted">{t('house.demoNote')}</p>}

          <div className="house-field">
            <label htmlFor={amountId}>{t('house.amount.label')}</label>
            <div className="house-amount">
              <span aria-hidden="true">R$</span>
              <input
                id={amountId}
                data-testid="house-amount"
                type="text"
                inputMode="decimal"
                autoComplete="off"
                value={amountText}
                disabled={playing}
                aria-invalid={amountIssue ? true : undefined}
                aria-describedby={amountIssue ? `${amountLimitsId} ${amountErrorId}` : amountLimitsId}
                onChange={(event) => setAmountText(event.target.value)}
              />
              <button type="button" aria-label={t('house.amount.halfLabel')} disabled={playing} onClick={() => scaleAmount(0.5)}>
                {t('house.amount.half')}
              </button>
              <button type="button" aria-label={t('house.amount.doubleLabel')} disabled={playing} onClick={() => scaleAmount(2)}>
                {t('house.amount.double')}
              </button>
            </div>
            <p id={amountLimitsId} className="house-muted" data-testid="house-amount-limits">
              {t('house.amount.limits', { min: formatBRL(HOUSE_MIN_BET, locale), max: formatBRL(HOUSE_MAX_BET, locale) })}
            </p>
            {amountIssue && (
              <p id={amountErrorId} className="house-error" data-testid="house-amount-error">
                {messageText(t, amountIssue)}
              </p>
            )}
          </div>

          {game === 'dice' && <DiceControls t={t} locale={locale} disabled={playing} />}
          {game === 'limbo' && <LimboControls t={t} locale={locale} disabled={playing} />}
          {game === 'plinko' && <PlinkoControls t={t} locale={locale} disabled={playing} />}
          {paramsIssue && <p className="house-error">{messageText(t, paramsIssue)}</p>}
          <FreeRoundsPanel t={t} locale={locale} game={game} />

          {needsLogin || (state.status === 'needsLogin' && sessionStatus !== 'user') ? (
            <div className="house-login">
              <p className="house-muted">{t('house.loginHint')}</p>
              <button type="button" className="house-button" data-auth-open="login" data-testid="house-login" onClick={openLogin}>
                {t('house.login')}
              </button>
            </div>
          ) : (
            // aria-disabled, not disabled, while a round is in flight: the button keeps the keyboard focus (play() ignores the press).
            // A press during the reveal cuts the animation short and plays the next round.
            <button type="submit" className="house-button house-button--play" data-testid="house-play" aria-disabled={playing || undefined} aria-busy={playing || undefined}>
              {playing ? t('house.playing') : t('house.play')}
            </button>
          )}
          {failure && (
            <p className="house-error" role="alert">
              {messageText(t, failure)}
            </p>
          )}
        </form>

        <ResultPanel t={t} locale={locale} round={round} revealing={revealing} />
      </div>

      <div className="house-layout">
        <RoundsList t={t} locale={locale} />
        <FairnessPanel t={t} locale={locale} game={game} />
      </div>
    </div>
  );
}
