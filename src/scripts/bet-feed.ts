import type { ProcessedBet } from '../contract/bet-feed.ts';
import { echoChannelName, realtimeChannel, wireEventName, RealtimeEvent } from '../contract/realtime.ts';
import type { Locale } from '../contract/tenant-bundle.ts';
import { type AmbientGame, startAmbientBets } from '../lib/bet-feed/ambient.ts';
import { gameHref } from '../lib/casino/format.ts';
import { formatMultiplier } from '../lib/house/format.ts';
import { formatBRL } from '../lib/money-format.ts';
import { listenToPublicChannel } from '../lib/realtime/public-socket.ts';
import { readRuntimeConfig } from '../lib/runtime-config.ts';
import { $betFeed, pushBet, receiveBetPlaced } from '../stores/bet-feed.ts';

/**
 * `<bet-feed>`, the home page's live bets without React (issue 14): the
 * server renders the empty state and the table's head in a box of reserved
 * height; once the page is idle this element opens a bare WebSocket to the
 * tenant's public channel (`lib/realtime/public-socket.ts`, no pusher-js) and
 * starts the ambient entries of a `fakeBets` tenant. Pairing and the 5-entry
 * limit live in `stores/bet-feed.ts`; this only draws the rows.
 *
 * Attributes: `data-locale`, `data-ambient-label`, `data-anonymous-label`,
 * and `data-ambient-games` (JSON, absent unless `fakeBets` is on).
 */
const BET_PLACED = wireEventName(RealtimeEvent.BetPlaced);

function whenIdle(run: () => void): void {
  const idle = () => ('requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 3000 }) : setTimeout(run, 300));
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}

function cell(text: string): HTMLTableCellElement {
  const td = document.createElement('td');
  td.textContent = text;
  return td;
}

class BetFeedElement extends HTMLElement {
  private stops: Array<() => void> = [];

  connectedCallback(): void {
    whenIdle(() => {
      if (this.isConnected) this.start();
    });
  }

  disconnectedCallback(): void {
    for (const stop of this.stops.splice(0)) stop();
  }

  private start(): void {
    if (this.stops.length > 0) return;
    this.stops.push($betFeed.subscribe((feed) => this.draw(feed)));
    const ambient = this.dataset.ambientGames ? (JSON.parse(this.dataset.ambientGames) as AmbientGame[]) : [];
    this.stops.push(startAmbientBets(ambient, pushBet));
    try {
      const config = readRuntimeConfig();
      if (!config.realtime.key || config.casinoId <= 0) return;
      const channel = echoChannelName(realtimeChannel.tenantPublic(config.casinoId));
      this.stops.push(
        listenToPublicChannel({
          realtime: config.realtime,
          channel,
          onEvent: (event, data) => event === BET_PLACED && receiveBetPlaced(data),
        }),
      );
    } catch {
      // No runtime configuration (fallback build): no live bets, the empty state stays.
    }
  }

  private draw(feed: readonly ProcessedBet[]): void {
    const table = this.querySelector('table');
    const body = table?.tBodies[0];
    const empty = this.querySelector<HTMLElement>('.bet-feed__empty');
    if (!table || !body) return;
    table.hidden = feed.length === 0;
    if (empty) empty.hidden = feed.length > 0;
    const locale = (this.dataset.locale ?? 'pt') as Locale;
    body.replaceChildren(...feed.map((entry) => this.row(entry, locale)));
  }

  private row(entry: ProcessedBet, locale: Locale): HTMLTableRowElement {
    const tr = document.createElement('tr');
    tr.dataset.testid = 'bet-feed-entry';
    if (entry.ambient) tr.dataset.ambient = 'true';
    if (entry.win > 0) tr.className = 'bet-feed__won';
    const game = document.createElement('td');
    const link = document.createElement('a');
    link.href = gameHref(locale, entry.game);
    link.textContent = entry.game.title;
    game.append(link);
    if (entry.ambient) {
      const mark = document.createElement('span');
      mark.className = 'bet-feed__ambient';
      mark.textContent = this.dataset.ambientLabel ?? '';
      game.append(mark);
    }
    tr.append(
      game,
      cell(entry.user.name || (this.dataset.anonymousLabel ?? '')),
      cell(formatBRL(entry.bet, locale)),
      cell(formatMultiplier(Math.round(entry.multiplier * 10_000), locale)),
      cell(formatBRL(entry.win, locale)),
    );
    return tr;
  }
}

if (!customElements.get('bet-feed')) customElements.define('bet-feed', BetFeedElement);
