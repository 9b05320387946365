import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import * as v from 'valibot';
import type { EngineKind } from './engines/types.ts';

/**
 * One launch of one game, as the sandbox aggregator hands it to the
 * platform's game page: everything it needs to play the session later
 * without asking the platform anything but the wallet calls. It travels in
 * the launch URL as a signed, expiring token, so the sandbox keeps no
 * session table: whoever holds the token plays that session (as with any
 * aggregator's launch URL), and a token cannot be forged or altered.
 */
export interface LaunchSession {
  /** Random id of this launch: names its demo balance. */
  sid: string;
  /** The tenant's domain: the Host of every wallet call. */
  tenant: string;
  /** Provider code (the wallet path's `{code}`) and display name. */
  provider: string;
  providerName: string;
  gamecode: string;
  /** The catalogue's `game_id`, sent with bets and wins (caps, live feed, recent games). */
  gameId: string;
  title: string;
  kind: EngineKind;
  rtpBps: number;
  /** The player, or null for a guest (demo only). */
  player: number | null;
  demo: boolean;
  locale: 'pt' | 'en';
  /** Expiry, epoch seconds. */
  exp: number;
}

/** How long a launch stays playable. A player past it relaunches the game from the platform's page. */
export const SESSION_TTL_SECONDS = 6 * 60 * 60;

const SessionSchema = v.object({
  sid: v.string(),
  tenant: v.string(),
  provider: v.string(),
  providerName: v.string(),
  gamecode: v.string(),
  gameId: v.string(),
  title: v.string(),
  kind: v.picklist(['slots', 'roulette', 'crash', 'table']),
  rtpBps: v.pipe(v.number(), v.integer()),
  player: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1))),
  demo: v.boolean(),
  locale: v.picklist(['pt', 'en']),
  exp: v.number(),
});

export type SessionCheck = { ok: true; session: LaunchSession } | { ok: false; reason: 'invalid' } | { ok: false; reason: 'expired'; locale: LaunchSession['locale'] };

export interface SessionSigner {
  /** A token for `session` (its `sid` and `exp` are filled in). */
  issue(session: Omit<LaunchSession, 'sid' | 'exp'>, now?: Date): string;
  /** The session of `token`, or why not: `invalid` (malformed, forged, altered) or `expired` (with the session's language). */
  read(token: string | undefined, now?: Date): SessionCheck;
}

const b64 = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/**
 * Launch tokens `v1.<payload>.<mac>`: the payload is base64url JSON, the
 * MAC an HMAC-SHA256 of `v1.<payload>` with a key derived from the
 * aggregator's secret for this purpose only, so a wallet-call signature can
 * never pass for a session or the other way round.
 */
export function createSessionSigner(secret: string): SessionSigner {
  const key = createHmac('sha256', secret).update('sandbox-aggregator:launch-session:v1').digest();
  const mac = (signed: string) => createHmac('sha256', key).update(signed).digest();
  return {
    issue(session, now = new Date()) {
      const full: LaunchSession = { ...session, sid: randomBytes(12).toString('base64url'), exp: Math.floor(now.getTime() / 1000) + SESSION_TTL_SECONDS };
      const signed = `v1.${b64(JSON.stringify(full))}`;
      return `${signed}.${b64(mac(signed))}`;
    },
    read(token, now = new Date()) {
      const parts = (token ?? '').split('.');
      if (parts.length !== 3 || parts[0] !== 'v1' || token!.length > 4096) return { ok: false, reason: 'invalid' };
      const given = Buffer.from(parts[2]!, 'base64url');
      const expected = mac(`v1.${parts[1]}`);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
      let payload: unknown;
      try {
        payload = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
      } catch {
        return { ok: false, reason: 'invalid' };
      }
      const parsed = v.safeParse(SessionSchema, payload);
      if (!parsed.success) return { ok: false, reason: 'invalid' };
      // Authentic but past its time: its language still words the refusal.
      if (parsed.output.exp * 1000 <= now.getTime()) return { ok: false, reason: 'expired', locale: parsed.output.locale };
      return { ok: true, session: parsed.output };
    },
  };
}
