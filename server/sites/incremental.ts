import { createHash } from 'node:crypto';
import { access, link, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { CatalogueGame } from '../../src/contract/casino.ts';
import { LOCALES, type Locale, type TenantBundle } from '../../src/contract/tenant-bundle.ts';
import { localeParam } from '../../src/i18n/locales.ts';
import { gamesOf, relatedGames } from '../../src/tenant/bundle.ts';
import type { ReusedGamePage } from '../../src/tenant/reused-pages.ts';
import { INPUTS_SUFFIX } from './layout.ts';

export { INPUTS_SUFFIX };

/**
 * Incremental rebuild of a tenant's site (issue 14). A game page depends on
 * the code, the build's environment, the bundle apart from its game list
 * (config, which tenant pages exist, categories, providers …), its own game
 * and its related games. The sites builder records one fingerprint per game page beside each
 * build (`<build folder>.inputs.json` in the builds folder, never served); on
 * the next build of the same site, a game page whose fingerprint is unchanged
 * and whose files are in the previous build is not rendered again: astro
 * skips it (env TENANT_REUSED_PAGES, src/tenant/reused-pages.ts) and the
 * builder hard-links the previous page and its `.br`/`.gz` into the new
 * build. Anything shared (a config field, a tenant page added or removed, a
 * category, the code) changes every fingerprint, so the whole site is
 * rendered again; the non-game pages (a few dozen) are always rendered.
 */

const VERSION = 1;

export interface BuildInputs {
  version: number;
  /** Fingerprint of what every page shares (code, environment, bundle without its games). */
  shared: string;
  /** Game page file (relative to the build folder) → fingerprint of its own inputs. */
  pages: Record<string, string>;
}

export interface IncrementalPlan {
  inputs: BuildInputs;
  /** Game pages taken from the previous build. */
  reused: (ReusedGamePage & { file: string })[];
}

/** Files whose bytes shape the pages (the code and its dependencies), relative to the project root. */
const CODE_PATHS = ['src', 'astro.config.mjs', 'package.json', 'package-lock.json'];
/** Set by the builder per build, not inputs of a page's content. */
const BUILD_ENV = new Set(['TENANT_BUNDLE', 'TENANT_PUBLIC_DIR', 'TENANT_REUSED_PAGES', 'TENANT_IMAGES']);

async function* filesUnder(path: string): AsyncGenerator<string> {
  let entries;
  try {
    entries = await readdir(path, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR') yield path;
    else if (code !== 'ENOENT') throw error;
    return;
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const full = join(path, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * Fingerprint of the project's code (every file under src/, the astro config
 * and the package manifests) and of the environment variables the code reads
 * (`process.env.X` / `import.meta.env.X` in those files), as the astro child
 * will see them.
 */
export async function codeFingerprint(projectRoot: string, env: Record<string, string | undefined>): Promise<string> {
  const hash = createHash('sha256');
  const names = new Set<string>();
  for (const top of CODE_PATHS) {
    for await (const file of filesUnder(join(projectRoot, top))) {
      const data = await readFile(file);
      hash.update(`${file.slice(projectRoot.length)}\0${data.length}\0`).update(data);
      for (const match of data.toString('latin1').matchAll(/(?:process\.env|import\.meta\.env)\.([A-Z0-9_]+)/g)) names.add(match[1] as string);
    }
  }
  for (const name of [...names].sort()) {
    if (!BUILD_ENV.has(name)) hash.update(`env ${name}=${JSON.stringify(env[name] ?? null)}\n`);
  }
  return hash.digest('hex');
}

/** The game page's file in a build folder (astro's `directory` format). */
export function gamePageFile(locale: Locale, game: Pick<CatalogueGame, 'providercode' | 'gamecode'>): string {
  const prefix = localeParam(locale);
  return join(...(prefix ? [prefix] : []), 'casino', game.providercode, game.gamecode, 'index.html');
}

/**
 * What the build of `bundle` is made of. `code` is {@link codeFingerprint}.
 * The bundle's `builtAt` only shows as the footer's year, so only its year counts.
 */
export function buildInputs(bundle: TenantBundle, code: string): BuildInputs {
  // No game page shows a promotion, the rank table (issue 18) or a box (issue 19): changing them renders the non-game pages alone.
  const { casino, builtAt, pages: tenantPages, promotions: _promotions, ranks: _ranks, boxes: _boxes, ...rest } = bundle;
  // Other pages read only which tenant pages exist (footer links, the news menu entry, the home's
  // responsible-gaming note), not their titles or text: editing a legal page's text renders that page alone.
  const pageKeys = tenantPages.map(({ kind, slug, locale }) => `${kind} ${slug} ${locale}`).sort();
  const shared = createHash('sha256')
    .update(
      JSON.stringify({ version: VERSION, code, year: new Date(builtAt).getUTCFullYear(), rest, pageKeys, providers: casino?.providers ?? null, hasCasino: Boolean(casino) }),
    )
    .digest('hex');
  const pages: Record<string, string> = {};
  for (const game of gamesOf(bundle)) {
    const own = JSON.stringify({ game, related: relatedGames(bundle, game) });
    for (const locale of LOCALES) {
      pages[gamePageFile(locale, game)] = createHash('sha256').update(shared).update(locale).update(own).digest('base64url');
    }
  }
  return { version: VERSION, shared, pages };
}

const exists = (path: string): Promise<boolean> => access(path).then(() => true, () => false);

/**
 * Which game pages the build can take from `previousDir` (the build served
 * now, whose inputs are at `previousInputs`): those whose fingerprint did not
 * change and whose page and compressed siblings are all there. Nothing when
 * the previous build has no inputs file or its shared fingerprint differs.
 */
export async function planIncremental(bundle: TenantBundle, code: string, previousDir: string | null, previousInputs: string | null): Promise<IncrementalPlan> {
  const inputs = buildInputs(bundle, code);
  const reused: IncrementalPlan['reused'] = [];
  if (!previousDir || !previousInputs) return { inputs, reused };
  const before = await readFile(previousInputs, 'utf8').then((text) => JSON.parse(text) as BuildInputs, () => null);
  if (!before || before.version !== VERSION || before.shared !== inputs.shared) return { inputs, reused };
  const candidates: IncrementalPlan['reused'] = [];
  for (const game of gamesOf(bundle)) {
    for (const locale of LOCALES) {
      const file = gamePageFile(locale, game);
      if (before.pages[file] === inputs.pages[file]) candidates.push({ locale, providercode: game.providercode, gamecode: game.gamecode, file });
    }
  }
  // A page is reused only with its .br and .gz (a build always writes both for a page this size).
  const present = await Promise.all(
    candidates.map(async (page) => {
      const base = join(previousDir, page.file);
      for (const path of [base, `${base}.br`, `${base}.gz`]) if (!(await exists(path))) return false;
      return true;
    }),
  );
  candidates.forEach((page, i) => present[i] && reused.push(page));
  return { inputs, reused };
}

/** Writes the reused pages list for the astro child (src/tenant/reused-pages.ts reads it). */
export async function writeReusedList(path: string, reused: IncrementalPlan['reused']): Promise<void> {
  await writeFile(path, JSON.stringify({ games: reused.map(({ locale, providercode, gamecode }) => [locale, providercode, gamecode]) }));
}

/**
 * Hard-links each reused page and its `.br`/`.gz` from the previous build
 * into `dir` (files are never written in place, so sharing inodes is safe);
 * returns the page files linked.
 */
export async function linkReusedPages(previousDir: string, dir: string, reused: IncrementalPlan['reused']): Promise<string[]> {
  const linked: string[] = [];
  const made = new Set<string>();
  const LIMIT = 64;
  for (let i = 0; i < reused.length; i += LIMIT) {
    await Promise.all(
      reused.slice(i, i + LIMIT).map(async ({ file }) => {
        const target = join(dir, file);
        const folder = dirname(target);
        if (!made.has(folder)) {
          made.add(folder);
          await mkdir(folder, { recursive: true });
        }
        try {
          await link(join(previousDir, file), target);
        } catch (error) {
          // astro wrote this page after all: its own output stands (and gets compressed).
          if ((error as NodeJS.ErrnoException).code === 'EEXIST') return;
          throw error;
        }
        for (const ext of ['.br', '.gz']) await link(join(previousDir, file + ext), target + ext);
        linked.push(target);
      }),
    );
  }
  return linked;
}
