import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** The back office's entry (a React app of its own, outside the tenants' Astro sites). */
const ENTRY = fileURLToPath(new URL('../../src/backoffice/main.tsx', import.meta.url));

export interface BackofficeBundle {
  js: string;
  css: string;
}

/**
 * Bundles the back office with esbuild, in memory: one minified script and
 * one stylesheet. Built once per process on first use (about a second), so
 * the platform needs no build step of its own for it.
 */
export async function bundleBackoffice(): Promise<BackofficeBundle> {
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    write: false,
    minify: true,
    format: 'esm',
    target: 'es2022',
    jsx: 'automatic',
    outdir: '/backoffice-assets',
    entryNames: 'app',
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    logLevel: 'silent',
  });
  const js = result.outputFiles.find((f) => f.path.endsWith('.js'))?.text;
  const css = result.outputFiles.find((f) => f.path.endsWith('.css'))?.text ?? '';
  if (!js) throw new Error('back office bundle: no script produced');
  return { js, css };
}
