import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressRoutes } from '../../../../server/features/address/routes.ts';
import { freshDatabase, type TestDatabase } from '../../helpers/db.ts';
import { type Answer, featureApp, jsonCaller, playerMaker, type Tenant, twoDemoTenants } from '../../helpers/feature-harness.ts';

let tdb: TestDatabase;
let local: Tenant;
let sorte: Tenant;
let request: ReturnType<typeof jsonCaller>;
let makePlayer: ReturnType<typeof playerMaker>;

beforeAll(async () => {
  tdb = await freshDatabase();
  const db = tdb.handle.db;
  ({ local, sorte } = await twoDemoTenants(db));
  request = jsonCaller(featureApp(db, { operator: [], tenant: [addressRoutes({ db })] }));
  makePlayer = playerMaker(db);
});
afterAll(() => tdb.close());

const VALID = { cep: '01310-100', street: 'Avenida Paulista', number: '1578', complement: 'Apto 12', district: 'Bela Vista', city: 'São Paulo', state: 'SP' };

function call(method: string, path: string, o: { token?: string; lang?: string; tenant?: Tenant; body?: unknown } = {}): Promise<Answer> {
  const headers: Record<string, string> = { host: (o.tenant ?? local).host, 'accept-language': o.lang ?? 'en' };
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  return request(method, path, headers, o.body);
}

const save = (token: string, body: unknown, o: { lang?: string; tenant?: Tenant } = {}) => call('POST', '/address/create', { token, body, ...o });

describe('saving', () => {
  it('a new player has no address; a valid save returns it normalised and GET returns the same', async () => {
    const { token } = await makePlayer(local);
    expect((await call('GET', '/address', { token })).body).toEqual({ address: null });

    const saved = await save(token, { ...VALID, street: '  Avenida   Paulista ', state: 'sp' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.address).toMatchObject({ cep: '01310100', street: 'Avenida Paulista', number: '1578', complement: 'Apto 12', state: 'SP' });

    const got = await call('GET', '/address', { token });
    expect(got.body).toEqual(saved.body);
  });

  it('a second save replaces the address (one per player); a blank complement becomes null', async () => {
    const { token } = await makePlayer(local);
    await save(token, VALID);
    const replaced = await save(token, { ...VALID, cep: '20040002', street: 'Rua da Assembleia', number: 'S/N', complement: '  ', city: 'Rio de Janeiro', state: 'RJ' });
    expect(replaced.status).toBe(200);
    const { address } = (await call('GET', '/address', { token })).body as { address: Record<string, unknown> };
    expect(address).toMatchObject({ cep: '20040002', street: 'Rua da Assembleia', number: 'S/N', complement: null, city: 'Rio de Janeiro', state: 'RJ' });
  });

  it('answers no-store, and 401 to a guest', async () => {
    const { token } = await makePlayer(local);
    const res = await featureApp(tdb.handle.db, { operator: [], tenant: [addressRoutes({ db: tdb.handle.db })] }).request('/api/address', {
      headers: { host: local.host, authorization: `Bearer ${token}` },
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await call('GET', '/address')).status).toBe(401);
    expect((await save('', VALID)).status).toBe(401);
  });
});

describe('each invalid field has its own message, in the caller language', () => {
  const cases: Array<[string, unknown, string, string]> = [
    ['cep', '0131010', 'Enter a CEP of 8 digits, for example 01310-100.', 'Informe um CEP com 8 dígitos, por exemplo 01310-100.'],
    ['cep', '01310-1000', 'Enter a CEP of 8 digits, for example 01310-100.', 'Informe um CEP com 8 dígitos, por exemplo 01310-100.'],
    ['cep', 1310100, 'Enter a CEP of 8 digits, for example 01310-100.', 'Informe um CEP com 8 dígitos, por exemplo 01310-100.'],
    ['street', 'x'.repeat(121), 'Enter a valid street (up to 120 characters).', 'Informe um logradouro válido (até 120 caracteres).'],
    ['street', 'Rua\u202Eabc', 'Enter a valid street (up to 120 characters).', 'Informe um logradouro válido (até 120 caracteres).'],
    ['number', '1'.repeat(21), 'Enter a valid number (up to 20 characters; S/N if there is none).', 'Informe um número válido (até 20 caracteres; S/N se não houver).'],
    ['complement', 'x'.repeat(61), 'Enter a valid complement (up to 60 characters).', 'Informe um complemento válido (até 60 caracteres).'],
    ['district', 'x'.repeat(81), 'Enter a valid district (up to 80 characters).', 'Informe um bairro válido (até 80 caracteres).'],
    ['city', 'São\u200BPaulo', 'Enter a valid city (up to 80 characters).', 'Informe uma cidade válida (até 80 caracteres).'],
    ['state', 'XX', 'Choose one of the 27 states (UF).', 'Escolha um dos 27 estados (UF).'],
  ];
  for (const [field, value, en, pt] of cases) {
    it(`${field} = ${JSON.stringify(value).slice(0, 24)}`, async () => {
      const { token } = await makePlayer(local);
      const answer = await save(token, { ...VALID, [field]: value });
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual({ [field]: [en] });
      expect((await save(token, { ...VALID, [field]: value }, { lang: 'pt-BR' })).body.errors).toEqual({ [field]: [pt] });
      expect((await call('GET', '/address', { token })).body).toEqual({ address: null });
    });
  }

  it('missing required fields say so, each once; the complement may be left out', async () => {
    const { token } = await makePlayer(local);
    const answer = await save(token, { complement: 'Casa 2' });
    expect(answer.status).toBe(422);
    const required = ['This field is required.'];
    expect(answer.body.errors).toEqual({ cep: required, street: required, number: required, district: required, city: required, state: required });
    const { complement: _left, ...withoutComplement } = VALID;
    expect((await save(token, withoutComplement)).status).toBe(200);
  });

  it('a control character is refused like in every other text field', async () => {
    const { token } = await makePlayer(local);
    const answer = await save(token, { ...VALID, district: 'Bela\u0007Vista' });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors as object)).toEqual(['district']);
  });
});

describe('isolation', () => {
  it('a player sees and replaces only their own address, in their own tenant', async () => {
    const ana = await makePlayer(local);
    const bia = await makePlayer(local);
    const caio = await makePlayer(sorte);
    await save(ana.token, VALID);
    await save(bia.token, { ...VALID, street: 'Rua Augusta', number: '10' });

    expect(((await call('GET', '/address', { token: ana.token })).body.address as { street: string }).street).toBe('Avenida Paulista');
    expect(((await call('GET', '/address', { token: bia.token })).body.address as { street: string }).street).toBe('Rua Augusta');
    expect((await call('GET', '/address', { token: caio.token, tenant: sorte })).body).toEqual({ address: null });
    // A token of one tenant is not a session on another.
    expect((await call('GET', '/address', { token: ana.token, tenant: sorte })).status).toBe(401);
  });
});
