import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { formatHundredths, formatMultiplier, formatPercentBps } from '../../lib/house/format.ts';
import { DICE_TARGET_MAX, DICE_TARGET_MIN, diceMultiplier, diceWinChance } from '../../lib/house/terms.ts';
import { $dice, setDiceDirection, setDiceTarget } from '../../stores/house.ts';

/** Dice: target (slider and number) and over/under, with the bet's terms (win chance, multiplier). */
export function DiceControls({ t, locale, disabled }: { t: TFunction; locale: Locale; disabled: boolean }) {
  const dice = useStore($dice);
  const targetId = useId();
  const numberId = useId();
  return (
    <div className="house-controls">
      <div className="house-field">
        <label htmlFor={targetId}>
          {t('house.dice.target')}: <strong>{formatHundredths(dice.target, locale)}</strong>
        </label>
        <input
          id={targetId}
          type="range"
          data-testid="dice-target"
          min={DICE_TARGET_MIN}
          max={DICE_TARGET_MAX}
          step={1}
          value={dice.target}
          disabled={disabled}
          onChange={(event) => setDiceTarget(Number(event.target.value))}
        />
        <input
          id={numberId}
          className="house-dice-number"
          type="number"
          aria-label={t('house.dice.target')}
          min={DICE_TARGET_MIN / 100}
          max={DICE_TARGET_MAX / 100}
          step={0.01}
          value={(dice.target / 100).toFixed(2)}
          disabled={disabled}
          onChange={(event) => setDiceTarget(Math.round(Number(event.target.value) * 100))}
        />
      </div>
      <fieldset className="house-segmented" data-testid="dice-direction" data-value={dice.direction} disabled={disabled}>
        <legend>{t('house.dice.direction')}</legend>
        {(['under', 'over'] as const).map((direction) => (
          <label key={direction} className={dice.direction === direction ? 'is-active' : undefined}>
            <input type="radio" name="dice-direction" value={direction} checked={dice.direction === direction} onChange={() => setDiceDirection(direction)} />
            {t(`house.dice.${direction}`)}
          </label>
        ))}
      </fieldset>
      <dl className="house-terms">
        <div>
          <dt>{t('house.dice.chance')}</dt>
          <dd>{formatPercentBps(diceWinChance(dice), locale)}</dd>
        </div>
        <div>
          <dt>{t('house.dice.payout')}</dt>
          <dd>{formatMultiplier(diceMultiplier(dice), locale)}</dd>
        </div>
      </dl>
    </div>
  );
}
