import type { RankingView, RankPlayerView, RankView } from '../../contract/ranking.ts';
import { formatBRL } from '../../lib/money-format.ts';
import { rankImage } from '../../lib/ranking.ts';
import { element, fill, type PartTexts, PlayerPart } from './player-part.ts';

/**
 * `<rank-player>` on `/ranking`: the signed-in player's rank, total wagered,
 * the bar to the next rank and what is left to wager (`GET /ranking`, whose
 * progress is src/lib/ranking.ts's maths, the platform's), drawn like the
 * rank card of `/user`; their row of the pre-rendered table (`data-table`,
 * rows `data-level`) is marked "You are here".
 */
interface Texts extends PartTexts {
  level: string;
  totalBet: string;
  progressLabel: string;
  progress: string;
  toNext: string;
  top: string;
  you: string;
  badgeAlt: string;
}

class RankPlayerElement extends PlayerPart<RankingView, Texts> {
  protected readonly path = '/ranking';

  private nameOf(ranks: RankView[], level: number): string {
    return ranks.find((r) => r.level === level)?.name[this.locale] ?? String(level);
  }

  private get table(): HTMLElement | null {
    return this.dataset.table ? document.getElementById(this.dataset.table) : null;
  }

  protected clear(): void {
    for (const row of this.table?.querySelectorAll('tr[aria-current]') ?? []) {
      row.removeAttribute('aria-current');
      row.classList.remove('rank-table__mine');
      row.querySelector('.rank-table__you')?.remove();
    }
  }

  protected draw({ ranks, player }: RankingView): void {
    if (!player) return;
    this.replaceChildren(this.progress(ranks, player));
    const row = this.table?.querySelector(`tr[data-level="${player.level}"]`);
    if (!row) return;
    row.setAttribute('aria-current', 'true');
    row.classList.add('rank-table__mine');
    row.querySelector('.rank-table__name')?.append(element('span', 'rank-table__you', this.texts.you));
  }

  private progress(ranks: RankView[], player: RankPlayerView): HTMLElement {
    const t = this.texts;
    const box = element('div', 'rank-progress');
    box.dataset.testid = 'rank-progress';
    const head = element('div', 'rank-progress__head');
    const name = this.nameOf(ranks, player.level);
    const src = rankImage(ranks, player.level);
    if (src) {
      const badge = element('img', 'rank-badge');
      Object.assign(badge, { src, alt: fill(t.badgeAlt, { name }), width: 56, height: 56, decoding: 'async' });
      head.append(badge);
    }
    const level = element('p', 'rank-progress__level', fill(t.level, { level: player.level, name }));
    level.dataset.testid = 'rank-level';
    const total = element('p', 'rank-progress__total', fill(t.totalBet, { amount: formatBRL(player.totalBet, this.locale) }));
    total.dataset.testid = 'rank-total';
    const figures = element('div', null);
    figures.append(level, total);
    head.append(figures);

    const label = element('p', 'visually-hidden', t.progressLabel);
    label.id = `${this.id || 'rank-player'}-label`;
    const bar = element('div', 'rank-progress__bar');
    bar.setAttribute('role', 'progressbar');
    bar.setAttribute('aria-labelledby', label.id);
    bar.setAttribute('aria-valuemin', '0');
    bar.setAttribute('aria-valuemax', '100');
    bar.setAttribute('aria-valuenow', String(player.progress));
    bar.setAttribute('aria-valuetext', `${player.progress}%`);
    bar.dataset.testid = 'rank-progress-bar';
    const fillBar = element('span', 'rank-progress__fill');
    fillBar.style.width = `${player.progress}%`;
    bar.append(fillBar);

    const next = player.nextLevel === null ? null : this.nameOf(ranks, player.nextLevel);
    const text = next
      ? `${fill(t.progress, { progress: player.progress, name: next })} · ${fill(t.toNext, { amount: formatBRL(player.toNext, this.locale), name: next })}`
      : t.top;
    const toNext = element('p', 'rank-progress__next', text);
    toNext.dataset.testid = 'rank-to-next';
    box.append(head, label, bar, toNext);
    return box;
  }
}

if (!customElements.get('rank-player')) customElements.define('rank-player', RankPlayerElement);
