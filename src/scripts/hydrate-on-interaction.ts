import type { ClientDirective } from 'astro';

/**
 * `client:interact`: an island whose server-rendered HTML is the page
 * (the lobby's first cards, the game page's "Jogar" buttons) hydrates when
 * the visitor shows intent to use it — pointer over it, a touch, focus, a
 * key — instead of at load, so React never sits on a page's critical path
 * (issue 14). Loading starts on intent; a click that lands before React is
 * ready is held and replayed on the same element once the island is
 * hydrated (hydration keeps the server's DOM nodes). Links are never held:
 * they work without JavaScript.
 *
 * Options (`client:interact={{ … }}`):
 * - `query`: hydrate at once when the address has a query string (the lobby
 *   reads its filter from it);
 * - `player`: hydrate when the browser is idle for a signed-in player (the
 *   game page shows their last game and favourite state).
 */
export interface InteractOptions {
  query?: boolean;
  player?: boolean;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- Astro declares its directive types in a global namespace.
  namespace Astro {
    interface ClientDirectives {
      'client:interact'?: InteractOptions | boolean;
    }
  }
}

const INTENT = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

function signedIn(): boolean {
  try {
    return Boolean(localStorage.getItem('auth'));
  } catch {
    return false;
  }
}

const hydrateOnInteraction: ClientDirective = (load, options, el) => {
  const wanted: InteractOptions = typeof options.value === 'object' && options.value ? (options.value as InteractOptions) : {};
  let started = false;
  let held: HTMLElement | null = null;

  const holdClick = (event: Event) => {
    const target = event.target instanceof HTMLElement ? event.target : null;
    if (!target || target.closest('a[href]')) return;
    event.preventDefault();
    event.stopPropagation();
    held = target;
    start();
  };

  function start(): void {
    if (started) return;
    started = true;
    for (const type of INTENT) el.removeEventListener(type, start);
    void load()
      .then((hydrate) => hydrate())
      .then(() => {
        el.removeEventListener('click', holdClick, true);
        const replay = held;
        held = null;
        if (replay?.isConnected) replay.click();
      })
      .catch(() => el.removeEventListener('click', holdClick, true));
  }

  el.addEventListener('click', holdClick, true);
  for (const type of INTENT) el.addEventListener(type, start, { passive: true });
  if ((wanted.query && location.search) || (wanted.player && signedIn())) {
    if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: 2000 });
    else setTimeout(start, 200);
  }
};

export default hydrateOnInteraction;
