import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accessTokens, users } from '../../../../server/db/schema.ts';
import { csvCell, csvLine } from '../../../../server/features/account-closure/export/csv.ts';
import { EXPORT_PAGE } from '../../../../server/features/account-closure/export/sections.ts';
import { playerAddresses } from '../../../../server/features/address/schema.ts';
import { barredChecks } from '../../../../server/features/barred/schema.ts';
import { identityDocuments } from '../../../../server/features/documents/schema.ts';
import { responsibleGaming } from '../../../../server/features/responsible-gaming/schema.ts';
import { sportsBetslips } from '../../../../server/features/sportsbook/schema.ts';
import { type AccountsHarness, accountsHarness, registerPlayer } from '../auth/helpers.ts';
import { credit } from './helpers.ts';

let h: AccountsHarness;
beforeAll(async () => {
  h = await accountsHarness();
});
afterAll(() => h.close());

/** The raw download: status, headers and body text. */
async function download(token: string, query: string) {
  const response = await h.app.request(`/api/profile/export${query}`, { headers: { host: 'localhost', authorization: `Bearer ${token}`, 'x-test-ip': '203.0.113.9' } });
  const bytes = new Uint8Array(await response.arrayBuffer());
  // TextDecoder drops a leading byte-order mark; `bom` says whether one was sent.
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  return { status: response.status, headers: response.headers, text: new TextDecoder().decode(bytes), bom };
}

describe('CSV cells', () => {
  it('quotes separators, quotes and line breaks, and defuses formulas (= + - @ tab CR) but not numbers', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+1+cmd|/C calc!A0')).toBe("'+1+cmd|/C calc!A0");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell(-1500)).toBe('-1500');
    expect(csvCell(null)).toBe('');
    expect(csvCell({ a: 1 })).toBe('"{""a"":1}"');
    expect(csvLine(['a', 1, null])).toBe('a,1,\r\n');
  });
});

describe('GET /profile/export', () => {
  it('downloads the player’s own data as JSON, never another player’s, with no secrets', async () => {
    const me = await registerPlayer(h, '+5511987700001');
    const other = await registerPlayer(h, '+5511987700002');
    const myId = me.user.id as number;
    // Registration refuses such a name; text from elsewhere (a provider's game name, an old import) may still start like a formula.
    await h.db.update(users).set({ name: '=Maria Silva' }).where(eq(users.id, myId));
    const otherId = other.user.id as number;
    await credit(h.db, h.tenants.local, myId, 5_000, 'export-me-1');
    await credit(h.db, h.tenants.local, otherId, 7_777, 'export-other-1');
    await h.db.insert(sportsBetslips).values({ tenantId: h.tenants.local, userId: myId, betslipId: 'export-slip-1', makeTransactionId: 'mk-1', betType: '1/1', odds: '1.50', stake: 1_000n, currency: 'BRL' });
    await h.db.insert(sportsBetslips).values({ tenantId: h.tenants.local, userId: otherId, betslipId: 'export-slip-2', makeTransactionId: 'mk-2', betType: '1/1', odds: '3.00', stake: 2_000n, currency: 'BRL' });
    const settings = { limits: { loss: { day: { value: 10_000 } } }, realityCheckMinutes: 30 };
    await h.db.insert(responsibleGaming).values({ tenantId: h.tenants.local, userId: myId, ...settings }).onConflictDoUpdate({ target: responsibleGaming.userId, set: settings });

    const got = await download(me.token, '?format=json');
    expect(got.status).toBe(200);
    expect(got.headers.get('cache-control')).toBe('no-store');
    expect(got.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(got.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="dados-${myId}-\\d{4}-\\d{2}-\\d{2}\\.json"$`));
    const doc = JSON.parse(got.text) as Record<string, unknown>;
    expect(Object.keys(doc)).toEqual([
      'format_version',
      'exported_at',
      'profile',
      'transactions',
      'deposits',
      'withdrawals',
      'house_rounds',
      'casino_rounds',
      'sports_bets',
      'sessions',
      'limits',
      'identity_documents',
      'barred_check',
    ]);
    expect(doc.profile).toMatchObject({ id: myId, name: '=Maria Silva', phone: '+5511987700001', has_password: true, wallet: { balance: 5_000, balance_withdrawal: 5_000 } });
    expect(doc.transactions).toEqual([expect.objectContaining({ type: 'deposit', amount: 5_000, reference: 'export-me-1' })]);
    expect(doc.sports_bets).toEqual([expect.objectContaining({ betslip_id: 'export-slip-1', stake: 1_000, status: 'open' })]);
    expect(doc.sessions).toEqual([expect.objectContaining({ revoked_at: null })]);
    expect(doc.limits).toMatchObject({ limits: { loss: { day: { value: 10_000 } } }, reality_check_minutes: 30 });
    // Nothing of the other player, and no secret of this one.
    expect(got.text).not.toContain('export-other-1');
    expect(got.text).not.toContain('export-slip-2');
    expect(got.text).not.toContain('7777');
    expect(got.text).not.toMatch(/password_hash|token_hash|scrypt|google_sub/);
    expect(got.text).not.toContain(me.token);
  });

  it('downloads one section as CSV (BOM, header, formulas defused) and requires the section', async () => {
    const me = await registerPlayer(h, '+5511987700003');
    const myId = me.user.id as number;
    await h.db.update(users).set({ name: '=Joana Prado' }).where(eq(users.id, myId));
    await credit(h.db, h.tenants.local, myId, 1_234, '@evil-ref');

    const transactions = await download(me.token, '?format=csv&section=transactions');
    expect(transactions.status).toBe(200);
    expect(transactions.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(transactions.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="dados-${myId}-transactions-.*\\.csv"$`));
    const lines = transactions.text.split('\r\n');
    expect(transactions.bom).toBe(true);
    expect(lines[0]).toBe('id,created_at,type,amount,withdrawable_delta,balance_after,balance_withdrawal_after,reference,metadata');
    expect(lines[1]).toMatch(/^\d+,[^,]+,deposit,1234,1234,1234,1234,'@evil-ref,/);

    const profile = await download(me.token, '?format=csv&section=profile');
    expect(profile.text).toContain("\r\nname,'=Joana Prado\r\n");
    expect(profile.text).toContain('\r\nwallet.balance,1234\r\n');

    const noSection = await h.call('GET', '/profile/export?format=csv', { token: me.token });
    expect([noSection.status, noSection.body.errors]).toEqual([422, { section: ['Este campo é obrigatório.'] }]);
    const badSection = await h.call('GET', '/profile/export?format=csv&section=passwords', { token: me.token });
    expect(badSection.status).toBe(422);
    expect((await h.call('GET', '/profile/export?format=json')).status).toBe(401);
  });

  it('holds the address, identity documents (metadata only, never the file) and the barred-bettor check, in JSON and CSV', async () => {
    const me = await registerPlayer(h, '+5511987700005');
    const other = await registerPlayer(h, '+5511987700006');
    const myId = me.user.id as number;
    const now = new Date('2026-03-02T12:00:00Z');
    await h.db.insert(playerAddresses).values({ tenantId: h.tenants.local, userId: myId, cep: '01310100', street: 'Avenida Paulista', number: '1000', complement: 'ap 5', district: 'Bela Vista', city: 'São Paulo', state: 'SP' });
    const doc = (userId: number, type: 'identity_front' | 'selfie', status: 'approved' | 'rejected', file: string, reason: string | null) => ({
      tenantId: h.tenants.local, userId, type, status, file, mime: 'image/jpeg' as const, size: 2048, sha256: `sha-${file}`, reason, reviewedBy: 'operator-key', reviewedAt: now,
    });
    await h.db.insert(identityDocuments).values([
      doc(myId, 'identity_front', 'approved', 'my-secret-file-name', null),
      doc(myId, 'selfie', 'rejected', 'my-second-file', 'Foto desfocada'),
      doc(other.user.id as number, 'selfie', 'approved', 'other-players-file', 'other-reason'),
    ]);
    await h.db
      .insert(barredChecks)
      .values({ tenantId: h.tenants.local, userId: myId, checkedOn: '2026-03-02', checkedAt: now, trigger: 'login', barredAt: now, reason: 'decisão judicial', closesAt: new Date('2026-04-01T12:00:00Z') })
      .onConflictDoUpdate({ target: barredChecks.userId, set: { barredAt: now, reason: 'decisão judicial', closesAt: new Date('2026-04-01T12:00:00Z'), trigger: 'login' } });

    const json = JSON.parse((await download(me.token, '?format=json')).text) as Record<string, unknown>;
    expect(json.profile).toMatchObject({ address: { cep: '01310100', street: 'Avenida Paulista', city: 'São Paulo', state: 'SP' } });
    expect(json.identity_documents).toEqual([
      { id: expect.any(Number), created_at: expect.any(String), type: 'identity_front', format: 'image/jpeg', size: 2048, status: 'approved', reason: null, reviewed_at: now.toISOString(), updated_at: expect.any(String) },
      expect.objectContaining({ type: 'selfie', status: 'rejected', reason: 'Foto desfocada' }),
    ]);
    expect(json.barred_check).toMatchObject({ trigger: 'login', barred: true, barred_at: now.toISOString(), reason: 'decisão judicial', closes_at: '2026-04-01T12:00:00.000Z', lifted_at: null });

    const documents = await download(me.token, '?format=csv&section=identity_documents');
    const lines = documents.text.split('\r\n');
    expect(lines[0]).toBe('id,created_at,type,format,size,status,reason,reviewed_at,updated_at');
    expect(lines[2]).toMatch(/,selfie,image\/jpeg,2048,rejected,Foto desfocada,/);
    const barred = await download(me.token, '?format=csv&section=barred_check');
    expect(barred.text).toContain('\r\nbarred,true\r\n');
    expect(barred.text).toContain('\r\nreason,decisão judicial\r\n');
    const profile = await download(me.token, '?format=csv&section=profile');
    expect(profile.text).toContain('\r\naddress.street,Avenida Paulista\r\n');
    // Never the stored file's name or hash, the reviewer, nor another player's document.
    for (const text of [JSON.stringify(json), documents.text]) {
      expect(text).not.toMatch(/my-secret-file-name|sha-my|operator-key|other-players-file|other-reason/);
    }
  });

  it('writes null sections for a player never checked and without documents', async () => {
    const me = await registerPlayer(h, '+5511987700007');
    const json = JSON.parse((await download(me.token, '?format=json')).text) as Record<string, unknown>;
    expect(json.identity_documents).toEqual([]);
    expect(json.barred_check).toBeNull();
    const barred = await download(me.token, '?format=csv&section=barred_check');
    expect(barred.text.trimEnd()).toBe('field,value');
  });

  it('reads a long history page by page and returns all of it, in order', async () => {
    const me = await registerPlayer(h, '+5511987700004');
    const myId = me.user.id as number;
    const extra = EXPORT_PAGE * 2 + 7;
    await h.db.insert(accessTokens).values(
      Array.from({ length: extra }, (_, i) => ({ userId: myId, tenantId: h.tenants.local, tokenHash: `export-paging-${myId}-${i}`, revokedAt: new Date() })),
    );
    const doc = JSON.parse((await download(me.token, '?format=json')).text) as { sessions: Array<{ id: number }> };
    expect(doc.sessions).toHaveLength(extra + 1);
    const ids = doc.sessions.map((s) => s.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const csv = await download(me.token, '?format=csv&section=sessions');
    expect(csv.text.trimEnd().split('\r\n')).toHaveLength(extra + 2);
  });
});
