// @ts-check
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import AstroPWA from '@vite-pwa/astro';
import { getBundle } from './src/tenant/bundle.ts';
import { reusedGamePages } from './src/tenant/reused-pages.ts';
import { webManifest } from './src/tenant/manifest.ts';
import { OFFLINE_PAGE_FILES } from './src/sw/offline-page.ts';
import { onDemandCss } from './src/build/on-demand-css.ts';
import { withCachedCollator } from './src/build/cached-collator.ts';
import { firstLoadChunks } from './src/build/first-load-chunks.ts';
import { reactStringRender } from './src/build/react-string-render.ts';

/**
 * One static build per tenant: `TENANT_BUNDLE=/abs/bundle.json astro build --outDir …`.
 * Without TENANT_BUNDLE this builds the fallback site for unknown hosts
 * (index.html and 404.html showing "Plataforma não encontrada").
 */
const bundle = getBundle();

/** Strips the trailing slash Astro's directory format gives every URL (except the origin root). */
const noTrailingSlash = (/** @type {string} */ url) => {
  const parsed = new URL(url);
  if (parsed.pathname !== '/') parsed.pathname = parsed.pathname.replace(/\/+$/, '');
  return parsed.href;
};

/** @type {import('@vite-pwa/astro').PwaOptions} */
const pwaOptions = {
  strategies: 'injectManifest',
  srcDir: 'src/sw',
  filename: 'sw-custom.ts',
  injectRegister: false,
  registerType: 'prompt',
  manifest: bundle ? webManifest(bundle) : false,
  manifestFilename: 'manifest.webmanifest',
  injectManifest: {
    // Hashed assets, the offline page and the app's icons only (issue 20, docs/pwa.md): other pages are
    // many per tenant and change with every rebuild; API answers are never cached.
    globPatterns: ['_astro/**/*.{js,css}', ...OFFLINE_PAGE_FILES, 'app-icons/*.png'],
    minify: true,
  },
  devOptions: { enabled: false },
};

/**
 * vite-plugin-pwa takes Vite's build.outDir, which under Astro 7 is the
 * project's `.astro` folder, not `--outDir`; pin it to Astro's real output
 * folder so `/sw-custom.js` lands in the site and precaches its assets.
 */
const pinPwaOutDir = {
  name: 'pin-pwa-outdir',
  hooks: {
    'astro:config:setup': (/** @type {{ config: import('astro').AstroConfig }} */ { config }) => {
      pwaOptions.outDir = fileURLToPath(config.outDir);
    },
  },
};

/** `client:interact`: islands that hydrate on the visitor's first intent to use them (src/scripts/hydrate-on-interaction.ts). */
const hydrateOnInteraction = {
  name: 'client-interact',
  hooks: {
    'astro:config:setup': (/** @type {{ addClientDirective: (d: { name: string; entrypoint: string }) => void }} */ { addClientDirective }) => {
      addClientDirective({ name: 'interact', entrypoint: fileURLToPath(new URL('./src/scripts/hydrate-on-interaction.ts', import.meta.url)) });
    },
  },
};

export default defineConfig({
  output: 'static',
  site: bundle?.origin,
  // The tenant's own art folder (tenant-assets/<domain>, set by the sites builder); see docs/site.md.
  publicDir: process.env.TENANT_PUBLIC_DIR || './public',
  trailingSlash: 'ignore',
  // Every page's CSS inline (a few KB compressed): no render-blocking stylesheet request before the first paint (issue 14).
  build: { format: 'directory', inlineStylesheets: 'always' },
  prefetch: false,
  // CSS of islands loaded on interaction comes with them instead of inline on every page (src/build/on-demand-css.ts).
  // One script file per page script with everything it imports (src/build/first-load-chunks.ts, issue 14).
  // Islands rendered on the server without a web stream, their useId prefix kept (src/build/react-string-render.ts).
  vite: { plugins: [...onDemandCss(), firstLoadChunks(), reactStringRender()] },
  i18n: {
    locales: ['pt', 'en'],
    defaultLocale: 'pt',
    routing: { prefixDefaultLocale: false },
  },
  integrations: [
    react({ experimentalDisableStreaming: true }),
    hydrateOnInteraction,
    ...(bundle
      ? [
          // One cached collator for the sitemap's URL sort (src/build/cached-collator.ts; same order, ~1.4 s less for 10,000 URLs).
          withCachedCollator(sitemap({
            i18n: { defaultLocale: 'pt', locales: { pt: 'pt-BR', en: 'en-US' } },
            // Game pages an incremental rebuild takes from the previous build (not rendered, so not in astro's list).
            customPages: reusedGamePages().map(
              (page) => new URL(`/${page.locale === 'pt' ? '' : `${page.locale}/`}casino/${page.providercode}/${page.gamecode}/`, bundle.origin).href,
            ),
            // Not for crawlers (every page marked noindex; tests/src/pages/build.test.ts): the 404, offline and blocked-visitor pages, the modal
            // routes (canonical is /), the noindex account pages, the player's own casino lists and game frame, /refers and /bonus (the player's
            // own), /promotion (the list again, canonical /promotions), and the app's utility pages (/animation, /messaging-2, /NewComponents,
            // the sportsbook's /widgetbetby) and /responsible-gambling (the player's own limits; the public text is /responsible-gaming).
            filter: (page) =>
              !/\/(404|Offiline|444|animation|messaging-2|NewComponents|widgetbetby|responsible-gambling|login|register|recover-pass|promotion|refers|bonus|user(\/.*)?|account(\/.*)?|casino\/(play|favorites|recent))\/?$/.test(
                new URL(page).pathname,
              ),
            serialize: (item) => ({
              ...item,
              url: noTrailingSlash(item.url),
              links: item.links?.map((link) => ({ ...link, url: noTrailingSlash(link.url) })),
            }),
          })),
        ]
      : []),
    pinPwaOutDir,
    AstroPWA(pwaOptions),
  ],
});
