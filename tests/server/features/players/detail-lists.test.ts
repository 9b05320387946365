import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayerDetailView, PlayerNoteView } from '../../../../src/contract/backoffice.ts';
import { providerRounds } from '../../../../server/features/casino/schema.ts';
import { houseRounds, houseSeeds } from '../../../../server/features/house/schema.ts';
import { identityDocuments } from '../../../../server/features/documents/schema.ts';
import { playerNotes } from '../../../../server/features/players/schema.ts';
import { sportsBetslips, sportsSelections } from '../../../../server/features/sportsbook/schema.ts';
import { auditLog } from '../../../../server/features/staff/schema.ts';
import { issueAccessToken, revokeAccessToken } from '../../../../server/features/users/tokens.ts';
import { playerMaker, type Tenant } from '../../helpers/feature-harness.ts';
import { SORTE, SORTE_KEY, type StaffHarness, staffHarness } from '../staff/harness.ts';

let h: StaffHarness;
let sorte: Tenant;
let other: Tenant;
let makePlayer: ReturnType<typeof playerMaker>;

const tenant = (domain: string): Promise<Tenant> => h.tenantOf(domain);

beforeAll(async () => {
  h = await staffHarness();
  sorte = await tenant(SORTE);
  other = await tenant('localhost');
  makePlayer = playerMaker(h.db);
});
afterAll(() => h.close());

const detailOf = async (id: number) => {
  const answer = await h.request('GET', `/operator/players/${id}`, { key: SORTE_KEY });
  expect(answer.status).toBe(200);
  return answer.body as unknown as PlayerDetailView;
};

const MINUTE = 60_000;

describe('staff notes on a player', () => {
  it('appends a note signed by the staff member (the operator key signs none), shown newest first and audited', async () => {
    const player = (await makePlayer(sorte, { name: 'Com Notas' })).userId;
    const email = await h.createStaff('support');
    const support = await h.login(email);
    const first = await h.request('POST', `/operator/players/${player}/notes`, { cookie: support, body: { body: '  Ligou pedindo o extrato.\nEnviado por e-mail.  ' } });
    expect(first.status).toBe(201);
    const note = (first.body as { note: PlayerNoteView }).note;
    expect(note).toEqual({ id: expect.any(Number), body: 'Ligou pedindo o extrato.\nEnviado por e-mail.', authorStaffId: expect.any(Number), authorEmail: email, createdAt: expect.any(String) });
    const second = await h.request('POST', `/operator/players/${player}/notes`, { key: SORTE_KEY, body: { body: 'Nota da automação.' } });
    expect(second.status).toBe(201);
    expect(second.body.note).toMatchObject({ authorStaffId: null, authorEmail: null });

    const { notes } = await detailOf(player);
    expect(notes.map((n) => n.body)).toEqual(['Nota da automação.', 'Ligou pedindo o extrato.\nEnviado por e-mail.']);
    const audited = await h.db.select().from(auditLog).where(and(eq(auditLog.tenantId, sorte.id), eq(auditLog.path, `/players/${player}/notes`)));
    expect(audited.map((row) => [row.staffEmail, row.status])).toEqual([
      [email, 201],
      [null, 201],
    ]);
  });

  it('shows only the latest 50', async () => {
    const player = (await makePlayer(sorte, { name: 'Muitas Notas' })).userId;
    await h.db.insert(playerNotes).values(Array.from({ length: 55 }, (_, i) => ({ tenantId: sorte.id, userId: player, body: `nota ${i}` })));
    const { notes } = await detailOf(player);
    expect(notes).toHaveLength(50);
    expect(notes[0]!.body).toBe('nota 54');
    expect(notes.at(-1)!.body).toBe('nota 5');
  });

  it.each([
    ['an empty body', { body: '   ' }],
    ['no body', {}],
    ['a body over 2000 characters', { body: 'x'.repeat(2001) }],
  ])('refuses %s with 422', async (_what, body) => {
    const player = (await makePlayer(sorte)).userId;
    const answer = await h.request('POST', `/operator/players/${player}/notes`, { key: SORTE_KEY, body });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors as object)).toEqual(['body']);
  });

  it('takes exactly 2000 characters', async () => {
    const player = (await makePlayer(sorte)).userId;
    expect((await h.request('POST', `/operator/players/${player}/notes`, { key: SORTE_KEY, body: { body: 'x'.repeat(2000) } })).status).toBe(201);
  });

  it('is 404 for another tenant’s player, and offers no edit or delete', async () => {
    const elsewhere = (await makePlayer(other)).userId;
    expect((await h.request('POST', `/operator/players/${elsewhere}/notes`, { key: SORTE_KEY, body: { body: 'Não deveria.' } })).status).toBe(404);
    expect(await h.db.select().from(playerNotes).where(eq(playerNotes.userId, elsewhere))).toEqual([]);
    const player = (await makePlayer(sorte)).userId;
    const { note } = (await h.request('POST', `/operator/players/${player}/notes`, { key: SORTE_KEY, body: { body: 'Fica.' } })).body as { note: PlayerNoteView };
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      expect((await h.request(method, `/operator/players/${player}/notes/${note.id}`, { key: SORTE_KEY, body: { body: 'Mudou.' } })).status).toBe(404);
    }
    expect((await detailOf(player)).notes.map((n) => n.body)).toEqual(['Fica.']);
  });

  it('is open to support, not to marketing', async () => {
    const player = (await makePlayer(sorte)).userId;
    const marketing = await h.login(await h.createStaff('marketing'));
    expect((await h.request('POST', `/operator/players/${player}/notes`, { cookie: marketing, body: { body: 'Não posso.' } })).status).toBe(403);
    expect(await h.db.select().from(playerNotes).where(eq(playerNotes.userId, player))).toEqual([]);
  });
});

describe('the player’s logins', () => {
  it('lists the tokens newest first with their state, never a hash', async () => {
    const { userId: player } = await makePlayer(sorte, { name: 'Com Sessões' });
    const now = Date.now();
    const idle = await issueAccessToken(h.db, { userId: player, tenantId: sorte.id, now: new Date(now - 31 * MINUTE) });
    const expired = await issueAccessToken(h.db, { userId: player, tenantId: sorte.id, expiresAt: new Date(now - MINUTE), now: new Date(now - 5 * MINUTE) });
    const revoked = await issueAccessToken(h.db, { userId: player, tenantId: sorte.id });
    await revokeAccessToken(h.db, revoked.tokenId);
    const live = await issueAccessToken(h.db, { userId: player, tenantId: sorte.id, expiresAt: new Date(now + 86_400_000) });

    const { sessions } = await detailOf(player);
    // playerMaker's own token (issued first) is live too.
    expect(sessions.map((s) => [s.id, s.status])).toEqual([
      [live.tokenId, 'live'],
      [revoked.tokenId, 'revoked'],
      [expired.tokenId, 'expired'],
      [idle.tokenId, 'idle'],
      [expect.any(Number), 'live'],
    ]);
    expect(sessions[0]).toEqual({ id: live.tokenId, status: 'live', createdAt: expect.any(String), lastUsedAt: expect.any(String), expiresAt: expect.any(String), revokedAt: null, ip: null, userAgent: null });
    expect(sessions[1]!.revokedAt).toEqual(expect.any(String));
    expect(JSON.stringify(sessions)).not.toMatch(/hash/i);
  });

  it('shows only the latest 20, and none of another player', async () => {
    const { userId: player } = await makePlayer(sorte);
    const { userId: neighbour } = await makePlayer(sorte);
    for (let i = 0; i < 22; i++) await issueAccessToken(h.db, { userId: player, tenantId: sorte.id });
    const { sessions } = await detailOf(player);
    expect(sessions).toHaveLength(20);
    expect((await detailOf(neighbour)).sessions).toHaveLength(1);
  });
});

describe('the player’s latest bets', () => {
  async function seedFor(userId: number): Promise<number> {
    const [seed] = await h.db
      .insert(houseSeeds)
      .values({ tenantId: sorte.id, actorKey: `user:${userId}`, serverSeed: 's', serverSeedHash: 'h', clientSeed: 'c' })
      .returning({ id: houseSeeds.id });
    return seed!.id;
  }
  const house = (userId: number, seedId: number, nonce: number, at: Date, extra: Partial<typeof houseRounds.$inferInsert> = {}) => ({
    tenantId: sorte.id,
    userId,
    actorKey: `user:${userId}`,
    game: 'dice' as const,
    demo: false,
    amount: 100n,
    payout: 0n,
    multiplier: 0,
    params: {},
    outcome: {},
    seedId,
    nonce,
    createdAt: at,
    ...extra,
  });

  it('merges house rounds, casino rounds and sports bets newest first (no demo rounds)', async () => {
    const { userId: player } = await makePlayer(sorte, { name: 'Apostador' });
    const seedId = await seedFor(player);
    const t0 = Date.now();
    const at = (minutesAgo: number) => new Date(t0 - minutesAgo * MINUTE);
    await h.db.insert(houseRounds).values([
      house(player, seedId, 0, at(50), { game: 'limbo', amount: 200n, payout: 400n, multiplier: 20_000 }),
      house(player, seedId, 1, at(5), { demo: true }),
    ]);
    const [open, settled] = await h.db
      .insert(providerRounds)
      .values([
        { tenantId: sorte.id, userId: player, provider: 'sandbox', roundId: 'r-open', game: 'Fortune Tiger', stake: 500n, createdAt: at(10) },
        { tenantId: sorte.id, userId: player, provider: 'sandbox', roundId: 'r-done', game: 'Aviator', stake: 300n, paid: 900n, settledAt: at(39), createdAt: at(40) },
      ])
      .returning({ id: providerRounds.id });
    const [slip] = await h.db
      .insert(sportsBetslips)
      .values({ tenantId: sorte.id, userId: player, betslipId: 'slip-1', makeTransactionId: 't-1', betType: '2/2', odds: '3.5', stake: 1_000n, payout: 3_500n, currency: 'BRL', status: 'won', placedAt: at(20) })
      .returning({ id: sportsBetslips.id });
    await h.db.insert(sportsSelections).values([
      { betslipRowId: slip!.id, position: 2, eventId: 'e2', eventName: 'Palmeiras x Santos', sportName: 'Futebol', tournamentName: 'Paulistão', marketName: '1X2', outcomeName: '1', odds: '1.75' },
      { betslipRowId: slip!.id, position: 1, eventId: 'e1', eventName: 'Flamengo x Vasco', sportName: 'Futebol', tournamentName: 'Carioca', marketName: '1X2', outcomeName: '1', odds: '2' },
    ]);

    const { rounds } = await detailOf(player);
    expect(rounds).toEqual([
      { kind: 'casino', id: open!.id, game: 'Fortune Tiger', provider: 'sandbox', stake: 500, payout: 0, status: 'open', createdAt: at(10).toISOString() },
      { kind: 'sports', id: slip!.id, game: 'Flamengo x Vasco + Palmeiras x Santos', provider: null, stake: 1_000, payout: 3_500, status: 'won', createdAt: at(20).toISOString() },
      { kind: 'casino', id: settled!.id, game: 'Aviator', provider: 'sandbox', stake: 300, payout: 900, status: 'settled', createdAt: at(40).toISOString() },
      { kind: 'house', id: expect.any(Number), game: 'limbo', provider: null, stake: 200, payout: 400, status: 'settled', createdAt: at(50).toISOString() },
    ]);
  });

  it('counts a sports refund in the payout', async () => {
    const { userId: player } = await makePlayer(sorte);
    await h.db
      .insert(sportsBetslips)
      .values({ tenantId: sorte.id, userId: player, betslipId: 'slip-refund', makeTransactionId: 't-r', betType: '1/1', odds: '2', stake: 1_000n, refunded: 1_000n, currency: 'BRL', status: 'refunded' });
    expect((await detailOf(player)).rounds).toEqual([expect.objectContaining({ kind: 'sports', game: '1/1', stake: 1_000, payout: 1_000, status: 'refunded' })]);
  });

  it('shows the latest 30 in all, none of another player', async () => {
    const { userId: player } = await makePlayer(sorte);
    const { userId: neighbour } = await makePlayer(sorte);
    const seedId = await seedFor(player);
    const base = Date.now() - 100 * MINUTE;
    await h.db.insert(houseRounds).values(Array.from({ length: 25 }, (_, i) => house(player, seedId, i, new Date(base + i * MINUTE))));
    await h.db
      .insert(providerRounds)
      .values(Array.from({ length: 10 }, (_, i) => ({ tenantId: sorte.id, userId: player, provider: 'sandbox', roundId: `many-${i}`, game: 'Slot', stake: 100n, createdAt: new Date(base + (i * 2 + 0.5) * MINUTE) })));
    const { rounds } = await detailOf(player);
    expect(rounds).toHaveLength(30);
    const times = rounds.map((r) => Date.parse(r.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // The oldest 5 (house rounds 0, 1, 2 and casino rounds at 0.5 and 2.5 minutes) are left out.
    expect(times.at(-1)).toBe(base + 3 * MINUTE);
    expect(rounds.filter((r) => r.kind === 'casino')).toHaveLength(8);
    expect((await detailOf(neighbour)).rounds).toEqual([]);
  });
});

describe('the player’s documents', () => {
  it('lists the player’s own documents newest first, with the review’s reason', async () => {
    const { userId: player } = await makePlayer(sorte);
    const { userId: neighbour } = await makePlayer(sorte);
    const doc = (userId: number, type: 'selfie' | 'identity_front', status: 'pending' | 'rejected', minutesAgo: number) => ({
      tenantId: sorte.id, userId, type, status, file: `f-${userId}-${type}`, mime: 'image/jpeg' as const, size: 10, sha256: 'x', reason: status === 'rejected' ? 'Foto ilegível' : null, createdAt: new Date(Date.now() - minutesAgo * MINUTE),
    });
    await h.db.insert(identityDocuments).values([doc(player, 'identity_front', 'rejected', 30), doc(player, 'selfie', 'pending', 5), doc(neighbour, 'selfie', 'pending', 1)]);
    const { documents } = await detailOf(player);
    expect(documents.map((d) => [d.type, d.status, d.reason])).toEqual([
      ['selfie', 'pending', null],
      ['identity_front', 'rejected', 'Foto ilegível'],
    ]);
  });

  it('says which player was not found, in the caller’s language', async () => {
    const missing = await h.request('GET', '/operator/players/99999999', { key: SORTE_KEY });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Player not found.');
  });
});
