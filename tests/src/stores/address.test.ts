// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, USER } from './auth-fake-api.ts';

/** The address card's store: load, field checks with the shared schema, save, the platform's field errors. */
beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
  localStorage.setItem('auth', 'tok');
  localStorage.setItem('user', JSON.stringify(USER));
});
afterEach(() => vi.unstubAllGlobals());

const SAVED = { cep: '01310100', street: 'Avenida Paulista', number: '1578', complement: null, district: 'Bela Vista', city: 'São Paulo', state: 'SP', updated_at: '2026-01-01T00:00:00Z' };

describe('address', () => {
  it('loads the saved address into the form, the CEP written with its hyphen', async () => {
    fakeApi({ 'GET /address': () => ({ json: { address: SAVED } }) });
    const a = await import('../../../src/stores/address.ts');
    await a.loadAddress();
    expect(a.$address.get()).toEqual({ status: 'ready', address: SAVED });
    expect(a.addressForm.$values.get()).toMatchObject({ cep: '01310-100', complement: '', state: 'SP' });
  });

  it('a bad CEP shows its message without a request; a good form is sent and becomes the saved address', async () => {
    const { calls } = fakeApi({
      'GET /address': () => ({ json: { address: null } }),
      'POST /address/create': () => ({ json: { address: SAVED } }),
    });
    const a = await import('../../../src/stores/address.ts');
    await a.loadAddress();
    a.setAddressField('cep', '0131');
    expect(a.addressForm.$errors.get().cep).toMatchObject({ key: 'validation.address.cep' });
    expect(await a.saveAddress()).toBe(false);
    expect(a.addressForm.$errors.get()).toMatchObject({ street: { key: 'validation.required' }, state: { key: 'validation.required' } });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    for (const [field, value] of Object.entries({ cep: '01310-100', street: 'Avenida Paulista', number: '1578', district: 'Bela Vista', city: 'São Paulo', state: 'SP' })) {
      a.setAddressField(field as 'cep', value);
    }
    expect(await a.saveAddress()).toBe(true);
    expect(calls.at(-1)!.body).toMatchObject({ cep: '01310-100', state: 'SP', complement: '' });
    expect(a.$address.get()).toEqual({ status: 'ready', address: SAVED });
    expect(a.$addressNotice.get()).toEqual({ key: 'account.address.saved' });
  });

  it("the platform's 422 shows under its field", async () => {
    fakeApi({
      'GET /address': () => ({ json: { address: SAVED } }),
      'POST /address/create': () => ({ status: 422, json: { message: 'Os dados são inválidos.', errors: { city: ['Informe uma cidade válida (até 80 caracteres).'] } } }),
    });
    const a = await import('../../../src/stores/address.ts');
    await a.loadAddress();
    expect(await a.saveAddress()).toBe(false);
    expect(a.addressForm.$errors.get().city).toEqual({ text: 'Informe uma cidade válida (até 80 caracteres).' });
  });
});
