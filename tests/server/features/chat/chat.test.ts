import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_FETCH_LIMIT, type ChatMessagesAnswer, type ChatMessageView } from '../../../../src/contract/chat.ts';
import { chatMessages } from '../../../../server/features/chat/schema.ts';
import { ledgerEntries } from '../../../../server/features/wallet/schema.ts';
import { type ChatHarness, chatHarness, type Tenant } from './helpers.ts';

let h: ChatHarness;
beforeAll(async () => {
  h = await chatHarness();
});
afterAll(() => h.close());

const list = async (o: { token?: string; host?: string; query?: string } = {}) => {
  const answer = await h.call('GET', `/chat/messages${o.query ?? ''}`, { token: o.token, guest: !o.token, host: o.host });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as unknown as ChatMessagesAnswer;
};

/** Posts after moving the clock past the 2 s burst limit (7 s: ten posts span more than a minute). */
const post = async (token: string, body: unknown, o: { host?: string; lang?: string; wait?: number } = {}) => {
  h.advance(o.wait ?? 7);
  return h.call('POST', '/chat/messages', { token, body, host: o.host, lang: o.lang });
};

const posted = async (token: string, text: string, o: { host?: string } = {}) => {
  const answer = await post(token, { text }, o);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.message as ChatMessageView;
};

const notice = async (body: Record<string, unknown>, tenant?: Tenant) => {
  const answer = await h.operator('POST', '/chat/messages', body, { tenant });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.message as ChatMessageView;
};

/** Wipes the chat between scenarios that look at the whole list. */
const clearChat = () => h.db.delete(chatMessages);

describe('reading', () => {
  it('lets a guest read the chat, amountBet 0', async () => {
    await clearChat();
    const { token } = await h.player({ name: 'Ana Souza' });
    await posted(token, 'Olá a todos');
    const answer = await list();
    expect(answer.amountBet).toBe(0);
    expect(answer.messages.map((m) => m.text)).toEqual(['Olá a todos']);
  });

  it('returns the newest messages oldest first, at most 50, and honours a smaller limit', async () => {
    await clearChat();
    const { userId } = await h.player();
    const start = h.now().getTime();
    await h.db.insert(chatMessages).values(
      Array.from({ length: 60 }, (_, i) => ({ tenantId: h.local.id, userId, userName: 'Bia', text: `m${i + 1}`, createdAt: new Date(start + i * 1000) })),
    );
    const all = await list();
    expect(all.messages).toHaveLength(CHAT_FETCH_LIMIT);
    expect(all.messages[0]!.text).toBe('m11');
    expect(all.messages.at(-1)!.text).toBe('m60');
    expect((await list({ query: '?limit=50' })).messages).toHaveLength(50);
    expect((await list({ query: '?limit=500' })).messages).toHaveLength(50);
    expect((await list({ query: '?limit=2' })).messages.map((m) => m.text)).toEqual(['m59', 'm60']);
    const bad = await h.call('GET', '/chat/messages?limit=abc', { guest: true });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ limit: ['The limit must be a whole number from 1 to 50.'] });
  });

  it("gives a player their real-money stakes in centavos as amountBet (refunds deducted, wins ignored)", async () => {
    const { userId, token } = await h.player();
    const other = await h.player();
    const entry = (user: number, type: 'bet' | 'win', amount: number, reference: string) => ({
      tenantId: h.local.id,
      userId: user,
      type,
      amount: BigInt(amount),
      withdrawableDelta: BigInt(amount),
      balanceAfter: 10_000n,
      balanceWithdrawalAfter: 0n,
      reference,
    });
    await h.db.insert(ledgerEntries).values([
      entry(userId, 'bet', -500, `r1-${userId}`),
      entry(userId, 'bet', -300, `r2-${userId}`),
      entry(userId, 'bet', 300, `r2-refund-${userId}`),
      entry(userId, 'win', 1_000, `r1-${userId}`),
      entry(other.userId, 'bet', -7_000, `r3-${other.userId}`),
    ]);
    expect((await list({ token })).amountBet).toBe(500);
    expect((await list({ token: other.token })).amountBet).toBe(7_000);
  });
});

describe('posting', () => {
  it('stores the trimmed text under the public first name and answers 201 with the message', async () => {
    await clearChat();
    const { userId, token } = await h.player({ name: 'Carla Dias Prado' });
    const message = await posted(token, '   boa sorte!  ');
    expect(message).toMatchObject({ type: 'global', user: { id: userId, name: 'Carla' }, text: 'boa sorte!', pinned: false, pinned_until: null, attachments: [] });
    expect(message.time).toBe(h.now().toISOString());
    expect((await list()).messages).toEqual([message]);
  });

  it('hides the name of a player who hides their username', async () => {
    const { token } = await h.player({ name: 'Secreto Silva', settings: { hide_username: true } });
    const message = await posted(token, 'oi');
    expect(message.user?.name).toBeNull();
    const [row] = await h.db.select().from(chatMessages).where(eq(chatMessages.id, message.id));
    expect(row!.userName).toBe('');
  });

  it('refuses guests and visitors without credentials with 401', async () => {
    for (const o of [{ guest: true }, {}]) {
      const answer = await h.call('POST', '/chat/messages', { ...o, body: { text: 'hello' } });
      expect(answer.status).toBe(401);
      expect(answer.body.message).toBe('Your session has expired. Please log in again.');
    }
  });

  it('keeps markup as plain text, byte for byte', async () => {
    const { token } = await h.player();
    for (const payload of ['<script>alert(1)</script>', '<img src=x onerror="alert(1)">', '"><svg onload=alert(1)>', '[x](javascript:alert(1))', '&lt;b&gt;']) {
      const message = await posted(token, payload);
      expect(message.text).toBe(payload);
      const [row] = await h.db.select({ text: chatMessages.text }).from(chatMessages).where(eq(chatMessages.id, message.id));
      expect(row!.text).toBe(payload);
      expect((await list()).messages.find((m) => m.id === message.id)?.text).toBe(payload);
    }
  });

  it('accepts 1 to 300 characters (emoji count once) and refuses empty, longer or control characters', async () => {
    const { token } = await h.player();
    expect((await posted(token, 'a'.repeat(300))).text).toHaveLength(300);
    expect([...(await posted(token, '🎰'.repeat(300))).text]).toHaveLength(300);
    const cases: Array<[unknown, string]> = [
      [{ text: 'a'.repeat(301) }, 'A message may have at most 300 characters.'],
      [{ text: '   ' }, 'Write a message.'],
      [{ text: 'hi\u0000there' }, 'The message contains characters that are not allowed.'],
      [{ text: 'line\nbreak' }, 'The message contains characters that are not allowed.'],
      [{ text: 'abc\u202Egpj.exe' }, 'The message contains characters that are not allowed.'],
      [{ text: 42 }, 'Write the message as text.'],
    ];
    for (const [body, error] of cases) {
      const answer = await post(token, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body.errors).toEqual({ text: [error] });
    }
    const pt = await post(token, { text: 'a'.repeat(301) }, { lang: 'pt-BR' });
    expect(pt.body.errors).toEqual({ text: ['A mensagem pode ter no máximo 300 caracteres.'] });
  });

  it('accepts https and same-site image attachments, up to 4', async () => {
    const { token } = await h.player();
    const attachments = [
      { attachment_type: 'image', attachment_url: 'https://cdn.example.com/a.png' },
      { attachment_type: 'image', attachment_url: '/uploads/b.webp' },
      { attachment_type: 'image', attachment_url: 'https://cdn.example.com/c.JPG?v=2' },
      { attachment_type: 'image', attachment_url: '/d.gif' },
    ];
    const answer = await post(token, { text: 'fotos', attachments });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect((answer.body.message as ChatMessageView).attachments).toEqual(attachments);
  });

  it('refuses script, data, plain-http, non-image, protocol-relative and excess attachments (nothing stored)', async () => {
    const { userId, token } = await h.player();
    const bad = [
      'javascript:alert(1)',
      'javascript:alert(1)//a.png',
      'JaVaScRiPt:alert(1)',
      'data:image/png;base64,iVBORw0KGgo=',
      'http://cdn.example.com/a.png',
      'https://cdn.example.com/page.html',
      'https://cdn.example.com/a.svg',
      '//evil.example/a.png',
      '/\\evil.example/a.png',
      'a.png',
      'https://user:pw@cdn.example.com/a.png',
      ' https://cdn.example.com/a.png',
      'vbscript:msgbox(1)',
    ];
    for (const url of bad) {
      const answer = await post(token, { text: 'x', attachments: [{ attachment_type: 'image', attachment_url: url }] });
      expect(answer.status, url).toBe(422);
      expect(Object.keys(answer.body.errors as object), url).toEqual(['attachments.0.attachment_url']);
    }
    const video = await post(token, { text: 'x', attachments: [{ attachment_type: 'video', attachment_url: 'https://cdn.example.com/a.png' }] });
    expect(video.body.errors).toEqual({ 'attachments.0.attachment_type': ['Only images can be attached.'] });
    const five = Array.from({ length: 5 }, (_, i) => ({ attachment_type: 'image', attachment_url: `https://cdn.example.com/${i}.png` }));
    const many = await post(token, { text: 'x', attachments: five });
    expect(many.status).toBe(422);
    expect(many.body.errors).toEqual({ attachments: ['Send at most 4 images per message.'] });
    expect(await h.db.select().from(chatMessages).where(eq(chatMessages.userId, userId))).toEqual([]);
  });

  it('limits a player to one message per 2 s and ten per minute, with the catalogue 429 message', async () => {
    const { token } = await h.player();
    await posted(token, 'first');
    const fast = await post(token, { text: 'second' }, { wait: 1 });
    expect(fast.status).toBe(429);
    expect(fast.body).toMatchObject({ message: 'Too many requests. Please wait and try again.', retry_in: 1 });
    const pt = await post(token, { text: 'third' }, { wait: 0 });
    expect(pt.status).toBe(429);
    await posted(token, 'after the pause');

    const other = await h.player();
    for (let i = 0; i < 10; i++) expect((await post(other.token, { text: `m${i}` }, { wait: 3 })).status).toBe(201);
    const eleventh = await post(other.token, { text: 'one too many' }, { wait: 3 });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.retry_in).toBeGreaterThan(2);
    // Another player is not slowed down by them.
    const third = await h.player();
    await posted(third.token, 'still fine');
  });
});

describe('realtime', () => {
  it('publishes MessageSent with the message on the tenant public channel', async () => {
    const { token } = await h.player();
    h.published.length = 0;
    const message = await posted(token, 'ao vivo');
    expect(h.published).toEqual([{ channels: [`universal-public.${h.local.casinoId}`], event: 'App\\Events\\MessageSent', data: message }]);
    const sorte = await h.player({ tenant: h.sorte });
    h.published.length = 0;
    await posted(sorte.token, 'outro cassino', { host: h.sorte.host });
    expect(h.published[0]!.channels).toEqual([`universal-public.${h.sorte.casinoId}`]);
    expect(h.sorte.casinoId).not.toBe(h.local.casinoId);
  });

  it('keeps the message when publishing fails', async () => {
    const { token } = await h.player();
    h.failPublish(true);
    try {
      const message = await posted(token, 'sem realtime');
      expect((await list()).messages.some((m) => m.id === message.id)).toBe(true);
    } finally {
      h.failPublish(false);
    }
  });
});

describe('moderation', () => {
  it('mutes a player until the time given, naming it, and unmutes', async () => {
    const { userId, token } = await h.player();
    const muted = await h.operator('POST', '/chat/mutes', { user_id: userId, minutes: 30, reason: 'spam' });
    expect(muted.status, JSON.stringify(muted.body)).toBe(200);
    const until = new Date(h.now().getTime() + 30 * 60_000).toISOString();
    expect(muted.body).toEqual({ user_id: userId, muted_until: until });

    const refused = await post(token, { text: 'hello?' });
    expect(refused.status).toBe(403);
    expect(refused.body.muted_until).toBe(until);
    // 12:30 UTC + 30 min (+7 s) = 09:30/09:31 in Brasília (UTC-3).
    expect(refused.body.message).toMatch(/^You are muted in the chat until 3\/1\/26, 9:\d\d AM \(Brasília time\)\.$/);
    const pt = await post(token, { text: 'olá?' }, { lang: 'pt-BR' });
    expect(pt.body.message).toMatch(/^Você foi silenciado no chat até 01\/03\/2026, 09:\d\d \(horário de Brasília\)\.$/);

    const listed = await h.operator('GET', '/chat/mutes');
    expect(listed.body.mutes).toContainEqual({ user_id: userId, name: expect.any(String), muted_until: until, reason: 'spam' });
    expect((await h.operator('GET', '/chat/mutes', undefined, { tenant: h.sorte })).body.mutes).toEqual([]);

    const lifted = await h.operator('DELETE', `/chat/mutes/${userId}`);
    expect(lifted.body).toEqual({ user_id: userId, muted_until: null });
    expect((await h.operator('GET', '/chat/mutes')).body.mutes).not.toContainEqual(expect.objectContaining({ user_id: userId }));
    await posted(token, 'back');
  });

  it('lets a mute run out by itself', async () => {
    const { userId, token } = await h.player();
    await h.operator('POST', '/chat/mutes', { user_id: userId, minutes: 1 });
    expect((await post(token, { text: 'x' }, { wait: 30 })).status).toBe(403);
    h.advance(30);
    await posted(token, 'free again');
    expect((await h.operator('GET', '/chat/mutes')).body.mutes).not.toContainEqual(expect.objectContaining({ user_id: userId }));
  });

  it('refuses bad mutes and players of other tenants', async () => {
    const foreign = await h.player({ tenant: h.sorte });
    expect((await h.operator('POST', '/chat/mutes', { user_id: foreign.userId, minutes: 5 })).status).toBe(404);
    expect((await h.operator('DELETE', `/chat/mutes/${foreign.userId}`)).status).toBe(404);
    const { userId } = await h.player();
    const zero = await h.operator('POST', '/chat/mutes', { user_id: userId, minutes: 0 });
    expect(zero.status).toBe(422);
    expect(zero.body.errors).toEqual({ minutes: ['Give the minutes as a whole number from 1 to 43200 (30 days).'] });
    expect((await h.operator('POST', '/chat/mutes', { user_id: userId, minutes: 5 }, { tenant: { ...h.local, key: 'wrong' } })).status).toBe(401);
  });

  it('deletes a message: never listed again, a tombstone published, the row kept', async () => {
    const { token } = await h.player();
    const message = await posted(token, 'apague-me');
    h.published.length = 0;
    const deleted = await h.operator('DELETE', `/chat/messages/${message.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ deleted: message.id });
    expect(h.published).toEqual([{ channels: [`universal-public.${h.local.casinoId}`], event: 'App\\Events\\MessageSent', data: { id: message.id, deleted: true } }]);
    expect((await list()).messages.some((m) => m.id === message.id)).toBe(false);
    const [row] = await h.db.select().from(chatMessages).where(eq(chatMessages.id, message.id));
    expect(row!.deletedAt).toEqual(h.now());
    expect(row!.deletedBy).toBe('operator');
    expect((await h.operator('DELETE', `/chat/messages/${message.id}`)).status).toBe(404);
    expect((await h.operator('DELETE', '/chat/messages/abc')).status).toBe(404);
  });

  it('puts messages pinned until a future time on top, flagged, and back in order once expired', async () => {
    await clearChat();
    const { token } = await h.player();
    await posted(token, 'one');
    const pinnedUntil = new Date(h.now().getTime() + 60 * 60_000).toISOString();
    const pin = await notice({ text: 'Torneio às 20h!', pinned_until: pinnedUntil, colorClass: 'gold', emoji: '🏆' });
    expect(pin).toMatchObject({ type: 'pinned', user: null, pinned: true, pinned_until: pinnedUntil, colorClass: 'gold', emoji: '🏆' });
    await posted(token, 'two');
    const mission = await notice({ text: 'Nova missão', mission: { title: 'Gire 10 vezes', reward: 500 } });
    expect(mission).toMatchObject({ type: 'others', pinned: false, mission: { title: 'Gire 10 vezes', reward: 500 } });

    expect((await list()).messages.map((m) => [m.text, m.pinned])).toEqual([
      ['Torneio às 20h!', true],
      ['one', false],
      ['two', false],
      ['Nova missão', false],
    ]);
    h.advance(2 * 60 * 60);
    expect((await list()).messages.map((m) => [m.text, m.pinned])).toEqual([
      ['one', false],
      ['Torneio às 20h!', false],
      ['two', false],
      ['Nova missão', false],
    ]);
  });

  it('refuses a notice pinned in the past or with an unknown colour', async () => {
    const past = await h.operator('POST', '/chat/messages', { text: 'x', pinned_until: new Date(h.now().getTime() - 1000).toISOString() });
    expect(past.status).toBe(422);
    expect(past.body.errors).toEqual({ pinned_until: ['pinned_until must be in the future.'] });
    const colour = await h.operator('POST', '/chat/messages', { text: 'x', colorClass: 'x" onmouseover="alert(1)' });
    expect(colour.status).toBe(422);
    expect(Object.keys(colour.body.errors as object)).toEqual(['colorClass']);
  });
});

describe('tenant isolation', () => {
  it("never lists, deletes or pins across tenants", async () => {
    await clearChat();
    const local = await h.player();
    const sorte = await h.player({ tenant: h.sorte });
    const ours = await posted(local.token, 'aqui');
    const theirs = await posted(sorte.token, 'lá', { host: h.sorte.host });
    await notice({ text: 'só no sorte', pinned_until: new Date(h.now().getTime() + 60_000).toISOString() }, h.sorte);
    expect((await list()).messages.map((m) => m.id)).toEqual([ours.id]);
    expect((await list({ host: h.sorte.host })).messages.map((m) => m.text)).toEqual(['só no sorte', 'lá']);
    expect((await h.operator('DELETE', `/chat/messages/${theirs.id}`)).status).toBe(404);
    expect((await list({ host: h.sorte.host })).messages.some((m) => m.id === theirs.id)).toBe(true);
    // A local token is nobody on the other tenant.
    const crossed = await h.call('POST', '/chat/messages', { token: local.token, host: h.sorte.host, body: { text: 'intruso' } });
    expect(crossed.status).toBe(401);
  });
});

describe('notice input', () => {
  it('refuses a mission with nested values in the caller language', async () => {
    const answer = await h.operator('POST', '/chat/messages', { text: 'x', mission: { title: { nested: true } } }, { lang: 'pt-BR' });
    expect(answer.status).toBe(422);
    expect(Object.values(answer.body.errors as Record<string, string[]>).flat()).toContain(
      'A missão deve ser um objeto com até 20 campos de texto, número ou verdadeiro/falso.',
    );
  });
});
