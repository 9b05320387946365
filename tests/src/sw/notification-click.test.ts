import { describe, expect, it } from 'vitest';
import { chooseClickAction, sameOriginUrl } from '../../../src/sw/notification-click.ts';

const origin = 'https://sorte.example.com';

describe('notification click', () => {
  it('keeps the payload url on this site, else the home page', () => {
    expect(sameOriginUrl('/pt-BR/account/bonuses', origin)).toBe(`${origin}/pt-BR/account/bonuses`);
    expect(sameOriginUrl(`${origin}/casino`, origin)).toBe(`${origin}/casino`);
    expect(sameOriginUrl('https://evil.example.net/phish', origin)).toBe(`${origin}/`);
    expect(sameOriginUrl('javascript:alert(1)', origin)).toBe(`${origin}/`);
    expect(sameOriginUrl(undefined, origin)).toBe(`${origin}/`);
  });

  it('focuses a tab already on the target', () => {
    const windows = [
      { url: `${origin}/`, controlled: true },
      { url: `${origin}/casino`, controlled: true },
    ];
    expect(chooseClickAction(windows, '/casino', origin)).toEqual({ kind: 'focus', index: 1 });
  });

  it('without a url focuses any open tab of the site', () => {
    expect(chooseClickAction([{ url: 'https://other.example.org/', controlled: false }, { url: `${origin}/casino`, controlled: false }], undefined, origin)).toEqual({ kind: 'focus', index: 1 });
  });

  it('sends a controlled tab of the site to the target, or opens a window', () => {
    expect(chooseClickAction([{ url: `${origin}/`, controlled: true }], '/pt-BR/account', origin)).toEqual({ kind: 'navigate', index: 0, url: `${origin}/pt-BR/account` });
    expect(chooseClickAction([{ url: `${origin}/`, controlled: false }], '/pt-BR/account', origin)).toEqual({ kind: 'open', url: `${origin}/pt-BR/account` });
    expect(chooseClickAction([], 'https://evil.example.net/', origin)).toEqual({ kind: 'open', url: `${origin}/` });
    expect(chooseClickAction([{ url: 'https://sorte.example.com.evil.net/', controlled: true }], '/x', origin)).toEqual({ kind: 'open', url: `${origin}/x` });
  });
});
