import type { AstroIntegration } from 'astro';

type BuildDone = NonNullable<AstroIntegration['hooks']['astro:build:done']>;

/**
 * Runs `integration`'s `astro:build:done` hook with `String.prototype.localeCompare`
 * served by one cached `Intl.Collator` per (locales, options).
 *
 * @astrojs/sitemap sorts every URL with `a.localeCompare(b, 'en', { numeric: true })`,
 * and each call builds a new collator: for a 5,000-game tenant (10,000 URLs,
 * game pages reused by an incremental rebuild included) that sort took
 * ~1.4 s against 0.06 s with one collator, in full and incremental builds
 * alike (issue 14). ECMA-402 defines `localeCompare(that, locales, options)` as
 * `new Intl.Collator(locales, options).compare(this, that)`, so the order, and
 * the sitemap, are the same. The original method is back once the hook ends.
 */
export function withCachedCollator(integration: AstroIntegration): AstroIntegration {
  const done = integration.hooks['astro:build:done'];
  if (!done) return integration;
  const wrapped: BuildDone = async (options) => {
    const original = String.prototype.localeCompare;
    const collators = new Map<string, Intl.Collator>();
    String.prototype.localeCompare = function localeCompare(this: string, that: string, locales?: Intl.LocalesArgument, compareOptions?: Intl.CollatorOptions): number {
      const key = JSON.stringify([locales ?? null, compareOptions ?? null]);
      let collator = collators.get(key);
      if (!collator) collators.set(key, (collator = new Intl.Collator(locales, compareOptions)));
      return collator.compare(String(this), String(that));
    };
    try {
      await done(options);
    } finally {
      String.prototype.localeCompare = original;
    }
  };
  return { ...integration, hooks: { ...integration.hooks, 'astro:build:done': wrapped } };
}
