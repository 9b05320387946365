import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteFileUse, SiteFileView } from '../../../../src/contract/site-files.ts';
import { ranks } from '../../../../server/features/ranks/schema.ts';
import { auditLog } from '../../../../server/features/staff/schema.ts';
import { type StaffHarness, SORTE, staffHarness } from '../staff/harness.ts';
import { operatorCall, solidPng, upload } from './helpers.ts';

let h: StaffHarness;
let tenantId: number;
const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const patchConfig = (value: unknown) => operatorCall(h, 'PATCH', '/site-config', { body: json(value), type: 'application/json' });
const remove = (name: string, opts: Parameters<typeof operatorCall>[3] = {}) => operatorCall(h, 'DELETE', `/site-files/${name}`, opts);
const stored = async (name: string) => (await operatorCall(h, 'GET', `/site-files/${name}`)).status;
let shade = 0;
const fresh = async () => (await upload(h, await solidPng(30, 30, [shade++, 90, 90]))).body.file as SiteFileView;

beforeAll(async () => {
  h = await staffHarness();
  tenantId = (await h.tenantOf(SORTE)).id;
});
afterAll(() => h.close());

describe('deleting an uploaded image', () => {
  it('deletes one the site does not use, and the audit names it', async () => {
    const cookie = await h.login(await h.createStaff('admin'));
    const file = await fresh();
    const answer = await remove(file.name, { cookie });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ deleted: file.name });
    expect(await stored(file.name)).toBe(404);
    const [row] = await h.db.select().from(auditLog).where(eq(auditLog.action, 'site-files.delete')).orderBy(desc(auditLog.id)).limit(1);
    expect(row?.path).toContain(file.name);
    // A second delete finds nothing.
    expect((await remove(file.name)).status).toBe(404);
  });

  it('refuses while the configuration names it, saying where, in the staff member’s language; then deletes once it is replaced', async () => {
    const file = await fresh();
    expect((await patchConfig({ images: { logoMobile: file.path } })).status).toBe(200);
    const refused = await remove(file.name, { lang: 'pt-BR' });
    expect(refused.status).toBe(409);
    expect(refused.body.usedBy).toEqual([{ where: 'config', name: 'images.logoMobile' } satisfies SiteFileUse]);
    expect(refused.body.message).toContain('configuração do site images.logoMobile');
    expect(await stored(file.name)).toBe(200);
    expect((await patchConfig({ images: { logoMobile: null } })).status).toBe(200);
    expect((await remove(file.name)).status).toBe(200);
  });

  it('refuses while a VIP level shows it', async () => {
    const file = await fresh();
    const [level] = await h.db.select().from(ranks).where(eq(ranks.tenantId, tenantId)).limit(1);
    expect(level).toBeDefined();
    await h.db
      .update(ranks)
      .set({ image: file.path })
      .where(and(eq(ranks.tenantId, tenantId), eq(ranks.id, level!.id)));
    const refused = await remove(file.name);
    expect(refused.status).toBe(409);
    expect(refused.body.usedBy).toEqual([{ where: 'rank', name: String(level!.level) }]);
    await h.db.update(ranks).set({ image: level!.image }).where(eq(ranks.id, level!.id));
  });

  it('answers 404 for another tenant’s file and a malformed name, and 403 to staff outside the images area', async () => {
    const file = await fresh();
    expect((await remove(file.name, { host: 'localhost', key: 'demo-key-localhost' })).status).toBe(404);
    expect((await remove('..%2Fx.png')).status).toBe(404);
    const cookie = await h.login(await h.createStaff('support'));
    expect((await remove(file.name, { cookie })).status).toBe(403);
    expect(await stored(file.name)).toBe(200);
  });
});
