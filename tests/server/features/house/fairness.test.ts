import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { roundFloats, roundUint32s } from '../../../../server/features/house/fairness/floats.ts';
import { hashServerSeed, newServerSeed } from '../../../../server/features/house/fairness/seed.ts';
import { diceMultiplier, diceRoll } from '../../../../server/features/house/games/dice.ts';
import { limboResult } from '../../../../server/features/house/games/limbo.ts';
import { decideRound, payoutFor } from '../../../../server/features/house/games/outcome.ts';
import { verifyRound } from '../../../../server/features/house/verify.ts';

/** Frozen vectors, computed once and cross-checked with an independent Python HMAC implementation. */
const SEEDS = { serverSeed: 'a'.repeat(64), clientSeed: 'client-seed' };

describe('fairness core', () => {
  it('server seeds are 32 random bytes hex; the hash is sha256 of the seed string', () => {
    const seed = newServerSeed();
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(newServerSeed()).not.toBe(seed);
    expect(hashServerSeed(seed)).toBe(createHash('sha256').update(seed, 'utf8').digest('hex'));
    expect(hashServerSeed(SEEDS.serverSeed)).toBe('ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb');
  });

  it('floats come from HMAC-SHA256(server seed, client:nonce), 4 bytes each, cursor messages beyond 8', () => {
    expect(roundFloats({ ...SEEDS, nonce: 0 }, 3)).toEqual([0.7521842212881893, 0.0994692500680685, 0.9499717073049396]);
    const hmac = (msg: string) => createHmac('sha256', SEEDS.serverSeed).update(msg).digest();
    const first = hmac('client-seed:0');
    const second = hmac('client-seed:0:1');
    const u = roundUint32s({ ...SEEDS, nonce: 0 }, 16);
    expect(u[0]).toBe(first.readUInt32BE(0));
    expect(u[0]! / 2 ** 32).toBe(first[0]! / 256 + first[1]! / 256 ** 2 + first[2]! / 256 ** 3 + first[3]! / 256 ** 4);
    expect(u[7]).toBe(first.readUInt32BE(28));
    expect(u[8]).toBe(second.readUInt32BE(0));
    expect(u[15]).toBe(second.readUInt32BE(28));
  });

  it('known seeds, client seed and nonce give known outcomes (frozen)', () => {
    const at = (nonce: number) => ({ ...SEEDS, nonce });
    const dice = { game: 'dice', params: { target: 5000, direction: 'under' } } as const;
    const limbo = { game: 'limbo', params: { target: 20000 } } as const;
    const plinko = { game: 'plinko', params: { rows: 16, risk: 'medium' } } as const;
    expect(decideRound(at(0), dice)).toEqual({ outcome: { game: 'dice', roll: 7521 }, multiplier: 0 });
    expect(decideRound(at(1), dice)).toEqual({ outcome: { game: 'dice', roll: 2339 }, multiplier: 19800 });
    expect(decideRound(at(2), dice)).toEqual({ outcome: { game: 'dice', roll: 5847 }, multiplier: 0 });
    expect(decideRound(at(0), limbo)).toEqual({ outcome: { game: 'limbo', result: 39900 }, multiplier: 20000 });
    expect(decideRound(at(1), limbo)).toEqual({ outcome: { game: 'limbo', result: 12900 }, multiplier: 0 });
    expect(decideRound(at(2), limbo)).toEqual({ outcome: { game: 'limbo', result: 23800 }, multiplier: 20000 });
    expect(decideRound(at(0), plinko)).toEqual({ outcome: { game: 'plinko', path: [...'RLRRRRRLLRRLRRLR'], slot: 11 }, multiplier: 15000 });
    expect(decideRound(at(1), plinko)).toEqual({ outcome: { game: 'plinko', path: [...'LLLRLLRLLLRRLLRR'], slot: 6 }, multiplier: 10000 });
    expect(decideRound(at(2), plinko)).toEqual({ outcome: { game: 'plinko', path: [...'RRLLRLRRRLRLRRLL'], slot: 9 }, multiplier: 5000 });
    // Rows 8 use only the first 8 floats (cursor 0): the same first 8 steps.
    expect(decideRound(at(0), { game: 'plinko', params: { rows: 8, risk: 'low' } }).outcome).toEqual({ game: 'plinko', path: [...'RLRRRRRL'], slot: 6 });
    expect(verifyRound({ ...at(1), game: dice })).toEqual({ ...decideRound(at(1), dice), server_seed_hash: hashServerSeed(SEEDS.serverSeed) });
  });

  it('edge values: dice 0…9999, limbo ≥ 1.00× and exact at the top', () => {
    expect(diceRoll(0)).toBe(0);
    expect(diceRoll(2 ** 32 - 1)).toBe(9999);
    expect(limboResult(0)).toBe(10000);
    expect(limboResult(2 ** 31)).toBe(19800);
    expect(limboResult(2 ** 32 - 1)).toBe(99 * 2 ** 32 * 100);
    expect(diceMultiplier({ target: 5000, direction: 'under' })).toBe(19800);
    expect(diceMultiplier({ target: 4999, direction: 'over' })).toBe(19800);
    expect(diceMultiplier({ target: 200, direction: 'under' })).toBe(495000);
  });

  it('payouts are floor(amount × multiplier / 10000) in bigint, capped', () => {
    expect(payoutFor(1000n, 19800, 10_000_000n)).toBe(1980n);
    expect(payoutFor(15n, 15000, 10_000_000n)).toBe(22n);
    expect(payoutFor(100_000n, 10_000_000, 10_000_000n)).toBe(10_000_000n);
    expect(payoutFor(123n, 0, 10_000_000n)).toBe(0n);
  });
});
