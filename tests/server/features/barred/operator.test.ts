import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoOperatorKey } from '../../../../server/features/tenants/demo/tenants.ts';
import { users } from '../../../../server/features/users/schema.ts';
import { barredHarness, type BarredHarness, cpfFor } from './harness.ts';

/* The operator's view of the barred-bettor check: who is barred now, and a check of one player on demand (trigger `operator`). */

let h: BarredHarness;
beforeAll(async () => {
  h = await barredHarness();
}, 60_000);
afterAll(() => h.close());

const operator = (method: string, path: string, key = demoOperatorKey('localhost')) =>
  h.call(method, `/operator${path}`, { host: 'platform.internal:4321', headers: { 'x-operator-key': key } });

async function player(cpf: string | null, tenantId = h.tenants.local): Promise<number> {
  const [row] = await h.db
    .insert(users)
    .values({ tenantId, name: 'Jogador Operador', username: `+55119876${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`, cpf })
    .returning({ id: users.id });
  return row!.id;
}

describe('operator API', () => {
  it('checks a player now, bars them, lists them, and lifts the bar on a later check', async () => {
    const cpf = cpfFor(9501);
    const id = await player(cpf);
    h.stand.bar(cpf, 'decisão judicial');
    const checked = await operator('POST', `/barred/${id}/check`);
    expect(checked.status).toBe(200);
    expect(checked.body.player).toMatchObject({ user_id: id, barred: true, reason: 'decisão judicial', trigger: 'operator', closes_at: '2026-12-25T15:00:00.000Z' });
    const listed = await operator('GET', '/barred');
    expect(listed.body.players).toEqual([expect.objectContaining({ user_id: id, barred: true })]);
    // Another tenant's key sees none of them and cannot check them.
    expect((await operator('GET', '/barred', demoOperatorKey('sorte.localhost'))).body.players).toEqual([]);
    expect((await operator('POST', `/barred/${id}/check`, demoOperatorKey('sorte.localhost'))).status).toBe(404);
    h.stand.lift(cpf);
    expect((await operator('POST', `/barred/${id}/check`)).body.player).toMatchObject({ barred: false, closes_at: null, lifted_at: '2026-11-25T15:00:00.000Z' });
    expect((await operator('GET', '/barred')).body.players).toEqual([]);
  });

  it('refuses without a key, for a player without a CPF, and says when the regulator cannot be reached', async () => {
    expect((await h.call('GET', '/operator/barred', { host: 'platform.internal:4321' })).status).toBe(401);
    expect((await operator('POST', `/barred/${await player(null)}/check`)).body).toMatchObject({ message: 'The player has no CPF on file: there is nothing to check.' });
    expect((await operator('POST', '/barred/abc/check')).status).toBe(422);
    h.stand.setOutage(true);
    const down = await operator('POST', `/barred/${await player(cpfFor(9502))}/check`);
    h.stand.setOutage(false);
    expect(down.status).toBe(503);
    expect(down.body.message).toMatch(/cannot be checked right now/);
  });
});
