import { eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import type { Db } from '../../db/open.ts';
import type { AppEnv } from '../../http/context.ts';
import { DomainError } from '../../http/errors.ts';
import type { Logger } from '../../logger.ts';
import { configuredBrand, tenantBrand } from './brand.ts';
import type { SportsbookConfig } from './config.ts';
import { SportsError } from './errors.ts';
import { sportsbookKeys } from './keys.ts';
import { CommitSchema, DiscardSchema, LostSchema, MakeSchema, RefundSchema, RollbackSchema, SettlementSchema, WinSchema } from './protocol.ts';
import { rememberToken, verifyProviderToken } from './provider-token.ts';
import { type SportsEventsDeps, publishSportsMovement } from './publish.ts';
import { sportsSeenTokens } from './schema.ts';
import { commitBet, discardBet, lostBet, makeBet, refundBet, rollbackBet, type SportsCallContext, type SportsOutcome, settlementOf, winBet } from './service.ts';

export interface SportsCallbackDeps {
  db: Db;
  config: SportsbookConfig;
  log: Logger;
  events?: SportsEventsDeps;
  now?: () => Date;
}

const PayloadBodySchema = v.object({ payload: v.pipe(v.string(), v.minLength(1), v.maxLength(64 * 1024)) });

/**
 * The provider's wallet callbacks under `/api/sportsbook` (BetBy's wallet
 * API; docs/sportsbook.md): `POST /sportsbook/{ping, bet/make, bet/commit,
 * bet/discard, bet/settlement, bet/win, bet/lost, bet/refund, bet/rollback}`,
 * each body `{ "payload": "<JWT>" }` signed ES256 by the provider (its public
 * key from SPORTSBOOK_PROVIDER_PUBLIC_KEY_FILE; ./provider-token.ts pins the
 * algorithm), the request fields in its claims; a token's `jti` is accepted
 * once. `GET /sportsbook/ping` answers `{ timestamp }` unsigned (a health
 * check that reveals nothing). Mounted behind tenant resolution only: open
 * bets settle while a tenant is in maintenance (new bets are refused then).
 * Accepted: 200 with the transaction answer. Refused: 400 (401 for the
 * token) `{ code, message, error }`, nothing moved. Money moved: the
 * player's `BalanceUpdated`.
 */
export function sportsbookCallbackRoutes(deps: SportsCallbackDeps): Hono<AppEnv> {
  const now = deps.now ?? (() => new Date());
  const app = new Hono<AppEnv>();
  app.get('/sportsbook/ping', (c) => c.json({ timestamp: Math.floor(now().getTime() / 1000) }));

  /** Verifies the call, runs `work` on its claims, announces the money that moved. */
  const callback = <S extends v.GenericSchema, T>(schema: S, work: (ctx: SportsCallContext, body: v.InferOutput<S>) => Promise<SportsOutcome<T>>) =>
    async (c: Context<AppEnv>): Promise<Response> => {
      const tenant = c.get('tenant');
      const at = now();
      const claims = await verifiedClaims(c, at);
      const parsed = v.safeParse(schema, claims);
      if (!parsed.success) throw new SportsError('bad_request');
      await rememberToken(deps.db, claims, at);
      try {
        const context: SportsCallContext = {
          tenant,
          brandId: configuredBrand(tenant, deps.config),
          acceptsBets: tenantBrand(tenant, deps.config) !== null,
          operatorId: deps.config.operatorId,
          now: at,
          log: deps.log,
          ...(deps.events ? { live: deps.events } : {}),
        };
        const outcome = await work(context, parsed.output);
        if (outcome.movedFor !== null && deps.events) await publishSportsMovement(deps.events, tenant.id, outcome.movedFor, outcome.wallet);
        return c.json(outcome.answer as object);
      } catch (error) {
        // Not a refusal (the database failed…): the token may be sent again.
        if (!(error instanceof DomainError) && typeof claims.jti === 'string') await deps.db.delete(sportsSeenTokens).where(eq(sportsSeenTokens.jti, claims.jti)).catch(() => {});
        if (error instanceof DomainError && !(error instanceof SportsError)) throw error.status === 404 ? new SportsError('player_not_found') : new SportsError('bad_request');
        throw error;
      }
    };

  async function verifiedClaims(c: Context<AppEnv>, at: Date): Promise<Record<string, unknown>> {
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      throw new SportsError('bad_request');
    }
    const parsed = v.safeParse(PayloadBodySchema, body);
    if (!parsed.success) throw new SportsError('invalid_token');
    const keys = await sportsbookKeys(deps.config);
    return verifyProviderToken(parsed.output.payload, keys.providerPublic, at);
  }

  const db = deps.db;
  return app
    .post(
      '/sportsbook/ping',
      callback(v.object({}), async () => ({ answer: { timestamp: Math.floor(now().getTime() / 1000) }, movedFor: null })),
    )
    .post('/sportsbook/bet/make', callback(MakeSchema, (ctx, body) => makeBet(db, ctx, body)))
    .post('/sportsbook/bet/commit', callback(CommitSchema, (ctx, body) => commitBet(db, ctx, body.transaction_id)))
    .post('/sportsbook/bet/discard', callback(DiscardSchema, (ctx, body) => discardBet(db, ctx, body)))
    .post('/sportsbook/bet/settlement', callback(SettlementSchema, (ctx, body) => settlementOf(db, ctx, body)))
    .post('/sportsbook/bet/win', callback(WinSchema, (ctx, body) => winBet(db, ctx, body)))
    .post('/sportsbook/bet/lost', callback(LostSchema, (ctx, body) => lostBet(db, ctx, body)))
    .post('/sportsbook/bet/refund', callback(RefundSchema, (ctx, body) => refundBet(db, ctx, body)))
    .post('/sportsbook/bet/rollback', callback(RollbackSchema, (ctx, body) => rollbackBet(db, ctx, body)));
}
