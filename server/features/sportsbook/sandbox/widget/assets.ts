import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';

/** The widget's bundled script and stylesheet. */
export interface WidgetAssets {
  js: string;
  css: string;
  /** Strong validator of the script (its address is fixed, so browsers revalidate it). */
  jsEtag: string;
  /** Content-hashed file name of the stylesheet under `assets/` (cached for good). */
  cssFile: string;
}

const entry = (file: string) => fileURLToPath(new URL(`./client/${file}`, import.meta.url));

function shortHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

async function bundle(): Promise<WidgetAssets> {
  // Loaded on first use: a platform whose sports pages nobody opens never starts esbuild's service.
  const { build } = await import('esbuild');
  const common = { bundle: true, minify: true, write: false, logLevel: 'silent', legalComments: 'none' } as const;
  const style = await build({ ...common, entryPoints: [entry('style.css')], target: 'chrome100' });
  const css = style.outputFiles[0]!.text;
  const cssFile = `renderer.${shortHash(css)}.css`;
  // The script names its stylesheet, so a new stylesheet is a new script too.
  const script = await build({
    ...common,
    entryPoints: [entry('main.ts')],
    format: 'iife',
    target: 'es2020',
    platform: 'browser',
    define: { __BTR_CSS_FILE__: JSON.stringify(cssFile) },
  });
  const js = script.outputFiles[0]!.text;
  return { js, css, jsEtag: `"${shortHash(js)}"`, cssFile };
}

let pending: Promise<WidgetAssets> | null = null;

/**
 * The bundled widget, built with esbuild on the first call and kept in
 * memory for the process's life (the sources do not change while it runs).
 * Concurrent first calls share one build; a failed build is forgotten so the
 * next call tries again.
 */
export function widgetAssets(): Promise<WidgetAssets> {
  if (!pending) {
    pending = bundle().catch((error: unknown) => {
      pending = null;
      throw error;
    });
  }
  return pending;
}
