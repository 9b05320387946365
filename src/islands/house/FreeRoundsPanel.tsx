import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { useEffect, useId } from 'react';
import type { HouseGame } from '../../contract/casino.ts';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { formatBRL } from '../../lib/money-format.ts';
import { $freeRounds, freeRoundsOf, loadFreeRounds } from '../../stores/free-rounds.ts';
import { $freeRoundPlayed, $houseMode, $play, playFree } from '../../stores/house.ts';
import { $session } from '../../stores/session.ts';

const DATE_TAGS: Record<Locale, string> = { pt: 'pt-BR', en: 'en-US' };

/**
 * The player's free rounds of the game on the play page: how many are left,
 * at what stake and until when, and "Jogar rodada grátis" (a real button:
 * keyboard and screen readers). Only for a logged-in player with free rounds
 * of this game; in demo mode it says to switch to real money. After a free
 * round's reveal it says what the win became (bonus money).
 */
export function FreeRoundsPanel({ t, locale, game }: { t: TFunction; locale: Locale; game: HouseGame }) {
  const state = useStore($freeRounds);
  const session = useStore($session).status;
  const mode = useStore($houseMode);
  const play = useStore($play);
  const played = useStore($freeRoundPlayed);
  const headingId = useId();

  useEffect(() => {
    if (session === 'user') void loadFreeRounds();
  }, [session]);

  const free = session === 'user' ? freeRoundsOf(state, game) : null;
  const doneRound = play.status === 'done' ? play.round.id : null;
  const result = played && played.roundId === doneRound ? played : null;
  if (!free && !result) return null;
  const playing = play.status === 'playing';
  return (
    <section className="house-card house-free" aria-labelledby={headingId} data-testid="house-free-rounds" data-count={free?.count ?? 0}>
      <h2 id={headingId}>{t('house.freeRounds.label')}</h2>
      {free && (
        <>
          <p className="house-free__count" data-testid="house-free-count">
            <strong>{t('house.freeRounds.count', { count: free.count, stake: formatBRL(free.stake, locale) })}</strong>
          </p>
          <p className="house-muted">
            {t('house.freeRounds.until', { date: new Intl.DateTimeFormat(DATE_TAGS[locale], { dateStyle: 'short', timeStyle: 'short' }).format(new Date(free.expires_at)) })}
          </p>
          {mode === 'real' ? (
            <button
              type="button"
              className="house-button house-button--free"
              data-testid="house-play-free"
              aria-disabled={playing || undefined}
              aria-busy={playing || undefined}
              onClick={() => void playFree()}
            >
              {playing ? t('house.freeRounds.playing') : t('house.freeRounds.play')}
            </button>
          ) : (
            <p className="house-muted">{t('house.freeRounds.realOnly')}</p>
          )}
        </>
      )}
      <p className="house-free__result" role="status" data-testid="house-free-result">
        {result ? (result.bonus ? t('house.freeRounds.won', { amount: formatBRL(result.bonus, locale) }) : t('house.freeRounds.lost')) : ''}
      </p>
    </section>
  );
}
