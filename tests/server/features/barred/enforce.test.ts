import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBarred } from '../../../../server/features/barred/index.ts';
import { recordAnswer } from '../../../../server/features/barred/record-check.ts';
import { barredChecks } from '../../../../server/features/barred/schema.ts';
import { createSeamlessWallet } from '../../../../server/features/casino/provider-wallet/service.ts';
import { getConfig } from '../../../../server/config.ts';
import { DomainError } from '../../../../server/http/errors.ts';
import { silentLog } from '../../helpers/app.ts';
import { makeClaims, type SportsHarness, sportsHarness } from '../sportsbook/harness.ts';
import { type Player, type WithdrawalHarness, withdrawalHarness } from '../withdrawals/helpers.ts';

/*
 * A barred player (SIGAP) is refused at once on every deposit charge, house
 * round, aggregator bet and sports bet (the responsible-gaming gate), can
 * still withdraw, and is let back in when the bar is lifted. PGlite, and
 * PostgreSQL with TEST_DATABASE_URL.
 */

let h: WithdrawalHarness;
beforeAll(async () => {
  h = await withdrawalHarness();
}, 60_000);
afterAll(() => h.close());

const config = getConfig({ DATABASE_URL: 'memory://', LOG_LEVEL: 'silent' });
const barredDeps = () => createBarred({ db: h.db, config, log: silentLog, notifications: { db: h.db, publish: async () => {}, log: silentLog } }).deps;
const answer = (cpf: string, barred: boolean) => ({ cpf, barred, reason: barred ? 'impedido' : null, since: null });
const dice = (p: Player, amount = 100) => h.call('POST', '/house/dice/play', { token: p.token, body: { amount, params: { target: 5000, direction: 'over' } } });

async function refusedCode(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('a barred player', () => {
  it('is refused on deposit, house round and aggregator bet with a clear message, and may withdraw', async () => {
    const p = await h.player();
    await h.deposit(p.id, 50_000);
    const methodId = await h.method(p);
    await recordAnswer(barredDeps(), { tenantId: h.tenants.local, userId: p.id }, 'sweep', answer(p.cpf!, true), new Date('2026-11-25T15:00:00Z'));

    const deposit = await h.call('POST', '/main-gateway/qrcode-pix', { token: p.token, body: { amount: 5_000 } });
    expect(deposit.status).toBe(403);
    expect(deposit.body).toMatchObject({ code: 'barred', error: 'barred', closes_at: '2026-12-25T15:00:00.000Z' });
    expect(deposit.body.message).toBe(
      'Your CPF is on the Ministry of Finance’s list of people barred from betting (SIGAP): bets and deposits are blocked. You can withdraw your balance; the account will be closed on Dec 25, 2026, 12:00 PM (Brasília time).',
    );
    const round = await dice(p);
    expect(round.status).toBe(403);
    expect(round.body).toMatchObject({ code: 'barred' });
    const pt = await h.call('POST', '/house/dice/play', { token: p.token, lang: 'pt-BR', body: { amount: 100, params: { target: 5000, direction: 'over' } } });
    expect(pt.body.message).toMatch(/^Seu CPF consta na lista de pessoas impedidas de apostar .* a conta será encerrada em 25\/12\/2026, 12:00 \(horário de Brasília\)\.$/);
    const aggregator = createSeamlessWallet(h.db, 'jaguar');
    expect(await refusedCode(aggregator.bet({ tenantId: h.tenants.local, userId: p.id }, { transactionId: 'barred-1', roundId: 'barred-r1', amount: 100, game: 'Jaguar Gold' }))).toBe('barred');
    expect((await h.money(p.id)).balance).toBe(50_000n);

    const withdrawal = await h.call('POST', '/wallet/withdraw/request', { token: p.token, body: { amount: 20_000, method_id: methodId } });
    expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBe(201);
  });

  it('plays and deposits again once the regulator lifts the bar', async () => {
    const p = await h.player();
    await h.deposit(p.id, 10_000);
    const deps = barredDeps();
    const who = { tenantId: h.tenants.local, userId: p.id };
    expect(await recordAnswer(deps, who, 'login', answer(p.cpf!, true), new Date())).toBe('barred');
    expect((await dice(p)).status).toBe(403);
    expect(await recordAnswer(deps, who, 'sweep', answer(p.cpf!, false), new Date())).toBe('lifted');
    const [row] = await h.db.select().from(barredChecks).where(eq(barredChecks.userId, p.id));
    expect(row).toMatchObject({ closesAt: null });
    expect(row?.liftedAt).not.toBeNull();
    expect((await dice(p)).status).toBe(200);
    expect((await h.call('POST', '/main-gateway/qrcode-pix', { token: p.token, body: { amount: 5_000 } })).status).toBe(200);
    // Barred again later: a new bar with a new term.
    expect(await recordAnswer(deps, who, 'sweep', answer(p.cpf!, true), new Date())).toBe('barred');
    expect((await dice(p)).status).toBe(403);
  });

  it('a player of another tenant, or one never barred, is not touched', async () => {
    const barred = await h.player();
    const other = await h.player({ tenantId: h.tenants.sorte });
    await h.deposit(other.id, 10_000, h.tenants.sorte);
    await recordAnswer(barredDeps(), { tenantId: h.tenants.local, userId: barred.id }, 'login', answer(barred.cpf!, true), new Date());
    expect((await h.call('POST', '/house/dice/play', { token: other.token, host: 'sorte.localhost', body: { amount: 100, params: { target: 5000, direction: 'over' } } })).status).toBe(200);
  });
});

describe('a barred player’s sports bet', () => {
  let s: SportsHarness;
  beforeAll(async () => {
    s = await sportsHarness();
  }, 60_000);
  afterAll(() => s?.close());

  it('is refused as "player blocked" with the bar’s message; nothing moves', async () => {
    const { userId } = await s.player(5_000);
    const deps = createBarred({ db: s.db, config, log: silentLog, notifications: { db: s.db, publish: async () => {}, log: silentLog } }).deps;
    await recordAnswer(deps, { tenantId: s.tenantId, userId }, 'login', answer('00000000191', true), new Date());
    const reply = await s.call('bet/make', makeClaims(userId));
    expect(reply.body).toMatchObject({ code: 1005, error: 'player_blocked' });
    expect(String(reply.body.message)).toMatch(/impedidas de apostar do Ministério da Fazenda \(SIGAP\)/);
    expect(await s.balance(userId)).toBe(5_000);
  });
});
