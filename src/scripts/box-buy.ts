import { $session } from '../stores/session.ts';

/**
 * `<box-buy>` on `/casino/box/{slug}` (issue 19), without React: the page is
 * pre-rendered with a "Comprar por R$ X" button carrying `data-auth-open`,
 * so a guest's click opens the login modal (the header handles it, even
 * before this script runs). For a signed-in player this element takes the
 * attribute off and buys on click: the store (`src/stores/boxes.ts`, with
 * the API client) loads only then. The answer is said in the element's
 * status line: bought (with a link to `/account/boxes`) or the platform's
 * refusal (a regulated tenant's 403, not enough balance…), which is shown
 * as an alert. Logging in or out on the page switches the button again.
 *
 * Attributes: `data-box-id`, `data-boxes-path` (the locale's `/account/boxes`)
 * and `data-texts` (JSON: `busy`, `done`, `open`, `failed`, `regulated`).
 */
interface Texts {
  busy: string;
  done: string;
  open: string;
  failed: string;
  regulated: string;
}

class BoxBuyElement extends HTMLElement {
  private stop: (() => void) | null = null;
  private label = '';

  private get button(): HTMLButtonElement | null {
    return this.querySelector('button');
  }

  private get status(): HTMLElement | null {
    return this.querySelector('[role="status"]');
  }

  private get texts(): Texts {
    return JSON.parse(this.dataset.texts ?? '{}') as Texts;
  }

  connectedCallback(): void {
    this.label = this.button?.textContent ?? '';
    this.button?.addEventListener('click', this.onClick);
    this.stop = $session.subscribe((session) => {
      const button = this.button;
      if (!button) return;
      if (session.status === 'user') delete button.dataset.authOpen;
      else button.dataset.authOpen = 'login';
    });
  }

  disconnectedCallback(): void {
    this.button?.removeEventListener('click', this.onClick);
    this.stop?.();
    this.stop = null;
  }

  private readonly onClick = (): void => {
    if ($session.get().status !== 'user') return;
    void this.buy();
  };

  private say(text: string, alert: boolean, link?: { href: string; text: string }): void {
    const status = this.status;
    if (!status) return;
    const line = document.createElement('p');
    line.className = alert ? 'box-buy__error' : 'box-buy__done';
    if (alert) line.setAttribute('role', 'alert');
    line.textContent = text;
    if (link) {
      const a = document.createElement('a');
      a.href = link.href;
      a.textContent = link.text;
      line.append(' ', a);
    }
    status.replaceChildren(line);
  }

  private async buy(): Promise<void> {
    const button = this.button;
    const id = Number(this.dataset.boxId);
    if (!button || !Number.isInteger(id)) return;
    const t = this.texts;
    button.disabled = true;
    button.setAttribute('aria-busy', 'true');
    button.textContent = t.busy;
    this.status?.replaceChildren();
    try {
      const { buyBox } = await import('../stores/boxes.ts');
      const result = await buyBox(id);
      if (result.status === 'bought') {
        this.say(t.done, false, { href: this.dataset.boxesPath ?? '/account/boxes', text: t.open });
      } else if (result.status === 'refused') {
        const regulated = result.code === 'boxes_purchase_not_allowed';
        this.say(result.message ?? (regulated ? t.regulated : t.failed), true);
        // Buying is refused here for good: no button to press again.
        if (regulated) {
          button.hidden = true;
          return;
        }
      }
    } catch {
      this.say(t.failed, true);
    } finally {
      button.disabled = false;
      button.removeAttribute('aria-busy');
      button.textContent = this.label;
    }
  }
}

if (!customElements.get('box-buy')) customElements.define('box-buy', BoxBuyElement);
