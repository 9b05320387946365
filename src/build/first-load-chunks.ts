import type { Plugin, Rolldown } from 'vite';

type ModuleInfo = Rolldown.ModuleInfo;

/**
 * Fewer, larger script files for what a page loads before any interaction
 * (issue 14). Each script answer costs ~0.5 KB of response headers on top of
 * its body, and the bundler's automatic splitting cut the page scripts into
 * one small chunk per combination of entries sharing a module (the page
 * scripts and every island): the home page asked for 23 files.
 *
 * In the browser build, each of the project's page scripts (an Astro
 * component's `<script>`: the layout's boot script, the home's lists, a game
 * page's related games; not Astro's own ClientRouter, left as it is)
 * becomes one chunk holding itself and every module it imports statically.
 * What the layout's script imports goes with it (every page loads it). A
 * module that several other page scripts import, or one of them and the
 * code the layout's script loads later (the header's, on the first
 * interaction), goes into one chunk they share (`page-scripts-shared`): the
 * home and a game page load it, and the first interaction on any page then
 * needs no other page's script. Islands and lazy chunks that use one of
 * these modules import it from that chunk, which the page has already
 * loaded (the layout's) or which costs one request after an interaction.
 *
 * Entry signatures are kept (Astro's `exports-only`): an island's exports are
 * what `client:*` hydrates, and page scripts export nothing, so their chunk
 * may carry exports for the others. The chunk keeps the entry's name.
 */
const PAGE_SCRIPT = /[\\/]src[\\/].*\.astro\?astro&type=script&index=\d+&lang\.ts$/;
/** The chunk of the modules several page scripts use, or one of them and the layout's lazy code. */
const SHARED = 'page-scripts-shared';
/** The layout's script (boot): what every page loads. */
const LAYOUT_SCRIPT = /[\\/]src[\\/]layouts[\\/]Document\.astro\?/;

function staticClosure(entry: string, info: (id: string) => ModuleInfo | null): Set<string> {
  const seen = new Set<string>();
  const stack = [entry];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const next of info(id)?.importedIds ?? []) stack.push(next);
  }
  return seen;
}

export function firstLoadChunks(): Plugin {
  /** Module id → the page script whose chunk holds it, or SHARED (browser build only). */
  const owner = new Map<string, string>();
  let layout: string | undefined;
  const kindOf = (id: string): 'layout' | 'shared' | 'own' | null => {
    const scripts = owner.get(id);
    if (scripts === undefined) return null;
    return scripts === layout ? 'layout' : scripts === SHARED ? 'shared' : 'own';
  };
  const nameFor = (id: string, kind: 'layout' | 'shared' | 'own'): string | null => (kindOf(id) === kind ? chunkName(owner.get(id) as string) : null);

  return {
    name: 'first-load-chunks',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    configEnvironment(name) {
      if (name !== 'client') return;
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                // Highest priority first: the layout's chunk, then the shared ones, then one per page script;
                // each takes the modules it captures (and their imports) away from the groups after it.
                groups: [
                  { name: (id: string) => nameFor(id, 'layout'), test: (id: string) => kindOf(id) === 'layout', priority: 3 },
                  { name: (id: string) => nameFor(id, 'shared'), test: (id: string) => kindOf(id) === 'shared', priority: 2 },
                  { name: (id: string) => nameFor(id, 'own'), test: (id: string) => kindOf(id) === 'own', priority: 1 },
                ],
              },
            },
          },
        },
      };
    },
    buildEnd() {
      owner.clear();
      const info = (id: string) => this.getModuleInfo(id);
      const scripts = [...this.getModuleIds()].filter((id) => PAGE_SCRIPT.test(id));
      layout = scripts.find((id) => LAYOUT_SCRIPT.test(id));
      const layoutModules = layout ? staticClosure(layout, info) : new Set<string>();
      for (const id of layoutModules) owner.set(id, layout as string);
      // What the layout's script imports later (the header's code on the first interaction).
      const lazy = new Set<string>();
      for (const id of layoutModules) for (const next of info(id)?.dynamicallyImportedIds ?? []) for (const reached of staticClosure(next, info)) lazy.add(reached);
      const users = new Map<string, string[]>();
      for (const script of scripts) {
        if (script === layout) continue;
        for (const id of staticClosure(script, info)) if (!layoutModules.has(id)) users.set(id, [...(users.get(id) ?? []), script]);
      }
      for (const [id, by] of users) owner.set(id, by.length === 1 && !lazy.has(id) ? (by[0] as string) : SHARED);
    },
  };
}

/**
 * `…/src/layouts/Document.astro?astro&type=script&index=0&lang.ts` →
 * `Document.astro_astro_type_script_index_0_lang` (Astro's own entry name).
 */
function chunkName(script: string): string {
  return (script.split(/[\\/]/).pop() ?? script).replace(/\.ts$/, '').replace(/[^\w.-]+/g, '_');
}
