import { describe, expect, it } from 'vitest';
import { sandboxAssets } from '../../../../../../../server/features/casino/aggregators/sandbox/page/assets.ts';

describe('sandboxAssets', () => {
  it('bundles the browser script and stylesheet once, under content-hashed paths', async () => {
    const [first, second] = await Promise.all([sandboxAssets(), sandboxAssets()]);
    expect(second).toBe(first);
    expect(first.jsPath).toMatch(/^\/sandbox-aggregator\/assets\/game\.[0-9a-f]{16}\.js$/);
    expect(first.cssPath).toMatch(/^\/sandbox-aggregator\/assets\/game\.[0-9a-f]{16}\.css$/);
    // One self-contained classic script: no module syntax left for the browser to resolve.
    expect(first.js).not.toMatch(/^\s*import[\s{]/m);
    expect(first.js).toContain('sandbox-view');
    // Both languages travel in the bundle, chosen by the view's locale.
    expect(first.js).toContain('Dinheiro real');
    expect(first.js).toContain('Real money');
    expect(first.css).toContain('prefers-reduced-motion');
    expect(await sandboxAssets()).toBe(first);
  }, 30_000);
});
