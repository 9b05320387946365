import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, users, verificationCodes } from '../../../../server/db/schema.ts';
import { type AccountsHarness, accountsHarness, PASSWORD, registerPlayer } from './helpers.ts';

let h: AccountsHarness;
beforeAll(async () => {
  h = await accountsHarness();
});
afterAll(() => h.close());

const sendTo = (phone: string, ip?: string) => h.call('POST', '/auth/verify-phone', { body: { phone }, ...(ip ? { ip } : {}) });
const verify = (phone: string, code: string | null) => h.call('POST', '/auth/verify-code', { body: { channel: 'phone', destination: phone, code } });

async function waitForCode(to: string, previous: string | null = null): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const rows = await h.db.select().from(outbox).where(eq(outbox.destination, to));
    const code = rows.at(-1)?.body.match(/\b(\d{6})\b/)?.[1];
    if (code && rows.length > 0 && (previous === null || rows.length > 1)) return code;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no code for ${to}`);
}

describe('verification codes', () => {
  it('writes the SMS to the outbox in the caller language, signed with the site title', async () => {
    await h.call('POST', '/auth/verify-phone', { lang: 'en', body: { phone: '+5511987670001' } });
    const [row] = await h.db.select().from(outbox).where(eq(outbox.destination, '+5511987670001'));
    expect(row).toMatchObject({ channel: 'sms', subject: null });
    expect(row?.body).toMatch(/^Your Ipê Bet code: \d{6}\. It expires in 10 minutes\.$/);
  });

  it('makes the caller wait 20 s before a new code, and the new code supersedes the old one', async () => {
    const phone = '+5511987670002';
    expect((await sendTo(phone)).status).toBe(200);
    const first = await h.latestCode(phone);
    h.clock.advance(5000);
    const early = await sendTo(phone);
    expect(early.status).toBe(429);
    expect(early.body).toMatchObject({ retry_in: 15 });
    h.clock.advance(15_000);
    expect((await sendTo(phone)).status).toBe(200);
    const second = await h.latestCode(phone);
    if (first !== second) expect((await verify(phone, first)).status).toBe(422);
    expect((await verify(phone, second)).status).toBe(200);
  });

  it('expires a code after 10 minutes', async () => {
    const phone = '+5511987670003';
    await sendTo(phone);
    h.clock.advance(10 * 60 * 1000 + 1);
    const late = await verify(phone, await h.latestCode(phone));
    expect(late.status).toBe(422);
    expect(late.body.errors).toEqual({ code: ['Código inválido ou expirado.'] });
  });

  it('allows 5 attempts, then answers 429 even for the right code', async () => {
    const phone = '+5511987670004';
    await sendTo(phone);
    const code = (await h.latestCode(phone))!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 4; i++) expect((await verify(phone, wrong)).status).toBe(422);
    expect((await verify(phone, wrong)).status).toBe(429);
    const right = await verify(phone, code);
    expect(right.status).toBe(429);
    expect(right.body.retry_in).toEqual(expect.any(Number));
    const [row] = await h.db.select().from(verificationCodes).where(eq(verificationCodes.destination, phone));
    expect(row?.attempts).toBe(5);
  });

  it('validates verify-code bodies', async () => {
    expect((await h.call('POST', '/auth/verify-code', { body: { channel: 'phone', destination: '+5511987670005' } })).body.errors).toEqual({
      code: ['Por favor, informe o código primeiro.'],
    });
    expect((await h.call('POST', '/auth/verify-code', { body: { channel: 'sms', code: '12' } })).body.errors).toEqual({
      channel: ['O campo channel não é válido.'],
      code: ['Código inválido ou expirado.'],
    });
    expect((await h.call('POST', '/auth/verify-code', { body: { channel: 'phone', code: '123456' } })).body.errors).toEqual({ destination: ['Este campo é obrigatório.'] });
    expect((await h.call('POST', '/auth/verify-phone', { body: { phone: '+55 11 9876' } })).body.errors).toEqual({ phone: ['O telefone é curto demais.'] });
  });

  it('limits codes per phone per hour', async () => {
    const phone = '+5511987670006';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await sendTo(phone, `198.51.100.${i + 20}`)).status);
      h.clock.advance(21_000);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('verifies the logged-in player phone and e-mail', async () => {
    const phone = '+5511987670007';
    const { token, user } = await registerPlayer(h, phone);
    h.clock.advance(21_000);
    const wrongPhone = await h.call('POST', '/auth/verify-phone', { token, body: { phone: '+5511987670008' } });
    expect(wrongPhone.status).toBe(422);
    expect((await h.call('POST', '/auth/verify-phone', { token, body: { phone } })).status).toBe(200);
    const phoneOk = await h.call('POST', '/auth/verify-code', { token, body: { channel: 'phone', code: await h.latestCode(phone) } });
    expect(phoneOk.status).toBe(200);
    expect(phoneOk.body).toMatchObject({ verified: true, data: { id: user.id } });

    const sent = await h.call('POST', '/auth/verify-email', { token, body: {} });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ resend_in: 20 });
    const [mail] = await h.db.select().from(outbox).where(eq(outbox.destination, user.email as string));
    expect(mail).toMatchObject({ channel: 'email', subject: 'Ipê Bet: seu código de verificação' });
    const emailOk = await h.call('POST', '/auth/verify-code', { token, body: { channel: 'email', code: await h.latestCode(user.email as string) } });
    expect(emailOk.status).toBe(200);
    expect((emailOk.body.data as { email_verified_at: string }).email_verified_at).toBe(h.clock.now().toISOString());
    expect((await h.call('POST', '/auth/verify-email', { body: {} })).status).toBe(401);
  });
});

describe('password recovery', () => {
  it('answers the same whether or not the account exists, and sends a code only when it does', async () => {
    const phone = '+5511987670010';
    await registerPlayer(h, phone);
    const known = await h.call('POST', '/auth/recover-password', { body: { username: phone } });
    const unknown = await h.call('POST', '/auth/recover-password', { body: { username: '+5511987670011' } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({ message: 'Se existir uma conta com esses dados, enviamos um código.' });
    expect(unknown.body).toEqual(known.body);
    const code = await waitForCode(phone, 'registration');
    expect(await h.db.select().from(outbox).where(eq(outbox.destination, '+5511987670011'))).toEqual([]);
    expect((await h.call('POST', '/auth/recover-password', { body: {} })).body.errors).toEqual({ username: ['Este campo é obrigatório.'] });

    const { token: oldToken } = { token: (await h.call('POST', '/auth/login', { body: { username: phone, password: PASSWORD } })).body.token as string };
    const mismatch = await h.call('POST', '/auth/reset-password', { body: { username: phone, code, password: 'nova-senha1', password_confirmation: 'x-nova-senha1' } });
    expect(mismatch.body.errors).toEqual({ password_confirmation: ['Senha e Confirmar senha não correspondem'] });
    const wrongUser = await h.call('POST', '/auth/reset-password', { body: { username: '+5511987670011', code, password: 'nova-senha1', password_confirmation: 'nova-senha1' } });
    expect(wrongUser.status).toBe(422);
    expect(wrongUser.body.errors).toEqual({ code: ['Código inválido ou expirado.'] });
    const reset = await h.call('POST', '/auth/reset-password', { body: { username: phone, code, password: 'nova-senha1', password_confirmation: 'nova-senha1' } });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ message: 'Senha redefinida. Entre com a nova senha.' });
    expect((await h.call('GET', '/auth/me', { token: oldToken })).status).toBe(401);
    expect((await h.call('POST', '/auth/login', { body: { username: phone, password: PASSWORD } })).status).toBe(422);
    expect((await h.call('POST', '/auth/login', { body: { username: phone, password: 'nova-senha1' } })).status).toBe(200);
    const reused = await h.call('POST', '/auth/reset-password', { body: { username: phone, code, password: 'outra-senha1', password_confirmation: 'outra-senha1' } });
    expect(reused.status).toBe(422);
  });

  it('recovers by e-mail too', async () => {
    const phone = '+5511987670012';
    const { user } = await registerPlayer(h, phone);
    expect((await h.call('POST', '/auth/recover-password', { body: { email: (user.email as string).toUpperCase() } })).status).toBe(200);
    const code = await waitForCode(user.email as string);
    const reset = await h.call('POST', '/auth/reset-password', { body: { username: phone, code, password: 'nova-senha1', password_confirmation: 'nova-senha1' } });
    expect(reset.status).toBe(200);
    const [row] = await h.db.select().from(users).where(eq(users.username, phone));
    expect(row?.passwordHash).toBeTruthy();
  });
});
