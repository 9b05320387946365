import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sandboxSportsBetslips, sportsBetslips } from '../../../../server/features/sportsbook/schema.ts';
import { nodeHttpPost, type HttpPost } from '../../../../server/features/casino/aggregators/sandbox/http-post.ts';
import { sandboxKeys } from '../../../../server/features/sportsbook/keys.ts';
import { createSandboxSportsbook, totalOdds } from '../../../../server/features/sportsbook/sandbox/sandbox-sportsbook.ts';
import { silentLog } from '../../helpers/app.ts';
import { BRAND, type SportsHarness, sportsHarness } from './harness.ts';

/*
 * The sandbox sportsbook end to end over real HTTP (issue 16): the browser's
 * calls to the sandbox, the sandbox's signed bet/make + bet/commit and
 * settlement callbacks to the platform's server, the ledger after each.
 */

let h: SportsHarness;
beforeAll(async () => {
  h = await sportsHarness();
}, 60_000);
afterAll(() => h?.close());
afterEach(() => h.ledgerMatches());

interface Event {
  id: string;
  sport: { id: string; name: string };
  tournament: { name: string };
  live: boolean;
  scheduled: string;
  markets: Array<{ id: string; outcomes: Array<{ id: string; odds: string; name: string }> }>;
}

async function launchToken(token: string, lang: 'pt-br' | 'en' = 'pt-br'): Promise<string> {
  const reply = await h.api('POST', '/games/launch/sport', token, { lang });
  return /#token=(.+)$/.exec(reply.body.gameUrl as string)![1]!;
}

async function events(lang = 'pt-br'): Promise<Event[]> {
  return (await h.sandbox('GET', `/api/events?lang=${lang}`)).body.events as Event[];
}

const pickOf = (event: Event, outcome = 0) => ({ event_id: event.id, market_id: event.markets[0]!.id, outcome_id: event.markets[0]!.outcomes[outcome]!.id });

describe('sandbox events', () => {
  it('lists football, basketball, volleyball and MMA, Brazilian leagues first, in Portuguese and English', async () => {
    const pt = await events('pt-br');
    expect(new Set(pt.map((e) => e.sport.id))).toEqual(new Set(['football', 'basketball', 'volleyball', 'mma']));
    expect(pt[0]!.tournament.name).toMatch(/Brasileirão|NBB|Superliga|Copa do Brasil/);
    expect(pt.some((e) => e.live)).toBe(true);
    expect(pt.find((e) => e.sport.id === 'football')!.sport.name).toBe('Futebol');
    const en = await events('en');
    expect(en.find((e) => e.sport.id === 'football')!.sport.name).toBe('Soccer');
    expect(pt.filter((e) => !e.live).every((e) => new Date(e.scheduled).getTime() > Date.now())).toBe(true);
  });

  it('computes total odds rounded down to the hundredth', () => {
    expect(totalOdds(['2.10', '1.85'])).toBe('3.88');
    expect(totalOdds(['1.50'])).toBe('1.50');
  });
});

describe('a bet through the sandbox', () => {
  it('places a single (bet/make + bet/commit), then settles it won: the stake leaves, the payout comes, live', async () => {
    const { userId, token } = await h.player(10_000);
    const jwt = await launchToken(token);
    const [first] = await events();
    const odds = first!.markets[0]!.outcomes[0]!.odds;
    const placed = await h.sandbox('POST', '/api/bets', { token: jwt, body: { brand_id: BRAND, stake: 1000, selections: [pickOf(first!)] } });
    expect(placed.status).toBe(200);
    expect(placed.body).toMatchObject({ status: 'accepted', balance: 9000 });
    expect(await h.balance(userId)).toBe(9000);
    const id = placed.body.betslip_id as string;
    const [slip] = await h.db.select().from(sportsBetslips).where(eq(sportsBetslips.betslipId, id));
    expect(slip).toMatchObject({ status: 'open', odds, betType: '1/1' });
    expect(slip!.committedAt).not.toBeNull();

    const listed = await h.sandbox('GET', '/api/bets', { token: jwt });
    expect((listed.body.betslips as Array<{ id: string }>)[0]!.id).toBe(id);

    const settled = await h.sandbox('POST', `/api/bets/${id}/settle`, { body: { result: 'won' } });
    expect(settled.body).toEqual({ betslip_id: id, status: 'won' });
    const payout = Math.floor((1000 * Math.round(Number(odds) * 100)) / 100);
    expect(await h.balance(userId)).toBe(9000 + payout);
    const history = await h.api('GET', '/sports/bets', token);
    expect((history.body.items as Array<Record<string, unknown>>)[0]).toMatchObject({ betslipId: id, status: 'won', payout });
    expect(h.published.filter((p) => p.channels[0] === `private-universal.${userId}`).length).toBeGreaterThanOrEqual(2);
    // Settling again is the same answer; another result is refused.
    expect((await h.sandbox('POST', `/api/bets/${id}/settle`, { body: { result: 'won' } })).body).toEqual({ betslip_id: id, status: 'won' });
    expect((await h.sandbox('POST', `/api/bets/${id}/settle`, { body: { result: 'lost' } })).status).toBe(409);
  });

  it('places a multiple on distinct events and settles it lost, void ones refunded', async () => {
    const { userId, token } = await h.player(10_000);
    const jwt = await launchToken(token);
    const list = await events();
    const multiple = await h.sandbox('POST', '/api/bets', { token: jwt, body: { brand_id: BRAND, stake: 500, selections: [pickOf(list[1]!), pickOf(list[2]!, 1)] } });
    expect(multiple.status).toBe(200);
    expect((await h.sandbox('POST', `/api/bets/${multiple.body.betslip_id as string}/settle`, { body: { result: 'lost' } })).body).toMatchObject({ status: 'lost' });
    const voided = await h.sandbox('POST', '/api/bets', { token: jwt, body: { brand_id: BRAND, stake: 700, selections: [pickOf(list[3]!)] } });
    expect((await h.sandbox('POST', `/api/bets/${voided.body.betslip_id as string}/settle`, { body: { result: 'void' } })).body).toMatchObject({ status: 'void' });
    expect(await h.balance(userId)).toBe(9500);
    const [row] = await h.db.select().from(sportsBetslips).where(eq(sportsBetslips.betslipId, multiple.body.betslip_id as string));
    expect(row!.betType).toBe('2/2');
  });

  it('refuses what the sandbox or the platform refuses, in the token’s language', async () => {
    const { userId, token } = await h.player(1000);
    const jwt = await launchToken(token, 'en');
    const [a, b] = await events();
    const short = await h.sandbox('POST', '/api/bets', { token: jwt, body: { brand_id: BRAND, stake: 5000, selections: [pickOf(a!)] } });
    expect(short.status).toBe(402);
    expect(short.body).toMatchObject({ status: 'refused', code: 'not_enough_money', message: 'Not enough money.' });
    expect((await h.sandbox('POST', '/api/bets', { token: jwt, body: { brand_id: BRAND, stake: 100, selections: [pickOf(a!), pickOf(a!, 1)] } })).body).toMatchObject({ code: 'same_event' });
    expect((await h.sandbox('POST', '/api/bets', { token: jwt, body: { brand_id: BRAND, stake: 100, selections: [{ ...pickOf(b!), outcome_id: 'made-up' }] } })).body).toMatchObject({ code: 'unknown_selection' });
    expect((await h.sandbox('POST', '/api/bets', { token: jwt, body: { brand_id: 'other', stake: 100, selections: [pickOf(a!)] } })).status).toBe(403);
    expect((await h.sandbox('POST', '/api/bets', { token: jwt, body: { brand_id: BRAND, stake: 50, selections: [pickOf(a!)] } })).body).toMatchObject({ code: 'stake_range' });
    expect((await h.sandbox('POST', '/api/bets', { token: `${jwt}x`, body: { brand_id: BRAND, stake: 100, selections: [pickOf(a!)] } })).status).toBe(401);
    expect((await h.sandbox('POST', '/api/bets', { body: { brand_id: BRAND, stake: 100, selections: [pickOf(a!)] } })).status).toBe(401);
    expect((await h.sandbox('POST', '/api/bets/sbx-slip-unknown/settle', { body: { result: 'won' } })).status).toBe(404);
    expect((await h.sandbox('POST', '/api/bets/sbx-slip-unknown/settle', { body: { result: 'maybe' } })).status).toBe(400);
    expect(await h.balance(userId)).toBe(1000);
    const refusedRows = await h.db.select().from(sandboxSportsBetslips).where(eq(sandboxSportsBetslips.extPlayerId, String(userId)));
    expect(refusedRows.map((r) => r.status)).toEqual(['refused']);
  });
});

describe('the sandbox owes what the platform did not acknowledge', () => {
  /** A sandbox whose calls go through `fault` first: `drop` loses the call, `lose-answer` delivers it and loses the answer. */
  function flakySandbox() {
    const plan: Array<'drop' | 'lose-answer'> = [];
    const post: HttpPost = async (url, opts) => {
      const fault = plan.shift();
      if (fault === 'drop') return { kind: 'no_answer', reason: 'ECONNREFUSED' };
      const answer = await nodeHttpPost(url, opts);
      return fault === 'lose-answer' ? { kind: 'no_answer', reason: 'timeout' } : answer;
    };
    const sandbox = createSandboxSportsbook({
      db: h.db,
      log: silentLog,
      operatorId: 'sandbox-operator',
      callbackBaseUrl: h.config.sportsbook.callbackBaseUrl,
      keys: () => sandboxKeys(h.config.sportsbook),
      retry: { attempts: 2, backoffMs: 10, timeoutMs: 3000 },
      owedRetry: { baseMs: 30, maxMs: 100, maxAttempts: 30 },
      post,
    });
    return { sandbox, plan };
  }
  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 100 && !(await check()); i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await check()).toBe(true);
  };

  it('a settlement whose callbacks get no answer is retried until acknowledged, credited once', async () => {
    const { userId, token } = await h.player(10_000);
    const { sandbox, plan } = flakySandbox();
    const [event] = await events();
    const placed = await sandbox.place({ tenant: 'localhost', authorization: `Bearer ${await launchToken(token)}`, acceptLanguage: undefined, body: { brand_id: BRAND, stake: 1000, selections: [pickOf(event!)] } });
    expect(placed.status).toBe(200);
    const id = placed.body.betslip_id as string;
    plan.push('lose-answer', 'drop', 'lose-answer');
    const settled = await sandbox.settle(id, 'void');
    expect(settled).toEqual({ status: 202, body: { betslip_id: id, status: 'settling' } });
    await until(async () => (await h.db.select().from(sandboxSportsBetslips).where(eq(sandboxSportsBetslips.id, id)))[0]?.status === 'void');
    expect(await h.balance(userId)).toBe(10_000);
    sandbox.stop();
  });

  it('a settlement still owed when the sandbox stops is sent by the next start (resume)', async () => {
    const { userId, token } = await h.player(10_000);
    const first = flakySandbox();
    const [, , event] = await events();
    const placed = await first.sandbox.place({ tenant: 'localhost', authorization: `Bearer ${await launchToken(token)}`, acceptLanguage: undefined, body: { brand_id: BRAND, stake: 2000, selections: [pickOf(event!)] } });
    const id = placed.body.betslip_id as string;
    first.plan.push('drop');
    expect((await first.sandbox.settle(id, 'won')).status).toBe(202);
    first.sandbox.stop();
    const [owed] = await h.db.select().from(sandboxSportsBetslips).where(eq(sandboxSportsBetslips.id, id));
    expect(owed?.owed?.path).toBe('bet/win');
    expect(await h.balance(userId)).toBe(8000);
    const restarted = flakySandbox();
    await restarted.sandbox.resume();
    const [done] = await h.db.select().from(sandboxSportsBetslips).where(eq(sandboxSportsBetslips.id, id));
    expect(done).toMatchObject({ owed: null, status: 'won' });
    expect(await h.balance(userId)).toBeGreaterThan(10_000);
    restarted.sandbox.stop();
  });

  it('a bet whose bet/make answer was lost is discarded: the stake comes back once', async () => {
    const { userId, token } = await h.player(10_000);
    const { sandbox, plan } = flakySandbox();
    const [, event] = await events();
    plan.push('lose-answer', 'drop');
    const placed = await sandbox.place({ tenant: 'localhost', authorization: `Bearer ${await launchToken(token)}`, acceptLanguage: 'en', body: { brand_id: BRAND, stake: 1500, selections: [pickOf(event!)] } });
    expect(placed).toMatchObject({ status: 503, body: { code: 'platform_unreachable' } });
    const sandboxRow = async () => (await h.db.select().from(sandboxSportsBetslips).where(eq(sandboxSportsBetslips.extPlayerId, String(userId))))[0];
    await until(async () => (await sandboxRow())?.owed === null);
    expect((await sandboxRow())?.status).toBe('discarded');
    expect(await h.balance(userId)).toBe(10_000);
    const [slip] = await h.db.select().from(sportsBetslips).where(eq(sportsBetslips.userId, userId));
    expect(slip?.status).toBe('rolled-back');
    sandbox.stop();
  });
});
