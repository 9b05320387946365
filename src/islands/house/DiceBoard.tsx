import type { TFunction } from 'i18next';
import type { CSSProperties } from 'react';
import type { DiceParams, HouseRoundView } from '../../contract/casino.ts';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { formatHundredths } from '../../lib/house/format.ts';
import { diceShown } from '../../lib/house/reveal.ts';

/**
 * Dice: a 0–100 track whose winning side is coloured, the target marked, and
 * the roll's marker rolling from 0 to the server's roll with the number
 * counting along; win or loss colours it once it rests.
 */
export function DiceBoard({ round, locale, t, progress, won }: { round: HouseRoundView; locale: Locale; t: TFunction; progress: number; won: boolean }) {
  if (round.outcome.game !== 'dice') return null;
  const params = round.params as DiceParams;
  const roll = round.outcome.roll;
  const shown = diceShown(roll, progress);
  const settled = progress >= 1;
  const target = formatHundredths(params.target, locale);
  const verdict = settled ? (won ? ' is-win' : ' is-loss') : '';
  return (
    <div
      className={`house-dice-board${verdict}`}
      style={{ '--dice-target': `${params.target / 100}%` } as CSSProperties}
      data-testid="dice-board"
      data-shown={shown}
      data-settled={settled || undefined}
    >
      <div
        className={`house-dice-track house-dice-track--${params.direction}`}
        role="img"
        aria-label={t(params.direction === 'under' ? 'house.dice.trackUnder' : 'house.dice.trackOver', { target })}
      >
        <span className="house-dice-target" aria-hidden="true" />
        <span className="house-dice-marker" style={{ left: `${shown / 100}%` }} aria-hidden="true">
          <span>{formatHundredths(shown, locale)}</span>
        </span>
      </div>
      <div className="house-dice-scale" aria-hidden="true">
        <span>0</span>
        <span className="house-dice-scale__target">{t('house.dice.targetShort', { target })}</span>
        <span>100</span>
      </div>
      <p className="house-big" aria-hidden={!settled || undefined}>
        {t('house.dice.roll')}: <strong className="house-dice-roll">{formatHundredths(shown, locale)}</strong>
      </p>
    </div>
  );
}
