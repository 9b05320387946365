import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { RealtimeEvent } from '../../contract/realtime.ts';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { type AmbientGame, startAmbientBets } from '../../lib/bet-feed/ambient.ts';
import { gameHref } from '../../lib/casino/format.ts';
import { formatMultiplier } from '../../lib/house/format.ts';
import { formatBRL } from '../../lib/money-format.ts';
import { onPublicEvent } from '../../lib/realtime/public-channel.ts';
import { $betFeed, receiveBetPlaced } from '../../stores/bet-feed.ts';
import './bets.css';

export interface BetFeedLabels {
  caption: string;
  empty: string;
  game: string;
  player: string;
  bet: string;
  multiplier: string;
  payout: string;
  ambient: string;
  anonymous: string;
}

/**
 * The live bet feed: the 5 newest bets of the tenant as they settle
 * (`BetPlaced` on the public channel; pairing in the store). With
 * `ambientGames` (tenant option `fakeBets`) the browser adds made-up entries,
 * each marked as such.
 */
export function BetFeed({ locale, labels, ambientGames }: { locale: Locale; labels: BetFeedLabels; ambientGames?: AmbientGame[] }) {
  const feed = useStore($betFeed);
  useEffect(() => {
    const stopLive = onPublicEvent(RealtimeEvent.BetPlaced, receiveBetPlaced);
    const stopAmbient = ambientGames ? startAmbientBets(ambientGames) : () => undefined;
    return () => {
      stopLive();
      stopAmbient();
    };
  }, [ambientGames]);
  if (feed.length === 0) return <p className="bet-feed__empty">{labels.empty}</p>;
  return (
    <table className="bet-feed" data-testid="bet-feed">
      <caption className="visually-hidden">{labels.caption}</caption>
      <thead>
        <tr>
          <th scope="col">{labels.game}</th>
          <th scope="col">{labels.player}</th>
          <th scope="col">{labels.bet}</th>
          <th scope="col">{labels.multiplier}</th>
          <th scope="col">{labels.payout}</th>
        </tr>
      </thead>
      <tbody aria-live="polite">
        {feed.map((entry) => (
          <tr key={entry.transaction} data-testid="bet-feed-entry" data-ambient={entry.ambient ? 'true' : undefined} className={entry.win > 0 ? 'bet-feed__won' : undefined}>
            <td>
              <a href={gameHref(locale, entry.game)}>{entry.game.title}</a>
              {entry.ambient && <span className="bet-feed__ambient">{labels.ambient}</span>}
            </td>
            <td>{entry.user.name || labels.anonymous}</td>
            <td>{formatBRL(entry.bet, locale)}</td>
            <td>{formatMultiplier(Math.round(entry.multiplier * 10_000), locale)}</td>
            <td>{formatBRL(entry.win, locale)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
