import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMIT_PERIODS, type MoneyLimitKind } from '../../../../src/contract/responsible-gaming.ts';
import { accessTokens, ledgerEntries, pixCharges, responsibleGaming } from '../../../../server/db/schema.ts';
import { assertDepositAllowed, assertWagerAllowed } from '../../../../server/features/responsible-gaming/enforce.ts';
import { ResponsibleGamingError } from '../../../../server/features/responsible-gaming/errors.ts';
import { periodBounds } from '../../../../server/features/responsible-gaming/periods.ts';
import { type ResponsibleGamingDeps, startCoolOff, updateLimits } from '../../../../server/features/responsible-gaming/settings.ts';
import { createSeamlessWallet } from '../../../../server/features/casino/provider-wallet/service.ts';
import { type Player, type WithdrawalHarness, withdrawalHarness } from '../withdrawals/helpers.ts';

/**
 * Issue 17's limits, pause and session limit at their edges, on the real
 * ledger (PGlite, and PostgreSQL with TEST_DATABASE_URL): service calls at
 * chosen instants for the period edges, HTTP calls for the deposit, house
 * round and aggregator movement.
 */
let h: WithdrawalHarness;
let clock = new Date();
let rg: ResponsibleGamingDeps;
let seq = 0;

beforeAll(async () => {
  h = await withdrawalHarness();
  rg = { db: h.db, now: () => clock, selfExclusionPlatformUrl: 'https://www.gov.br/autoexclusaoapostas', realityCheckMinuteSeconds: 60 };
});
afterAll(() => h.close());

const who = (p: Player) => ({ tenantId: h.tenants.local, userId: p.id });

/** A ledger row written at `at` (history the limits count), bypassing the wallet: only the sums matter here. */
async function history(p: Player, type: 'bet' | 'win' | 'deposit', amount: number, at: Date): Promise<void> {
  seq += 1;
  await h.db.insert(ledgerEntries).values({
    tenantId: h.tenants.local,
    userId: p.id,
    type,
    amount: BigInt(amount),
    withdrawableDelta: 0n,
    balanceAfter: 0n,
    balanceWithdrawalAfter: 0n,
    reference: `rg-history-${seq}`,
    createdAt: at,
  });
}

async function refusal(work: Promise<unknown>): Promise<ResponsibleGamingError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof ResponsibleGamingError) return error;
    throw error;
  }
  throw new Error('expected a responsible-gaming refusal');
}

const check = (kind: MoneyLimitKind) => (p: Player, amount: number, now: Date) =>
  h.db.transaction((tx) => (kind === 'deposit' ? assertDepositAllowed : assertWagerAllowed)(tx, { ...who(p), amount, now }));

describe('each money limit at its edge, for each period, in São Paulo time', () => {
  // Wednesday 25 Nov 2026, 15:00 in São Paulo: inside a day, a week (from Mon 23) and a month (from the 1st).
  const now = new Date('2026-11-25T18:00:00.000Z');
  const LIMIT = 10_000;
  const spent: Record<MoneyLimitKind, (p: Player, amount: number, at: Date) => Promise<void>> = {
    loss: (p, amount, at) => history(p, 'bet', -amount, at),
    wager: (p, amount, at) => history(p, 'bet', -amount, at),
    deposit: (p, amount, at) => history(p, 'deposit', amount, at),
  };

  for (const kind of ['loss', 'wager', 'deposit'] as const) {
    for (const period of LIMIT_PERIODS) {
      it(`${kind} per ${period}: up to the limit passes, one centavo more is refused, the next period starts afresh`, async () => {
        const p = await h.player();
        clock = new Date(now.getTime() - 48 * 3600_000);
        await updateLimits(rg, who(p), { [kind]: { [period]: LIMIT } });
        const { start, end } = periodBounds(period, now);
        // Just before the period: not counted. Inside it: 6.000 of the 10.000.
        await spent[kind](p, 50_000, new Date(start.getTime() - 1));
        await spent[kind](p, 6_000, start);
        await check(kind)(p, 4_000, now);
        const refused = await refusal(check(kind)(p, 4_001, now));
        expect(refused.status).toBe(403);
        expect(refused.refusal).toEqual({ kind, period, limit: LIMIT, used: 6_000, resets_at: end.toISOString() });
        expect(refused.localized?.pt).toMatch(/R\$\s100,00/);
        expect(refused.localized?.pt).toMatch(/disponível: R\$\s40,00/);
        expect(refused.localized?.en).toContain('R$100.00');
        // The last instant of the period still counts the 6.000; the period's end starts afresh.
        await refusal(check(kind)(p, 4_001, new Date(end.getTime() - 1)));
        await check(kind)(p, LIMIT, end);
      });
    }
  }

  it('a win brings the net loss down: a player in profit may stake more than the loss limit', async () => {
    const p = await h.player();
    clock = now;
    await updateLimits(rg, who(p), { loss: { day: 1_000 } });
    await history(p, 'bet', -1_000, now);
    await refusal(check('loss')(p, 1, now));
    await history(p, 'win', 3_000, now);
    await check('loss')(p, 3_000, now);
    await refusal(check('loss')(p, 3_001, now));
  });
});

describe('at midnight in São Paulo, written as UTC instants (not derived from periodBounds)', () => {
  // São Paulo has kept UTC−3 all year since 2019: midnight there is 03:00Z, also in the months that used to have summer time.
  const cases = [
    // Wed 25 Nov 2026 23:59:59.999 → Thu 26 00:00.
    { period: 'day', last: '2026-11-26T02:59:59.999Z', next: '2026-11-26T03:00:00.000Z' },
    // Sun 29 Nov 2026 23:59:59.999 → Mon 30 00:00 (the week starts on Monday).
    { period: 'week', last: '2026-11-30T02:59:59.999Z', next: '2026-11-30T03:00:00.000Z' },
    // Mon 30 Nov 2026 23:59:59.999 → Tue 1 Dec 00:00.
    { period: 'month', last: '2026-12-01T02:59:59.999Z', next: '2026-12-01T03:00:00.000Z' },
    // Sat 16 Jan 2027, in the old summer-time season: still 03:00Z.
    { period: 'day', last: '2027-01-17T02:59:59.999Z', next: '2027-01-17T03:00:00.000Z' },
  ] as const;
  for (const c of cases) {
    it(`a ${c.period} limit: a loss at ${c.last} counts until ${c.next}, not after`, async () => {
      const p = await h.player();
      clock = new Date('2026-11-01T12:00:00.000Z');
      await updateLimits(rg, who(p), { loss: { [c.period]: 1_000 } });
      await history(p, 'bet', -1_000, new Date(c.last));
      const refused = await refusal(check('loss')(p, 1, new Date(c.last)));
      expect(refused.refusal.resets_at).toBe(c.next);
      await check('loss')(p, 1_000, new Date(c.next));
    });
  }
});

describe('raising, removing and lowering a limit', () => {
  it('a raise waits 24 hours; a lowering applies at once', async () => {
    const p = await h.player();
    const t0 = new Date('2026-11-25T13:00:00.000Z');
    clock = t0;
    await updateLimits(rg, who(p), { wager: { month: 1_000 } });
    await history(p, 'bet', -1_000, t0);
    const view = await updateLimits(rg, who(p), { wager: { month: 5_000 } });
    expect(view.limits.wager.month).toMatchObject({ value: 1_000, pending: { value: 5_000, from: '2026-11-26T13:00:00.000Z' } });
    // Before the 24 hours: the old limit holds.
    await refusal(check('wager')(p, 1, new Date(t0.getTime() + 24 * 3600_000 - 1)));
    // From then on: the new one.
    await check('wager')(p, 4_000, new Date(t0.getTime() + 24 * 3600_000));
    clock = new Date(t0.getTime() + 25 * 3600_000);
    const lowered = await updateLimits(rg, who(p), { wager: { month: 1_500 } });
    expect(lowered.limits.wager.month).toMatchObject({ value: 1_500, pending: null });
    await refusal(check('wager')(p, 501, clock));
    await check('wager')(p, 500, clock);
  });

  it('a removal waits 24 hours too', async () => {
    const p = await h.player();
    const t0 = new Date('2026-11-25T13:00:00.000Z');
    clock = t0;
    await updateLimits(rg, who(p), { deposit: { day: 2_000 } });
    await updateLimits(rg, who(p), { deposit: { day: null } });
    await refusal(check('deposit')(p, 2_001, new Date(t0.getTime() + 23 * 3600_000)));
    await check('deposit')(p, 2_001, new Date(t0.getTime() + 24 * 3600_000));
  });
});

describe('session-time limit', () => {
  it('bets are refused once the oldest live login is older than the limit', async () => {
    const p = await h.player();
    const [token] = await h.db.select().from(accessTokens).where(eq(accessTokens.userId, p.id));
    const start = token!.createdAt;
    clock = start;
    await updateLimits(rg, who(p), { session_minutes: 30 });
    // Kept alive (the 30-minute idle rule would otherwise end it).
    await h.db.update(accessTokens).set({ lastUsedAt: new Date(start.getTime() + 29 * 60_000) }).where(eq(accessTokens.userId, p.id));
    await check('wager')(p, 100, new Date(start.getTime() + 30 * 60_000 - 1));
    const refused = await refusal(check('wager')(p, 100, new Date(start.getTime() + 30 * 60_000)));
    expect(refused.code).toBe('session_limit_reached');
    expect(refused.localized?.pt).toContain('30 min');
  });
});

describe('enforced on the real money paths', () => {
  const dice = (token: string, amount: number) =>
    h.call('POST', '/house/dice/play', { token, body: { amount, params: { target: 200, direction: 'under' } }, lang: 'pt-BR' });

  it('a house round past the loss limit is refused with the limit and its reset, in the player’s language', async () => {
    const p = await h.player();
    await h.deposit(p.id, 100_000);
    clock = new Date();
    await updateLimits(rg, who(p), { loss: { day: 1_000 } });
    await h.db.transaction((tx) => assertWagerAllowed(tx, { ...who(p), amount: 1_000, now: new Date() }));
    const refused = await h.call('POST', '/house/dice/play', { token: p.token, body: { amount: 1_001, params: { target: 200, direction: 'under' } }, lang: 'en' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'limit_reached', limit: { kind: 'loss', period: 'day', limit: 1_000 } });
    expect(refused.body.message).toMatch(/^This bet would exceed your daily loss limit of R\$10\.00 \(left: R\$10\.00\)\. The limit resets on /);
    const pt = await dice(p.token, 1_001);
    expect(pt.body.message).toMatch(/^Esta aposta ultrapassa seu limite diário de perdas de R\$\s10,00/);
    // Nothing moved.
    expect((await h.money(p.id)).balance).toBe(100_000n);
  });

  it('50 concurrent bets straddling a loss limit never pass it', async () => {
    const p = await h.player();
    await h.deposit(p.id, 1_000_000);
    clock = new Date();
    await updateLimits(rg, who(p), { loss: { day: 2_000 } });
    const answers = await Promise.all(Array.from({ length: 50 }, () => dice(p.token, 100)));
    const played = answers.filter((a) => a.status === 200).length;
    const refused = answers.filter((a) => a.status === 403).length;
    expect(played + refused).toBe(50);
    const money = await h.money(p.id);
    // Whatever the rolls, the day's net loss stays within R$ 20,00.
    expect(1_000_000n - money.balance).toBeLessThanOrEqual(2_000n);
    expect(played).toBeGreaterThanOrEqual(20);
    // The stakes (R$ 50,00) straddle the limit: unless a win (2 % a roll) paid for more rounds, exactly 20 rounds lose it and 30 are refused.
    const wins = answers.filter((a) => a.status === 200 && (a.body.round as { payout: number }).payout > 0).length;
    if (wins === 0) expect([played, refused]).toEqual([20, 30]);
    for (const a of answers.filter((x) => x.status === 403)) expect(a.body).toMatchObject({ code: 'limit_reached', limit: { kind: 'loss', period: 'day' } });
  });

  it('50 concurrent bets straddling a wager limit stake exactly up to it', async () => {
    const p = await h.player();
    await h.deposit(p.id, 1_000_000);
    clock = new Date();
    await updateLimits(rg, who(p), { wager: { week: 2_500 } });
    const answers = await Promise.all(Array.from({ length: 50 }, () => dice(p.token, 100)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(25);
    expect(answers.filter((a) => a.status === 403)).toHaveLength(25);
  });

  it('an aggregator bet past a limit is refused with its protocol code; nothing moves', async () => {
    const p = await h.player();
    await h.deposit(p.id, 10_000);
    clock = new Date();
    await updateLimits(rg, who(p), { wager: { day: 500 } });
    const wallet = createSeamlessWallet(h.db, 'jaguar');
    const ok = await wallet.bet(who(p), { transactionId: 'tx-1', roundId: 'r-1', amount: 500, game: 'Jaguar Gold' });
    expect(ok.balance).toBe(9_500);
    const refused = await refusal(wallet.bet(who(p), { transactionId: 'tx-2', roundId: 'r-2', amount: 1, game: 'Jaguar Gold' }));
    expect(refused.details).toMatchObject({ error: 'limit_reached', limit: { kind: 'wager', period: 'day', limit: 500, used: 500 } });
    expect((await h.money(p.id)).balance).toBe(9_500n);
  });

  it('a deposit charge past the deposit limit is refused, charges still payable counting', async () => {
    const p = await h.player();
    clock = new Date();
    await updateLimits(rg, who(p), { deposit: { day: 10_000 } });
    const first = await h.call('POST', '/main-gateway/qrcode-pix', { token: p.token, body: { amount: 6_000 } });
    expect(first.status).toBe(200);
    const second = await h.call('POST', '/main-gateway/qrcode-pix', { token: p.token, body: { amount: 4_001 } });
    expect(second.status).toBe(403);
    expect(second.body).toMatchObject({ code: 'limit_reached', limit: { kind: 'deposit', period: 'day', used: 6_000 } });
    expect(second.body.message).toMatch(/^This deposit would exceed your daily deposit limit of R\$100\.00 \(left: R\$40\.00\)/);
    expect((await h.call('POST', '/main-gateway/qrcode-pix', { token: p.token, body: { amount: 4_000 } })).status).toBe(200);
    expect(await h.db.select().from(pixCharges).where(eq(pixCharges.userId, p.id))).toHaveLength(2);
  });
});

describe('a pause (cool-off)', () => {
  it('refuses bets and deposits for its length but lets the player withdraw', async () => {
    const p = await h.player();
    await h.deposit(p.id, 50_000);
    const methodId = await h.method(p);
    clock = new Date();
    const view = await startCoolOff(rg, who(p), 7);
    expect(new Date(view.cool_off_until!).getTime()).toBe(clock.getTime() + 7 * 24 * 3600_000);

    const bet = await h.call('POST', '/house/dice/play', { token: p.token, body: { amount: 100, params: { target: 5000, direction: 'over' } } });
    expect(bet.status).toBe(403);
    expect(bet.body).toMatchObject({ code: 'cooling_off' });
    expect(bet.body.message).toMatch(/^You are taking a break until .+: bets and deposits are blocked\. Withdrawals remain available\.$/);
    const deposit = await h.call('POST', '/main-gateway/qrcode-pix', { token: p.token, body: { amount: 5_000 } });
    expect(deposit.status).toBe(403);
    expect(deposit.body).toMatchObject({ code: 'cooling_off' });
    const aggregator = createSeamlessWallet(h.db, 'jaguar');
    await refusal(aggregator.bet(who(p), { transactionId: 'pause-1', roundId: 'pause-r', amount: 100, game: 'Jaguar Gold' }));

    const withdrawal = await h.call('POST', '/wallet/withdraw/request', { token: p.token, body: { amount: 20_000, method_id: methodId } });
    expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBe(201);

    // A pause cannot be shortened; a longer one replaces it.
    await expect(startCoolOff(rg, who(p), 1)).rejects.toMatchObject({ code: 'cool_off_shorter', status: 422 });
    await startCoolOff(rg, who(p), 30);
    // And once it ends, bets are allowed again.
    await h.db.transaction((tx) => assertWagerAllowed(tx, { ...who(p), amount: 100, now: new Date(Date.now() + 31 * 24 * 3600_000) }));
  });
});

describe('the API', () => {
  it('GET shows limits, usage, waiting changes, the session and the government platform; PUT validates', async () => {
    const p = await h.player();
    const set = await h.call('PUT', '/responsible-gambling/limits', { token: p.token, body: { loss: { day: 5_000 }, session_minutes: 60, reality_check_minutes: 15 } });
    expect(set.status).toBe(200);
    const got = await h.call('GET', '/responsible-gambling', { token: p.token });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({
      limits: { loss: { day: { value: 5_000, pending: null, used: 0 } } },
      session: { value: 60, pending: null },
      reality_check_minutes: 15,
      minute_seconds: 60,
      cool_off_until: null,
      self_exclusion_platform_url: 'https://www.gov.br/autoexclusaoapostas',
    });
    expect((got.body.session as { started_at: string | null }).started_at).not.toBeNull();
    const raised = await h.call('PUT', '/responsible-gambling/limits', { token: p.token, body: { loss: { day: 9_000 } } });
    expect((raised.body.limits as Record<string, Record<string, { pending: unknown }>>).loss!.day!.pending).toMatchObject({ value: 9_000 });
    for (const body of [{ loss: { day: -1 } }, { loss: { day: 50 } }, { loss: { year: 100 } }, { session_minutes: 7 }, { reality_check_minutes: 1 }, { extra: 1 }, []]) {
      const bad = await h.call('PUT', '/responsible-gambling/limits', { token: p.token, body });
      expect(bad.status, JSON.stringify(body)).toBe(422);
    }
    expect((await h.call('POST', '/responsible-gambling/cool-off', { token: p.token, body: { days: 2 } })).status).toBe(422);
    const summary = await h.call('GET', '/responsible-gambling/session', { token: p.token });
    expect(summary.body).toMatchObject({ net_result: 0 });
    expect((await h.call('GET', '/responsible-gambling')).status).toBe(401);
    const [row] = await h.db.select().from(responsibleGaming).where(eq(responsibleGaming.userId, p.id));
    expect(row?.realityCheckMinutes).toBe(15);
  });

  it('the time alert summary counts the session’s net result', async () => {
    const p = await h.player();
    await h.deposit(p.id, 10_000);
    await h.call('POST', '/house/dice/play', { token: p.token, body: { amount: 1_000, params: { target: 200, direction: 'under' } } });
    const summary = await h.call('GET', '/responsible-gambling/session', { token: p.token });
    const money = await h.money(p.id);
    expect(summary.body.net_result).toBe(Number(money.balance) - 10_000);
    expect(summary.body.played_seconds).toBeGreaterThanOrEqual(0);
  });
});

