import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chatMessages,
  chatMutes,
  gameFavorites,
  gameLikes,
  games,
  houseRounds,
  ledgerEntries,
  notificationReads,
  notifications,
  pixCharges,
  providerWins,
  wallets,
  withdrawals,
  withdrawMethods,
} from '../../../server/db/schema.ts';
import { signWebhook } from '../../../server/features/payments/signature.ts';
import { type Answer, LOCAL_KEY, type Player, SORTE_KEY, type WithdrawalHarness, withdrawalHarness } from '../features/withdrawals/helpers.ts';

/**
 * Issue 12: the IDOR matrix. Every call that names a record by id, made
 * with another player's id (same tenant) and another tenant's id, answers
 * exactly what a missing id answers (404, or the route's documented
 * refusal) and reads or changes nothing: every table a call could touch is
 * compared before and after.
 */

const PROVIDER_SECRET = 'aggregator-secret-0123456789';
const MISSING = 987_654_321;

/** What one victim owns, made through the API of their own tenant. */
interface Victim {
  player: Player;
  host: string;
  tenantId: number;
  key: string;
  methodId: number;
  withdrawalId: number;
  notificationId: number;
  chatMessageId: number;
  roundId: number;
  txid: string;
  gameId: number;
  buildId: string;
  /** A seamless-wallet win held for the operator's review (above 1000 × the stake of a game without a catalogue id). */
  heldWinId: number;
}

let h: WithdrawalHarness;
let attacker: Player;
let sameTenant: Victim;
let otherTenant: Victim;

const ok = (answer: Answer, status = 200): Answer => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer;
};

/** Signed like the aggregator signs its seamless-wallet calls. */
async function provider(host: string, body: Record<string, unknown>): Promise<Answer> {
  const raw = JSON.stringify(body);
  const res = await h.app.request('/api/providers/acme/wallet', {
    method: 'POST',
    headers: { host, 'content-type': 'application/json', 'x-webhook-signature': signWebhook(raw, PROVIDER_SECRET) },
    body: raw,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function victim(tenantId: number, host: string, key: string): Promise<Victim> {
  const player = await h.player({ tenantId });
  const as = (method: string, path: string, body?: unknown) => h.call(method, path, { token: player.token, host, body });
  await h.deposit(player.id, 100_000, tenantId);
  const methodId = (ok(await as('POST', '/wallet/withdraw/method', { type: 'cpf', key: player.cpf }), 201).body.method as { id: number }).id;
  // WITHDRAWAL_REVIEW_CENTAVOS is low here: the withdrawal waits for the operator (status 5) and its owner may still cancel it.
  const withdrawal = ok(await as('POST', '/wallet/withdraw/request', { amount: 2_000, method_id: methodId }), 201).body.withdrawal as { id: number; status: number };
  expect(withdrawal.status).toBe(5);
  const notification = ok(await h.operator('POST', '/notifications', key, { user_id: player.id, title: 'Bônus', message: 'Seu bônus chegou' }), 201);
  const chat = ok(await as('POST', '/chat/messages', { text: 'Olá' }), 201);
  const round = ok(await as('POST', '/house/dice/play', { amount: 100, demo: false, params: { target: 5000, direction: 'under' } }));
  const txid = ok(await as('POST', '/main-gateway/qrcode-pix', { amount: 5_000 })).body.txid as string;
  ok(await h.operator('POST', '/chat/mutes', key, { user_id: player.id, minutes: 60 }));
  const [game] = await h.db.select({ id: games.id }).from(games).where(eq(games.tenantId, tenantId)).limit(1);
  ok(await as('POST', `/games/favorite/${game!.id}`));
  ok(await as('POST', `/games/like/${game!.id}`));
  ok(await provider(host, { action: 'bet', player_id: player.id, round_id: `R-${player.id}`, transaction_id: `T-${player.id}`, amount: 500, game: 'Gates' }));
  ok(await provider(host, { action: 'bet', player_id: player.id, round_id: `RH-${player.id}`, transaction_id: `TH-${player.id}`, amount: 10, game: 'Gates' }));
  expect(ok(await provider(host, { action: 'win', player_id: player.id, round_id: `RH-${player.id}`, transaction_id: `WH-${player.id}`, amount: 10_001 })).body).toMatchObject({ held: true });
  const [held] = await h.db.select({ id: providerWins.id }).from(providerWins).where(eq(providerWins.userId, player.id));
  const buildId = (ok(await h.operator('POST', '/rebuild', key), 202).body.build as { id: string }).id;
  return {
    player,
    host,
    tenantId,
    key,
    methodId,
    withdrawalId: withdrawal.id,
    notificationId: (notification.body.notification as { id: number }).id,
    chatMessageId: (chat.body.message as { id: number }).id,
    roundId: (round.body.round as { id: number }).id,
    txid,
    gameId: game!.id,
    buildId,
    heldWinId: held!.id,
  };
}

/** Every row an id-taking call could read into an answer or change, in a stable order. */
async function snapshot(): Promise<string> {
  const tables = { withdrawals, withdrawMethods, wallets, ledgerEntries, notifications, notificationReads, chatMessages, chatMutes, houseRounds, gameLikes, gameFavorites, pixCharges, providerWins };
  const rows: Record<string, unknown[]> = {};
  for (const [name, table] of Object.entries(tables)) {
    rows[name] = (await h.db.select().from(table)).map((r) => JSON.stringify(r, (_k, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))).sort();
  }
  return JSON.stringify(rows);
}

/** Calls `attack` and `missing` (the same call naming an id nobody has); both must be the same refusal, and nothing may change. */
async function expectInvisible(attack: () => Promise<Answer>, missing: () => Promise<Answer>, status = 404): Promise<void> {
  const before = await snapshot();
  const answer = await attack();
  expect(await snapshot()).toBe(before);
  const reference = await missing();
  expect(reference.status, JSON.stringify(reference.body)).toBe(status);
  expect(answer).toEqual(reference);
}

beforeAll(async () => {
  h = await withdrawalHarness({ env: { WITHDRAWAL_REVIEW_CENTAVOS: '1000', GAME_PROVIDER_SECRETS: `acme:${PROVIDER_SECRET}` } });
  attacker = await h.player({ tenantId: h.tenants.local });
  await h.deposit(attacker.id, 100_000);
  sameTenant = await victim(h.tenants.local, 'localhost', LOCAL_KEY);
  otherTenant = await victim(h.tenants.sorte, 'sorte.localhost', SORTE_KEY);
}, 60_000);
afterAll(() => h.close());

/** A call by the attacker, a player of `localhost`. */
const as = (method: string, path: string, body?: unknown) => h.call(method, path, { token: attacker.token, host: 'localhost', body });

describe.each([
  ['another player of the tenant', () => sameTenant],
  ['a player of another tenant', () => otherTenant],
])("a player naming %s's records", (_who, target) => {
  it('cannot cancel their withdrawal', async () => {
    await expectInvisible(
      () => as('POST', '/main-gateway/user-cancel-withdrawal', { id: target().withdrawalId }),
      () => as('POST', '/main-gateway/user-cancel-withdrawal', { id: MISSING }),
    );
  });

  it('cannot withdraw to their Pix key (withdraw method id)', async () => {
    await expectInvisible(
      () => as('POST', '/wallet/withdraw/request', { amount: 2_000, method_id: target().methodId }),
      () => as('POST', '/wallet/withdraw/request', { amount: 2_000, method_id: MISSING }),
    );
  });

  it('cannot read or mark read their notification', async () => {
    await expectInvisible(
      () => as('POST', `/notifications/${target().notificationId}/read`),
      () => as('POST', `/notifications/${MISSING}/read`),
    );
  });

  it('cannot see their house round', async () => {
    await expectInvisible(
      () => as('GET', `/house/rounds/${target().roundId}`),
      () => as('GET', `/house/rounds/${MISSING}`),
    );
  });

  it('cannot read their Pix deposit status', async () => {
    await expectInvisible(
      () => as('POST', '/main-gateway/consult-status-transaction', { txid: target().txid }),
      () => as('POST', '/main-gateway/consult-status-transaction', { txid: 'X'.repeat(target().txid.length) }),
    );
  });

  it('sees none of their records in the own-records lists (the attacker has only its deposit)', async () => {
    const total = async (path: string) => (ok(await as('GET', path)).body as { total: number }).total;
    expect(await total('/wallet/transactions')).toBe(1);
    for (const path of ['/wallet/bets', '/wallet/withdrawals', '/house/rounds', '/profile/favorites', '/games/recent']) expect(await total(path), path).toBe(0);
    expect((ok(await as('GET', '/wallet/withdraw/methods')).body as { methods: unknown[] }).methods).toEqual([]);
    const inbox = ok(await as('GET', '/notifications')).body as { user_notifications: { total: number }; global_notifications: { total: number } };
    expect([inbox.user_notifications.total, inbox.global_notifications.total]).toEqual([0, 0]);
    expect(target().player.id).not.toBe(attacker.id);
  });
});

describe("a player naming another tenant's records", () => {
  it("cannot favorite or like another tenant's game", async () => {
    await expectInvisible(() => as('POST', `/games/favorite/${otherTenant.gameId}`), () => as('POST', `/games/favorite/${MISSING}`));
    await expectInvisible(() => as('POST', `/games/like/${otherTenant.gameId}`), () => as('POST', `/games/like/${MISSING}`));
  });

  it("cannot open another tenant's player's public profile (the tenant's own players' profiles are public)", async () => {
    await expectInvisible(() => as('POST', '/profile/show', { user_id: otherTenant.player.id }), () => as('POST', '/profile/show', { user_id: MISSING }));
    ok(await as('POST', '/profile/show', { user_id: sameTenant.player.id }));
  });
});

describe("an operator naming another tenant's records", () => {
  const sorte = (method: string, path: string, body?: unknown) => h.operator(method, path, SORTE_KEY, body);

  it('cannot delete its chat message', async () => {
    await expectInvisible(() => sorte('DELETE', `/chat/messages/${sameTenant.chatMessageId}`), () => sorte('DELETE', `/chat/messages/${MISSING}`));
  });

  it('cannot approve or reject its withdrawal', async () => {
    await expectInvisible(() => sorte('POST', `/withdrawals/${sameTenant.withdrawalId}/approve`), () => sorte('POST', `/withdrawals/${MISSING}/approve`));
    await expectInvisible(() => sorte('POST', `/withdrawals/${sameTenant.withdrawalId}/reject`, {}), () => sorte('POST', `/withdrawals/${MISSING}/reject`, {}));
  });

  it('cannot approve or reject its held aggregator win', async () => {
    for (const decision of ['approve', 'reject']) {
      await expectInvisible(() => sorte('POST', `/provider-wins/${sameTenant.heldWinId}/${decision}`), () => sorte('POST', `/provider-wins/${MISSING}/${decision}`));
    }
    const listed = ok(await sorte('GET', '/provider-wins?status=held')).body.data as Array<{ id: number }>;
    expect(listed.map((w) => w.id)).toEqual([otherTenant.heldWinId]);
  });

  it('cannot see its site build', async () => {
    await expectInvisible(() => sorte('GET', `/builds/${sameTenant.buildId}`), () => sorte('GET', '/builds/build-999'));
  });

  it('cannot mute or unmute its player', async () => {
    await expectInvisible(() => sorte('POST', '/chat/mutes', { user_id: sameTenant.player.id, minutes: 5 }), () => sorte('POST', '/chat/mutes', { user_id: MISSING, minutes: 5 }));
    await expectInvisible(() => sorte('DELETE', `/chat/mutes/${sameTenant.player.id}`), () => sorte('DELETE', `/chat/mutes/${MISSING}`));
  });

  it('cannot notify its player (422, the documented field error)', async () => {
    const body = (userId: number) => ({ user_id: userId, title: 'Oi', message: 'Oi' });
    await expectInvisible(() => sorte('POST', '/notifications', body(sameTenant.player.id)), () => sorte('POST', '/notifications', body(MISSING)), 422);
  });
});

describe("a game aggregator calling one tenant's wallet with another tenant's player", () => {
  it('moves and reads nothing: balance, bet and rollback of that player answer 404', async () => {
    const id = otherTenant.player.id;
    await expectInvisible(() => provider('localhost', { action: 'balance', player_id: id }), () => provider('localhost', { action: 'balance', player_id: MISSING }));
    const bet = (player: number) => ({ action: 'bet', player_id: player, round_id: 'R-x', transaction_id: 'T-x', amount: 100, game: 'Gates' });
    await expectInvisible(() => provider('localhost', bet(id)), () => provider('localhost', bet(MISSING)));
    await expectInvisible(
      () => provider('localhost', { action: 'rollback', player_id: id, transaction_id: `T-${id}` }),
      () => provider('localhost', { action: 'rollback', player_id: MISSING, transaction_id: `T-${id}` }),
    );
  });
});
