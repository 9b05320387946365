import type { Locale } from '../contract/tenant-bundle.ts';
import { gameCardElement } from '../lib/casino/game-card-element.ts';
import type { GameCardData } from '../lib/casino/format.ts';
import { $related, loadRelated, relatedKey } from '../stores/casino-related.ts';

/**
 * `<related-games>` on a game page, without React (issue 14): the server
 * renders the related games of the build; once the list scrolls into view
 * this element asks the platform for the live list (`stores/casino-related.ts`)
 * and redraws the cards (none: the section hides). What the build shows stays when the platform fails.
 *
 * Attributes: `data-locale`, `data-gamecode`, `data-provider`.
 */
class RelatedGamesElement extends HTMLElement {
  private stop: (() => void) | null = null;
  private observer: IntersectionObserver | null = null;

  connectedCallback(): void {
    this.observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      this.observer?.disconnect();
      this.start();
    });
    this.observer.observe(this);
  }

  disconnectedCallback(): void {
    this.observer?.disconnect();
    this.stop?.();
    this.stop = null;
  }

  private start(): void {
    const { gamecode = '', provider = '' } = this.dataset;
    const key = relatedKey(gamecode, provider);
    this.stop = $related.subscribe((state) => {
      if (state.status === 'ready' && state.key === key) this.draw(state.games);
    });
    void loadRelated(gamecode, provider);
  }

  private draw(games: GameCardData[]): void {
    const grid = this.querySelector('ul');
    if (!grid) return;
    this.hidden = games.length === 0;
    const locale = (this.dataset.locale ?? 'pt') as Locale;
    grid.replaceChildren(...games.map((game) => gameCardElement(game, locale)));
  }
}

if (!customElements.get('related-games')) customElements.define('related-games', RelatedGamesElement);
