// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HASH_A, HASH_B, housePlatform } from './house-fake-api.ts';

/** The fairness panel's store: the committed hash before play, client-seed changes, rotation and the revealed seed. */

const load = () => import('../../../src/stores/house-fairness.ts');

beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
});

afterEach(() => vi.unstubAllGlobals());

describe('fairness', () => {
  it('shows the active pair: the server seed hash, client seed and nonce', async () => {
    housePlatform();
    const s = await load();
    await s.loadFairness();
    expect(s.$fairness.get()).toEqual({ status: 'ready', state: { server_seed_hash: HASH_A, client_seed: 'lucky', nonce: 0 } });
    expect(s.$clientSeedText.get()).toBe('lucky');
  });

  it('refuses a client seed the platform would refuse, without a call', async () => {
    const p = housePlatform();
    const s = await load();
    await s.loadFairness();
    s.setClientSeedText('');
    expect(s.$clientSeedIssue.get()).toEqual({ key: 'house.fairness.clientSeedInvalid' });
    s.setClientSeedText('çã');
    expect(await s.saveClientSeed()).toBe(false);
    s.setClientSeedText('x'.repeat(65));
    expect(await s.saveClientSeed()).toBe(false);
    expect(p.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('saves a client seed: new pair, nonce 0, the previous server seed revealed', async () => {
    const p = housePlatform();
    p.fairness.nonce = 3;
    const s = await load();
    await s.loadFairness();
    s.setClientSeedText('my own seed');
    expect(await s.saveClientSeed()).toBe(true);
    expect(p.calls.at(-1)).toMatchObject({ method: 'POST', path: '/house/fairness/client-seed', body: { client_seed: 'my own seed' } });
    expect(s.$fairness.get()).toEqual({ status: 'ready', state: { server_seed_hash: HASH_B, client_seed: 'my own seed', nonce: 0 } });
    expect(s.$revealed.get()).toEqual({ server_seed: 'seed-a', server_seed_hash: HASH_A, client_seed: 'lucky', rounds: 3 });
  });

  it('rotates: the revealed seed of the previous pair and the new hash', async () => {
    const p = housePlatform();
    const s = await load();
    await s.loadFairness();
    expect(await s.rotateSeed()).toBe(true);
    expect(p.calls.at(-1)).toMatchObject({ method: 'POST', path: '/house/fairness/rotate' });
    expect(s.$revealed.get()?.server_seed).toBe('seed-a');
    const view = s.$fairness.get();
    expect(view.status === 'ready' && view.state.server_seed_hash).toBe(HASH_B);
  });

  it('reloads the state when a round of another pair arrives', async () => {
    const p = housePlatform();
    const s = await load();
    await s.loadFairness();
    const { round } = await import('./house-fake-api.ts');
    p.fairness = { server_seed_hash: HASH_B, client_seed: 'other tab', nonce: 5 };
    s.noteRoundPlayed(round({ server_seed_hash: HASH_B, client_seed: 'other tab', nonce: 4 }));
    await vi.waitFor(() => expect(s.$fairness.get()).toEqual({ status: 'ready', state: p.fairness }));
  });
});
