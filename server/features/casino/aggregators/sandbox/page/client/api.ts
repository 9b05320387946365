/// <reference lib="dom" />
import type { EngineKind } from '../../engines/types.ts';

/** A settled round as the aggregator answers it (`POST {apiBase}/rounds`). */
export interface RoundAnswer<Outcome> {
  round: {
    id: string;
    kind: EngineKind;
    stake: number;
    payout: number;
    outcome: Outcome;
    /** The win is above the game's cap: the platform holds it for review (not in `balance`). */
    held?: true;
    /** The platform has not acknowledged the win yet: the aggregator keeps sending it (not in `balance` yet). */
    payoutPending?: true;
  };
  balance: number;
}

/** A round either settled, or was refused with the server's message (already in the page's language). */
export type RoundResult<Outcome> = { ok: true; answer: RoundAnswer<Outcome> } | { ok: false; message: string; fatal: boolean };

interface ApiTexts {
  network: string;
  failed: string;
}

/** Refusals after which no round can succeed on this page (the session is over). */
const FATAL_STATUSES = new Set([401]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Talks to the aggregator that served the page, with the launch token. */
export function createApi(apiBase: string, token: string, texts: ApiTexts) {
  return {
    async playRound<Outcome>(stake: number, params: unknown): Promise<RoundResult<Outcome>> {
      let response: Response;
      try {
        response = await fetch(`${apiBase}/rounds`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ token, stake, params }),
          credentials: 'same-origin',
        });
      } catch {
        return { ok: false, message: texts.network, fatal: false };
      }
      const body: unknown = await response.json().catch(() => null);
      if (response.ok && isRecord(body) && isRecord(body.round) && typeof body.balance === 'number') {
        return { ok: true, answer: body as unknown as RoundAnswer<Outcome> };
      }
      const message = isRecord(body) && typeof body.message === 'string' && body.message ? body.message : texts.failed;
      return { ok: false, message, fatal: FATAL_STATUSES.has(response.status) };
    },

    /** The balance now, or null when it cannot be read (the shown one stays). */
    async balance(): Promise<number | null> {
      try {
        const response = await fetch(`${apiBase}/balance?token=${encodeURIComponent(token)}`, { credentials: 'same-origin' });
        const body: unknown = await response.json();
        return response.ok && isRecord(body) && typeof body.balance === 'number' ? body.balance : null;
      } catch {
        return null;
      }
    },
  };
}

export type Api = ReturnType<typeof createApi>;
