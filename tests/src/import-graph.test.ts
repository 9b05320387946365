import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The site's modules import in one direction only (issue 14):
 * scripts → islands → stores → lib (→ contract, i18n). A module may import
 * its own layer or a lower one, never a higher one, and no set of modules
 * imports itself in a ring — static or dynamic `import()` alike, since a
 * dynamic import still joins the chunks that a page loads together. Type-only
 * imports are erased by the build and are not counted.
 */
const SRC = resolve(import.meta.dirname, '../../src');
const LAYERS = ['lib', 'stores', 'islands', 'scripts'] as const;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Relative specifiers a module loads at run time (static, side-effect, re-export, dynamic). */
export function runtimeImports(code: string): string[] {
  const specifiers: string[] = [];
  const statement = /^\s*(import|export)\s+(type\s+)?([^'";]*?\bfrom\s+)?['"](\.[^'"]+)['"]/gm;
  for (const match of code.matchAll(statement)) {
    const bindings = match[3] ?? '';
    // `import { type A, type B } from` is erased too.
    const onlyTypes = /^\{\s*(type\s+[\w$]+\s*,?\s*)+\}\s*from\s+$/.test(bindings.trim() + ' ');
    if (!match[2] && !onlyTypes) specifiers.push(match[4]!);
  }
  for (const match of code.matchAll(/\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g)) specifiers.push(match[1]!);
  return specifiers;
}

function layerOf(file: string): number {
  const top = relative(SRC, file).split('/')[0] as (typeof LAYERS)[number];
  return LAYERS.indexOf(top);
}

const files = sourceFiles(SRC);
const graph = new Map<string, string[]>(
  files.map((file) => [file, runtimeImports(readFileSync(file, 'utf8')).map((specifier) => resolve(dirname(file), specifier))]),
);
const name = (file: string) => relative(SRC, file);

/** Every ring of imports, each as the path that closes it (Tarjan's strongly connected components). */
function rings(): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter++);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) found.push(component.map(name).sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe('the import graph of src/', () => {
  it('reads runtime imports and skips type-only ones', () => {
    const code = [
      "import { a } from './a.ts';",
      "import type { B } from './b.ts';",
      "import { type C, type D } from './c.ts';",
      "import { type E, f } from './e.ts';",
      "import './side-effect.css';",
      "export { g } from './g.ts';",
      "export type { H } from './h.ts';",
      "const later = () => import('./lazy.tsx');",
      "import { nanostore } from 'nanostores';",
    ].join('\n');
    expect(runtimeImports(code)).toEqual(['./a.ts', './e.ts', './side-effect.css', './g.ts', './lazy.tsx']);
  });

  it('has no import cycle', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(rings()).toEqual([]);
  });

  it('imports only downwards: scripts → islands → stores → lib', () => {
    const upwards: string[] = [];
    for (const [file, imports] of graph) {
      const from = layerOf(file);
      for (const target of imports) {
        const to = layerOf(target);
        if (from >= 0 && to > from) upwards.push(`${name(file)} → ${name(target)}`);
        // contract/ and i18n/ are shared with the server: they never reach into the site's layers.
        if (/^(contract|i18n)\//.test(name(file)) && to >= 0) upwards.push(`${name(file)} → ${name(target)}`);
      }
    }
    expect(upwards).toEqual([]);
  });
});
