import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayerDetailView, PlayerPage } from '../../../../src/contract/backoffice.ts';
import { responsibleGaming } from '../../../../server/features/responsible-gaming/schema.ts';
import { applyMovement } from '../../../../server/features/wallet/movement.ts';
import { ledgerEntries } from '../../../../server/features/wallet/schema.ts';
import { withdrawals, withdrawMethods } from '../../../../server/features/withdrawals/schema.ts';
import { playerMaker, type Tenant } from '../../helpers/feature-harness.ts';
import { SORTE, SORTE_KEY, type StaffHarness, staffHarness } from '../staff/harness.ts';

let h: StaffHarness;
let sorte: Tenant;
let other: Tenant;
let makePlayer: ReturnType<typeof playerMaker>;
/** The player every search must find, and the same person on the other tenant, who must never show. */
let joao: number;
let joaoElsewhere: number;

const tenant = (domain: string): Promise<Tenant> => h.tenantOf(domain);

beforeAll(async () => {
  h = await staffHarness();
  sorte = await tenant(SORTE);
  other = await tenant('localhost');
  makePlayer = playerMaker(h.db);
  const person = { name: 'João Conceição', cpf: '12345678909', username: '+5511987654321', email: 'joao.conceicao@example.com' };
  joao = (await makePlayer(sorte, person)).userId;
  joaoElsewhere = (await makePlayer(other, person)).userId;
});
afterAll(() => h.close());

const search = async (q: string, page = 1) => {
  const answer = await h.request('GET', `/operator/players?q=${encodeURIComponent(q)}&page=${page}`, { key: SORTE_KEY });
  expect(answer.status).toBe(200);
  return answer.body as unknown as PlayerPage;
};

describe('the player directory', () => {
  it.each([
    ['name without accents', 'joao conceicao'],
    ['name in capitals', 'CONCEIÇÃO'],
    ['CPF with punctuation', '123.456.789-09'],
    ['CPF digits', '12345678909'],
    ['phone without +55', '11987654321'],
    ['phone typed with +55', '+55 (11) 98765-4321'],
    ['e-mail', 'JOAO.CONCEICAO@example'],
  ])('finds the player by %s, only on the tenant', async (_how, q) => {
    const ids = (await search(q)).data.map((p) => p.id);
    expect(ids).toContain(joao);
    expect(ids).not.toContain(joaoElsewhere);
  });

  it('finds the player by id, never another tenant’s by theirs', async () => {
    expect((await search(String(joao))).data.map((p) => p.id)).toContain(joao);
    expect((await search(String(joaoElsewhere))).data.map((p) => p.id)).not.toContain(joaoElsewhere);
  });

  it('shows the whole CPF, the phone and the wallet (0 without one)', async () => {
    const [row] = (await search('12345678909')).data;
    expect(row).toMatchObject({ id: joao, name: 'João Conceição', cpf: '12345678909', phone: '+5511987654321', balance: 0, withdrawable: 0, closedAt: null, selfExcludedUntil: null });
  });

  it('pages on the server, 25 a page, with the total', async () => {
    for (let i = 0; i < 30; i++) await makePlayer(sorte, { name: `Paginado ${i}` });
    const first = await search('paginado');
    expect(first).toMatchObject({ current_page: 1, last_page: 2, per_page: 25, total: 30 });
    expect(first.data).toHaveLength(25);
    const second = await search('paginado', 2);
    expect(second.data).toHaveLength(5);
    expect(new Set([...first.data, ...second.data].map((p) => p.id)).size).toBe(30);
    expect((await h.request('GET', '/operator/players?page=0', { key: SORTE_KEY })).status).toBe(422);
  });

  it('reads one player with the latest movements, and 404 for another tenant’s or a missing one', async () => {
    await applyMovement(h.db, { tenantId: sorte.id, userId: joao, type: 'deposit', amount: 10_000, reference: 'players-dep-1' });
    await applyMovement(h.db, { tenantId: sorte.id, userId: joao, type: 'bet', amount: -2_500, reference: 'players-bet-1' });
    const answer = await h.request('GET', `/operator/players/${joao}`, { key: SORTE_KEY });
    expect(answer.status).toBe(200);
    const detail = answer.body as unknown as PlayerDetailView;
    expect(detail).toMatchObject({ id: joao, balance: 7_500, withdrawable: 7_500, withdrawals: [] });
    expect(detail.ledger.map((l) => [l.type, l.amount, l.balanceAfter, l.reference])).toEqual([
      ['bet', -2_500, 7_500, 'players-bet-1'],
      ['deposit', 10_000, 10_000, 'players-dep-1'],
    ]);
    expect(detail.limits).toMatchObject({ session: { value: null, pending: null }, coolOffUntil: null, money: { deposit: { day: { value: null } } } });
    expect((await h.request('GET', `/operator/players/${joaoElsewhere}`, { key: SORTE_KEY })).status).toBe(404);
    expect((await h.request('GET', '/operator/players/999999', { key: SORTE_KEY })).status).toBe(404);
    expect((await h.request('GET', '/operator/players/abc', { key: SORTE_KEY })).status).toBe(422);
  });

  it('shows the withdrawals by status and the limits the player set', async () => {
    const player = (await makePlayer(sorte, { name: 'Com Limites' })).userId;
    const [method] = await h.db
      .insert(withdrawMethods)
      .values({ tenantId: sorte.id, userId: player, type: 'cpf', key: '11144477735', ownerCpf: '11144477735', ownerName: 'Com Limites' })
      .returning({ id: withdrawMethods.id });
    const at = new Date();
    const withdrawal = (amount: number, status: number, n: number) => ({ tenantId: sorte.id, userId: player, methodId: method!.id, amount: BigInt(amount), status, payoutId: `players-payout-${n}`, createdAt: at, updatedAt: at });
    await h.db.insert(withdrawals).values([withdrawal(1_000, 0, 1), withdrawal(2_000, 1, 2), withdrawal(3_000, 1, 3)]);
    const pauseEnds = new Date(Date.now() + 86_400_000);
    await h.db.insert(responsibleGaming).values({ tenantId: sorte.id, userId: player, limits: { deposit: { day: { value: 5_000 } }, session: { value: 60 } }, realityCheckMinutes: 30, coolOffUntil: pauseEnds });

    const detail = (await h.request('GET', `/operator/players/${player}`, { key: SORTE_KEY })).body as unknown as PlayerDetailView;
    expect(detail.withdrawals).toEqual([
      { status: 0, count: 1, amount: 1_000 },
      { status: 1, count: 2, amount: 5_000 },
    ]);
    expect(detail.limits).toMatchObject({ money: { deposit: { day: { value: 5_000, pending: null }, week: { value: null } } }, session: { value: 60 }, realityCheckMinutes: 30, coolOffUntil: pauseEnds.toISOString() });
  });

  it('is open to support, not to marketing; the export to finance, not to support', async () => {
    const marketing = await h.login(await h.createStaff('marketing'));
    expect((await h.request('GET', '/operator/players', { cookie: marketing })).status).toBe(403);
    const support = await h.login(await h.createStaff('support'));
    expect((await h.request('GET', '/operator/players?q=joao', { cookie: support })).status).toBe(200);
    expect((await h.request('GET', `/operator/players/${joao}`, { cookie: support })).status).toBe(200);
    expect((await h.request('GET', '/operator/exports/transactions?from=2020-03-01&to=2020-03-31', { cookie: support })).status).toBe(403);
    const finance = await h.login(await h.createStaff('finance'));
    expect((await h.request('GET', '/operator/exports/transactions?from=2020-03-01&to=2020-03-31', { cookie: finance })).status).toBe(200);
  });
});

describe('the transactions export', () => {
  /** Movements written straight into the ledger at chosen instants (applyMovement always stamps now). */
  async function movementsAt(userId: number, rows: Array<{ at: string; amount: number; reference: string }>) {
    await h.db.insert(ledgerEntries).values(
      rows.map((r) => ({
        tenantId: sorte.id,
        userId,
        type: r.amount > 0 ? ('deposit' as const) : ('bet' as const),
        amount: BigInt(r.amount),
        withdrawableDelta: BigInt(r.amount),
        balanceAfter: 0n,
        balanceWithdrawalAfter: 0n,
        reference: r.reference,
        createdAt: new Date(r.at),
      })),
    );
  }

  async function exportCsv(query: string): Promise<{ res: Response; lines: string[] }> {
    const res = await h.app.request(`/api/operator/exports/transactions?${query}`, { headers: { host: SORTE, 'x-operator-key': SORTE_KEY } });
    const lines = (await res.text()).replace(/^\uFEFF/, '').split('\r\n').filter((line) => line !== '');
    return { res, lines };
  }

  it('streams one line per movement of the São Paulo days asked, none outside them', async () => {
    const player = (await makePlayer(sorte, { name: 'Exportado' })).userId;
    const outsider = (await makePlayer(other, { name: 'Exportado Fora' })).userId;
    await movementsAt(player, [
      { at: '2020-02-29T23:59:00-03:00', amount: 100, reference: 'exp-before' },
      { at: '2020-03-01T00:00:00-03:00', amount: 5_000, reference: 'exp-first' },
      { at: '2020-03-15T12:00:00-03:00', amount: -500, reference: '=HYPERLINK("x")' },
      // 02:30 UTC on April 1st is still March 31st in São Paulo.
      { at: '2020-04-01T02:30:00Z', amount: 700, reference: 'exp-last' },
      { at: '2020-04-01T00:00:00-03:00', amount: 900, reference: 'exp-after' },
    ]);
    await h.db.insert(ledgerEntries).values({ tenantId: other.id, userId: outsider, type: 'deposit', amount: 1n, withdrawableDelta: 1n, balanceAfter: 1n, balanceWithdrawalAfter: 1n, reference: 'exp-other-tenant', createdAt: new Date('2020-03-10T12:00:00Z') });

    const { res, lines } = await exportCsv('from=2020-03-01&to=2020-03-31');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="transactions-sorte\.localhost-2020-03-01-2020-03-31\.csv"$/);
    expect(lines[0]).toBe('id,at,user_id,type,amount,balance_after,withdrawable_delta,reference');
    const body = lines.slice(1).map((line) => line.split(','));
    expect(body.map((cells) => cells.at(-1))).toEqual(['exp-first', `"'=HYPERLINK(""x"")"`, 'exp-last']);
    expect(body[1]).toEqual([expect.stringMatching(/^\d+$/), '2020-03-15T15:00:00.000Z', String(player), 'bet', '-500', '0', '-500', `"'=HYPERLINK(""x"")"`]);

    const bets = await exportCsv('from=2020-03-01&to=2020-03-31&type=bet');
    expect(bets.lines).toHaveLength(2);
  });

  it.each([
    ['no dates', '', ['from', 'to']],
    ['a day that does not exist', 'from=2020-02-30&to=2020-03-01', ['from']],
    ['not a date', 'from=yesterday&to=2020-03-01', ['from']],
    ['to before from', 'from=2020-03-10&to=2020-03-01', ['to']],
    ['more than 92 days', 'from=2020-01-01&to=2020-04-03', ['to']],
    ['an unknown type', 'from=2020-01-01&to=2020-01-02&type=gift', ['type']],
  ])('refuses %s with 422 and field errors', async (_what, query, fields) => {
    const answer = await h.request('GET', `/operator/exports/transactions?${query}`, { key: SORTE_KEY });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors as object).sort()).toEqual(fields);
  });

  it('accepts exactly 92 days', async () => {
    expect((await exportCsv('from=2020-01-01&to=2020-04-02')).res.status).toBe(200);
  });
});
