import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveSites } from '../../../server/sites/serve.ts';
import { switchSite } from '../../../server/sites/switch.ts';

/**
 * ClientRouter swaps a page into the document that loaded first, which keeps
 * that document's CSP: a page's policy must allow the inline scripts of every
 * page of its build (an island's `client:interact` directive is inlined only
 * in the pages that use it), and never another site's.
 */
let sitesDir: string;
let app: Hono;

const hash = (body: string) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;
const page = (...scripts: string[]) => `<!doctype html><html><body>${scripts.map((s) => `<script>${s}</script>`).join('')}<script type="application/ld+json">{"a":1}</script></body></html>`;

async function put(file: string, content: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, content);
}

function scriptSrc(res: Response): string[] {
  const policy = res.headers.get('content-security-policy') ?? '';
  return (policy.split('; ').find((d) => d.startsWith('script-src ')) ?? '').split(' ').slice(1);
}

beforeAll(async () => {
  sitesDir = await mkdtemp(join(tmpdir(), 'sites-csp-'));
  const alpha = join(sitesDir, '.builds', 'alpha.localhost_1');
  await put(join(alpha, 'index.html'), page('self.Astro={only:1}'));
  await put(join(alpha, 'casino/house/dice/index.html'), page('self.Astro={interact:1}'));
  await put(join(alpha, 'en/bonus/index.html'), page('self.Astro={only:1}', 'console.log("en")'));
  await put(join(alpha, '404.html'), page());
  const beta = join(sitesDir, '.builds', 'beta.localhost_1');
  await put(join(beta, 'index.html'), page('self.Astro={beta:1}'));
  await switchSite(sitesDir, 'alpha.localhost', 'alpha.localhost_1');
  await switchSite(sitesDir, 'beta.localhost', 'beta.localhost_1');
  app = new Hono();
  app.all('*', serveSites({ sitesDir }));
});

afterAll(async () => {
  await rm(sitesDir, { recursive: true, force: true });
});

describe('site page CSP across in-site navigations', () => {
  it('allows on every page the inline scripts of all pages of the same build, and no other site’s', async () => {
    const alphaScripts = ['self.Astro={only:1}', 'self.Astro={interact:1}', 'console.log("en")'].map(hash);
    for (const path of ['/', '/casino/house/dice', '/en/bonus', '/missing']) {
      const res = await app.request(`http://alpha.localhost${path}`, { headers: { host: 'alpha.localhost' } });
      const sources = scriptSrc(res);
      expect(sources, path).toEqual(expect.arrayContaining(["'self'", ...alphaScripts]));
      expect(sources, path).not.toContain(hash('self.Astro={beta:1}'));
      expect(sources, path).not.toContain(hash('{"a":1}'));
      expect(sources.join(' '), path).not.toContain('unsafe-inline');
    }
    const beta = scriptSrc(await app.request('http://beta.localhost/', { headers: { host: 'beta.localhost' } }));
    expect(beta).toContain(hash('self.Astro={beta:1}'));
    for (const h of alphaScripts) expect(beta).not.toContain(h);
  });

  it('a new build folder gets its own list', async () => {
    const next = join(sitesDir, '.builds', 'alpha.localhost_2');
    await put(join(next, 'index.html'), page('self.Astro={only:1}'));
    await put(join(next, 'sports/index.html'), page('self.Astro={visible:1}'));
    await switchSite(sitesDir, 'alpha.localhost', 'alpha.localhost_2');
    const sources = scriptSrc(await app.request('http://alpha.localhost/', { headers: { host: 'alpha.localhost' } }));
    expect(sources).toContain(hash('self.Astro={visible:1}'));
    expect(sources).not.toContain(hash('self.Astro={interact:1}'));
  });
});
