import type { Locale } from '../contract/tenant-bundle.ts';
import { gameCardElement } from '../lib/casino/game-card-element.ts';
import { $featured, type FeaturedState, loadFeatured, loadMoreFeatured } from '../stores/casino-featured.ts';

/**
 * `<featured-games>`, the home page's featured games without React (issue
 * 14): the server renders an empty grid of reserved height, the "load more"
 * button and the failure note (hidden); this element asks for the first page
 * as soon as it is on the page and draws the cards. Paging and merging live
 * in `stores/casino-featured.ts`.
 *
 * Attributes: `data-locale`, `data-more-label`, `data-loading-label`.
 */
class FeaturedGamesElement extends HTMLElement {
  private stop: (() => void) | null = null;

  connectedCallback(): void {
    this.stop ??= $featured.subscribe((state) => this.draw(state));
    this.querySelector('[data-featured-more]')?.addEventListener('click', () => void loadMoreFeatured());
    void loadFeatured();
  }

  disconnectedCallback(): void {
    this.stop?.();
    this.stop = null;
  }

  private draw(state: FeaturedState): void {
    const grid = this.querySelector('ul');
    const failed = this.querySelector<HTMLElement>('[role="alert"]');
    const more = this.querySelector<HTMLButtonElement>('[data-featured-more]');
    const locale = (this.dataset.locale ?? 'pt') as Locale;
    if (grid && grid.children.length !== state.games.length) grid.replaceChildren(...state.games.map((game) => gameCardElement(game, locale)));
    if (failed) failed.hidden = !state.failed;
    if (more) {
      more.hidden = state.ended || state.games.length === 0;
      more.disabled = state.loading;
      more.textContent = (state.loading ? this.dataset.loadingLabel : this.dataset.moreLabel) ?? '';
    }
  }
}

if (!customElements.get('featured-games')) customElements.define('featured-games', FeaturedGamesElement);
