import type { Locale } from '../../contract/tenant-bundle.ts';
import { $session } from '../../stores/session.ts';
import { catalogueCall } from '../../stores/catalogue-call.ts';
import { element } from '../../lib/dom-builder.ts';

export { element, fill } from '../../lib/dom-builder.ts';

/**
 * The player's own part of a public page drawn without React (`/ranking`,
 * `/vip`, issue 18): the page is pre-rendered for everyone and this element
 * fills its reserved box. A guest gets the page's login line and button
 * (`data-auth-open`, which the header opens) and no call; a signed-in player
 * gets `load()`'s answer, drawn by `draw()`. Logging in or out on the page
 * draws it again.
 *
 * Attributes: `data-locale` and `data-texts` (JSON of the page's words, with
 * `{{name}}`-style placeholders; `signIn`, `login`, `failed`, `retry` always).
 */
export interface PartTexts {
  signIn: string;
  login: string;
  failed: string;
  retry: string;
}

export abstract class PlayerPart<T, Texts extends PartTexts> extends HTMLElement {
  private stop: (() => void) | null = null;
  /** Answers of an earlier session are dropped (a logout while loading). */
  private round = 0;

  /** The platform path read for a signed-in player. */
  protected abstract readonly path: string;
  /** Draws the player's answer into the element. */
  protected abstract draw(value: T): void;
  /** Undoes what `draw` did outside the element (a guest's page shows nobody's place). */
  protected clear(): void {}

  connectedCallback(): void {
    // `listen` would miss the state the page opened with: subscribe draws it at once.
    let last: string | null = null;
    this.stop = $session.subscribe((session) => {
      const key = session.status === 'user' ? session.token : 'guest';
      if (key === last) return;
      last = key;
      void this.show();
    });
  }

  disconnectedCallback(): void {
    this.stop?.();
    this.stop = null;
  }

  protected get locale(): Locale {
    return this.dataset.locale === 'en' ? 'en' : 'pt';
  }

  protected get texts(): Texts {
    return JSON.parse(this.dataset.texts ?? '{}') as Texts;
  }

  private async show(): Promise<void> {
    const round = ++this.round;
    this.clear();
    if ($session.get().status !== 'user') {
      this.drawGuest();
      return;
    }
    this.setAttribute('aria-busy', 'true');
    try {
      const value = await catalogueCall<T>(this.path);
      if (round === this.round) this.draw(value);
    } catch {
      if (round === this.round) this.drawFailure();
    } finally {
      if (round === this.round) this.removeAttribute('aria-busy');
    }
  }

  private drawGuest(): void {
    const login = element('button', 'button button--primary', this.texts.login);
    login.type = 'button';
    login.dataset.authOpen = 'login';
    this.replaceChildren(element('p', null, this.texts.signIn), login);
  }

  private drawFailure(): void {
    const message = element('p', 'form-message form-message--error', this.texts.failed);
    message.setAttribute('role', 'alert');
    const retry = element('button', 'button', this.texts.retry);
    retry.type = 'button';
    retry.addEventListener('click', () => void this.show());
    this.replaceChildren(message, retry);
  }
}
