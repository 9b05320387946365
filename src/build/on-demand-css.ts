import { isAbsolute } from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/**
 * The CSS of code that a page only ever loads with a dynamic `import()` (the
 * login, deposit, chat, notification, push, welcome and toast islands the
 * header opens on interaction) is loaded with that code instead of being
 * inlined into every page (issue 14, build speed).
 *
 * Astro gives a page the CSS of every module its code can reach, through
 * dynamic imports too, so with `inlineStylesheets: 'always'` every page
 * carried ~16 KB of modal CSS (of ~40 KB inline) it uses only after a click,
 * which every build renders, writes and compresses 10,000 times for a big
 * catalogue. This plugin hides that CSS from Astro's page attribution and
 * gives it back to its chunks before Vite writes the `import()` preload lists:
 * Vite's preload helper then adds the stylesheet (`/_astro/*.css`, hashed,
 * long-cached, precached by the service worker) and waits for it to load
 * before the island's code runs, so a modal never shows unstyled and nothing
 * is fetched before an interaction.
 *
 * Which chunks: in the browser build, every chunk that is not an entry (entries
 * are the page scripts and the island components: their CSS stays inline); in
 * the server builds, the chunks reached only through an `import()` in the
 * project's own code (a hydrated island importing the login modal on a click).
 * A `client:only` island is not rendered at build time, so its page imports
 * the stylesheet it needs at first paint itself (`src/styles/account-page.css`,
 * the favorites, play and fairness pages).
 *
 * `src/scripts/keep-loaded-styles.ts` keeps the loaded stylesheets across
 * ClientRouter navigations, which drop every head element the next page lacks.
 */
export function onDemandCss(): Plugin[] {
  /** Per environment: each chunk (by file name) whose CSS was hidden, that CSS, and the chunks importing it. */
  const hidden = new Map<string, Map<string, { css: Set<string>; importers: Set<string> }>>();
  /** Browser build: the source of each hidden stylesheet, to write it again if Astro inlined and deleted it. */
  const sources = new Map<string, string | Uint8Array>();
  const isChunk = (item: OutputBundle[string]): item is OutputChunk => item.type === 'chunk';

  /**
   * Chunks a chain of static imports reaches from an entry or from a module
   * Astro itself loads with `import()` (pages and middleware: virtual modules,
   * or files under node_modules). The rest is reached only through an
   * `import()` written in the project's code.
   */
  const staticallyReached = (bundle: OutputBundle): Set<string> => {
    const reached = new Set<string>();
    const visit = (name: string): void => {
      if (reached.has(name)) return;
      reached.add(name);
      const chunk = bundle[name];
      if (chunk && isChunk(chunk)) for (const next of chunk.imports) visit(next);
    };
    const projectCode = (id: string | null): boolean => id !== null && isAbsolute(id) && !id.includes('/node_modules/');
    for (const item of Object.values(bundle)) {
      if (isChunk(item) && (item.isEntry || (item.isDynamicEntry && !projectCode(item.facadeModuleId)))) visit(item.fileName);
    }
    return reached;
  };

  return [
    {
      name: 'on-demand-css:hide',
      apply: 'build',
      generateBundle: {
        // Before Astro's CSS attribution (astro:rollup-plugin-build-css, a plugin of normal order).
        order: 'pre',
        handler(_options, bundle) {
          const environment = this.environment.name;
          const client = environment === 'client';
          const reached = client ? null : staticallyReached(bundle);
          const chunks = Object.values(bundle).filter(isChunk);
          const mine = new Map<string, { css: Set<string>; importers: Set<string> }>();
          for (const chunk of chunks) {
            const css = chunk.viteMetadata?.importedCss;
            if (chunk.isEntry || reached?.has(chunk.fileName) || !css || css.size === 0) continue;
            const importers = new Set(chunks.filter((other) => other.imports.includes(chunk.fileName)).map((other) => other.fileName));
            mine.set(chunk.fileName, { css: new Set(css), importers });
            // Browser build: an asset link keeps Astro from deleting the stylesheet as an orphan.
            if (client) {
              for (const file of css) {
                chunk.viteMetadata?.importedAssets.add(file);
                const asset = bundle[file];
                if (asset?.type === 'asset') sources.set(file, asset.source);
              }
            }
            css.clear();
          }
          hidden.set(environment, mine);
        },
      },
    },
    {
      name: 'on-demand-css:restore',
      apply: 'build',
      // After Astro's inlining (astro:rollup-plugin-inline-stylesheets, enforce 'post'), before Vite's
      // import analysis (a build plugin that runs after every configured one) writes the preload lists.
      enforce: 'post',
      generateBundle(_options, bundle) {
        const environment = this.environment.name;
        const mine = hidden.get(environment);
        hidden.delete(environment);
        // The server builds' hidden stylesheets were orphans Astro deleted: nothing to give back.
        if (environment !== 'client' || !mine) return;
        const chunks = Object.values(bundle).filter(isChunk);
        for (const [fileName, { css, importers }] of mine) {
          // A stylesheet Astro inlined into a page that also reaches it statically (an account page's own
          // CSS sharing a stylesheet with the login modal) was deleted from the output: write it again, so
          // every other page still loads it with the modal.
          for (const file of css) {
            const source = sources.get(file);
            if (!bundle[file] && source !== undefined) this.emitFile({ type: 'asset', fileName: file, source });
          }
          const kept = [...css].filter((file) => bundle[file] || sources.has(file));
          // Vite drops a chunk holding only CSS and hands its CSS to the chunks importing it.
          const self = bundle[fileName];
          const owners = self && isChunk(self) ? [self] : chunks.filter((chunk) => importers.has(chunk.fileName));
          for (const owner of owners) {
            for (const file of css) owner.viteMetadata?.importedAssets.delete(file);
            for (const file of kept) owner.viteMetadata?.importedCss.add(file);
          }
        }
        sources.clear();
      },
    },
  ];
}
