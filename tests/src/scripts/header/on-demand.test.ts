// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The header's code loads on the first intent (issue 14), at once when the
 * page needs it before any (a player, a modal route, the register prompt),
 * and a click on a header control made before it arrives is replayed.
 */

const header = vi.hoisted(() => ({ init: vi.fn(), clicks: [] as string[], listening: false }));
vi.mock('../../../../src/scripts/header/index.ts', () => ({
  initHeader: () => {
    header.init();
    // What the real modules do: listen for clicks on their controls on the document (one listener for the file).
    if (header.listening) return;
    header.listening = true;
    document.addEventListener('click', (event) => {
      const control = (event.target as Element).closest<HTMLElement>('[data-auth-open]');
      if (control) header.clicks.push(control.dataset.authOpen ?? '');
    });
  },
}));

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function arm(): Promise<void> {
  const { initHeaderOnDemand } = await import('../../../../src/scripts/header/on-demand.ts');
  initHeaderOnDemand();
  await settle();
}

beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
  header.init.mockClear();
  header.clicks.length = 0;
  history.replaceState(null, '', '/terms');
  document.body.innerHTML = '<header><button type="button" data-auth-open="login"><span>Entrar</span></button></header><main><p tabindex="0">Termos</p></main>';
});

// A test's module instance keeps its window listeners: an intent makes every instance load and let go of them.
afterEach(async () => {
  dispatchEvent(new Event('pointerdown'));
  await settle();
});

describe('header on demand', () => {
  it('loads nothing for a visitor until the first intent, then once', async () => {
    await arm();
    expect(header.init).not.toHaveBeenCalled();
    document.querySelector('p')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    document.querySelector('p')!.dispatchEvent(new Event('keydown', { bubbles: true }));
    await vi.waitFor(() => expect(header.init).toHaveBeenCalledOnce());
    await settle();
    expect(header.init).toHaveBeenCalledOnce();
  });

  it('replays a click on a header control that landed before the code, once', async () => {
    await arm();
    const inner = document.querySelector('span')!;
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    inner.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(header.clicks).toEqual(['login']));
    // Once loaded, clicks go straight to the header's own listeners.
    document.querySelector('button')!.click();
    expect(header.clicks).toEqual(['login', 'login']);
  });

  it('leaves other clicks alone', async () => {
    await arm();
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.querySelector('p')!.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });

  it.each([
    ['a signed-in player', () => localStorage.setItem('auth', 'tok')],
    ['an age-verified visitor (register prompt)', () => localStorage.setItem('ageVerified', 'true')],
    ['a modal route', () => history.replaceState(null, '', '/en/login')],
  ])('loads at once for %s', async (_name, given) => {
    given();
    await arm();
    await vi.waitFor(() => expect(header.init).toHaveBeenCalledOnce());
  });

  it('loads when another tab signs in', async () => {
    await arm();
    dispatchEvent(new StorageEvent('storage', { key: 'auth', newValue: 'tok' }));
    await vi.waitFor(() => expect(header.init).toHaveBeenCalledOnce());
  });
});
