import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerRounds } from '../../../../server/features/casino/schema.ts';
import { houseRounds, houseSeeds } from '../../../../server/features/house/schema.ts';
import { sportsBetslips, sportsSelections } from '../../../../server/features/sportsbook/schema.ts';
import { playerMaker, type Tenant } from '../../helpers/feature-harness.ts';
import { SORTE, SORTE_KEY, type StaffHarness, staffHarness } from '../staff/harness.ts';

let h: StaffHarness;
let sorte: Tenant;
let local: Tenant;
let player: number;

const tenant = (domain: string): Promise<Tenant> => h.tenantOf(domain);

/** 10 March 2026, 12:00 in São Paulo; a second instant an hour before that day began there. */
const IN_RANGE = new Date('2026-03-10T15:00:00Z');
const BEFORE = new Date('2026-03-10T02:00:00Z');

beforeAll(async () => {
  h = await staffHarness();
  sorte = await tenant(SORTE);
  local = await tenant('localhost');
  const makePlayer = playerMaker(h.db);
  player = (await makePlayer(sorte)).userId;
  const outsider = (await makePlayer(local)).userId;
  const seed = async (tenantId: number, userId: number) =>
    (await h.db.insert(houseSeeds).values({ tenantId, actorKey: `user:${userId}`, serverSeed: 's', serverSeedHash: 'h', clientSeed: 'c' }).returning({ id: houseSeeds.id }))[0]!.id;
  const round = (tenantId: number, userId: number, seedId: number, nonce: number, createdAt: Date, demo = false) => ({
    tenantId, userId, actorKey: `user:${userId}`, game: 'dice' as const, demo, amount: 100n, payout: 198n, multiplier: 19_800, params: {}, outcome: {}, seedId, nonce, createdAt,
  });
  const mine = await seed(sorte.id, player);
  const theirs = await seed(local.id, outsider);
  await h.db.insert(houseRounds).values([round(sorte.id, player, mine, 0, IN_RANGE), round(sorte.id, player, mine, 1, BEFORE), round(sorte.id, player, mine, 2, IN_RANGE, true), round(local.id, outsider, theirs, 0, IN_RANGE)]);
  await h.db.insert(providerRounds).values([{ tenantId: sorte.id, userId: player, provider: 'sandbox', roundId: 'r-1', game: '=HYPERLINK("x")', stake: 500n, paid: 1_500n, settledAt: IN_RANGE, createdAt: IN_RANGE }]);
  const [slip] = await h.db
    .insert(sportsBetslips)
    .values({ tenantId: sorte.id, userId: player, betslipId: 's-1', makeTransactionId: 't-1', betType: '1/1', odds: '2', stake: 1_000n, payout: 0n, refunded: 1_000n, currency: 'BRL', status: 'refunded', placedAt: IN_RANGE })
    .returning({ id: sportsBetslips.id });
  await h.db.insert(sportsSelections).values([{ betslipRowId: slip!.id, position: 1, eventId: 'e1', eventName: 'Bahia x Vitória', sportName: 'Futebol', tournamentName: 'Baiano', marketName: '1X2', outcomeName: '1', odds: '2' }]);
});
afterAll(() => h.close());

async function csv(query: string): Promise<{ status: number; lines: string[] }> {
  const res = await h.app.request(`/api/operator/exports/rounds?${query}`, { headers: { host: SORTE, 'x-operator-key': SORTE_KEY } });
  return { status: res.status, lines: (await res.text()).replace(/^\uFEFF/, '').trim().split('\r\n') };
}

describe('the rounds export', () => {
  it('lists the real-money house rounds of the São Paulo days asked, of this tenant only', async () => {
    const { status, lines } = await csv('from=2026-03-10&to=2026-03-10&kind=house');
    expect(status).toBe(200);
    expect(lines[0]).toBe('kind,id,at,user_id,game,provider,stake,payout,status');
    expect(lines.slice(1)).toEqual([expect.stringMatching(new RegExp(`^house,\\d+,2026-03-10T15:00:00.000Z,${player},dice,,100,198,settled$`))]);
  });

  it('lists casino rounds with formula-looking names made safe, and sports slips by their events with refunds in the payout', async () => {
    const casino = await csv('from=2026-03-01&to=2026-03-31&kind=casino');
    expect(casino.lines[1]).toContain(`,${player},"'=HYPERLINK(""x"")",sandbox,500,1500,settled`);
    const sports = await csv('from=2026-03-01&to=2026-03-31&kind=sports');
    expect(sports.lines[1]).toContain(`,${player},Bahia x Vitória,,1000,1000,refunded`);
  });

  it('refuses a missing product or a bad range with field errors, and other roles than finance', async () => {
    expect((await csv('from=2026-03-01&to=2026-03-31')).status).toBe(422);
    expect((await csv('from=2026-03-01&to=2026-07-31&kind=house')).status).toBe(422);
    const support = await h.login(await h.createStaff('support'));
    expect((await h.request('GET', '/operator/exports/rounds?from=2026-03-01&to=2026-03-31&kind=house', { cookie: support })).status).toBe(403);
    const finance = await h.login(await h.createStaff('finance'));
    expect((await h.request('GET', '/operator/exports/rounds?from=2026-03-01&to=2026-03-31&kind=house', { cookie: finance })).status).toBe(200);
  });
});
