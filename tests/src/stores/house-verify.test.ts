// @vitest-environment happy-dom
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { housePlatform, round } from './house-fake-api.ts';

/**
 * The verification page's store: prefill from a stored round, the browser's
 * SHA-256 of the server seed against the committed hash, and the platform's
 * recomputation against the stored round.
 */

const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const load = () => import('../../../src/stores/house-verify.ts');

beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
});

afterEach(() => vi.unstubAllGlobals());

describe('verify', () => {
  it('prefills a revealed round, checks it at once and reports a match', async () => {
    const p = housePlatform();
    p.stored[1] = round({ id: 1, server_seed: 'seed-a', server_seed_hash: sha('seed-a'), nonce: 4, outcome: { game: 'dice', roll: 1234 }, multiplier: 19800 });
    p.verifyAnswer = { outcome: { game: 'dice', roll: 1234 }, multiplier: 19800, server_seed_hash: sha('seed-a') };
    const s = await load();
    await s.loadRoundForVerify(1);
    expect(s.$verifyValues.get()).toMatchObject({ game: 'dice', server_seed: 'seed-a', client_seed: 'lucky', nonce: '4', target: '50,00', direction: 'under' });
    expect(p.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/house/verify',
      body: { game: 'dice', server_seed: 'seed-a', client_seed: 'lucky', nonce: 4, params: { target: 5000, direction: 'under' } },
    });
    const state = s.$verify.get();
    expect(state.status === 'done' && state.report).toMatchObject({ browserHash: sha('seed-a'), hashMatch: true, outcomeMatch: true, multiplierMatch: true, match: true });
  });

  it('reports a mismatch when the recomputed outcome differs from the stored one', async () => {
    const p = housePlatform();
    p.stored[1] = round({ id: 1, server_seed: 'seed-a', server_seed_hash: sha('seed-a'), outcome: { game: 'dice', roll: 1234 }, multiplier: 19800 });
    p.verifyAnswer = { outcome: { game: 'dice', roll: 4321 }, multiplier: 19800, server_seed_hash: sha('seed-a') };
    const s = await load();
    await s.loadRoundForVerify(1);
    const state = s.$verify.get();
    expect(state.status === 'done' && state.report).toMatchObject({ outcomeMatch: false, multiplierMatch: true, match: false });
  });

  it('catches a server seed whose SHA-256 is not the committed hash (computed in the browser)', async () => {
    const p = housePlatform();
    p.stored[1] = round({ id: 1, server_seed: 'seed-a', server_seed_hash: sha('seed-a'), outcome: { game: 'dice', roll: 1234 }, multiplier: 0 });
    // Even a platform that echoes the committed hash cannot hide a swapped seed: the browser computes its own.
    p.verifyAnswer = { outcome: { game: 'dice', roll: 1234 }, multiplier: 0, server_seed_hash: sha('seed-a') };
    const s = await load();
    await s.loadRoundForVerify(1);
    s.setVerifyValue('server_seed', 'seed-x');
    const report = await s.verify();
    expect(report).toMatchObject({ browserHash: sha('seed-x'), hashMatch: false, match: false });
  });

  it('says an unrevealed round cannot be checked yet, and rotating reveals and checks it', async () => {
    const p = housePlatform();
    p.stored[2] = round({ id: 2, server_seed: null, server_seed_hash: sha('seed-a'), game: 'limbo', params: { target: 25_000 }, outcome: { game: 'limbo', result: 31_200 }, multiplier: 25_000 });
    p.verifyAnswer = { outcome: { game: 'limbo', result: 31_200 }, multiplier: 25_000, server_seed_hash: sha('seed-a') };
    const s = await load();
    await s.loadRoundForVerify(2);
    expect(s.$storedRound.get().status).toBe('unrevealed');
    expect(s.$verifyValues.get()).toMatchObject({ game: 'limbo', target: '2,50', server_seed: '' });
    expect(p.calls.some((c) => c.path === '/house/verify')).toBe(false);
    await s.revealAndReload();
    expect(p.calls.map((c) => `${c.method} ${c.path}`)).toContain('POST /house/fairness/rotate');
    const state = s.$verify.get();
    expect(state.status === 'done' && state.report.match).toBe(true);
    expect(p.calls.at(-1)?.body).toMatchObject({ game: 'limbo', params: { target: 25_000 } });
  });

  it('checks a typed form: required fields, nonce and target formats; no stored round to compare', async () => {
    const p = housePlatform();
    p.verifyAnswer = { outcome: { game: 'plinko', path: ['L', 'R'], slot: 1 }, multiplier: 10_000, server_seed_hash: sha('typed') };
    const s = await load();
    s.setVerifyValue('nonce', '-1');
    expect(await s.verify()).toBeNull();
    expect(Object.keys(s.$verifyIssues.get()).sort()).toEqual(['client_seed', 'nonce', 'server_seed']);
    expect(p.calls).toEqual([]);
    s.setVerifyValue('game', 'plinko');
    s.setVerifyValue('server_seed', 'typed');
    s.setVerifyValue('client_seed', 'c');
    s.setVerifyValue('nonce', '7');
    s.setVerifyValue('rows', 8);
    const report = await s.verify();
    expect(p.calls.at(-1)?.body).toEqual({ game: 'plinko', server_seed: 'typed', client_seed: 'c', nonce: 7, params: { rows: 8, risk: 'medium' } });
    expect(report).toMatchObject({ hashMatch: null, outcomeMatch: null, multiplierMatch: null, match: true });
  });

  it('shows a missing round as the platform message', async () => {
    housePlatform();
    const s = await load();
    await s.loadRoundForVerify(1);
    expect(s.$storedRound.get()).toEqual({ status: 'failed', id: 1, message: { text: 'Rodada não encontrada.' } });
  });
});
