import { describe, expect, it } from 'vitest';
import { createPasswordHasher, hashPassword, needsRehash, verifyPassword } from '../../../../server/features/auth/password.ts';

const cheap = { logN: 10, r: 8, p: 1 };

describe('scrypt passwords', () => {
  it('salts every hash and encodes its parameters', async () => {
    const a = await hashPassword('senha-forte1', cheap);
    const b = await hashPassword('senha-forte1', cheap);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$10\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('senha-forte1', a)).toBe(true);
    expect(await verifyPassword('senha-forte2', a)).toBe(false);
  });

  it('treats composed and decomposed accents alike', async () => {
    const hash = await hashPassword('caf\u00e9-123', cheap);
    expect(await verifyPassword('cafe\u0301-123', hash)).toBe(true);
  });

  it('never matches a malformed hash, and flags weaker parameters for re-hashing', async () => {
    expect(await verifyPassword('x', 'bcrypt$2b$10$abc')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$99$8$1$a$b')).toBe(false);
    const old = await hashPassword('senha-forte1', cheap);
    expect(needsRehash(old, { logN: 15, r: 8, p: 1 })).toBe(true);
    expect(needsRehash(old, cheap)).toBe(false);
  });

  it('the default cost is N=2^15, r=8, p=1', async () => {
    expect(await hashPassword('senha-forte1')).toMatch(/^scrypt\$15\$8\$1\$/);
  });

  it('spends the same work for unknown users (dummy hash) and answers false', async () => {
    const hasher = createPasswordHasher({ logN: 12, r: 8, p: 1 });
    const real = await hasher.hash('senha-forte1');
    await hasher.check('warm-up', null);
    // Interleaved, median of 9 each: a shared machine's load shifts between two back-to-back blocks, not between neighbours.
    const once = async (fn: () => Promise<unknown>) => {
      const started = performance.now();
      await fn();
      return performance.now() - started;
    };
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (let i = 0; i < 9; i++) {
      knownTimes.push(await once(() => hasher.check('errada-1', real)));
      unknownTimes.push(await once(() => hasher.check('errada-1', null)));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const known = median(knownTimes);
    const unknown = median(unknownTimes);
    expect(await hasher.check('errada-1', null)).toBe(false);
    expect(unknown / known).toBeGreaterThan(0.5);
    expect(unknown / known).toBeLessThan(2);
  });
});
