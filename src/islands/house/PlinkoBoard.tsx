import type { TFunction } from 'i18next';
import { useId } from 'react';
import type { HouseRoundView, PlinkoParams } from '../../contract/casino.ts';
import { PLINKO_TABLES } from '../../contract/house.ts';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { formatMultiplier, formatPayout } from '../../lib/house/format.ts';
import { PLINKO_BALL_RADIUS, PLINKO_GAP, PLINKO_PEG_RADIUS, plinkoBallStops, plinkoBoard, plinkoSlotTier } from '../../lib/house/plinko-board.ts';
import { plinkoStop } from '../../lib/house/reveal.ts';

/**
 * Plinko: the board of the round's rows (pegs, the slots coloured by payout
 * and labelled), and the ball following the server's path peg by peg to its
 * slot, which lights up when the ball lands. An image to assistive
 * technology, named by its rows and risk and described by where the ball
 * landed once it has.
 */
export function PlinkoBoard({ round, locale, t, progress }: { round: HouseRoundView; locale: Locale; t: TFunction; progress: number }) {
  const titleId = useId();
  const descId = useId();
  if (round.outcome.game !== 'plinko') return null;
  const { path, slot } = round.outcome;
  const params = round.params as PlinkoParams;
  const rows = path.length;
  const board = plinkoBoard(rows);
  const stops = plinkoBallStops(path);
  const stop = plinkoStop(rows, progress);
  const landed = stop === stops.length - 1;
  const ball = stops[stop]!;
  const table = PLINKO_TABLES[params.rows]?.[params.risk] ?? [];
  const upright = board.slotHeight > PLINKO_GAP;
  return (
    <svg
      className="plinko-board"
      data-testid="plinko-board"
      data-rows={rows}
      data-landed={landed || undefined}
      viewBox={board.viewBox}
      role="img"
      aria-labelledby={titleId}
      aria-describedby={descId}
    >
      <title id={titleId}>{t('house.plinko.board', { rows, risk: t(`house.plinko.risks.${params.risk}`).toLowerCase() })}</title>
      <desc id={descId}>
        {landed ? t('house.plinko.landed', { slot, multiplier: formatMultiplier(round.multiplier, locale), path: path.join('') }) : t('house.plinko.falling')}
      </desc>
      <g className="plinko-board__pegs">
        {board.pegs.map((peg, i) => (
          <circle key={i} className="plinko-peg" cx={peg.x} cy={peg.y} r={PLINKO_PEG_RADIUS} />
        ))}
      </g>
      {board.slots.map((centre, i) => {
        const multiplier = table[i] ?? 0;
        // The board's labels drop the "×" (the table above has it) to stay legible on a phone.
        const label = formatPayout(multiplier, locale).replace('×', '');
        const active = landed && i === slot;
        const width = PLINKO_GAP - 1.2;
        // Upright labels (16 rows) run along the box; flat ones fit its width.
        const room = upright ? board.slotHeight - 2 : width - 1;
        const fontSize = Math.min(upright ? 5.2 : 4.4, room / (0.58 * label.length));
        return (
          <g key={i} className={`plinko-slot plinko-slot--tier${plinkoSlotTier(multiplier)}`} data-testid="plinko-slot" data-slot={i} data-active={active || undefined}>
            <rect x={centre.x - width / 2} y={centre.y - board.slotHeight / 2} width={width} height={board.slotHeight} rx={1.4} />
            <text
              x={centre.x}
              y={centre.y}
              fontSize={fontSize}
              textAnchor="middle"
              dominantBaseline="central"
              transform={upright ? `rotate(-90 ${centre.x} ${centre.y})` : undefined}
              aria-hidden="true"
            >
              {label}
            </text>
          </g>
        );
      })}
      <polyline className="plinko-trail" points={stops.slice(0, stop + 1).map((p) => `${p.x},${p.y}`).join(' ')} />
      <circle
        className="plinko-ball"
        data-testid="plinko-ball"
        data-stop={stop}
        cx={0}
        cy={0}
        r={PLINKO_BALL_RADIUS}
        style={{ transform: `translate(${ball.x}px, ${ball.y}px)` }}
      />
    </svg>
  );
}
