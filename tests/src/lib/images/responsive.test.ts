// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { gameCardElement } from '../../../../src/lib/casino/game-card-element.ts';
import { isDrawable, logoSources, pictureSources, setBuiltImages, variantUrl, withFallback } from '../../../../src/lib/images/responsive.ts';

afterEach(() => setBuiltImages(true, []));

const GAME = { id: 1, title: 'Tigre', gamecode: 'tigre', providercode: 'aurora', provider_name: 'Aurora', image: '/demo/x/games/tigre.svg' };

describe('responsive images', () => {
  it('names drawn copies after the original path, kind, size and format', () => {
    expect(variantUrl('/demo/x/games/a.svg', 'cover', 400, 'avif')).toBe('/_img/cover/demo/x/games/a.svg.400.avif');
    expect(variantUrl('/logo.png', 'logo', 80, 'webp')).toBe('/_img/logo/logo.png.h80.webp');
  });

  it('draws only plain site paths of images', () => {
    expect(isDrawable('/demo/x/games/a.svg')).toBe(true);
    expect(isDrawable('/a/B_c-1.JPG')).toBe(true);
    for (const url of ['https://cdn.example/a.webp', '//cdn.example/a.svg', '/a/../b.svg', '/a b.svg', '/a.svg?v=1', '/a.html', 'a.svg']) expect(isDrawable(url), url).toBe(false);
  });

  it('offers AVIF then WebP by width, nothing for a path the build could not draw or when the build drew nothing', () => {
    expect(pictureSources('/a.svg', 'cover')).toEqual([
      { type: 'image/avif', srcset: '/_img/cover/a.svg.200.avif 200w, /_img/cover/a.svg.400.avif 400w, /_img/cover/a.svg.600.avif 600w' },
      { type: 'image/webp', srcset: '/_img/cover/a.svg.200.webp 200w, /_img/cover/a.svg.400.webp 400w, /_img/cover/a.svg.600.webp 600w' },
    ]);
    expect(logoSources('/logo.svg', 40)[0]).toEqual({ type: 'image/avif', srcset: '/_img/logo/logo.svg.h40.avif 1x, /_img/logo/logo.svg.h80.avif 2x' });
    expect(pictureSources('https://cdn.example/a.webp', 'cover')).toEqual([]);
    setBuiltImages(true, ['/a.svg']);
    expect(pictureSources('/a.svg', 'cover')).toEqual([]);
    expect(pictureSources('/b.svg', 'banner')).toHaveLength(2);
    setBuiltImages(false, []);
    expect(pictureSources('/b.svg', 'banner')).toEqual([]);
  });

  it('draws a plain-DOM card with AVIF/WebP sources and the original as the <img>, which takes over when they fail', () => {
    const card = gameCardElement(GAME, 'pt');
    const picture = card.querySelector('picture')!;
    expect([...picture.querySelectorAll('source')].map((s) => [s.type, s.getAttribute('sizes'), s.getAttribute('width'), s.getAttribute('height')])).toEqual([
      ['image/avif', '(min-width: 640px) 220px, 45vw', '300', '400'],
      ['image/webp', '(min-width: 640px) 220px, 45vw', '300', '400'],
    ]);
    const image = picture.querySelector('img')!;
    expect(image.getAttribute('src')).toBe(GAME.image);
    expect([image.width, image.height]).toEqual([300, 400]);
    image.dispatchEvent(new Event('error'));
    expect(picture.querySelectorAll('source')).toHaveLength(0);
    expect(gameCardElement({ ...GAME, image: 'https://cdn.example/a.webp' }, 'pt').querySelectorAll('source')).toHaveLength(0);
  });

  it('leaves a picture without sources alone on error', () => {
    const picture = document.createElement('picture');
    const image = document.createElement('img');
    picture.append(image);
    withFallback(image);
    image.dispatchEvent(new Event('error'));
    expect(picture.children).toHaveLength(1);
  });
});
