import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { barredHarness, type BarredHarness, cpfFor } from './harness.ts';

/*
 * The bar on the player's session (`data.barred` of login and `/auth/me`),
 * which the site's banner reads: set from the check that bars, with the
 * closing date; gone once the regulator lifts it. PGlite, and PostgreSQL
 * with TEST_DATABASE_URL.
 */

let h: BarredHarness;
beforeAll(async () => {
  h = await barredHarness();
  h.clock.set('2026-11-25T15:00:00.000Z');
}, 60_000);
afterAll(() => h.close());

describe('the bar on the session', () => {
  it('is told by the login that bars and by /auth/me, with the closing date, and gone once lifted', async () => {
    const phone = '+5511987650901';
    const cpf = cpfFor(7901);
    const registered = await h.register(phone, cpf);
    expect(registered.status).toBe(201);
    expect((registered.body.data as { barred: unknown }).barred).toBeNull();

    h.stand.bar(cpf, 'decisão judicial');
    h.clock.set('2026-11-26T12:00:00.000Z');
    const login = await h.login(phone);
    const barred = { barred_at: '2026-11-26T12:00:00.000Z', closes_at: '2026-12-26T12:00:00.000Z' };
    expect((login.body.data as { barred: unknown }).barred).toEqual(barred);
    const me = await h.call('GET', '/auth/me', { token: login.body.token as string });
    expect((me.body.data as { barred: unknown }).barred).toEqual(barred);
    // The regulator's reason stays off the session (it may reveal a diagnosis or a court order; the notice and the export carry it).
    expect(JSON.stringify(me.body)).not.toContain('decisão judicial');

    h.stand.lift(cpf);
    h.clock.set('2026-11-27T12:00:00.000Z');
    const lifted = await h.login(phone);
    expect((lifted.body.data as { barred: unknown }).barred).toBeNull();
  });
});
