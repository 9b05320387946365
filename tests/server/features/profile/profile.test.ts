import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokens, users } from '../../../../server/db/schema.ts';
import { type AccountsHarness, accountsHarness, PASSWORD, registerPlayer } from '../auth/helpers.ts';

let h: AccountsHarness;
beforeAll(async () => {
  h = await accountsHarness();
});
afterAll(() => h.close());

describe('profile', () => {
  it('reads and updates name, language, birth date and e-mail', async () => {
    const { token, user } = await registerPlayer(h, '+5511987680001');
    expect((await h.call('GET', '/profile', { token })).body.user).toMatchObject({ id: user.id, name: 'Maria Silva' });
    const renamed = await h.call('POST', '/profile/updateName', { token, body: { name: '  Maria   da Silva ' } });
    expect(renamed.body.data).toMatchObject({ name: 'Maria da Silva', first_name: 'Maria', last_name: 'da Silva' });
    expect((await h.call('POST', '/profile/updateLanguage', { token, body: { language: 'en' } })).body.data).toMatchObject({ language: 'en' });
    expect((await h.call('GET', '/profile/getLanguage', { token })).body).toEqual({ language: 'en' });
    const updated = await h.call('POST', '/auth/update', { token, body: { birth_date: '1990-05-17', email: 'Nova@Example.com' } });
    expect(updated.body.data).toMatchObject({ birth_date: '1990-05-17', email: 'nova@example.com', email_verified_at: null });
  });

  it('refuses bad profile input with 422 and changes nothing', async () => {
    const { token, user } = await registerPlayer(h, '+5511987680002');
    const [before] = await h.db.select().from(users).where(eq(users.id, user.id as number));
    const cases: Array<[string, unknown, Record<string, string[]>]> = [
      ['/profile/updateName', { name: 'Maria' }, { name: ['Por favor, insira seu nome completo.'] }],
      ['/profile/updateName', { name: 'Maria \u202ESilva' }, { name: ['O campo name não é válido.'] }],
      ['/profile/updateName', {}, { name: ['Este campo é obrigatório.'] }],
      ['/profile/updateLanguage', { language: 'es' }, { language: ['O campo language não é válido.'] }],
      ['/profile/toggle-hide-metrics', { hide_metrics: 'yes' }, { hide_metrics: ['O campo hide_metrics não é válido.'] }],
      ['/profile/update-settings', { hide_all: 1 }, { hide_all: ['O campo hide_all não é válido.'] }],
      ['/auth/update', { birth_date: '2015-01-01' }, { birth_date: ['Você precisa confirmar que tem 18 anos ou mais.'] }],
      ['/auth/update', { birth_date: '1990-02-30' }, { birth_date: ['O campo birth_date não é válido.'] }],
      ['/auth/update', { email: 'x'.repeat(40) + '@example.com' }, { email: ['E-mail é permitido apenas 30 caracteres'] }],
      ['/profile/self-exclusion', { value: 6, date: 'forever' }, { date: ['O campo date não é válido.'] }],
      ['/profile/self-exclusion', { value: 6 * 12, date: 'months' }, { value: ['O campo value não é válido.'] }],
      ['/profile/show', { user_id: 'abc' }, { user_id: ['O campo user_id não é válido.'] }],
    ];
    for (const [path, body, errors] of cases) {
      const answer = await h.call('POST', path, { token, body });
      expect([path, answer.status, answer.body.errors]).toEqual([path, 422, errors]);
    }
    const [after] = await h.db.select().from(users).where(eq(users.id, user.id as number));
    expect(after).toEqual(before);
  });

  it('keeps e-mails unique per tenant on update', async () => {
    const a = await registerPlayer(h, '+5511987680003');
    const b = await registerPlayer(h, '+5511987680004');
    const clash = await h.call('POST', '/auth/update', { token: b.token, body: { email: (a.user.email as string).toUpperCase() } });
    expect(clash.status).toBe(422);
    expect(clash.body.errors).toEqual({ email: ['Este e-mail já está cadastrado.'] });
  });

  it('applies privacy toggles to the public profile', async () => {
    const owner = await registerPlayer(h, '+5511987680005');
    const viewer = await registerPlayer(h, '+5511987680006');
    const show = async () => (await h.call('POST', '/profile/show', { token: viewer.token, body: { user_id: owner.user.id } })).body.data as Record<string, unknown>;
    expect(await show()).toMatchObject({ id: owner.user.id, name: 'Maria Silva', level: 1, totalBet: 0 });

    const settings = await h.call('POST', '/profile/update-settings', { token: owner.token, body: { hide_username: true, receive_promotions_email: true } });
    expect((settings.body.data as { settings: object }).settings).toEqual({
      hide_username: true,
      hide_statistics: false,
      hide_activity: false,
      hide_played_games: false,
      hide_battle_rewards: false,
      hide_all: false,
      receive_promotions_email: true,
    });
    expect(await show()).toMatchObject({ name: null, level: 1 });

    await h.call('POST', '/profile/toggle-hide-metrics', { token: owner.token, body: { hide_metrics: true } });
    expect(await show()).toMatchObject({ name: null, level: null, totalBet: null, vip: null });

    await h.call('POST', '/profile/update-settings', { token: owner.token, body: { hide_username: false } });
    await h.call('POST', '/profile/toggle-hide-metrics', { token: owner.token, body: { hide_metrics: false } });
    await h.call('POST', '/profile/update-settings', { token: owner.token, body: { hide_all: true } });
    const hidden = await show();
    expect(hidden).toMatchObject({ id: owner.user.id, name: null, avatar: null, level: null, hidden: { all: true, activity: true } });
    expect(JSON.stringify(hidden)).not.toContain('+5511987680005');

    expect((await h.call('POST', '/profile/show', { host: 'sorte.localhost', body: { user_id: owner.user.id } })).status).toBe(404);
  });
});

describe('self-exclusion', () => {
  it('takes effect at once: every session ends, login is refused with the dates until the end, then removal works', async () => {
    const phone = '+5511987680010';
    const { token } = await registerPlayer(h, phone);
    const other = (await h.call('POST', '/auth/login', { body: { username: phone, password: PASSWORD } })).body.token as string;
    const started = await h.call('POST', '/profile/self-exclusion', { token, body: { value: 6, date: 'months' } });
    expect(started.status).toBe(200);
    const start = h.clock.now();
    expect(started.body).toEqual({ start_at: start.toISOString(), end_at: '2025-12-01T12:00:00.000Z' });

    for (const t of [token, other]) expect((await h.call('GET', '/auth/me', { token: t })).status).toBe(401);
    const [live] = await h.db.select().from(accessTokens).innerJoin(users, eq(users.id, accessTokens.userId)).where(eq(users.username, phone));
    expect(live?.access_tokens.revokedAt).toBeInstanceOf(Date);

    const refused = await h.call('POST', '/auth/login', { body: { username: phone, password: PASSWORD } });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      message: 'Sua conta está autoexcluída de 01/06/2025, 09:00 até 01/12/2025, 09:00.',
      selfExcluded: true,
      start_at: '2025-06-01T12:00:00.000Z',
      end_at: '2025-12-01T12:00:00.000Z',
    });
    const english = await h.call('POST', '/auth/login', { lang: 'en', body: { username: phone, password: PASSWORD } });
    expect(english.body.message).toMatch(/Jun 1, 2025.*Dec 1, 2025/);
    // A wrong password never reveals the exclusion.
    expect((await h.call('POST', '/auth/login', { body: { username: phone, password: 'errada-123' } })).status).toBe(422);

    h.clock.set('2025-12-01T12:00:01.000Z');
    const back = await h.call('POST', '/auth/login', { body: { username: phone, password: PASSWORD } });
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ selfExcluded: false, end_at: '2025-12-01T12:00:00.000Z' });
    const removed = await h.call('POST', '/profile/self-exclusion/remove', { token: back.body.token as string });
    expect(removed.status).toBe(200);
    expect((await h.call('GET', '/auth/me', { token: back.body.token as string })).body.data).toMatchObject({ start_at: null, end_at: null });
  });

  it('cannot be removed before its end', async () => {
    const phone = '+5511987680011';
    const { token } = await registerPlayer(h, phone);
    await h.call('POST', '/profile/self-exclusion', { token, body: { value: 1, date: 'days' } });
    // The player can not log in meanwhile, so a direct service-level session stands in.
    const { issueAccessToken } = await import('../../../../server/features/users/tokens.ts');
    const [row] = await h.db.select().from(users).where(eq(users.username, phone));
    const session = await issueAccessToken(h.db, { userId: row!.id, tenantId: h.tenants.local, now: h.clock.now() });
    const early = await h.call('POST', '/profile/self-exclusion/remove', { token: session.token });
    expect(early.status).toBe(422);
    expect((early.body.errors as Record<string, string[]>).self_exclusion?.[0]).toMatch(/^A autoexclusão só pode ser removida depois de/);
  });
});
