// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import hydrateOnInteraction from '../../../src/scripts/hydrate-on-interaction.ts';

/** An island root with a button and a link, as the server rendered it. */
function island(): { el: HTMLElement; button: HTMLButtonElement; link: HTMLAnchorElement } {
  document.body.innerHTML = '<astro-island><button type="button">Jogar</button><a href="#game">Dice</a></astro-island>';
  const el = document.querySelector('astro-island') as HTMLElement;
  return { el, button: el.querySelector('button')!, link: el.querySelector('a')! };
}

/** Astro's `load()`: resolves to `hydrate()`, which here marks the island hydrated. */
function loader(el: HTMLElement) {
  const hydrate = vi.fn(async () => {
    el.dataset.hydrated = 'true';
  });
  const load = vi.fn(async () => hydrate);
  return { load, hydrate };
}

/** The directive's options as Astro passes them: the attribute's value, an object for `{{ … }}` (typed as a string by Astro). */
const opts = (value: unknown) => ({ name: 'interact', value }) as Parameters<typeof hydrateOnInteraction>[1];

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  localStorage.clear();
  history.replaceState(null, '', '/casino/games');
});

describe('client:interact', () => {
  it('loads nothing until the visitor shows intent, then hydrates once', async () => {
    const { el } = island();
    const { load, hydrate } = loader(el);
    hydrateOnInteraction(load, opts(true), el);
    await settle();
    expect(load).not.toHaveBeenCalled();
    el.dispatchEvent(new Event('pointerover', { bubbles: true }));
    el.dispatchEvent(new Event('focusin', { bubbles: true }));
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(hydrate).toHaveBeenCalledTimes(1);
  });

  it('holds a click made before hydration and replays it on the same element afterwards', async () => {
    const { el, button } = island();
    const { load } = loader(el);
    const clicks: string[] = [];
    document.addEventListener('click', () => clicks.push(el.dataset.hydrated ?? 'static'));
    hydrateOnInteraction(load, opts(true), el);
    button.click();
    expect(clicks).toEqual([]);
    await settle();
    expect(clicks).toEqual(['true']);
    // Later clicks go straight through.
    button.click();
    expect(clicks).toEqual(['true', 'true']);
  });

  it('never holds a link: it works without JavaScript', () => {
    const { el, link } = island();
    const { load } = loader(el);
    const seen = vi.fn();
    document.addEventListener('click', seen);
    hydrateOnInteraction(load, opts(true), el);
    link.click();
    expect(seen).toHaveBeenCalledTimes(1);
  });

  it('hydrates without intent for a filtered address (query) and for a signed-in player (player)', async () => {
    vi.stubGlobal('requestIdleCallback', (run: () => void) => setTimeout(run, 0));
    const first = island();
    const filtered = loader(first.el);
    hydrateOnInteraction(filtered.load, opts({ query: true }), first.el);
    await settle();
    expect(filtered.load).not.toHaveBeenCalled();

    history.replaceState(null, '', '/casino/games?provider=house');
    const second = island();
    const withQuery = loader(second.el);
    hydrateOnInteraction(withQuery.load, opts({ query: true }), second.el);
    await settle();
    await settle();
    expect(withQuery.load).toHaveBeenCalledTimes(1);

    localStorage.setItem('auth', 'token');
    const third = island();
    const player = loader(third.el);
    hydrateOnInteraction(player.load, opts({ player: true }), third.el);
    await settle();
    await settle();
    expect(player.load).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });
});
