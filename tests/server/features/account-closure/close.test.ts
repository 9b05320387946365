import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokens, users } from '../../../../server/db/schema.ts';
import { demoOperatorKey } from '../../../../server/features/tenants/demo/tenants.ts';
import { pixCharges } from '../../../../server/features/payments/schema.ts';
import { sportsBetslips } from '../../../../server/features/sportsbook/schema.ts';
import { withdrawals, withdrawMethods } from '../../../../server/features/withdrawals/schema.ts';
import { type AccountsHarness, accountsHarness, PASSWORD, registerPlayer } from '../auth/helpers.ts';
import { closuresOf, credit, rawPlayer } from './helpers.ts';

let h: AccountsHarness;
beforeAll(async () => {
  h = await accountsHarness();
});
afterAll(() => h.close());

const close = (token: string, body: Record<string, unknown>, lang?: string) => h.call('POST', '/profile/close-account', { token, body, ...(lang ? { lang } : {}) });

describe('closing one’s own account', () => {
  it('closes an account with nothing on it: the closure on record, closed_at set, every session ended', async () => {
    const { token, user } = await registerPlayer(h, '+5511987690001');
    const second = await h.call('POST', '/auth/login', { body: { username: '+5511987690001', password: PASSWORD } });
    expect(second.status).toBe(200);

    const closed = await close(token, { password: PASSWORD, note: '  Quero parar.  ' });
    expect(closed.status).toBe(200);
    expect(closed.headers.get('cache-control')).toBe('no-store');
    expect(closed.body).toEqual({ closed_at: h.clock.now().toISOString() });

    const [row] = await closuresOf(h.db, user.id as number);
    expect(row).toMatchObject({ reason: 'player', note: 'Quero parar.', paidOut: 0, withdrawalId: null, tenantId: h.tenants.local });
    const [stored] = await h.db.select().from(users).where(eq(users.id, user.id as number));
    expect(stored?.closedAt?.toISOString()).toBe(h.clock.now().toISOString());
    const live = await h.db.select().from(accessTokens).where(and(eq(accessTokens.userId, user.id as number), isNull(accessTokens.revokedAt)));
    expect(live).toEqual([]);
    // Both sessions are over: the one that closed and the other login.
    expect((await h.call('GET', '/profile', { token })).status).toBe(401);
    expect((await h.call('GET', '/profile', { token: second.body.token as string })).status).toBe(401);
  });

  it('refuses a wrong or missing password with a field error and closes nothing', async () => {
    const { token, user } = await registerPlayer(h, '+5511987690002');
    expect((await h.call('GET', '/profile/close-account', { token })).body).toEqual({ confirm_with: 'password' });
    const wrong = await close(token, { password: 'not-the-password1' });
    expect([wrong.status, wrong.body.errors]).toEqual([422, { password: ['Senha incorreta.'] }]);
    const missing = await close(token, {}, 'en');
    expect([missing.status, missing.body.errors]).toEqual([422, { password: ['Enter your password to confirm.'] }]);
    expect(await closuresOf(h.db, user.id as number)).toEqual([]);
    expect((await h.call('GET', '/profile', { token })).status).toBe(200);
  });

  it('a closed account cannot log in (pt and en, only after the password matched) nor register its phone again', async () => {
    const phone = '+5511987690003';
    const { token } = await registerPlayer(h, phone);
    expect((await close(token, { password: PASSWORD })).status).toBe(200);

    const pt = await h.call('POST', '/auth/login', { body: { username: phone, password: PASSWORD } });
    expect(pt.status).toBe(403);
    expect(pt.body).toMatchObject({ accountClosed: true, message: 'Esta conta foi encerrada em 01/06/2025 e não pode mais ser acessada.' });
    const en = await h.call('POST', '/auth/login', { body: { username: phone, password: PASSWORD }, lang: 'en' });
    expect(en.body.message).toBe('This account was closed on Jun 1, 2025 and can no longer be used.');
    // A wrong password still gets the usual answer: nothing tells a stranger the account is closed.
    const stranger = await h.call('POST', '/auth/login', { body: { username: phone, password: 'wrong-password1' } });
    expect(stranger.status).toBe(422);

    const again = await h.call('POST', '/auth/verify-phone', { body: { phone } });
    expect([again.status, again.body.errors]).toEqual([422, { phone: ['Este telefone pertence a uma conta encerrada e não pode ser cadastrado de novo.'] }]);
  });

  it('asks a player without a password (Google sign-in) to type ENCERRAR or CLOSE', async () => {
    const { userId, token } = await rawPlayer(h.db, h.tenants.local, { username: '+5511987690004', googleSub: 'google-sub-4', email: 'ana4@example.com' });
    expect((await h.call('GET', '/profile/close-account', { token })).body).toEqual({ confirm_with: 'word' });
    const refused = await close(token, { confirmation: 'sim' });
    expect([refused.status, refused.body.errors]).toEqual([422, { confirmation: ['Digite ENCERRAR para confirmar.'] }]);
    expect((await close(token, { confirmation: ' close ' })).status).toBe(200);
    expect(await closuresOf(h.db, userId)).toHaveLength(1);
  });

  it('asks for the balance to be withdrawn first; a remainder below the minimum withdrawal stays on record', async () => {
    const { token, user } = await registerPlayer(h, '+5511987690005');
    const id = user.id as number;
    await credit(h.db, h.tenants.local, id, 2_000, 'e2e-close-5a');
    const pt = await close(token, { password: PASSWORD });
    expect(pt.status).toBe(409);
    expect(pt.body).toMatchObject({ message: 'Saque seu saldo de R$\u00a020,00 antes de encerrar a conta.', balance_withdrawal: 2_000 });
    const en = await close(token, { password: PASSWORD }, 'en');
    expect(en.body.message).toBe('Withdraw your balance of R$20.00 before closing the account.');
    expect(await closuresOf(h.db, id)).toEqual([]);

    // R$ 19,99 is below the demo tenant's R$ 20,00 minimum: it cannot be withdrawn, so it does not stop the closure.
    const other = await registerPlayer(h, '+5511987690006');
    await credit(h.db, h.tenants.local, other.user.id as number, 1_999, 'e2e-close-6a');
    expect((await close(other.token, { password: PASSWORD })).status).toBe(200);
  });

  it('refuses while a withdrawal is in flight, a Pix charge is payable or a sports bet is open', async () => {
    const { token, user } = await registerPlayer(h, '+5511987690007', { extra: { cpf: '52998224725' } });
    const id = user.id as number;
    const now = h.clock.now();
    const [method] = await h.db
      .insert(withdrawMethods)
      .values({ tenantId: h.tenants.local, userId: id, type: 'cpf', key: '52998224725', ownerCpf: '52998224725', ownerName: 'Maria Silva' })
      .returning();
    const [withdrawal] = await h.db
      .insert(withdrawals)
      .values({ tenantId: h.tenants.local, userId: id, methodId: method!.id, amount: 5_000n, status: 0, payoutId: 'p'.repeat(32), createdAt: now, updatedAt: now })
      .returning();
    let answer = await close(token, { password: PASSWORD });
    expect([answer.status, answer.body.message]).toEqual([409, 'Você tem um saque em andamento. Aguarde a conclusão (ou cancele-o) antes de encerrar a conta.']);

    await h.db.update(withdrawals).set({ status: 1 }).where(eq(withdrawals.id, withdrawal!.id));
    await h.db.insert(pixCharges).values({
      tenantId: h.tenants.local,
      userId: id,
      txid: 'closetest0000000000000000007',
      amount: 1_000n,
      payerCpf: '52998224725',
      pixCopiaECola: 'x',
      location: 'x',
      createdAt: now,
      expiresAt: new Date(now.getTime() + 60_000),
    });
    answer = await close(token, { password: PASSWORD }, 'en');
    expect([answer.status, answer.body.message]).toEqual([409, 'You have a Pix deposit waiting for payment. Wait for it to expire before closing the account.']);

    h.clock.advance(120_000);
    await h.db.insert(sportsBetslips).values({ tenantId: h.tenants.local, userId: id, betslipId: 'close-7', makeTransactionId: 'make-7', betType: '1/1', odds: '2.00', stake: 1_000n, currency: 'BRL' });
    answer = await close(token, { password: PASSWORD });
    expect([answer.status, answer.body.message]).toEqual([409, 'Você tem apostas esportivas em aberto. Encerre a conta depois que elas forem liquidadas.']);

    await h.db.update(sportsBetslips).set({ status: 'lost' }).where(eq(sportsBetslips.betslipId, 'close-7'));
    expect((await close(token, { password: PASSWORD })).status).toBe(200);
  });

  it('two closes at once (two tabs) close once: one on record, the other told it is closed', async () => {
    const { token, user } = await registerPlayer(h, '+5511987690008');
    const answers = await Promise.all([close(token, { password: PASSWORD }), close(token, { password: PASSWORD }), close(token, { password: PASSWORD })]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    // The others either waited on the row lock (409) or came after the commit had revoked the token (401).
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect([401, 409]).toContain(a.status);
      if (a.status === 409) expect(a.body.message).toBe('Esta conta já foi encerrada.');
    }
    expect(await closuresOf(h.db, user.id as number)).toHaveLength(1);
  });
});

describe('the operator’s list of closed accounts', () => {
  it('lists the tenant’s closures with what each wallet still holds; owed=1 keeps those holding money', async () => {
    const key = { headers: { 'x-operator-key': demoOperatorKey('localhost') } };
    const { token, user } = await registerPlayer(h, '+5511987690009');
    await credit(h.db, h.tenants.local, user.id as number, 1_500, 'e2e-close-9a');
    expect((await close(token, { password: PASSWORD, note: 'Saldo pequeno' })).status).toBe(200);

    const all = await h.call('GET', '/operator/account-closures', key);
    expect(all.status).toBe(200);
    expect(all.headers.get('cache-control')).toBe('no-store');
    const closures = all.body.data as Array<Record<string, unknown>>;
    expect(closures[0]).toMatchObject({ user: { id: user.id, name: 'Maria Silva' }, reason: 'player', note: 'Saldo pequeno', balance: 1_500, balance_withdrawal: 1_500 });
    expect(all.body.total).toBe(closures.length);

    const owed = await h.call('GET', '/operator/account-closures?owed=1', key);
    const owedRows = owed.body.data as Array<{ user: { id: number }; balance: number }>;
    expect(owedRows.map((c) => c.user.id)).toContain(user.id);
    expect(owedRows.every((c) => c.balance > 0)).toBe(true);

    // Another tenant's key sees none of them; no key, 401.
    const sorte = await h.call('GET', '/operator/account-closures', { host: 'sorte.localhost', headers: { 'x-operator-key': demoOperatorKey('sorte.localhost') } });
    expect(sorte.body).toMatchObject({ data: [], total: 0 });
    expect((await h.call('GET', '/operator/account-closures')).status).toBe(401);
  });
});
