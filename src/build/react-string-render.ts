import type { Plugin } from 'vite';

/**
 * Islands rendered on the server with `ReactDOM.renderToString` instead of a
 * web stream read back through a `TextDecoder` (issue 14, build speed): a
 * game page's launcher is rendered on each of a big catalogue's thousands of
 * pages, and the stream machinery cost more than the render (~7 % of the
 * astro child's CPU for 5,000 games, builds of the same tree side by side).
 *
 * @astrojs/react does this with `experimentalDisableStreaming`, but its
 * `renderToString` call drops the render options, among them the island's
 * `identifierPrefix`: `useId` values (the lobby's results region) would then
 * differ from what the browser computes when it hydrates the island with that
 * prefix. This passes them, as the streaming call does. No island rendered on
 * the server suspends (the account pages' lazy views are `client:only`), which
 * is what streaming would add. The build fails if the renderer's code no
 * longer has the call (a new @astrojs/react: check it and drop this plugin if
 * it passes the options itself).
 */
const CALL = 'html = ReactDOM.renderToString(vnode);';
const SERVER_MODULE = /[\\/]@astrojs[\\/]react[\\/]dist[\\/]server\.js$/;

export function reactStringRender(): Plugin {
  return {
    name: 'react-string-render-options',
    enforce: 'pre',
    transform(code, id) {
      if (!SERVER_MODULE.test(id.split('?')[0] ?? '')) return null;
      if (!code.includes(CALL)) throw new Error(`@astrojs/react's server renderer no longer calls "${CALL}" (src/build/react-string-render.ts)`);
      return { code: code.replace(CALL, 'html = ReactDOM.renderToString(vnode, renderOptions);'), map: null };
    },
  };
}
