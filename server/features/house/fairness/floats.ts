import { createHmac } from 'node:crypto';

/** Seeds and counter of one round: what makes it reproducible by anyone. */
export interface RoundSeeds {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

/**
 * The round's HMAC bytes for `cursor`: HMAC-SHA256(key = server seed string,
 * message = `${clientSeed}:${nonce}`) for cursor 0 and
 * `${clientSeed}:${nonce}:${cursor}` for cursor ≥ 1 (when a game needs more
 * than 8 floats).
 */
export function roundBytes(seeds: RoundSeeds, cursor: number): Buffer {
  const message = cursor === 0 ? `${seeds.clientSeed}:${seeds.nonce}` : `${seeds.clientSeed}:${seeds.nonce}:${cursor}`;
  return createHmac('sha256', seeds.serverSeed).update(message, 'utf8').digest();
}

/** Floats per HMAC: 32 bytes / 4 bytes each. */
const FLOATS_PER_HMAC = 8;

/**
 * `count` floats in [0, 1), Stake-style: each from 4 successive bytes,
 * b0/256 + b1/256² + b2/256³ + b3/256⁴ — i.e. the big-endian uint32 / 2³².
 * Also returned as the exact uint32 so games that need exact integer maths
 * (Limbo) need not round-trip through a float.
 */
export function roundUint32s(seeds: RoundSeeds, count: number): number[] {
  const out: number[] = [];
  for (let cursor = 0; out.length < count; cursor++) {
    const bytes = roundBytes(seeds, cursor);
    for (let i = 0; i < FLOATS_PER_HMAC && out.length < count; i++) out.push(bytes.readUInt32BE(i * 4));
  }
  return out;
}

export const UINT32_RANGE = 2 ** 32;

/** The floats of {@link roundUint32s}: uint32 / 2³², exactly Σ byte_i / 256^(i+1). */
export function roundFloats(seeds: RoundSeeds, count: number): number[] {
  return roundUint32s(seeds, count).map((n) => n / UINT32_RANGE);
}
