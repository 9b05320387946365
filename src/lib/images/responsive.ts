/**
 * Responsive raster copies of the site's art (issue 14). The sites builder
 * (`server/sites/images/`) draws every site-relative banner, logo and game
 * cover of a tenant into AVIF and WebP at the sizes below and puts them in the
 * build under a URL derived from the original's path, so the pages (at build
 * time) and the plain-DOM cards drawn after load (from the platform's game
 * objects) name them without a look-up: `/demo/x/games/a.svg` as a 400 px
 * wide cover is `/_img/cover/demo/x/games/a.svg.400.avif`.
 *
 * Why: the demo art is SVG drawn with `<text>`, and Chromium builds an SVG
 * document on the main thread for every SVG `<img>` (50–180 ms each on a
 * mid-range phone); a raster is decoded off the main thread.
 *
 * Absolute URLs (providers' CDNs) and paths the builder could not draw keep
 * the original alone.
 */

/** How an image is shown, which fixes its crop and sizes. */
export type ImageKind = 'cover' | 'banner' | 'banner-mobile' | 'logo';

export type ImageFormat = 'avif' | 'webp';

/** Sources in order of preference (a `<picture>` takes the first the browser supports). */
export const IMAGE_FORMATS: readonly ImageFormat[] = ['avif', 'webp'];

interface KindSpec {
  /** Aspect ratio the art is cropped to (width / height); null keeps the art's own (logos). */
  aspect: readonly [number, number] | null;
  /** Widths drawn (for a logo: heights, from the site configuration instead). */
  widths: readonly number[];
}

/**
 * Covers are 3:4 cards of 110–260 CSS px (two or three a row on a phone, 168–220 px on a
 * desktop grid, 260 px on a game page), 1.75–3 device pixels each; banners are 3:1 from a
 * phone's 350 px to a desktop's ~1,050 px; a mobile banner is 9:5 up to 600 px.
 */
export const IMAGE_KINDS: Readonly<Record<ImageKind, KindSpec>> = {
  cover: { aspect: [3, 4], widths: [200, 400, 600] },
  banner: { aspect: [3, 1], widths: [480, 800, 1200, 1800] },
  'banner-mobile': { aspect: [9, 5], widths: [360, 720, 1080] },
  logo: { aspect: null, widths: [] },
};

/** `sizes` of a game card's cover (two a row on a phone, a ~200 px column from 640 px). */
export const CARD_SIZES = '(min-width: 640px) 220px, 45vw';
/** `sizes` of a game page's cover (at most 260 px). */
export const GAME_COVER_SIZES = '260px';
/** `sizes` of a banner: the page column minus the next banner's peek (and the side menu from 1024 px). */
export const BANNER_SIZES = '(min-width: 1024px) min(calc(100vw - 392px), 1084px), (min-width: 768px) calc(100vw - 128px), calc(100vw - 72px)';

/** Paths the builder can name in the build: site-relative, plain characters, no `..`, a raster or SVG extension. */
const DRAWABLE = /^\/(?!\/)[A-Za-z0-9._~\-/]+\.(?:svg|png|jpe?g|webp|avif|gif)$/i;

/** True when `url` is a site path the builder draws (whether it did is the build's business). */
export function isDrawable(url: string): boolean {
  return DRAWABLE.test(url) && !url.split('/').includes('..');
}

/** Pixel height of a `width` wide drawing of a kind with a fixed aspect. */
export function heightFor(kind: ImageKind, width: number): number {
  const aspect = IMAGE_KINDS[kind].aspect;
  if (!aspect) throw new Error(`${kind} has no fixed aspect`);
  return Math.round((width * aspect[1]) / aspect[0]);
}

/**
 * The URL of one drawing: `size` is the width (a logo: the height, marked `h`).
 * The path keeps the original's extension so `a.svg` and `a.png` never share one.
 */
export function variantUrl(url: string, kind: ImageKind, size: number, format: ImageFormat): string {
  return `/_img/${kind}${url}.${kind === 'logo' ? 'h' : ''}${size}.${format}`;
}

export interface PictureSource {
  type: `image/${ImageFormat}`;
  srcset: string;
}

let unavailable: ReadonlySet<string> = new Set();
/**
 * In the browser, a drawable path is assumed drawn (a game added since the build falls back to its
 * original on error: `withFallback`); while rendering pages, only once the build says so.
 */
let enabled = typeof document !== 'undefined';

/**
 * Set by the build (`src/tenant/images.ts`): whether this build drew the
 * art at all, and which drawable paths it could not draw (missing or
 * unreadable files), which then keep the original.
 */
export function setBuiltImages(built: boolean, failed: Iterable<string>): void {
  enabled = built;
  unavailable = new Set(failed);
}

/** True when the pages should offer drawn copies of `url`. */
export function hasVariants(url: string): boolean {
  return enabled && isDrawable(url) && !unavailable.has(url);
}

/**
 * Makes an image whose drawn copies fail to load (a cover imported after the build) fall back
 * to its original: the `<source>`s go, so the browser takes the `<img>`'s own `src`.
 */
export function withFallback(image: HTMLImageElement): void {
  image.addEventListener(
    'error',
    () => {
      const picture = image.parentElement;
      if (picture?.localName === 'picture') for (const source of picture.querySelectorAll('source')) source.remove();
    },
    { once: true },
  );
}

/** `<source>`s (AVIF, then WebP) for a `kind` image with width descriptors; empty when `url` has no drawn copies. */
export function pictureSources(url: string, kind: Exclude<ImageKind, 'logo'>): PictureSource[] {
  if (!hasVariants(url)) return [];
  return IMAGE_FORMATS.map((format) => ({
    type: `image/${format}` as const,
    srcset: IMAGE_KINDS[kind].widths.map((width) => `${variantUrl(url, kind, width, format)} ${width}w`).join(', '),
  }));
}

/** `<source>`s for a logo shown `height` CSS px tall: 1x and 2x by density. */
export function logoSources(url: string, height: number): PictureSource[] {
  if (!hasVariants(url)) return [];
  return IMAGE_FORMATS.map((format) => ({
    type: `image/${format}` as const,
    srcset: `${variantUrl(url, 'logo', height, format)} 1x, ${variantUrl(url, 'logo', height * 2, format)} 2x`,
  }));
}
