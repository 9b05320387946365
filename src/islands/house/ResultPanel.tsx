import type { TFunction } from 'i18next';
import { useEffect, useRef } from 'react';
import type { HouseRoundView } from '../../contract/casino.ts';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { formatMultiplier } from '../../lib/house/format.ts';
import { revealMs } from '../../lib/house/reveal.ts';
import { formatBRL } from '../../lib/money-format.ts';
import { finishReveal } from '../../stores/house.ts';
import { DiceBoard } from './DiceBoard.tsx';
import { LimboBoard } from './LimboBoard.tsx';
import { PlinkoBoard } from './PlinkoBoard.tsx';
import { prefersReducedMotion, useReveal } from './use-reveal.ts';

/**
 * The last round as the platform answered it: the game's board animating to
 * the outcome, then win or loss, multiplier and payout. The words (the live
 * region) appear only when the animation ends, so nothing spoils the
 * result; `data-revealed` says when. `data-multiplier` / `data-payout` carry
 * the raw integers (1/10000, centavos) for the browser tests.
 */
export function ResultPanel({ t, locale, round, revealing }: { t: TFunction; locale: Locale; round: HouseRoundView | null; revealing: boolean }) {
  const roundId = round?.id ?? null;
  const progress = useReveal(roundId, revealMs(round?.outcome), revealing, () => {
    if (roundId !== null) finishReveal(roundId);
  });
  // On a phone the board sits under the bet form: bring it into view so the ball is seen landing (the focus stays on "Jogar").
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    const node = section.current;
    if (!revealing || !node || typeof node.scrollIntoView !== 'function') return;
    const box = node.getBoundingClientRect();
    if (box.top < 0 || box.bottom > innerHeight) node.scrollIntoView({ block: 'nearest', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  }, [roundId, revealing]);
  if (!round) {
    return (
      <section className="house-result house-result--empty" data-testid="house-result" aria-live="polite">
        <p>{t('house.result.empty')}</p>
      </section>
    );
  }
  const won = round.payout > 0;
  const outcome = revealing ? '' : won ? ' house-result--win' : ' house-result--loss';
  return (
    <section
      ref={section}
      className={`house-result${outcome}`}
      data-testid="house-result"
      data-round-id={round.id}
      data-multiplier={round.multiplier}
      data-payout={round.payout}
      data-revealed={!revealing}
      aria-busy={revealing || undefined}
    >
      {round.outcome.game === 'dice' && <DiceBoard round={round} locale={locale} t={t} progress={progress} won={won} />}
      {round.outcome.game === 'limbo' && <LimboBoard round={round} locale={locale} t={t} progress={progress} />}
      {round.outcome.game === 'plinko' && <PlinkoBoard round={round} locale={locale} t={t} progress={progress} />}
      <div className="house-result__summary" data-testid="house-result-text" aria-live="polite">
        {!revealing && (
          <>
            <p key={`verdict-${round.id}`} className="house-verdict house-pop">
              {!won
                ? t('house.result.loss')
                : round.payout < round.amount
                  ? t('house.result.partial', { amount: formatBRL(round.payout, locale), stake: formatBRL(round.amount, locale) })
                  : t('house.result.win', { amount: formatBRL(round.payout, locale) })}
              {round.demo && <span className="house-badge">{t('house.result.demo')}</span>}
            </p>
            {round.outcome.game === 'plinko' && (
              <p className="house-muted house-plinko-text">
                {t('house.plinko.landed', { slot: round.outcome.slot, multiplier: formatMultiplier(round.multiplier, locale), path: round.outcome.path.join('') })}
              </p>
            )}
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
          </>
        )}
      </div>
    </section>
  );
}
