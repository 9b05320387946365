// @vitest-environment happy-dom
import { beforeEach, expect, it, vi } from 'vitest';
import { fakeApi, USER } from './auth-fake-api.ts';

/**
 * The home's featured games and a game page's related games read the
 * catalogue with a bare `fetch` (issue 14), as the session they belong to; a
 * failed read goes once more through the API client, which reports it.
 */
beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
});

it('reads with the session’s identity and the page’s language, without the API client', async () => {
  const api = fakeApi({ 'GET /featured/home-games': () => ({ json: { data: [], current_page: 1, last_page: 1, total: 0 } }) });
  localStorage.setItem('auth', 'tok-7');
  localStorage.setItem('user', JSON.stringify(USER));
  const { catalogueCall } = await import('../../../src/stores/catalogue-call.ts');
  await expect(catalogueCall('/featured/home-games', { query: { page: 1 } })).resolves.toMatchObject({ current_page: 1 });
  expect(api.calls).toHaveLength(1);
  expect(api.calls[0]!.headers.get('authorization')).toBe('Bearer tok-7');
  expect(api.calls[0]!.headers.get('accept-language')).toBe('pt-BR');
});

it('repeats a failed read through the API client, which reports it in the page’s language', async () => {
  const api = fakeApi({ 'POST /games/getRelated': () => ({ status: 500, json: { message: 'Catálogo indisponível' } }) });
  const { catalogueCall } = await import('../../../src/stores/catalogue-call.ts');
  const { $apiErrorMessages } = await import('../../../src/stores/api-errors.ts');
  await expect(catalogueCall('/games/getRelated', { method: 'POST', body: { game_id: 'dice', provider_code: 'house' } })).rejects.toMatchObject({ name: 'ApiError', status: 500 });
  expect(api.calls.map((call) => call.body)).toEqual([
    { game_id: 'dice', provider_code: 'house' },
    { game_id: 'dice', provider_code: 'house' },
  ]);
  expect(api.calls[0]!.headers.get('guest-id')).toBe(api.calls[1]!.headers.get('guest-id'));
  // Spec section 8: a 500 shows the catalogue's own text for it, once.
  expect($apiErrorMessages.get()).toEqual(['Ocorreu um erro no servidor. Tente novamente mais tarde.']);
});
