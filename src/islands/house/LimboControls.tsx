import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { formatPercentBps } from '../../lib/house/format.ts';
import { limboWinChance } from '../../lib/house/terms.ts';
import { $limboTarget, $limboText, setLimboText } from '../../stores/house.ts';

/** Limbo: the target multiplier and its win chance (≈ 99 % / target). */
export function LimboControls({ t, locale, disabled }: { t: TFunction; locale: Locale; disabled: boolean }) {
  const text = useStore($limboText);
  const target = useStore($limboTarget);
  const id = useId();
  return (
    <div className="house-controls">
      <div className="house-field">
        <label htmlFor={id}>{t('house.limbo.target')}</label>
        <div className="house-input-suffix">
          <input
            id={id}
            data-testid="limbo-target"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={text}
            disabled={disabled}
            aria-invalid={target === null ? true : undefined}
            onChange={(event) => setLimboText(event.target.value)}
          />
          <span aria-hidden="true">×</span>
        </div>
      </div>
      <dl className="house-terms">
        <div>
          <dt>{t('house.limbo.chance')}</dt>
          <dd>{target === null ? '—' : formatPercentBps(limboWinChance({ target }), locale)}</dd>
        </div>
      </dl>
    </div>
  );
}
