import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reactStringRender } from '../../../src/build/react-string-render.ts';

type Transform = (code: string, id: string) => { code: string } | null;
const transform = reactStringRender().transform as unknown as Transform;
const SERVER = join('node_modules', '@astrojs', 'react', 'dist', 'server.js');

describe('react-string-render (issue 14)', () => {
  it("passes the island's render options (its useId prefix) to the installed renderer's renderToString", () => {
    const file = join(createRequire(import.meta.url).resolve('@astrojs/react/package.json'), '..', 'dist', 'server.js');
    const out = transform(readFileSync(file, 'utf8'), file);
    expect(out?.code).toContain('html = ReactDOM.renderToString(vnode, renderOptions);');
    expect(out?.code).toContain('identifierPrefix: prefix');
  });

  it('leaves other modules alone and fails the build when the renderer changed', () => {
    expect(transform('html = ReactDOM.renderToString(vnode);', '/x/src/islands/a.tsx')).toBeNull();
    expect(() => transform('html = render(vnode);', `/x/${SERVER}`)).toThrow(/react-string-render/);
  });
});
