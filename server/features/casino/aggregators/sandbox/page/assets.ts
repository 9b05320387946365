import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';

/** The game page's script and stylesheet, with the content-hashed paths the HTML links to. */
export interface SandboxAssets {
  js: string;
  css: string;
  jsPath: string;
  cssPath: string;
}

/** Where the aggregator serves them; the hash in the name lets them be cached for good. */
const ASSETS_BASE = '/sandbox-aggregator/assets';

const entry = (file: string) => fileURLToPath(new URL(`./client/${file}`, import.meta.url));

function shortHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

async function bundle(): Promise<SandboxAssets> {
  // Loaded on first use: a platform that never opens a sandbox game never starts esbuild's service.
  const { build } = await import('esbuild');
  const common = { bundle: true, minify: true, write: false, logLevel: 'silent', legalComments: 'none' } as const;
  const [script, style] = await Promise.all([
    build({ ...common, entryPoints: [entry('main.ts')], format: 'iife', target: 'es2020', platform: 'browser' }),
    build({ ...common, entryPoints: [entry('style.css')], target: 'chrome100' }),
  ]);
  const js = script.outputFiles[0]!.text;
  const css = style.outputFiles[0]!.text;
  return { js, css, jsPath: `${ASSETS_BASE}/game.${shortHash(js)}.js`, cssPath: `${ASSETS_BASE}/game.${shortHash(css)}.css` };
}

let pending: Promise<SandboxAssets> | null = null;

/**
 * The bundled browser script and CSS of the sandbox game page, built with
 * esbuild on the first call and kept in memory for the process's life (the
 * sources do not change while it runs). Concurrent first calls share one
 * build; a failed build is forgotten so the next call tries again.
 */
export function sandboxAssets(): Promise<SandboxAssets> {
  if (!pending) {
    pending = bundle().catch((error: unknown) => {
      pending = null;
      throw error;
    });
  }
  return pending;
}
