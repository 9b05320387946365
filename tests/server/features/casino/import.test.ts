import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameProviders, games } from '../../../../server/db/schema.ts';
import { CatalogueImportError, importCatalogue } from '../../../../server/features/casino/import/import-catalogue.ts';
import { CsvSyntaxError, parseCsv } from '../../../../server/features/casino/import/csv.ts';
import { arrayElementLines } from '../../../../server/features/casino/import/json-lines.ts';
import { demoOperatorKey } from '../../../../server/features/tenants/demo/tenants.ts';
import { type AccountsHarness, accountsHarness } from '../auth/helpers.ts';

const FIXTURES = join(import.meta.dirname, '../../../fixtures/catalogue');
const fixture = (name: string) => readFile(join(FIXTURES, name), 'utf8');

let h: AccountsHarness;
let tenantId: number;
beforeAll(async () => {
  h = await accountsHarness();
  tenantId = h.tenants.sorte;
  await h.db.delete(games).where(eq(games.tenantId, tenantId));
}, 60_000);
afterAll(() => h.close());

async function tenantGames() {
  return h.db
    .select({ game: games, code: gameProviders.code, name: gameProviders.name })
    .from(games)
    .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
    .where(eq(games.tenantId, tenantId))
    .orderBy(games.gameId);
}

describe('parseCsv (RFC 4180)', () => {
  it('reads quotes, escaped quotes, commas and line breaks in quotes, CRLF and LF, with start lines', () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi"""\n"multi\nline",z\n\n')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x, y', 'say "hi"'] },
      { line: 3, fields: ['multi\nline', 'z'] },
    ]);
    expect(parseCsv('\uFEFFa,,c')).toEqual([{ line: 1, fields: ['a', '', 'c'] }]);
    expect(parseCsv('"",x')).toEqual([{ line: 1, fields: ['', 'x'] }]);
  });

  it('refuses an unclosed quote and text after a closing quote, naming the line', () => {
    expect(() => parseCsv('a\n"open,b\nc')).toThrow(CsvSyntaxError);
    expect(() => parseCsv('a\n"open,b\nc')).toThrow('line 2: a quoted field is never closed');
    expect(() => parseCsv('a\n"x"y,b')).toThrow('line 2: unexpected text after a closing quote');
  });

  it('finds the line each JSON array element starts on', () => {
    expect(arrayElementLines('[\n {"a": "[x,{"},\n\n {"b": [1,\n2]},\n 3\n]')).toEqual([2, 4, 6]);
    expect(arrayElementLines('{"games": [\n{}, {}\n]}')).toEqual([2, 2]);
  });
});

describe('importCatalogue', () => {
  it('imports a good JSON file: providers and games with every field', async () => {
    const summary = await importCatalogue(h.db, { tenantId, text: await fixture('good.json'), format: 'json', replace: false });
    expect(summary).toEqual({ games: 3, created: 3, updated: 0, providers: 2, deactivated: 0 });
    const rows = await tenantGames();
    const fortuna = rows.find((r) => r.game.gamecode === 'fortuna-do-cerrado')!;
    expect(fortuna.code).toBe('ipe-studio');
    expect(fortuna.name).toBe('Ipê Studio');
    expect(fortuna.game).toMatchObject({
      gameId: '4101',
      title: 'Fortuna do Cerrado',
      categorySlug: 'slots',
      type: 'slot',
      rtpBps: 9650,
      hasTables: false,
      onlyDemo: false,
      bonusAllowed: true,
      image: 'https://cdn.example/covers/fortuna.webp',
      imageMobile: 'https://cdn.example/covers/fortuna-m.webp',
      descriptionPt: 'Um caça-níquel do cerrado.',
      descriptionEn: 'A slot from the cerrado.',
      featured: true,
      featuredHome: false,
      active: true,
    });
    const roleta = rows.find((r) => r.game.gamecode === 'roleta-relampago')!.game;
    // Defaults: mobile image = image, bonus allowed, not featured, rtp not stated.
    expect(roleta).toMatchObject({ hasTables: true, imageMobile: '/covers/roleta.webp', bonusAllowed: true, rtpBps: null, featured: false, descriptionPt: null });
    expect(rows.find((r) => r.game.gamecode === 'dice')!.game.rtpBps).toBe(9900);
  });

  it('imports a good CSV file with quoted commas, line breaks and quotes', async () => {
    const summary = await importCatalogue(h.db, { tenantId, text: await fixture('good.csv'), format: 'csv', replace: false });
    expect(summary).toMatchObject({ games: 2, created: 2, providers: 1 });
    const rows = await tenantGames();
    const samba = rows.find((r) => r.game.gamecode === 'samba-suor-e-sorte')!.game;
    expect(samba).toMatchObject({ title: 'Samba, Suor e Sorte', onlyDemo: true, bonusAllowed: false, rtpBps: 9550, featured: true, featuredHome: false, descriptionEn: 'Plain English' });
    expect(samba.descriptionPt).toMatch(/^Linha um\r?\nlinha dois, com "aspas"$/);
    const crash = rows.find((r) => r.game.gamecode === 'crash-do-cometa')!.game;
    expect(crash).toMatchObject({ type: 'crash', featuredHome: true, onlyDemo: false, rtpBps: 9700, imageMobile: 'https://cdn.example/c.png' });
  });

  it('refuses a bad file with every error by line and imports nothing', async () => {
    const before = await tenantGames();
    const error = await importCatalogue(h.db, { tenantId, text: await fixture('bad.csv'), format: 'csv', replace: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CatalogueImportError);
    const lines = (error as CatalogueImportError).lines;
    expect(lines).toEqual([
      'line 3: title is required',
      'line 3: gamecode must be lower-case letters, digits and dashes, starting with a letter or digit (e.g. sweet-bonanza)',
      'line 4: category_slug bingo is not a category of this site (slots, crash, live-casino, table-games, originals)',
      'line 5: image must be an http(s) URL or a site path starting with /',
      'line 5: type must be one of slot, live, table, crash, instant',
      'line 5: rtp must be a percentage between 0 and 100 (e.g. 96.5)',
      'line 6: game_id 6001 of provider tambor is already on line 2',
      'line 7: provider tambor is named "Outro Nome" here but "Tambor Games" on line 2',
      'line 8: the house provider only has the games dice, limbo, plinko',
      'line 9: providercode category is reserved (the site uses /casino/category/…)',
    ]);
    expect(await tenantGames()).toEqual(before);
    expect(before.some((r) => r.game.gamecode === 'boa-linha')).toBe(false);
  });

  it('reports JSON rows by the line they start on, and unreadable files', async () => {
    const text = '[\n  {"game_id": "1", "title": "Ok", "gamecode": "ok", "providercode": "p", "provider_name": "P", "image": "/a.png", "category_slug": "slots", "type": "slot"},\n  {"game_id": "2", "gamecode": "ok-2", "providercode": "p", "provider_name": "P", "image": "/a.png", "category_slug": "slots", "type": "slot", "only_demo": "maybe"}\n]';
    await expect(importCatalogue(h.db, { tenantId, text, format: 'json', replace: false })).rejects.toMatchObject({
      lines: ['line 3: title is required', 'line 3: only_demo must be true or false'],
    });
    await expect(importCatalogue(h.db, { tenantId, text: '{oops', format: 'json', replace: false })).rejects.toMatchObject({ lines: [expect.stringMatching(/^the file is not valid JSON/)] });
    await expect(importCatalogue(h.db, { tenantId, text: 'title,colour\nA,red', format: 'csv', replace: false })).rejects.toMatchObject({
      lines: [expect.stringMatching(/^line 1: unknown column\(s\) colour/)],
    });
    await expect(importCatalogue(h.db, { tenantId, text: 'game_id,title\n1', format: 'csv', replace: false })).rejects.toMatchObject({
      lines: ['line 2: has 1 fields, the header has 2'],
    });
  });

  it('re-imports idempotently: same rows updated, ids and views kept; --replace hides games missing from the file', async () => {
    const first = await tenantGames();
    await h.db.update(games).set({ views: 42 }).where(and(eq(games.tenantId, tenantId), eq(games.gamecode, 'fortuna-do-cerrado')));
    const again = await importCatalogue(h.db, { tenantId, text: await fixture('good.json'), format: 'json', replace: false });
    expect(again).toEqual({ games: 3, created: 0, updated: 3, providers: 2, deactivated: 0 });
    const second = await tenantGames();
    expect(second.map((r) => r.game.id)).toEqual(first.map((r) => r.game.id));
    expect(second.find((r) => r.game.gamecode === 'fortuna-do-cerrado')!.game.views).toBe(42);

    const replaced = await importCatalogue(h.db, { tenantId, text: await fixture('good.csv'), format: 'csv', replace: true });
    expect(replaced).toMatchObject({ games: 2, created: 0, updated: 2, deactivated: 3 });
    const active = (await tenantGames()).filter((r) => r.game.active).map((r) => r.game.gamecode).sort();
    expect(active).toEqual(['crash-do-cometa', 'samba-suor-e-sorte']);
    // Back again: the hidden games return with their ids.
    await importCatalogue(h.db, { tenantId, text: await fixture('good.json'), format: 'json', replace: false });
    expect((await tenantGames()).filter((r) => r.game.active)).toHaveLength(5);
  });

  it('imports max_multiplier (empty = the type default) and refuses a non-whole or non-positive one', async () => {
    const base = { providercode: 'mult-studio', provider_name: 'Mult Studio', image: '/m.png', category_slug: 'table-games', type: 'table' };
    const text = JSON.stringify([
      { ...base, game_id: 'm1', title: 'Roleta M', gamecode: 'roleta-m', max_multiplier: 36 },
      { ...base, game_id: 'm2', title: 'Mesa M', gamecode: 'mesa-m', max_multiplier: '' },
    ]);
    await importCatalogue(h.db, { tenantId, text, format: 'json', replace: false });
    const rows = (await tenantGames()).filter((r) => r.code === 'mult-studio').map((r) => [r.game.gameId, r.game.maxMultiplier]);
    expect(rows).toEqual([['m1', 36], ['m2', null]]);
    const bad = JSON.stringify([{ ...base, game_id: 'm3', title: 'X', gamecode: 'x-m', max_multiplier: 0 }]);
    await expect(importCatalogue(h.db, { tenantId, text: bad, format: 'json', replace: false })).rejects.toMatchObject({
      lines: ['line 1: max_multiplier must be a whole number from 1 to 10000000'],
    });
    const csv = 'game_id,title,gamecode,providercode,provider_name,image,category_slug,type,max_multiplier\nm4,Y,y-m,mult-studio,Mult Studio,/m.png,table-games,table,2.5';
    await expect(importCatalogue(h.db, { tenantId, text: csv, format: 'csv', replace: false })).rejects.toMatchObject({
      lines: ['line 2: max_multiplier must be a whole number such as 5000'],
    });
    // Out of the way of the tests that count this tenant's games.
    const [studio] = await h.db.select().from(gameProviders).where(and(eq(gameProviders.tenantId, tenantId), eq(gameProviders.code, 'mult-studio')));
    await h.db.delete(gameProviders).where(eq(gameProviders.id, studio!.id));
  });

  it('refuses a gamecode another game_id of the provider already holds', async () => {
    const text = JSON.stringify([{ game_id: '9999', title: 'X', gamecode: 'fortuna-do-cerrado', providercode: 'ipe-studio', provider_name: 'Ipê Studio', image: '/x.png', category_slug: 'slots', type: 'slot' }]);
    await expect(importCatalogue(h.db, { tenantId, text, format: 'json', replace: false })).rejects.toMatchObject({
      lines: ['line 1: gamecode fortuna-do-cerrado of provider ipe-studio already belongs to the game with game_id 4101'],
    });
  });
});

describe('POST /api/operator/catalogue', () => {
  it('imports CSV or JSON for the key’s tenant and answers 422 with every bad line', async () => {
    const key = demoOperatorKey('sorte.localhost');
    const post = async (body: string, type: string) => {
      const r = await h.app.request('/api/operator/catalogue', { method: 'POST', headers: { host: 'sorte.localhost', 'x-operator-key': key, 'content-type': type }, body });
      return { status: r.status, body: (await r.json()) as Record<string, unknown> };
    };
    expect(await post(await fixture('good.csv'), 'text/csv')).toMatchObject({ status: 200, body: { imported: { games: 2 } } });
    expect(await post(await fixture('good.json'), 'application/json; charset=utf-8')).toMatchObject({ status: 200, body: { imported: { games: 3 } } });
    const bad = await post(await fixture('bad.csv'), 'text/csv');
    expect(bad.status).toBe(422);
    expect((bad.body.errors as { file: string[] }).file).toHaveLength(10);
    expect((bad.body.errors as { file: string[] }).file[0]).toBe('line 3: title is required');
    const noKey = await h.call('POST', '/operator/catalogue', { host: 'sorte.localhost', body: '[]' });
    expect(noKey.status).toBe(401);
    const otherTenant = await h.call('POST', '/operator/catalogue', { host: 'localhost', headers: { 'x-operator-key': key }, body: '[]' });
    expect(otherTenant.status).toBe(403);
  });
});

describe('npm run catalogue:import', () => {
  it('imports into the database named by DATABASE_URL, and refuses a bad file with exit 1', async () => {
    const run = promisify(execFile);
    const dir = join(import.meta.dirname, '../../../..');
    const env = { ...process.env, DATABASE_URL: 'memory://', LOG_LEVEL: 'silent', SEED_DEMO: 'false' };
    // memory:// starts empty (no tenant): the command says so. The database round trip is covered above.
    const missing = await run('node', ['scripts/import-catalogue.ts', '--tenant', 'sorte.localhost', join(FIXTURES, 'good.json')], { cwd: dir, env }).catch((e: { code: number; stderr: string }) => e);
    expect(missing).toMatchObject({ code: 1, stderr: expect.stringContaining('No tenant has the domain sorte.localhost') });
    const usage = await run('node', ['scripts/import-catalogue.ts', join(FIXTURES, 'good.json')], { cwd: dir, env }).catch((e: { code: number; stderr: string }) => e);
    expect(usage).toMatchObject({ code: 2, stderr: expect.stringContaining('Usage: npm run catalogue:import') });
  }, 60_000);
});
