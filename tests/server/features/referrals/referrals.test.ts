import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AffiliatesAnswer } from '../../../../src/contract/referrals.ts';
import { newEndToEndId } from '../../../../server/features/payments/sandbox/sandbox-psp.ts';
import { ensureReferralCode } from '../../../../server/features/referrals/code.ts';
import { linkReferral } from '../../../../server/features/referrals/link.ts';
import { maskName } from '../../../../server/features/referrals/mask.ts';
import { referrals } from '../../../../server/features/referrals/schema.ts';
import { patchTenantConfig } from '../../../../server/features/tenants/update-config.ts';
import { users } from '../../../../server/features/users/schema.ts';
import { cpfFrom, type ReferralsHarness, referralsHarness } from './harness.ts';

/** Refer a friend (issue 18): linked at registration, paid once on the friend's first qualifying deposit, listed masked per tenant. */
let h: ReferralsHarness;
let phone = 0;
const nextPhone = () => `+55119876${String((phone += 1)).padStart(5, '0')}`;
let cpfSeed = 123_456_000;
const nextCpf = () => cpfFrom((cpfSeed += 7));

beforeAll(async () => {
  h = await referralsHarness();
  // localhost pays the demo cpa_value (R$ 10,00); sorte.localhost stays regulated (Portaria SPA/MF 1.231/2024 art. 42: no deposit-conditional rewards).
  await patchTenantConfig(h.db, h.tenants.local, { is_regulated: false });
});
afterAll(() => h.close());

async function affiliates(token: string, host = 'localhost'): Promise<AffiliatesAnswer> {
  const answer = await h.call('GET', '/profile/affiliates', { token, host });
  expect(answer.status).toBe(200);
  return answer.body as unknown as AffiliatesAnswer;
}

async function referralOf(userId: number) {
  const [row] = await h.db.select().from(referrals).where(eq(referrals.referredUserId, userId));
  return row ?? null;
}

/** Pays `txid` as the sandbox PSP would, from the charge's CPF. */
function payment(txid: string, cpf: string, valor: string) {
  return { pix: [{ endToEndId: newEndToEndId(new Date()), txid, valor, horario: new Date().toISOString(), pagador: { cpf } }] };
}

describe('the referral code', () => {
  it('is made on the first call, kept after, 8 unambiguous characters', async () => {
    const a = await h.register(nextPhone(), { cpf: nextCpf() });
    const first = await affiliates(a.token);
    expect(first.code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    expect(first).toMatchObject({ reward_per_friend: 1000, qualifying_deposit: 1000, regulated: false, data: [], totals: { friends: 0, qualified: 0, rewards: 0 } });
    expect((await affiliates(a.token)).code).toBe(first.code);
    const concurrent = await Promise.all(Array.from({ length: 5 }, () => ensureReferralCode(h.db, { tenantId: h.tenants.local, userId: a.userId })));
    expect(new Set(concurrent)).toEqual(new Set([first.code]));
  });

  it('needs a logged-in player', async () => {
    expect((await h.call('GET', '/profile/affiliates')).status).toBe(401);
  });
});

describe('linking at registration', () => {
  it('a friend registering with the code (any case, spaces) is linked, pending, and listed with a masked name', async () => {
    const a = await h.register(nextPhone(), { cpf: nextCpf() });
    const { code } = await affiliates(a.token);
    const friend = await h.register(nextPhone(), { cpf: nextCpf(), name: 'João Pedro Souza', ref: ` ${code.toLowerCase()} ` });
    expect(await referralOf(friend.userId)).toMatchObject({ referrerUserId: a.userId, status: 'pending', reward: 0 });
    const list = await affiliates(a.token);
    expect(list.data).toEqual([{ name: 'Jo** P**** S****', registered_at: expect.any(String), status: 'pending', qualified_at: null, reward: 0 }]);
    expect(list.totals).toEqual({ friends: 1, qualified: 0, rewards: 0 });
  });

  it('a bad code is ignored and the registration still succeeds', async () => {
    for (const ref of ['NOPE', 'ZZZZZZZZ', 'x'.repeat(64), '<script>', '']) {
      const friend = await h.register(nextPhone(), { cpf: nextCpf(), ref });
      expect(friend.status).toBe(201);
      expect(await referralOf(friend.userId)).toBeNull();
    }
  });

  it('a self-referral links nothing', async () => {
    const a = await h.register(nextPhone(), { cpf: nextCpf() });
    const { code } = await affiliates(a.token);
    expect(await linkReferral(h.db, { tenantId: h.tenants.local, userId: a.userId, code })).toBeNull();
    expect(await referralOf(a.userId)).toBeNull();
  });

  it('a code of another tenant links nothing, and each tenant lists only its own friends', async () => {
    const a = await h.register(nextPhone(), { cpf: nextCpf() });
    const { code } = await affiliates(a.token);
    const elsewhere = await h.register(nextPhone(), { host: 'sorte.localhost', cpf: nextCpf(), ref: code });
    expect(await referralOf(elsewhere.userId)).toBeNull();
    expect((await affiliates(a.token)).data).toEqual([]);
    // A's token means nothing on the other tenant.
    expect((await h.call('GET', '/profile/affiliates', { token: a.token, host: 'sorte.localhost' })).status).toBe(401);
    expect((await affiliates(elsewhere.token, 'sorte.localhost')).data).toEqual([]);
  });
});

describe('the reward', () => {
  it('is paid once on the first qualifying deposit, even with two deposits confirmed at once and replayed', async () => {
    const a = await h.register(nextPhone(), { cpf: nextCpf() });
    const { code } = await affiliates(a.token);
    const friendCpf = nextCpf();
    const friend = await h.register(nextPhone(), { cpf: friendCpf, ref: code });
    const first = await h.charge(friend.token, 2000);
    const second = await h.charge(friend.token, 3000);
    const notes = [payment(first, friendCpf, '20.00'), payment(second, friendCpf, '30.00')];
    const statuses = await Promise.all([...notes, ...notes, ...notes].map((n) => h.psp.deliver(n)));
    expect(statuses.every((s) => s === 200)).toBe(true);

    const paid = await h.walletOf(a.userId);
    expect(paid.bonuses).toEqual([{ amount: 1000n, reference: `referral:${friend.userId}`, metadata: { source: 'referral', referred_user_id: friend.userId } }]);
    // Money for the referral, not to bet with: withdrawable at once.
    expect(paid).toMatchObject({ balance: 1000n, withdrawable: 1000n });
    expect((await h.walletOf(friend.userId)).balance).toBe(5000n);
    expect(await referralOf(friend.userId)).toMatchObject({ status: 'qualified', reward: 1000 });
    const list = await affiliates(a.token);
    expect(list.data[0]).toMatchObject({ status: 'qualified', reward: 1000, qualified_at: expect.any(String) });
    expect(list.totals).toEqual({ friends: 1, qualified: 1, rewards: 1000 });

    // A later deposit pays nothing more.
    await h.psp.settle(await h.charge(friend.token, 1000));
    expect((await h.walletOf(a.userId)).bonuses).toHaveLength(1);
  });

  it('is never paid for a friend who never deposits, nor for a refused payment', async () => {
    const a = await h.register(nextPhone(), { cpf: nextCpf() });
    const { code } = await affiliates(a.token);
    const friend = await h.register(nextPhone(), { cpf: nextCpf(), ref: code });
    // Paid from someone else's CPF: refunded by the platform, nothing credited.
    const txid = await h.charge(friend.token, 2000);
    expect(await h.psp.deliver(payment(txid, nextCpf(), '20.00'))).toBe(200);
    expect(await referralOf(friend.userId)).toMatchObject({ status: 'pending', reward: 0 });
    expect(await h.walletOf(a.userId)).toEqual({ balance: 0n, withdrawable: 0n, bonuses: [] });
    expect((await affiliates(a.token)).data[0]).toMatchObject({ status: 'pending', reward: 0 });
  });

  it('a second account of the referrer (same CPF) cannot be registered, so nothing is linked or paid', async () => {
    const cpf = nextCpf();
    const a = await h.register(nextPhone(), { cpf });
    const { code } = await affiliates(a.token);
    await expect(h.register(nextPhone(), { cpf, ref: code })).rejects.toThrow(/register 422/);
    expect((await affiliates(a.token)).totals).toEqual({ friends: 0, qualified: 0, rewards: 0 });
    expect(await h.walletOf(a.userId)).toEqual({ balance: 0n, withdrawable: 0n, bonuses: [] });
  });

  it('a referrer who closed the account is not paid: the referral is rejected on the friend\'s first deposit', async () => {
    const a = await h.register(nextPhone(), { cpf: nextCpf() });
    const { code } = await affiliates(a.token);
    const friendCpf = nextCpf();
    const friend = await h.register(nextPhone(), { cpf: friendCpf, ref: code });
    await h.db.update(users).set({ closedAt: new Date() }).where(eq(users.id, a.userId));
    await h.psp.settle(await h.charge(friend.token, 2000));
    expect(await referralOf(friend.userId)).toMatchObject({ status: 'rejected', rejectedReason: 'referrer_closed', reward: 0 });
    expect(await h.walletOf(a.userId)).toEqual({ balance: 0n, withdrawable: 0n, bonuses: [] });
    // The friend's own deposit is credited as ever.
    expect((await h.walletOf(friend.userId)).balance).toBe(2000n);
  });

  it('on a regulated tenant the friend qualifies but no money moves', async () => {
    const host = 'sorte.localhost';
    const a = await h.register(nextPhone(), { host, cpf: nextCpf() });
    const answer = await affiliates(a.token, host);
    expect(answer).toMatchObject({ reward_per_friend: 0, regulated: true });
    const friend = await h.register(nextPhone(), { host, cpf: nextCpf(), ref: answer.code });
    await h.psp.settle(await h.charge(friend.token, 2000, host));
    expect(await referralOf(friend.userId)).toMatchObject({ status: 'qualified', reward: 0 });
    expect((await h.walletOf(a.userId)).bonuses).toEqual([]);
  });
});

describe('masked names', () => {
  it('keep the first letters only, counting characters', () => {
    expect(maskName('Maria Silva')).toBe('Ma*** S****');
    expect(maskName('  Ana  ')).toBe('An*');
    expect(maskName('Jo')).toBe('J*');
    expect(maskName('Zé da Silva')).toBe('Z* d* S****');
    expect(maskName('Ádám Ñuñez')).toBe('Ád** Ñ****');
    expect(maskName('')).toBe('***');
  });
});
