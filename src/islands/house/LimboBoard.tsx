import type { TFunction } from 'i18next';
import type { HouseRoundView, LimboParams } from '../../contract/casino.ts';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { formatMultiplier } from '../../lib/house/format.ts';
import { limboShown } from '../../lib/house/reveal.ts';

/**
 * Limbo: the multiplier climbing from 1,00× to the server's result as a
 * crash curve does; it turns to the win colour when it passes the target,
 * to the loss colour when it stops short.
 */
export function LimboBoard({ round, locale, t, progress }: { round: HouseRoundView; locale: Locale; t: TFunction; progress: number }) {
  if (round.outcome.game !== 'limbo') return null;
  const target = (round.params as LimboParams).target;
  const shown = limboShown(round.outcome.result, progress);
  const settled = progress >= 1;
  const state = shown >= target ? ' is-win' : settled ? ' is-loss' : '';
  return (
    <div className={`house-limbo-board${state}`} data-testid="limbo-board" data-shown={shown} data-settled={settled || undefined}>
      <p className="house-limbo-result" aria-hidden={!settled || undefined}>
        {formatMultiplier(shown, locale)}
      </p>
      <p className="house-muted">{t('house.limbo.targetShort', { target: formatMultiplier(target, locale) })}</p>
    </div>
  );
}
