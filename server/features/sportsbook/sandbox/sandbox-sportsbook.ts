import { type KeyObject, randomBytes } from 'node:crypto';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { jwtVerify } from 'jose';
import * as v from 'valibot';
import type { Db } from '../../../db/open.ts';
import type { Logger } from '../../../logger.ts';
import type { HttpPost } from '../../casino/aggregators/sandbox/http-post.ts';
import { type CallbackClient, type CallbackOutcome, type CallbackRetry, createCallbackClient } from './callback-client.ts';
import { findSelection, type SandboxEvent, type SandboxLang, sandboxEvents } from './fixture.ts';
import { type SandboxBetslipRow, type SandboxOwedCall, type SandboxSelection, sandboxSportsBetslips } from './schema.ts';

/** Path the sandbox is served at by the platform process (server/app.ts). */
export const SANDBOX_SPORTSBOOK_PATH = '/sandbox-sportsbook';

/** Stakes the sandbox takes, centavos (R$ 1 to R$ 10.000), and selections per betslip. */
export const SANDBOX_LIMITS = { minStake: 100, maxStake: 1_000_000, maxSelections: 10 } as const;

export const SANDBOX_RESULTS = ['won', 'lost', 'void', 'half-won', 'cashed-out'] as const;
export type SandboxResult = (typeof SANDBOX_RESULTS)[number];

/** An answer of the sandbox's API: status and JSON body (refusals `{ status: 'refused', code, message }`). */
export interface SandboxAnswer {
  status: 200 | 202 | 400 | 401 | 402 | 403 | 404 | 409 | 422 | 503;
  body: Record<string, unknown>;
}

const MESSAGES = {
  invalid_token: ['Sessão inválida ou expirada: entre de novo.', 'Invalid or expired session: log in again.'],
  bad_request: ['Aposta inválida.', 'Invalid bet.'],
  unknown_selection: ['Seleção indisponível.', 'Selection unavailable.'],
  same_event: ['Uma aposta múltipla precisa de eventos diferentes.', 'A multiple bet needs different events.'],
  stake_range: ['A aposta deve ser de R$ 1,00 a R$ 10.000,00.', 'Stakes go from R$ 1.00 to R$ 10,000.00.'],
  wrong_brand: ['Este token é de outra marca.', 'This token is for another brand.'],
  platform_unreachable: ['A plataforma não respondeu: a aposta foi cancelada.', 'The platform did not answer: the bet was cancelled.'],
  not_found: ['Bilhete não encontrado.', 'Betslip not found.'],
  not_open: ['Este bilhete não está aberto.', 'This betslip is not open.'],
} as const;

const text = (key: keyof typeof MESSAGES, lang: SandboxLang): string => MESSAGES[key][lang === 'en' ? 1 : 0];
const refused = (status: SandboxAnswer['status'], code: string, message: string): SandboxAnswer => ({ status, body: { status: 'refused', code, message } });

const PlaceSchema = v.object({
  brand_id: v.pipe(v.string(), v.maxLength(100)),
  stake: v.pipe(v.number(), v.safeInteger()),
  selections: v.pipe(
    v.array(v.object({ event_id: v.pipe(v.string(), v.maxLength(100)), market_id: v.pipe(v.string(), v.maxLength(100)), outcome_id: v.pipe(v.string(), v.maxLength(100)) })),
    v.minLength(1),
    v.maxLength(SANDBOX_LIMITS.maxSelections),
  ),
});

/** Decimal odds as hundredths (1.85 → 185). */
const hundredths = (odds: string): bigint => {
  const [whole, fraction = ''] = odds.split('.');
  return BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
};
/** The betslip's total odds, two decimals, from its selections' (each rounded down to the hundredth, as a bookmaker rounds). */
export function totalOdds(odds: readonly string[]): string {
  let k = 100n;
  for (const o of odds) k = (k * hundredths(o)) / 100n;
  return `${k / 100n}.${String(k % 100n).padStart(2, '0')}`;
}
/** `stake` × `odds`, centavos rounded down. */
export const payoutOf = (stake: bigint, odds: string): bigint => (stake * hundredths(odds)) / 100n;

const newId = (prefix: string) => `${prefix}-${randomBytes(9).toString('base64url')}`;

export interface SandboxSportsbookDeps {
  db: Db;
  log: Logger;
  /** The operator this sandbox serves (SPORTSBOOK_OPERATOR_ID): its launch tokens' issuer, its callbacks' `operator_id`. */
  operatorId: string;
  /** Where the platform takes the callbacks (SPORTSBOOK_CALLBACK_BASE_URL). */
  callbackBaseUrl: string;
  keys: () => Promise<{ signing: KeyObject; platformPublic: KeyObject }>;
  retry?: Partial<CallbackRetry>;
  /** How owed settlements are retried: first wait, cap, attempts. */
  owedRetry?: { baseMs: number; maxMs: number; maxAttempts: number };
  post?: HttpPost;
  now?: () => Date;
}

export interface SandboxSportsbook {
  events(lang: SandboxLang): SandboxEvent[];
  /** `POST /api/bets`: verifies the platform's launch token, prices the betslip from the fixture, sends bet/make then bet/commit. */
  place(req: { tenant: string; authorization: string | undefined; acceptLanguage: string | undefined; body: unknown }): Promise<SandboxAnswer>;
  /** `GET /api/bets`: the token's player's betslips in this sandbox. */
  list(req: { tenant: string; authorization: string | undefined; acceptLanguage: string | undefined }): Promise<SandboxAnswer>;
  /** `POST /api/bets/{id}/settle`: sends the result's callback (bet/win, bet/lost or bet/refund). */
  settle(id: string, result: SandboxResult, lang?: SandboxLang): Promise<SandboxAnswer>;
  /** Sends again the settlements the platform has not acknowledged (at start). */
  resume(): Promise<void>;
  /** Stops the owed settlements' timers. */
  stop(): void;
}

interface TokenClaims {
  sub: string;
  aud: string;
  lang: SandboxLang;
  name: string;
}

/**
 * The sandbox sportsbook: a stand-in third party living in the repository.
 * It never imports the platform's wallet or ledger: it knows players only by
 * the platform's launch token (verified with the platform's public key, as
 * BetBy verifies it) and moves their money only through the platform's
 * signed wallet callbacks over real HTTP (./callback-client.ts), keeping its
 * own books (`sandbox_sports_betslips`). Odds come from its fixture, never
 * from the browser.
 */
export function createSandboxSportsbook(deps: SandboxSportsbookDeps): SandboxSportsbook {
  const now = deps.now ?? (() => new Date());
  const owedRetry = { baseMs: 1000, maxMs: 60_000, maxAttempts: 50, ...deps.owedRetry };
  const timers = new Set<NodeJS.Timeout>();
  let client: CallbackClient | null = null;
  const callbacks = async (): Promise<CallbackClient> =>
    (client ??= createCallbackClient({ callbackBaseUrl: deps.callbackBaseUrl, key: (await deps.keys()).signing, issuer: 'sandbox-sportsbook', ...(deps.retry ? { retry: deps.retry } : {}), ...(deps.post ? { post: deps.post } : {}) }));
  const langOf = (acceptLanguage: string | undefined): SandboxLang => (/^\s*en\b/i.test(acceptLanguage ?? '') ? 'en' : 'pt-br');

  async function claimsOf(authorization: string | undefined): Promise<TokenClaims | null> {
    const token = /^Bearer ([\w-]+\.[\w-]+\.[\w-]+)$/.exec(authorization ?? '')?.[1];
    if (!token) return null;
    try {
      const { payload } = await jwtVerify(token, (await deps.keys()).platformPublic, { algorithms: ['ES256'], requiredClaims: ['sub', 'aud', 'iss', 'exp'], currentDate: now() });
      const aud = Array.isArray(payload.aud) ? payload.aud[0] : payload.aud;
      if (typeof payload.sub !== 'string' || typeof aud !== 'string' || payload.iss !== deps.operatorId) return null;
      return { sub: payload.sub, aud, lang: payload.lang === 'en' ? 'en' : 'pt-br', name: typeof payload.name === 'string' ? payload.name : '' };
    } catch {
      return null;
    }
  }

  const view = (row: SandboxBetslipRow) => ({
    id: row.id,
    stake: Number(row.stake),
    status: row.status,
    k: row.odds,
    potential_win: Number(payoutOf(row.stake, row.odds)),
    created_at: row.createdAt.toISOString(),
    settled_at: row.settledAt?.toISOString() ?? null,
    selections: row.selections.map((s) => ({ event_id: s.event_id, event: s.event, sport: s.sport, tournament: s.tournament, market: s.market, outcome: s.outcome, odds: s.odds, live: s.live })),
    ...(row.refusal ? { refusal: row.refusal } : {}),
  });

  const setRow = (id: string, values: Partial<typeof sandboxSportsBetslips.$inferInsert>) => deps.db.update(sandboxSportsBetslips).set(values).where(eq(sandboxSportsBetslips.id, id));

  /** The claims of bet/make, as BetBy sends them (docs/sportsbook.md). */
  function makeClaims(row: SandboxBetslipRow) {
    const n = row.selections.length;
    const player = `sbx-player-${row.extPlayerId}`;
    const stamp = row.createdAt.getTime();
    const transaction = {
      id: row.makeTransactionId,
      betslip_id: row.id,
      player_id: player,
      operator_id: deps.operatorId,
      operator_brand_id: row.brandId,
      ext_player_id: row.extPlayerId,
      timestamp: stamp,
      amount: Number(row.stake),
      currency: 'BRL',
      operation: 'bet',
    };
    return {
      amount: Number(row.stake),
      currency: 'BRL',
      player_id: player,
      potential_win: Number(payoutOf(row.stake, row.odds)),
      transaction,
      betslip: {
        id: row.id,
        timestamp: stamp,
        player_id: player,
        operator_id: deps.operatorId,
        operator_brand_id: row.brandId,
        ext_player_id: row.extPlayerId,
        currency: 'BRL',
        type: `${n}/${n}`,
        sum: Number(row.stake),
        k: row.odds,
        bets: row.selections.map((s, i) => ({
          id: `${row.id}-${i + 1}`,
          event_id: s.event_id,
          sport_name: s.sport,
          tournament_name: s.tournament,
          category_name: s.category,
          competitor_name: s.event.split(' vs '),
          market_id: s.market_id,
          market_name: s.market,
          outcome_id: s.outcome_id,
          outcome_name: s.outcome,
          odds: s.odds,
          live: s.live,
          scheduled: Math.floor(new Date(s.scheduled).getTime() / 1000),
        })),
      },
    };
  }

  function refusalOf(outcome: Extract<CallbackOutcome, { kind: 'refused' }>): SandboxAnswer {
    const status = outcome.code === 2001 ? 402 : outcome.code === 1005 ? 403 : outcome.status === 401 ? 401 : 422;
    return { status, body: { status: 'refused', code: outcome.error, provider_code: outcome.code, message: outcome.message } };
  }

  /** Sends `row.owed` once more; done (2xx or refusal) clears it, no answer schedules the next attempt. */
  async function sendOwed(row: SandboxBetslipRow): Promise<CallbackOutcome | null> {
    const owed = row.owed;
    if (!owed) return null;
    const outcome = await (await callbacks()).send({ tenant: row.tenantDomain, lang: row.lang === 'en' ? 'en' : 'pt-br' }, owed.path, owed.claims, { attempts: 1 });
    if (outcome.kind === 'ok') await setRow(row.id, { owed: null, status: owed.result, settledAt: now() });
    else if (outcome.kind === 'refused') {
      deps.log.warn(`sandbox sportsbook: the platform refused ${owed.path} of betslip ${row.id}: ${outcome.error}`);
      await setRow(row.id, { owed: null, refusal: outcome.error, status: owed.result === 'discarded' ? 'refused' : 'accepted' });
    } else {
      const attempts = row.owedAttempts + 1;
      await setRow(row.id, { owedAttempts: attempts });
      if (attempts < owedRetry.maxAttempts) schedule(row.id, Math.min(owedRetry.maxMs, owedRetry.baseMs * 2 ** Math.min(attempts, 16)));
      else deps.log.error(`sandbox sportsbook: gave up ${owed.path} of betslip ${row.id} after ${attempts} attempts`);
    }
    return outcome;
  }

  function schedule(id: string, ms: number): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      void (async () => {
        const [row] = await deps.db.select().from(sandboxSportsBetslips).where(eq(sandboxSportsBetslips.id, id));
        if (row?.owed) await sendOwed(row);
      })().catch((error: unknown) => deps.log.warn(`sandbox sportsbook: owed callback of ${id} failed`, error));
    }, ms);
    timer.unref();
    timers.add(timer);
  }

  return {
    events: (lang) => sandboxEvents(lang, now()),

    async place(req) {
      const claims = await claimsOf(req.authorization);
      if (!claims) return refused(401, 'invalid_token', text('invalid_token', langOf(req.acceptLanguage)));
      const lang = claims.lang;
      const parsed = v.safeParse(PlaceSchema, req.body);
      if (!parsed.success) return refused(400, 'bad_request', text('bad_request', lang));
      const body = parsed.output;
      if (body.brand_id !== claims.aud) return refused(403, 'wrong_brand', text('wrong_brand', lang));
      if (body.stake < SANDBOX_LIMITS.minStake || body.stake > SANDBOX_LIMITS.maxStake) return refused(422, 'stake_range', text('stake_range', lang));
      if (new Set(body.selections.map((s) => s.event_id)).size !== body.selections.length) return refused(422, 'same_event', text('same_event', lang));
      const selections: SandboxSelection[] = [];
      for (const wanted of body.selections) {
        const found = findSelection(lang, wanted, now());
        if (!found) return refused(422, 'unknown_selection', text('unknown_selection', lang));
        selections.push({
          ...wanted,
          sport: found.event.sport.name,
          tournament: found.event.tournament.name,
          category: found.event.category.name,
          event: found.event.competitors.join(' vs '),
          market: found.market.name,
          outcome: found.outcome.name,
          odds: found.outcome.odds,
          live: found.event.live,
          scheduled: found.event.scheduled,
        });
      }
      const [row] = await deps.db
        .insert(sandboxSportsBetslips)
        .values({
          id: newId('sbx-slip'),
          tenantDomain: req.tenant,
          brandId: body.brand_id,
          extPlayerId: claims.sub,
          lang,
          stake: BigInt(body.stake),
          odds: totalOdds(selections.map((s) => s.odds)),
          selections,
          status: 'placing',
          makeTransactionId: newId('sbx-tx'),
          createdAt: now(),
        })
        .returning();
      const slip = row!;
      const target = { tenant: req.tenant, lang };
      const made = await (await callbacks()).send(target, 'bet/make', makeClaims(slip));
      if (made.kind === 'refused') {
        await setRow(slip.id, { status: 'refused', refusal: made.error });
        return refusalOf(made);
      }
      if (made.kind === 'unreachable') {
        // Whether the stake was taken is unknown: discard the transaction (refunded if it landed, refused if it lands later), until acknowledged.
        const owed: SandboxOwedCall = { path: 'bet/discard', claims: { ext_player_id: slip.extPlayerId, transaction_id: slip.makeTransactionId, reason: 'timeout' }, result: 'discarded' };
        await setRow(slip.id, { status: 'refused', refusal: 'platform_unreachable', owed });
        schedule(slip.id, owedRetry.baseMs);
        return refused(503, 'platform_unreachable', text('platform_unreachable', lang));
      }
      const platformId = String(made.body.id ?? '');
      await setRow(slip.id, { status: 'accepted', platformTransactionId: platformId });
      const committed = await (await callbacks()).send(target, 'bet/commit', { transaction_id: slip.makeTransactionId });
      if (committed.kind !== 'ok') deps.log.warn(`sandbox sportsbook: bet/commit of ${slip.id} not acknowledged (${committed.kind})`);
      return { status: 200, body: { betslip_id: slip.id, status: 'accepted', balance: Number(made.body.balance ?? 0), k: slip.odds, potential_win: Number(payoutOf(slip.stake, slip.odds)) } };
    },

    async list(req) {
      const claims = await claimsOf(req.authorization);
      if (!claims) return refused(401, 'invalid_token', text('invalid_token', langOf(req.acceptLanguage)));
      const rows = await deps.db
        .select()
        .from(sandboxSportsBetslips)
        .where(and(eq(sandboxSportsBetslips.tenantDomain, req.tenant), eq(sandboxSportsBetslips.extPlayerId, claims.sub)))
        .orderBy(desc(sandboxSportsBetslips.createdAt))
        .limit(50);
      return { status: 200, body: { betslips: rows.map(view) } };
    },

    async settle(id, result, lang = 'pt-br') {
      const [row] = await deps.db.select().from(sandboxSportsBetslips).where(eq(sandboxSportsBetslips.id, id));
      if (!row) return refused(404, 'not_found', text('not_found', lang));
      if (row.status === result) return { status: 200, body: { betslip_id: id, status: row.status } };
      if (row.status !== 'accepted' || !row.platformTransactionId) return refused(409, 'not_open', text('not_open', lang));
      if (row.owed) return { status: 202, body: { betslip_id: id, status: 'settling' } };
      const stake = row.stake;
      const amount = result === 'won' ? payoutOf(stake, row.odds) : result === 'half-won' ? payoutOf(stake / 2n, row.odds) + stake / 2n : result === 'cashed-out' ? payoutOf(stake, row.odds) / 2n : result === 'void' ? stake : 0n;
      const operation = result === 'lost' ? 'lost' : result === 'void' ? 'refund' : 'win';
      const path = `bet/${operation}`;
      const transaction = {
        id: newId('sbx-tx'),
        betslip_id: row.id,
        player_id: `sbx-player-${row.extPlayerId}`,
        operator_id: deps.operatorId,
        operator_brand_id: row.brandId,
        ext_player_id: row.extPlayerId,
        timestamp: now().getTime(),
        amount: Number(amount),
        currency: 'BRL',
        operation,
      };
      const selectionStatus = result === 'void' ? 'refund' : result === 'cashed-out' ? 'open' : result;
      const selections = row.selections.map((s, i) => ({ id: `${row.id}-${i + 1}`, event_id: s.event_id, status: selectionStatus, odds: s.odds }));
      const claims =
        operation === 'win'
          ? { amount: Number(amount), currency: 'BRL', is_cashout: result === 'cashed-out', bet_transaction_id: row.platformTransactionId, transaction, selections, odds: row.odds }
          : operation === 'lost'
            ? { amount: 0, currency: 'BRL', bet_transaction_id: row.platformTransactionId, transaction, selections }
            : { bet_transaction_id: row.platformTransactionId, reason: 'Event cancelled', reason_code: 5, transaction };
      const owed: SandboxOwedCall = { path, claims, result };
      await setRow(id, { owed, owedAttempts: 0 });
      const outcome = await sendOwed({ ...row, owed, owedAttempts: 0 });
      if (outcome?.kind === 'ok') return { status: 200, body: { betslip_id: id, status: result } };
      if (outcome?.kind === 'refused') return refusalOf(outcome);
      return { status: 202, body: { betslip_id: id, status: 'settling' } };
    },

    async resume() {
      const rows = await deps.db.select().from(sandboxSportsBetslips).where(isNotNull(sandboxSportsBetslips.owed));
      for (const row of rows) await sendOwed(row);
    },

    stop() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };

}
