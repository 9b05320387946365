import type { TFunction } from 'i18next';
import { useId } from 'react';
import type { RankPlayerView, RankView } from '../../contract/ranking.ts';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { rankImage } from '../../lib/ranking.ts';
import { formatBRL } from '../../lib/money-format.ts';

/** A rank's badge: its image, else level 1's (spec "rank image by level, default 1"); nothing when the table has none. */
export function RankBadge({ t, locale, ranks, level, size = 48 }: { t: TFunction; locale: Locale; ranks: RankView[]; level: number; size?: number }) {
  const src = rankImage(ranks, level);
  const name = ranks.find((r) => r.level === level)?.name[locale] ?? String(level);
  if (!src) return null;
  return <img className="rank-badge" src={src} alt={t('ranking.badgeAlt', { name })} width={size} height={size} loading="lazy" decoding="async" />;
}

/**
 * The player's rank, total wagered and the bar to the next rank (the
 * platform's progress, rounded and clamped 0–100), with what is left to wager.
 */
export function RankProgress({ t, locale, ranks, player }: { t: TFunction; locale: Locale; ranks: RankView[]; player: RankPlayerView }) {
  const labelId = useId();
  const current = ranks.find((r) => r.level === player.level);
  const next = player.nextLevel === null ? null : ranks.find((r) => r.level === player.nextLevel);
  const name = current?.name[locale] ?? String(player.level);
  return (
    <div className="rank-progress" data-testid="rank-progress">
      <div className="rank-progress__head">
        <RankBadge t={t} locale={locale} ranks={ranks} level={player.level} size={56} />
        <div>
          <p className="rank-progress__level" data-testid="rank-level">
            {t('ranking.player.level', { level: player.level, name })}
          </p>
          <p className="rank-progress__total" data-testid="rank-total">
            {t('ranking.player.totalBet', { amount: formatBRL(player.totalBet, locale) })}
          </p>
        </div>
      </div>
      <p id={labelId} className="visually-hidden">
        {t('ranking.player.progressLabel')}
      </p>
      <div
        className="rank-progress__bar"
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={player.progress}
        aria-valuetext={`${player.progress}%`}
        data-testid="rank-progress-bar"
      >
        <span className="rank-progress__fill" style={{ width: `${player.progress}%` }} />
      </div>
      {next ? (
        <p className="rank-progress__next" data-testid="rank-to-next">
          {t('ranking.player.progress', { progress: player.progress, name: next.name[locale] })}
          {' · '}
          {t('ranking.player.toNext', { amount: formatBRL(player.toNext, locale), name: next.name[locale] })}
        </p>
      ) : (
        <p className="rank-progress__next" data-testid="rank-to-next">
          {t('ranking.player.top')}
        </p>
      )}
    </div>
  );
}
