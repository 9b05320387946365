import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_BARRED_CPF } from '../../../../server/features/barred/sandbox/stand-in.ts';
import { barredHarness, type BarredHarness, cpfFor } from './harness.ts';

/*
 * The barred-bettor check at registration and at the first login of each
 * day (America/Sao_Paulo), through the real HTTP calls with the sandbox
 * stand-in. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */

let h: BarredHarness;
let n = 0;
const phone = () => `+55119876${String(40000 + (n += 1)).padStart(5, '0')}`;

beforeAll(async () => {
  h = await barredHarness();
}, 60_000);
afterAll(() => h.close());
beforeEach(() => {
  h.stand.setOutage(false);
  h.clock.set('2026-11-25T15:00:00.000Z');
});

describe('registration', () => {
  it('refuses the demo barred CPF with a clear message in the caller’s language; nothing is created', async () => {
    const p = phone();
    const en = await h.register(p, DEMO_BARRED_CPF);
    expect(en.status).toBe(403);
    expect(en.body).toMatchObject({ code: 'cpf_barred' });
    expect(en.body.message).toMatch(/^This CPF is on the Ministry of Finance’s list of people barred from betting \(SIGAP\) and cannot be registered\.$/);
    // The site reads a refusal's words from `errors`: the sign-up form shows them on the CPF field.
    expect(en.body.errors).toEqual({ cpf: [en.body.message] });
    const pt = await h.register(phone(), DEMO_BARRED_CPF, { lang: 'pt-BR' });
    expect(pt.body.message).toMatch(/^Este CPF consta na lista de pessoas impedidas de apostar/);
    expect((pt.body.errors as { cpf: string[] }).cpf[0]).toBe(pt.body.message);
    expect(await h.login(p).then((a) => a.status)).toBe(422);
  });

  it('refuses any CPF the regulator bars, and accepts it once lifted, recording the check of the day', async () => {
    const cpf = cpfFor(7001);
    h.stand.bar(cpf);
    expect((await h.register(phone(), cpf)).status).toBe(403);
    h.stand.lift(cpf);
    const p = phone();
    const made = await h.register(p, cpf);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(await h.check(await h.userId(p))).toMatchObject({ trigger: 'registration', checkedOn: '2026-11-25', barredAt: null });
  });

  it('fails closed when the check cannot be reached: "try again later", nothing created', async () => {
    h.stand.setOutage(true);
    const p = phone();
    const refused = await h.register(p, cpfFor(7002));
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ code: 'barred_check_unavailable' });
    expect(refused.body.message).toMatch(/cannot be checked right now\. Please try again later\.$/);
    expect(refused.body.errors).toEqual({ barred_check: [refused.body.message] });
    expect((await h.login(p)).status).toBe(422);
    h.stand.setOutage(false);
    expect((await h.register(phone(), cpfFor(7002))).status).toBe(201);
  });

  it('a tenant that asks no CPF registers without a check (the CPF is checked once the account has one)', async () => {
    h.stand.setOutage(true);
    const p = phone();
    expect((await h.register(p, null, { host: 'sorte.localhost' })).status).toBe(201);
    h.stand.setOutage(false);
    expect(await h.check(await h.userId(p))).toBeUndefined();
  });
});

describe('the first login of each day', () => {
  it('checks once per São Paulo day: later logins that day ask nothing', async () => {
    const p = phone();
    expect((await h.register(p, cpfFor(7010))).status).toBe(201);
    const asked = h.stand.stats.queries.length;
    expect((await h.login(p)).status).toBe(200);
    // Registered today: today's check is done.
    expect(h.stand.stats.queries.length).toBe(asked);
    // 23:59 the same day in São Paulo (02:59 UTC the next day): still the same day.
    h.clock.set('2026-11-26T02:59:00.000Z');
    expect((await h.login(p)).status).toBe(200);
    expect(h.stand.stats.queries.length).toBe(asked);
    // 00:00 in São Paulo: a new day, one check, then none again.
    h.clock.set('2026-11-26T03:00:00.000Z');
    await h.login(p);
    await h.login(p);
    expect(h.stand.stats.queries.length).toBe(asked + 1);
    expect(await h.check(await h.userId(p))).toMatchObject({ trigger: 'login', checkedOn: '2026-11-26' });
  });

  it('a player barred since: logs in, is barred from now on and notified in both languages, closing after the term', async () => {
    const p = phone();
    const cpf = cpfFor(7011);
    expect((await h.register(p, cpf)).status).toBe(201);
    h.stand.bar(cpf, 'autoexclusão centralizada');
    h.clock.set('2026-11-26T12:00:00.000Z');
    const login = await h.login(p);
    expect(login.status).toBe(200);
    const id = await h.userId(p);
    const row = await h.check(id);
    expect(row).toMatchObject({ trigger: 'login', reason: 'autoexclusão centralizada', liftedAt: null });
    expect(row?.barredAt?.toISOString()).toBe('2026-11-26T12:00:00.000Z');
    expect(row?.closesAt?.toISOString()).toBe('2026-12-26T12:00:00.000Z');
    const [notice] = await h.notices(id);
    expect(notice?.title).toEqual({ pt: 'Conta bloqueada para apostas', en: 'Account blocked for betting' });
    expect(notice?.message.en).toMatch(/You can withdraw your balance; the account will be closed on Dec 26, 2026, 9:00 AM \(Brasília time\)\./);
    expect(notice?.message.pt).toMatch(/a conta será encerrada em 26\/12\/2026, 09:00 \(horário de Brasília\)\./);
    // The next day's check finds the bar still there: no new date, no second notice.
    h.clock.set('2026-11-27T12:00:00.000Z');
    await h.login(p);
    expect((await h.check(id))?.barredAt?.toISOString()).toBe('2026-11-26T12:00:00.000Z');
    expect(await h.notices(id)).toHaveLength(1);
  });

  it('a lifted bar: the next day’s check lifts the block and says so', async () => {
    const p = phone();
    const cpf = cpfFor(7012);
    expect((await h.register(p, cpf)).status).toBe(201);
    h.stand.bar(cpf);
    h.clock.set('2026-11-26T12:00:00.000Z');
    await h.login(p);
    h.stand.lift(cpf);
    h.clock.set('2026-11-27T12:00:00.000Z');
    await h.login(p);
    const id = await h.userId(p);
    expect(await h.check(id)).toMatchObject({ liftedAt: new Date('2026-11-27T12:00:00.000Z'), closesAt: null });
    expect((await h.notices(id))[0]?.title.en).toBe('Block lifted');
  });

  it('fails open when the check cannot be reached: the login goes on and the next login tries again', async () => {
    const p = phone();
    const cpf = cpfFor(7013);
    expect((await h.register(p, cpf)).status).toBe(201);
    h.stand.bar(cpf);
    h.stand.setOutage(true);
    h.clock.set('2026-11-26T12:00:00.000Z');
    expect((await h.login(p)).status).toBe(200);
    const id = await h.userId(p);
    expect(await h.check(id)).toMatchObject({ checkedOn: '2026-11-25', barredAt: null });
    h.stand.setOutage(false);
    h.clock.set('2026-11-26T12:05:00.000Z');
    expect((await h.login(p)).status).toBe(200);
    expect(await h.check(id)).toMatchObject({ checkedOn: '2026-11-26', trigger: 'login' });
    expect((await h.check(id))?.barredAt).not.toBeNull();
  });
});
