import type { TFunction } from 'i18next';
import type { HouseRoundView } from '../../contract/casino.ts';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { formatHundredths, formatMultiplier } from '../../lib/house/format.ts';
import { formatBRL } from '../../lib/money-format.ts';
import { useReveal } from './use-reveal.ts';

/** Dice: a 0–100 track with the roll marker sliding to the server's roll. */
function DiceBoard({ round, locale, t }: { round: HouseRoundView; locale: Locale; t: TFunction }) {
  if (round.outcome.game !== 'dice') return null;
  const roll = round.outcome.roll;
  return (
    <div className="house-dice-board">
      <div className="house-dice-track">
        <span key={round.id} className="house-dice-marker" style={{ left: `${roll / 100}%` }} />
      </div>
      <p className="house-big">
        {t('house.dice.roll')}: <strong>{formatHundredths(roll, locale)}</strong>
      </p>
    </div>
  );
}

/** Plinko: the ball follows the server's path, row by row, to its slot. */
function PlinkoBoard({ round, t }: { round: HouseRoundView; t: TFunction }) {
  const outcome = round.outcome.game === 'plinko' ? round.outcome : null;
  const rows = outcome?.path.length ?? 0;
  const step = useReveal(outcome ? round.id : null, rows, 70);
  if (!outcome) return null;
  const position = outcome.path.slice(0, step).filter((move) => move === 'R').length;
  return (
    <div className="house-plinko-board" aria-label={t('house.plinko.path')}>
      {Array.from({ length: rows + 1 }, (_, row) => (
        <div key={row} className="house-plinko-row">
          {Array.from({ length: row + 1 }, (_, pin) => (
            <span key={pin} className={row === step && pin === position ? 'house-plinko-ball' : 'house-plinko-pin'} />
          ))}
        </div>
      ))}
      <p className="house-big">{step >= rows ? t('house.plinko.slot', { slot: outcome.slot }) : '…'}</p>
    </div>
  );
}

/**
 * The last round as the platform answered it: the game's board, win or loss,
 * multiplier and payout. `data-multiplier` / `data-payout` carry the raw
 * integers (1/10000, centavos) for the browser tests.
 */
export function ResultPanel({ t, locale, round }: { t: TFunction; locale: Locale; round: HouseRoundView | null }) {
  if (!round) {
    return (
      <section className="house-result house-result--empty" data-testid="house-result" aria-live="polite">
        <p>{t('house.result.empty')}</p>
      </section>
    );
  }
  const won = round.payout > 0;
  return (
    <section
      className={`house-result ${won ? 'house-result--win' : 'house-result--loss'}`}
      data-testid="house-result"
      data-round-id={round.id}
      data-multiplier={round.multiplier}
      data-payout={round.payout}
      aria-live="polite"
    >
      {round.outcome.game === 'dice' && <DiceBoard round={round} locale={locale} t={t} />}
      {round.outcome.game === 'limbo' && (
        <p key={round.id} className="house-limbo-result house-pop">
          {formatMultiplier(round.outcome.result, locale)}
        </p>
      )}
      {round.outcome.game === 'plinko' && <PlinkoBoard round={round} t={t} />}
      <p key={`verdict-${round.id}`} className="house-verdict house-pop">
        {won ? t('house.result.win', { amount: formatBRL(round.payout, locale) }) : t('house.result.loss')}
        {round.demo && <span className="house-badge">{t('house.result.demo')}</span>}
      </p>
      <dl className="house-terms">
        <div>
          <dt>{t('house.result.multiplier')}</dt>
          <dd>{formatMultiplier(round.multiplier, locale)}</dd>
        </div>
        <div>
          <dt>{t('house.result.payout')}</dt>
          <dd>{formatBRL(round.payout, locale)}</dd>
        </div>
      </dl>
    </section>
  );
}
