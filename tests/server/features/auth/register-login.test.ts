import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokens, users, verificationCodes } from '../../../../server/db/schema.ts';
import { patchTenantConfig } from '../../../../server/features/tenants/update-config.ts';
import { type AccountsHarness, accountsHarness, PASSWORD, registerBody, registerPlayer } from './helpers.ts';

let h: AccountsHarness;
beforeAll(async () => {
  h = await accountsHarness();
});
afterAll(() => h.close());

/** Row counts of every table a registration could write. */
async function snapshot(): Promise<number[]> {
  return [await h.rows(users), await h.rows(accessTokens), await h.rows(verificationCodes)];
}

describe('registration', () => {
  it('verifies the phone by SMS code, registers, and answers 201 with the user and a token', async () => {
    const phone = '+5511987650001';
    const sent = await h.call('POST', '/auth/verify-phone', { body: { phone } });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ message: `Enviamos um código para ${phone}.`, resend_in: 20 });
    const code = await h.latestCode(phone);
    expect(code).toMatch(/^\d{6}$/);
    const [stored] = await h.db.select().from(verificationCodes).where(eq(verificationCodes.destination, phone));
    expect(stored?.codeHash).not.toContain(code!);

    const verified = await h.call('POST', '/auth/verify-code', { body: { channel: 'phone', destination: phone, code } });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ verified: true, verification_token: expect.any(String) });

    const registered = await h.call('POST', '/auth/register', {
      body: registerBody(phone, { phone_verification_token: verified.body.verification_token, cpf: '529.982.247-25', reference_code: 'AMIGO10' }),
    });
    expect(registered.status).toBe(201);
    const user = registered.body.data as Record<string, unknown>;
    expect(user).toMatchObject({
      name: 'Maria Silva',
      first_name: 'Maria',
      last_name: 'Silva',
      username: phone,
      email: 'maria0001@example.com',
      cpf_masked: '***.982.247-**',
      gender: 'female',
      marital_status: 'single',
      language: 'pt',
      level: 1,
      totalBet: 0,
      vip: { level: 0, points: 0 },
      wallet: { balance: 0, balance_withdrawal: 0, deposit_count: 0 },
      user_likes: [],
      selfExcluded: false,
      hide_metrics: false,
      email_verified_at: null,
    });
    expect(user.phone_verified_at).toBe(h.clock.now().toISOString());
    expect(JSON.stringify(user)).not.toMatch(/password|52998224725|google/i);
    const [row] = await h.db.select().from(users).where(eq(users.id, user.id as number));
    expect(row?.passwordHash).toMatch(/^scrypt\$10\$8\$1\$/);
    expect(row?.referenceCode).toBe('AMIGO10');

    const me = await h.call('GET', '/auth/me', { token: registered.body.token as string });
    expect(me.status).toBe(200);
    expect((me.body.data as { id: number }).id).toBe(user.id);
  });

  it('spends the verification token once, and only for its phone', async () => {
    const phone = '+5511987650002';
    await h.call('POST', '/auth/verify-phone', { body: { phone } });
    const verified = await h.call('POST', '/auth/verify-code', { body: { channel: 'phone', destination: phone, code: await h.latestCode(phone) } });
    const token = verified.body.verification_token;
    const other = await h.call('POST', '/auth/register', { body: registerBody('+5511987650003', { phone_verification_token: token }) });
    expect(other.status).toBe(422);
    expect(other.body.errors).toEqual({ phone_verification_token: ['Código inválido ou expirado.'] });
    expect((await h.call('POST', '/auth/register', { body: registerBody(phone, { phone_verification_token: token }) })).status).toBe(201);
    const again = await h.call('POST', '/auth/register', { body: registerBody(phone, { phone_verification_token: token, email: 'x1@example.com' }) });
    expect(again.status).toBe(422);
  });

  it('refuses a verification token older than 30 minutes', async () => {
    const phone = '+5511987650004';
    await h.call('POST', '/auth/verify-phone', { body: { phone } });
    const verified = await h.call('POST', '/auth/verify-code', { body: { channel: 'phone', destination: phone, code: await h.latestCode(phone) } });
    h.clock.advance(31 * 60 * 1000);
    const late = await h.call('POST', '/auth/register', { body: registerBody(phone, { phone_verification_token: verified.body.verification_token }) });
    expect(late.status).toBe(422);
    expect(late.body.errors).toEqual({ phone_verification_token: ['Código inválido ou expirado.'] });
  });

  const badBodies: Array<[string, Record<string, unknown>, Record<string, string[]>]> = [
    ['missing everything', {}, {}],
    ['wrong types', { gender: 1, marital_status: true, name: ['Maria'], username: 5511, email: {}, password: 12345678, adult: 'yes', terms: 1 }, {}],
    ['too long e-mail', { email: 'a-very-long-address-123@example.com' }, { email: ['E-mail é permitido apenas 30 caracteres'] }],
    ['bad CPF', { cpf: '123.456.789-00' }, { cpf: ['CPF inválido'] }],
    ['surname too short', { name: 'Maria S' }, { name: ['O sobrenome deve ter mais de três caracteres.'] }],
    ['one word', { name: 'Maria' }, { name: ['Por favor, insira seu nome completo.'] }],
    ['zero-width joiner in name', { name: 'Maria\u200D Silva' }, { name: ['O campo name não é válido.'] }],
    ['RTL override in name', { name: 'Maria \u202Eavlis' }, { name: ['O campo name não é válido.'] }],
    ['control character in e-mail', { email: 'maria\u0007@example.com' }, { email: ['O campo email contém caracteres não permitidos.'] }],
    ['short password', { password: 'abc1', password_confirmation: 'abc1' }, { password: ['A senha deve ter no mínimo 8 caracteres.'] }],
    ['letters only', { password: 'abcdefgh', password_confirmation: 'abcdefgh' }, { password: ['A senha deve conter letras e outros caracteres.'] }],
    ['mismatch', { password_confirmation: 'outra-senha1' }, { password_confirmation: ['Senha e Confirmar senha não correspondem'] }],
    ['not adult', { adult: false }, { adult: ['Você precisa confirmar que tem 18 anos ou mais.'] }],
    ['no terms', { terms: false }, { terms: ['Você precisa aceitar os termos e condições.'] }],
    ['phone too short', { username: '+551198765' }, { username: ['O telefone é curto demais.'] }],
    ['no code first', { phone_verification_token: undefined }, { phone_verification_token: ['Por favor, informe o código primeiro.'] }],
  ];

  it.each(badBodies)('refuses %s with 422 + errors, storing nothing', async (_label, patch, expected) => {
    const before = await snapshot();
    const body = { ...registerBody('+5511987650099', { phone_verification_token: 'whatever' }), ...patch };
    const answer = await h.call('POST', '/auth/register', { body: _label.startsWith('missing') ? {} : body });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe('Os dados informados são inválidos.');
    expect(answer.body.errors).toEqual(expect.objectContaining(expected));
    if (_label === 'missing everything') {
      expect(Object.keys(answer.body.errors as object).sort()).toEqual(
        // The demo tenants are regulated: a loss limit and a session-time limit are required too (issue 17).
        ['adult', 'email', 'gender', 'loss_limit', 'loss_limit_period', 'marital_status', 'name', 'password', 'password_confirmation', 'phone_verification_token', 'session_limit_minutes', 'terms', 'username'].sort(),
      );
    }
    if (_label === 'wrong types') {
      expect(Object.keys(answer.body.errors as object)).toEqual(expect.arrayContaining(['gender', 'marital_status', 'name', 'username', 'email', 'password', 'adult', 'terms']));
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers in English for Accept-Language en', async () => {
    const answer = await h.call('POST', '/auth/register', { lang: 'en-US,en;q=0.9', body: { ...registerBody('+5511987650098'), name: 'Maria' } });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe('The data given is invalid.');
    expect((answer.body.errors as Record<string, string[]>).name?.[0]).toMatch(/full name/i);
  });

  it('refuses malformed JSON with 400 and huge bodies with 413', async () => {
    expect((await h.call('POST', '/auth/register', { body: '{"gender":' })).status).toBe(400);
    expect((await h.call('POST', '/auth/register', { body: JSON.stringify({ name: 'x'.repeat(20_000) }) })).status).toBe(413);
  });

  it('keeps phone, e-mail and CPF unique per tenant (any e-mail case), but lets the same phone register on another tenant', async () => {
    await registerPlayer(h, '+5511987650010', { extra: { email: 'dup@example.com', cpf: '39053344705' } });
    const phone = '+5511987650011';
    await h.call('POST', '/auth/verify-phone', { body: { phone } });
    const verified = await h.call('POST', '/auth/verify-code', { body: { channel: 'phone', destination: phone, code: await h.latestCode(phone) } });
    const before = await snapshot();
    const dup = await h.call('POST', '/auth/register', {
      body: registerBody(phone, { phone_verification_token: verified.body.verification_token, email: 'DUP@Example.com', cpf: '390.533.447-05' }),
    });
    expect(dup.status).toBe(422);
    expect(dup.body.errors).toEqual({ email: ['Este e-mail já está cadastrado.'], cpf: ['Este CPF já está cadastrado.'] });
    expect(await snapshot()).toEqual(before);

    const taken = await h.call('POST', '/auth/verify-phone', { body: { phone: '+5511987650010' } });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ phone: ['Este telefone já está cadastrado.'] });

    const elsewhere = await registerPlayer(h, '+5511987650010', { host: 'sorte.localhost', extra: { email: 'dup@example.com', cpf: '39053344705' } });
    expect(elsewhere.user.username).toBe('+5511987650010');
  });

  it('requires the CPF when the tenant has registerCPF, and validates it through /validate/validate-cpf', async () => {
    await patchTenantConfig(h.db, h.tenants.local, { registerCPF: true });
    try {
      const missing = await h.call('POST', '/auth/register', { body: registerBody('+5511987650020', { phone_verification_token: 't' }) });
      expect(missing.body.errors).toMatchObject({ cpf: ['Este campo é obrigatório.'] });
      expect((await h.call('POST', '/validate/validate-cpf', { body: { cpf: '111.444.777-35' } })).body).toEqual({ valid: true });
      const invalid = await h.call('POST', '/validate/validate-cpf', { body: { cpf: '111.444.777-36' } });
      expect(invalid.status).toBe(422);
      expect(invalid.body.errors).toEqual({ cpf: ['CPF inválido'] });
      const taken = await h.call('POST', '/validate/validate-cpf', { body: { cpf: '39053344705' } });
      expect(taken.body.errors).toEqual({ cpf: ['Este CPF já está cadastrado.'] });
      expect((await h.call('POST', '/validate/validate-cpf', { body: {} })).body.errors).toEqual({ cpf: ['Este campo é obrigatório.'] });
      expect((await h.call('POST', '/validate/validate-cpf', { body: { cpf: 39053344705 } })).status).toBe(422);
    } finally {
      await patchTenantConfig(h.db, h.tenants.local, { registerCPF: false });
    }
  });
});

describe('login', () => {
  const phone = '+5511987650030';
  beforeAll(async () => {
    await registerPlayer(h, phone);
  });

  it('logs in with phone and password, in any written form of the phone', async () => {
    const answer = await h.call('POST', '/auth/login', { body: { username: '(11) 98765-0030', password: PASSWORD } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ data: { username: phone }, token: expect.any(String) });
    const [token] = await h.db.select().from(accessTokens).orderBy(accessTokens.id).limit(1);
    expect(token?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives the same generic 422 for a wrong password and an unknown phone', async () => {
    const wrong = await h.call('POST', '/auth/login', { body: { username: phone, password: 'errada-123' } });
    const unknown = await h.call('POST', '/auth/login', { body: { username: '+5511900000000', password: 'errada-123' } });
    for (const answer of [wrong, unknown]) {
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual({ username: ['Telefone ou senha incorretos.'] });
    }
  });

  it('validates the login body (missing, wrong type, bad phone)', async () => {
    expect((await h.call('POST', '/auth/login', { body: {} })).body.errors).toEqual({ username: ['Este campo é obrigatório.'], password: ['Este campo é obrigatório.'] });
    expect((await h.call('POST', '/auth/login', { body: { username: 'abc', password: 1 } })).body.errors).toEqual({
      username: ['Informe um número de telefone.'],
      password: ['O campo password não é válido.'],
    });
  });

  it('refuses a player of one tenant on another tenant', async () => {
    const answer = await h.call('POST', '/auth/login', { host: 'sorte.localhost', body: { username: phone, password: PASSWORD } });
    expect(answer.status).toBe(422);
  });

  it('locks a phone for 15 minutes after 5 failed logins (429 with retry seconds), even for the right password', async () => {
    const target = '+5511987650031';
    await registerPlayer(h, target);
    for (let i = 1; i <= 4; i++) expect((await h.call('POST', '/auth/login', { body: { username: target, password: `errada-${i}` } })).status).toBe(422);
    const fifth = await h.call('POST', '/auth/login', { body: { username: target, password: 'errada-5' } });
    expect(fifth.status).toBe(429);
    expect(fifth.body).toMatchObject({ retry_in: 900, message: 'Muitas tentativas. Aguarde 900 s e tente novamente.' });
    const right = await h.call('POST', '/auth/login', { body: { username: target, password: PASSWORD } });
    expect(right.status).toBe(429);
    h.clock.advance(14 * 60 * 1000);
    expect((await h.call('POST', '/auth/login', { body: { username: target, password: PASSWORD } })).body.retry_in).toBe(60);
    h.clock.advance(60 * 1000);
    expect((await h.call('POST', '/auth/login', { body: { username: target, password: PASSWORD } })).status).toBe(200);
  });

  it('limits login attempts per IP', async () => {
    let last = 0;
    for (let i = 0; i < 31; i++) last = (await h.call('POST', '/auth/login', { ip: '198.51.100.9', body: { username: `+55119876${String(51000 + i)}`, password: 'x' } })).status;
    expect(last).toBe(429);
    expect((await h.call('POST', '/auth/login', { ip: '198.51.100.10', body: { username: phone, password: PASSWORD } })).status).toBe(200);
  });
});
