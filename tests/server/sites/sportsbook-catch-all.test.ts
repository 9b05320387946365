import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catchAllCandidates } from '../../../server/sites/resolve.ts';
import { serveSites } from '../../../server/sites/serve.ts';
import { switchSite } from '../../../server/sites/switch.ts';

/** Spec section 2's `/sportsbook/{slug}` (any number of segments): the route's one page answers every address below it. */

let sitesDir: string;
let app: Hono;

async function put(file: string, content: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, content);
}

beforeAll(async () => {
  sitesDir = await mkdtemp(join(tmpdir(), 'sites-sportsbook-'));
  const root = join(sitesDir, '.builds', 'sports.localhost_20250101T000000000Z_1');
  await put(join(root, 'index.html'), '<p>home</p>');
  await put(join(root, '404.html'), '<p>not found</p>');
  await put(join(root, 'en/404/index.html'), '<p>en not found</p>');
  await put(join(root, 'sportsbook/index.html'), '<p>sportsbook pt</p>');
  await put(join(root, 'en/sportsbook/index.html'), '<p>sportsbook en</p>');
  await switchSite(sitesDir, 'sports.localhost', 'sports.localhost_20250101T000000000Z_1');
  await put(join(sitesDir, '.builds', '_fallback_20250101T000000000Z_1', 'index.html'), '<p>platform not found</p>');
  await switchSite(sitesDir, '_fallback', '_fallback_20250101T000000000Z_1');
  app = new Hono();
  app.get('*', serveSites({ sitesDir }));
});

afterAll(async () => {
  await rm(sitesDir, { recursive: true, force: true });
});

const get = async (path: string, host = 'sports.localhost') => {
  const response = await app.request(`http://${host}${path}`, { headers: { host } });
  return { status: response.status, body: await response.text(), cache: response.headers.get('cache-control') };
};

describe('/sportsbook/{slug…}', () => {
  it('answers any depth below /sportsbook with its page, in each language', async () => {
    expect(await get('/sportsbook/football/brazil/brasileirao-serie-a/flamengo-x-palmeiras-sbx-fut-1')).toEqual({ status: 200, body: '<p>sportsbook pt</p>', cache: 'no-cache' });
    expect((await get('/sportsbook/football')).body).toBe('<p>sportsbook pt</p>');
    expect((await get('/sportsbook')).body).toBe('<p>sportsbook pt</p>');
    expect(await get('/en/sportsbook/mma/world/ufc')).toMatchObject({ status: 200, body: '<p>sportsbook en</p>' });
  });

  it('leaves other missing paths to the 404 page, and other hosts to the fallback', async () => {
    expect(await get('/sportsbooks/x')).toMatchObject({ status: 404, body: '<p>not found</p>' });
    expect(await get('/casino/sportsbook/x')).toMatchObject({ status: 404 });
    expect(await get('/sportsbook/x', 'unknown.localhost')).toMatchObject({ status: 404, body: '<p>platform not found</p>' });
  });

  it('names the page for a path', () => {
    expect(catchAllCandidates('/sportsbook/a/b')).toEqual(['/sportsbook/index.html', '/sportsbook.html']);
    expect(catchAllCandidates('/en/sportsbook/a')).toEqual(['/en/sportsbook/index.html', '/en/sportsbook.html']);
    expect(catchAllCandidates('/sportsbook/')).toEqual([]);
    expect(catchAllCandidates('/sports')).toEqual([]);
  });
});
