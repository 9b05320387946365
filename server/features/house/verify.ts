import type { HouseParams, VerifyAnswer } from '../../../src/contract/casino.ts';
import { hashServerSeed } from './fairness/seed.ts';
import { decideRound } from './games/outcome.ts';

/** `POST /house/verify`: recomputes a round from its seeds alone; reads and writes nothing. */
export function verifyRound(input: { serverSeed: string; clientSeed: string; nonce: number; game: HouseParams }): VerifyAnswer {
  const { outcome, multiplier } = decideRound({ serverSeed: input.serverSeed, clientSeed: input.clientSeed, nonce: input.nonce }, input.game);
  return { outcome, multiplier, server_seed_hash: hashServerSeed(input.serverSeed) };
}
