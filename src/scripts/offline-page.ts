/**
 * `<offline-retry>` on the offline page (issue 20). "Tentar de novo" asks the
 * network for the page the visitor wanted (the page itself when the service
 * worker served the offline page in its place; the home page on `/Offiline`
 * itself) and loads it once it answers; otherwise it says the site is still
 * out of reach. The browser's `online` event tries the same by itself.
 */

/** Where a retry leads: the page asked for, or the home page when that was `/Offiline` itself. */
export function retryTarget(location: { pathname: string; href: string }, home: string): string {
  return /^(\/en)?\/Offiline\/?$/.test(location.pathname) ? home : location.href;
}

/** Whether the network answers for `url` (any HTTP answer counts: the server is reachable). */
export async function reachable(url: string, fetchImpl: typeof fetch = (input, init) => fetch(input, init)): Promise<boolean> {
  try {
    await fetchImpl(url, { method: 'HEAD', cache: 'no-store', credentials: 'same-origin' });
    return true;
  } catch {
    return false;
  }
}

class OfflineRetry extends HTMLElement {
  private busy = false;

  connectedCallback(): void {
    this.querySelector('[data-retry]')?.addEventListener('click', () => void this.retry(true));
    addEventListener('online', this.onOnline);
  }

  disconnectedCallback(): void {
    removeEventListener('online', this.onOnline);
  }

  private readonly onOnline = (): void => void this.retry(false);

  private say(text: string): void {
    const status = this.querySelector('[data-status]');
    if (status) status.textContent = text;
  }

  private async retry(asked: boolean): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    const button = this.querySelector<HTMLButtonElement>('[data-retry]');
    button?.setAttribute('aria-disabled', 'true');
    this.say(this.dataset.checking ?? '');
    const target = retryTarget(location, this.dataset.home ?? '/');
    if (await reachable(target)) {
      location.assign(target);
      return;
    }
    this.busy = false;
    button?.removeAttribute('aria-disabled');
    this.say(asked ? (this.dataset.still ?? '') : '');
  }
}

if (!customElements.get('offline-retry')) customElements.define('offline-retry', OfflineRetry);
