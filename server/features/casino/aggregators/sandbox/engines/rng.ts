import { randomBytes } from 'node:crypto';
import type { Rng } from './types.ts';

/**
 * Sources of uniform floats in [0, 1) for the engines. Every float carries
 * 53 random bits (two 32-bit words: 21 high + 32 low), so an engine may cut
 * it into any number of equally likely cells up to 2³² without bias worth
 * the name (see `uniformInt`).
 */

const TWO_32 = 2 ** 32;
const TWO_53 = 2 ** 53;

/** One float from two uint32 words: (hi >>> 11) · 2³² + lo over 2⁵³. */
function floatOf(hi: number, lo: number): number {
  return ((hi >>> 11) * TWO_32 + (lo >>> 0)) / TWO_53;
}

/** Floats from the operating system's CSPRNG, drawn 512 at a time to keep `randomBytes` calls rare. */
export function cryptoRng(): Rng {
  let words = new Uint32Array(0);
  let at = 0;
  return {
    next() {
      if (at + 2 > words.length) {
        const bytes = randomBytes(4096);
        words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
        at = 0;
      }
      const hi = words[at++] ?? 0;
      const lo = words[at++] ?? 0;
      return floatOf(hi, lo);
    },
  };
}

/**
 * A deterministic stream for tests and simulations: sfc32 (Chris Doty-Humphrey's
 * small fast chaotic generator, from PractRand; statistically sound, not
 * cryptographic), its state seeded from `seed` through splitmix32. Never
 * used for real rounds: they draw from cryptoRng.
 */
export function seededRng(seed: number): Rng {
  let s = seed >>> 0;
  const splitmix = (): number => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = splitmix();
  const word = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 12; i++) word(); // discard the first outputs so nearby seeds diverge
  return {
    next() {
      const hi = word();
      return floatOf(hi, word());
    },
  };
}

/**
 * A uniform integer in [0, n) for n ≤ 2³², from one float. With 53 bits a
 * value's probability is within a factor 1 ± n / 2⁵³ of 1/n (exactly 1/n when
 * n is a power of two): at n = 37 that is 4·10⁻¹⁵, far below any RTP figure.
 */
export function uniformInt(rng: Rng, n: number): number {
  return Math.floor(rng.next() * n);
}
