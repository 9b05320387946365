import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withdrawMethods } from '../../../../server/db/schema.ts';
import { normalisePixKey } from '../../../../server/features/withdrawals/pix-key.ts';
import { cpfFor, type WithdrawalHarness, withdrawalHarness } from './helpers.ts';

let h: WithdrawalHarness;
beforeAll(async () => {
  h = await withdrawalHarness();
});
afterAll(() => h.close());

const methodsOf = async (userId: number) => h.db.select().from(withdrawMethods).where(eq(withdrawMethods.userId, userId));
const register = (token: string, type: string, key: unknown, lang = 'en') => h.call('POST', '/wallet/withdraw/method', { token, body: { type, key }, lang });

describe('Pix key normalisation', () => {
  it('normalises each key type and refuses malformed ones', () => {
    expect(normalisePixKey('cpf', '529.982.247-25')).toEqual({ ok: true, key: '52998224725' });
    expect(normalisePixKey('cpf', '52998224724').ok).toBe(false);
    expect(normalisePixKey('cpf', '11111111111').ok).toBe(false);
    expect(normalisePixKey('phone', '(11) 98765-4321')).toEqual({ ok: true, key: '+5511987654321' });
    expect(normalisePixKey('phone', '+55 21 99876 5432')).toEqual({ ok: true, key: '+5521998765432' });
    expect(normalisePixKey('phone', '55987654321')).toEqual({ ok: true, key: '+5555987654321' });
    for (const bad of ['1133334444', '+1 415 555 2671', '(01) 98765-4321', '98765-4321', 'abc']) expect([bad, normalisePixKey('phone', bad).ok]).toEqual([bad, false]);
    expect(normalisePixKey('email', '  Maria.Silva@Example.COM ')).toEqual({ ok: true, key: 'maria.silva@example.com' });
    expect(normalisePixKey('email', `${'a'.repeat(70)}@mail.com`).ok).toBe(false);
    expect(normalisePixKey('email', 'no-at-sign').ok).toBe(false);
    expect(normalisePixKey('random', '123E4567-E89B-12D3-A456-426614174000')).toEqual({ ok: true, key: '123e4567-e89b-12d3-a456-426614174000' });
    expect(normalisePixKey('random', '123e4567e89b12d3a456426614174000').ok).toBe(false);
  });
});

describe('POST /wallet/withdraw/method', () => {
  it('registers the player’s own CPF key (201), answers the same method again (200) and lists it with the range', async () => {
    const p = await h.player({ verified: null });
    const first = await register(p.token, 'cpf', `${p.cpf!.slice(0, 3)}.${p.cpf!.slice(3, 6)}.${p.cpf!.slice(6, 9)}-${p.cpf!.slice(9)}`);
    expect(first.status).toBe(201);
    expect(first.body.method).toMatchObject({ type: 'cpf', key: p.cpf });
    const again = await register(p.token, 'cpf', p.cpf);
    expect(again.status).toBe(200);
    expect(again.body.method).toEqual(first.body.method);
    const list = await h.call('GET', '/wallet/withdraw/methods', { token: p.token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ methods: [first.body.method], limits: { min: 2_000, max: 2_000_000 }, missing_verification: ['email', 'phone'] });
    expect(await methodsOf(p.id)).toHaveLength(1);
  });

  it('registers the player’s own e-mail, phone and sandbox-registered random keys', async () => {
    const p = await h.player();
    expect((await register(p.token, 'email', p.email.toUpperCase())).body.method).toMatchObject({ type: 'email', key: p.email });
    expect((await register(p.token, 'phone', p.phone)).body.method).toMatchObject({ type: 'phone', key: p.phone });
    const random = '0f8fad5b-d9cb-469f-a165-70867728950e';
    h.sandbox.registerKey(random, p.cpf, 'Jogador');
    expect((await register(p.token, 'random', random.toUpperCase())).body.method).toMatchObject({ type: 'random', key: random });
    const list = await h.call('GET', '/wallet/withdraw/methods', { token: p.token });
    expect((list.body.methods as unknown[]).length).toBe(3);
    expect(list.body.missing_verification).toEqual([]);
  });

  it('refuses keys the player does not own, with a clear message on `key`, writing nothing', async () => {
    const p = await h.player();
    const other = await h.player({ verified: 'both' });
    const cases: Array<[string, string, string, string]> = [
      ['cpf', cpfFor(9_999), 'pix_key_not_owned', 'A CPF key must be your own CPF.'],
      ['cpf', other.cpf!, 'pix_key_not_owned', 'A CPF key must be your own CPF.'],
      ['email', other.email, 'pix_key_not_owned', 'This Pix key is not in your CPF. Withdrawals can only go to accounts in your name.'],
      ['phone', other.phone, 'pix_key_not_owned', 'This Pix key is not in your CPF. Withdrawals can only go to accounts in your name.'],
      ['random', '6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'pix_key_not_found', 'Pix key not found. Check the key and try again.'],
      ['email', 'nobody-here@example.com', 'pix_key_not_found', 'Pix key not found. Check the key and try again.'],
    ];
    for (const [type, key, , message] of cases) {
      const answer = await register(p.token, type, key);
      expect([type, key, answer.status]).toEqual([type, key, 422]);
      expect(answer.body).toEqual({ message, errors: { key: [message] } });
    }
    // A random key the DICT gives to a company (no CPF) is not the player's either.
    h.sandbox.registerKey('7c9e6679-7425-40de-944b-e07fc1f90ae7', null, 'Empresa Ltda');
    expect((await register(p.token, 'random', '7c9e6679-7425-40de-944b-e07fc1f90ae7')).status).toBe(422);
    // Portuguese when the caller asks for it.
    const pt = await register(p.token, 'cpf', other.cpf!, 'pt-BR');
    expect(pt.body).toEqual({ message: 'A chave CPF deve ser o seu próprio CPF.', errors: { key: ['A chave CPF deve ser o seu próprio CPF.'] } });
    expect(await methodsOf(p.id)).toHaveLength(0);
  });

  it('refuses malformed keys and bodies, players without CPF and visitors', async () => {
    const p = await h.player();
    for (const [type, key] of [
      ['cpf', '123'],
      ['phone', '1133334444'],
      ['email', 'x@'],
      ['random', 'not-a-uuid'],
    ] as const) {
      const answer = await register(p.token, type, key);
      expect(answer.status).toBe(422);
      expect(Object.keys(answer.body.errors as object)).toEqual(['key']);
    }
    expect((await register(p.token, 'iban', 'x')).status).toBe(422);
    expect((await register(p.token, 'cpf', 52998224725)).status).toBe(422);
    expect((await h.call('POST', '/wallet/withdraw/method', { token: p.token, body: '{"type":' })).status).toBe(400);
    const noCpf = await h.player({ cpf: null });
    const refused = await register(noCpf.token, 'email', noCpf.email);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/Add your CPF/);
    expect((await register('', 'cpf', p.cpf)).status).toBe(401);
    expect((await h.call('GET', '/wallet/withdraw/methods')).status).toBe(401);
    expect(await methodsOf(p.id)).toHaveLength(0);
    expect(await methodsOf(noCpf.id)).toHaveLength(0);
  });

  it('keeps at most 5 keys per player, also when registered concurrently', async () => {
    const p = await h.player();
    const keys = Array.from({ length: 8 }, (_, i) => `4a6e${String(i).padStart(4, '0')}-0000-4000-8000-000000000000`);
    for (const key of keys) h.sandbox.registerKey(key, p.cpf, 'Jogador');
    const answers = await Promise.all(keys.map((key) => register(p.token, 'random', key)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    const refused = answers.filter((a) => a.status === 422);
    expect(refused).toHaveLength(3);
    expect(refused[0]!.body).toMatchObject({ message: 'You can register at most 5 Pix keys.', max: 5 });
    expect(await methodsOf(p.id)).toHaveLength(5);
  });

  it('answers 503 and writes nothing when the PSP cannot look the key up', async () => {
    const p = await h.player();
    h.pspOverride.lookupKey = async () => {
      throw new Error('PSP down');
    };
    try {
      const answer = await register(p.token, 'cpf', p.cpf);
      expect(answer.status).toBe(503);
      expect(answer.body.message).toBe('The Pix key could not be checked right now. Please try again in a moment.');
    } finally {
      delete h.pspOverride.lookupKey;
    }
    expect(await methodsOf(p.id)).toHaveLength(0);
  });
});
