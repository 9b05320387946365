import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationsAnswer, NotificationView } from '../../../../src/contract/notifications.ts';
import { notifications } from '../../../../server/features/notifications/schema.ts';
import { type NotificationsHarness, notificationsHarness } from './helpers.ts';

let h: NotificationsHarness;
beforeAll(async () => {
  h = await notificationsHarness();
});
afterAll(() => h.close());

const list = async (token: string, query = '', host = 'localhost') => {
  const answer = await h.call('GET', `/notifications${query}`, { token, host });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as unknown as NotificationsAnswer;
};

const send = async (body: Record<string, unknown>, tenant = h.local) => {
  const answer = await h.operator(body, { tenant });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.notification as NotificationView;
};

describe('guests', () => {
  it('get 401 on every notification call', async () => {
    for (const [method, path] of [
      ['GET', '/notifications'],
      ['POST', '/notifications/1/read'],
      ['POST', '/notifications/all/mark-all-read'],
    ] as const) {
      const answer = await h.call(method, path);
      expect(answer.status).toBe(401);
      expect(answer.body.message).toBe('Your session has expired. Please log in again.');
    }
  });
});

describe('lists and paging', () => {
  it('pages both lists newest first, 10 by default, with the unread count over both', async () => {
    const me = await h.player();
    const other = await h.player();
    const mine: number[] = [];
    for (let i = 1; i <= 12; i += 1) mine.push((await send({ user_id: me.userId, title: `Mensagem ${i}`, message: `Texto ${i}` })).id);
    await send({ user_id: other.userId, title: 'Outro', message: 'Não é seu' });
    const before = (await list(me.token)).global_notifications.total;
    const globals = [await send({ title: 'Aviso 1', message: 'Para todos' }), await send({ title: 'Aviso 2', message: 'Para todos' })];

    const first = await list(me.token);
    expect(first.user_notifications.data.map((n) => n.id)).toEqual(mine.slice(2).reverse());
    expect(first.user_notifications).toMatchObject({ current_page: 1, last_page: 2, total: 12 });
    expect(first.global_notifications.data.slice(0, 2).map((n) => n.id)).toEqual(globals.map((g) => g.id).reverse());
    expect(first.global_notifications.total).toBe(before + 2);
    expect(first.unread_count).toBe(12 + before + 2);
    expect(first.user_notifications.data[0]).toMatchObject({
      type: 'user',
      read: false,
      read_at: null,
      notification: { title: { pt: 'Mensagem 12', en: 'Mensagem 12' }, message: { pt: 'Texto 12', en: 'Texto 12' } },
    });

    const second = await list(me.token, '?page=2');
    expect(second.user_notifications.data.map((n) => n.id)).toEqual(mine.slice(0, 2).reverse());
    expect(second.user_notifications.current_page).toBe(2);

    const small = await list(me.token, '?page=3&per_page=5');
    expect(small.user_notifications.data.map((n) => n.id)).toEqual(mine.slice(0, 2).reverse());
    expect(small.user_notifications.last_page).toBe(3);

    const theirs = await list(other.token);
    expect(theirs.user_notifications.data.map((n) => n.notification.title.pt)).toEqual(['Outro']);
  });

  it('refuses a bad page or per_page with a field error', async () => {
    const me = await h.player();
    for (const query of ['?per_page=51', '?per_page=0', '?page=0', '?page=abc']) {
      const answer = await h.call('GET', `/notifications${query}`, { token: me.token });
      expect(answer.status, query).toBe(422);
      expect(Object.keys(answer.body.errors as object)).toHaveLength(1);
    }
  });
});

describe('reading', () => {
  it('marks one read with a timestamp, once: a second read keeps the first time', async () => {
    const me = await h.player();
    const note = await send({ user_id: me.userId, title: 'Olá', message: 'Bem-vindo' });
    const unread = (await list(me.token)).unread_count;

    h.setNow(new Date('2026-03-02T10:00:00Z'));
    const first = await h.call('POST', `/notifications/${note.id}/read`, { token: me.token });
    expect(first.status).toBe(200);
    expect(first.body.notification).toMatchObject({ id: note.id, read: true, read_at: '2026-03-02T10:00:00.000Z' });
    expect(first.body.unread_count).toBe(unread - 1);

    h.setNow(new Date('2026-03-05T10:00:00Z'));
    const again = await h.call('POST', `/notifications/${note.id}/read`, { token: me.token });
    expect(again.status).toBe(200);
    expect(again.body.notification).toMatchObject({ read: true, read_at: '2026-03-02T10:00:00.000Z' });
    expect(again.body.unread_count).toBe(unread - 1);

    const listed = (await list(me.token)).user_notifications.data.find((n) => n.id === note.id);
    expect(listed).toMatchObject({ read: true, read_at: '2026-03-02T10:00:00.000Z' });
  });

  it("answers 404 for another player's notification, another tenant's, or an id that is none", async () => {
    const me = await h.player();
    const other = await h.player();
    const theirs = await send({ user_id: other.userId, title: 'Privado', message: 'Só seu' });
    const sorteGlobal = await send({ title: 'Aviso Sorte', message: 'Outro cassino' }, h.sorte);
    for (const id of [theirs.id, sorteGlobal.id, 999_999_999, 'abc']) {
      const answer = await h.call('POST', `/notifications/${id}/read`, { token: me.token, lang: 'pt-BR' });
      expect(answer.status, String(id)).toBe(404);
      expect(answer.body.message).toBe('Notificação não encontrada.');
    }
    expect((await list(other.token)).user_notifications.data[0]).toMatchObject({ id: theirs.id, read: false });
  });

  it('a global notice read by one player stays unread for the others', async () => {
    const a = await h.player();
    const b = await h.player();
    const notice = await send({ title: 'Promoção', message: 'Hoje' });
    expect((await h.call('POST', `/notifications/${notice.id}/read`, { token: a.token })).status).toBe(200);
    expect((await list(a.token)).global_notifications.data.find((n) => n.id === notice.id)?.read).toBe(true);
    expect((await list(b.token)).global_notifications.data.find((n) => n.id === notice.id)?.read).toBe(false);
  });
});

describe('mark all read', () => {
  it('marks only the list asked for: platform, user, then all', async () => {
    const me = await h.player();
    await send({ user_id: me.userId, title: 'Um', message: '1' });
    await send({ user_id: me.userId, title: 'Dois', message: '2' });
    await send({ title: 'Global', message: 'G' });
    const start = await list(me.token, '?per_page=50');
    const unreadGlobals = start.global_notifications.data.filter((n) => !n.read).length;
    expect(start.unread_count).toBe(2 + unreadGlobals);

    const platform = await h.call('POST', '/notifications/platform/mark-all-read', { token: me.token });
    expect(platform.body).toEqual({ marked: unreadGlobals, unread_count: 2 });
    const afterPlatform = await list(me.token, '?per_page=50');
    expect(afterPlatform.global_notifications.data.every((n) => n.read)).toBe(true);
    expect(afterPlatform.user_notifications.data.every((n) => !n.read)).toBe(true);

    const user = await h.call('POST', '/notifications/user/mark-all-read', { token: me.token });
    expect(user.body).toEqual({ marked: 2, unread_count: 0 });

    await send({ user_id: me.userId, title: 'Três', message: '3' });
    await send({ title: 'Global 2', message: 'G2' });
    const all = await h.call('POST', '/notifications/all/mark-all-read', { token: me.token });
    expect(all.body).toEqual({ marked: 2, unread_count: 0 });
    const again = await h.call('POST', '/notifications/all/mark-all-read', { token: me.token });
    expect(again.body).toEqual({ marked: 0, unread_count: 0 });
  });

  it("does not touch another player's notifications", async () => {
    const me = await h.player();
    const other = await h.player();
    await send({ user_id: other.userId, title: 'Deles', message: 'x' });
    await h.call('POST', '/notifications/all/mark-all-read', { token: me.token });
    expect((await list(other.token)).user_notifications.data[0]?.read).toBe(false);
  });

  it('refuses an unknown list with a clear field error', async () => {
    const me = await h.player();
    const answer = await h.call('POST', '/notifications/box/mark-all-read', { token: me.token });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ type: ['Unknown notification list: use platform, user or all.'] });
  });
});

describe('tenant isolation', () => {
  it("a tenant's players never see another tenant's notices, and its operator cannot notify them", async () => {
    const sortePlayer = await h.player({ tenant: h.sorte });
    const localNotice = await send({ title: 'Só localhost', message: 'x' });
    const sorteNotice = await send({ title: 'Só sorte', message: 'y' }, h.sorte);
    const seen = await list(sortePlayer.token, '?per_page=50', 'sorte.localhost');
    const ids = seen.global_notifications.data.map((n) => n.id);
    expect(ids).toContain(sorteNotice.id);
    expect(ids).not.toContain(localNotice.id);

    const refused = await h.operator({ user_id: sortePlayer.userId, title: 'Oi', message: 'z' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ user_id: ['Player not found in this casino.'] });
  });
});

describe('live delivery and push', () => {
  it("publishes NotificationSent with the notification on the player's private channel and pushes in their language", async () => {
    const me = await h.player({ language: 'en' });
    h.published.length = 0;
    h.pushed.length = 0;
    const note = await send({ user_id: me.userId, type: 'payment', title: { pt: 'Depósito aprovado', en: 'Deposit approved' }, message: { pt: 'R$ 10,00', en: 'BRL 10.00' }, url: '/account/wallet' });
    expect(h.published).toEqual([{ channels: [`private-universal.${me.userId}`], event: 'App\\Events\\NotificationSent', data: note }]);
    expect(note).toMatchObject({ type: 'payment', read: false, notification: { url: '/account/wallet' } });
    expect(h.pushed).toEqual([
      {
        target: { tenantId: h.local.id, userId: me.userId },
        message: expect.objectContaining({ title: 'Deposit approved', body: 'BRL 10.00', url: '/account/wallet' }),
      },
    ]);
  });

  it("publishes a global notice on the tenant's public channel and pushes to every player of the tenant", async () => {
    h.published.length = 0;
    h.pushed.length = 0;
    const notice = await send({ title: { pt: 'Manutenção', en: 'Maintenance' }, message: { pt: 'Às 3h', en: 'At 3 am' } });
    expect(notice.type).toBe('platform');
    expect(h.published).toEqual([{ channels: [`universal-public.${h.local.casinoId}`], event: 'App\\Events\\NotificationSent', data: notice }]);
    // Each browser gets its player's language: the sender picks from the translations.
    expect(h.pushed).toEqual([
      {
        target: { tenantId: h.local.id, userId: null },
        message: { title: 'Manutenção', body: 'Às 3h', translations: { pt: { title: 'Manutenção', body: 'Às 3h' }, en: { title: 'Maintenance', body: 'At 3 am' } } },
      },
    ]);
  });

  it('a won box also sends NotifyNewUserBox', async () => {
    const me = await h.player();
    h.published.length = 0;
    const box = await send({ user_id: me.userId, type: 'box', title: 'Caixa', message: 'Você ganhou', box_id: 7 });
    expect(box.notification.box_id).toBe(7);
    expect(h.published.map((p) => p.event)).toEqual(['App\\Events\\NotificationSent', 'App\\Events\\NotifyNewUserBox']);
    expect(h.published[1]).toMatchObject({ channels: [`private-universal.${me.userId}`], data: box });
  });

  it('a failing push or realtime server never fails the notification', async () => {
    const me = await h.player();
    h.failPush(true);
    h.failPublish(true);
    h.pushed.length = 0;
    try {
      const note = await send({ user_id: me.userId, title: 'Mesmo assim', message: 'Chegou' });
      expect(h.pushed).toHaveLength(1);
      expect((await list(me.token)).user_notifications.data[0]?.id).toBe(note.id);
    } finally {
      h.failPush(false);
      h.failPublish(false);
    }
  });
});

describe('operator input', () => {
  it('refuses bad input with field errors in the caller language and stores nothing', async () => {
    const me = await h.player();
    const [{ before } = { before: 0 }] = await h.db.select({ before: count() }).from(notifications);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ message: 'sem título' }, 'title', 'Informe um título de 1 a 120 caracteres (um texto ou {pt, en}).'],
      [{ title: '   ', message: 'x' }, 'title', 'Informe um título de 1 a 120 caracteres (um texto ou {pt, en}).'],
      [{ title: { pt: 'só pt' }, message: 'x' }, 'title', 'Informe um título de 1 a 120 caracteres (um texto ou {pt, en}).'],
      [{ title: 't', message: 'x'.repeat(1001) }, 'message', 'Informe uma mensagem de 1 a 1000 caracteres (um texto ou {pt, en}).'],
      [{ title: 't', message: 'm', url: 'javascript:alert(1)' }, 'url', 'O link deve ser um caminho do site (/promocoes) ou um endereço http(s) de até 500 caracteres.'],
      [{ title: 't', message: 'm', url: '//evil.example' }, 'url', 'O link deve ser um caminho do site (/promocoes) ou um endereço http(s) de até 500 caracteres.'],
      [{ title: 't', message: 'm', type: 'user' }, 'type', 'Um aviso para todos os jogadores deve ter o tipo platform.'],
      [{ user_id: me.userId, title: 't', message: 'm', type: 'platform' }, 'type', 'Uma notificação para um jogador não pode ter o tipo platform.'],
      [{ user_id: me.userId, title: 't', message: 'm', type: 'news' }, 'type', 'Tipo de notificação inválido: use platform, user, box, payment, bonus ou mission.'],
      [{ user_id: 'abc', title: 't', message: 'm' }, 'user_id', 'Informe o id do jogador como um número inteiro positivo.'],
      [{ user_id: 999_999, title: 't', message: 'm' }, 'user_id', 'Jogador não encontrado neste cassino.'],
    ];
    for (const [body, field, text] of cases) {
      const answer = await h.operator(body, { lang: 'pt-BR' });
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect((answer.body.errors as Record<string, string[]>)[field], JSON.stringify(body)).toEqual([text]);
    }
    const [{ after } = { after: 0 }] = await h.db.select({ after: count() }).from(notifications);
    expect(after).toBe(before);
  });

  it('needs a valid operator key', async () => {
    const answer = await h.operator({ title: 't', message: 'm' }, { tenant: { ...h.local, key: 'wrong' } });
    expect(answer.status).toBe(401);
  });
});
