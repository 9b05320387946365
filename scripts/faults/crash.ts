/**
 * Scenario "platform killed": a burst of mixed money traffic on PostgreSQL
 * (+ Redis when it answers); the platform is SIGKILLed in the middle and
 * started again on the same address; the PSP and the aggregator resend what
 * got no answer, the PSP delivers every webhook once more at the end, and
 * the books are audited.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/open.ts';
import { houseRounds, pixCharges, withdrawals } from '../../server/db/schema.ts';
import { findTenantByDomain } from '../../server/features/tenants/find-tenant.ts';
import { redisReachable } from '../../server/realtime/index.ts';
import { checkLedger, printLedgerCheck } from './ledger-check.ts';
import { type MoneyTraffic, moneyTraffic, type TrafficPlayer, withdrawalsInFlight } from './money-traffic.ts';
import { platformProcess } from './platform.ts';
import { seedPlayers } from './players.ts';
import { type Finding, finding } from './report.ts';
import { dropScratch, faultsEnv, honoursIdempotencyKey, PROVIDER, type ScenarioContext, scratchFor, WEBHOOK_SECRET } from './setup.ts';

const SCENARIO = 'platform SIGKILL';
const PLAYERS = 30;
const OPERATIONS = 600;
const CONCURRENCY = 12;
/** Share of the operations started when the platform is killed. */
const KILL_AT = 0.35;
/** Runs `operations` with `concurrency` workers; `onStart(i)` fires as each begins. */
async function runAll(operations: Array<() => Promise<unknown>>, concurrency: number, onStart: (i: number) => void): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < operations.length) {
        const i = next++;
        onStart(i);
        await operations[i]!().catch((error: unknown) => process.stderr.write(`operation ${i} threw: ${String(error)}\n`));
      }
    }),
  );
}

/** The burst: house bets and aggregator rounds mostly, deposits and withdrawals among them. */
function burst(traffic: MoneyTraffic, players: TrafficPlayer[]): Array<() => Promise<unknown>> {
  return Array.from({ length: OPERATIONS }, (_, i) => {
    const p = players[i % players.length]!;
    switch (i % 10) {
      case 0:
      case 1:
      case 8:
        return () => traffic.houseBet(p);
      case 2:
      case 3:
      case 4:
        return () => traffic.providerRound(p);
      case 5:
        // The PSP delivers the payment up to 3 s later, so some webhooks meet the dead platform.
        return () => traffic.deposit(p, 5000, Math.random() * 3000);
      case 6:
        return () => traffic.withdraw(p);
      default:
        return () => (i % 20 === 7 ? traffic.houseBet(p) : traffic.providerRound(p));
    }
  });
}

export async function crashScenario({ log, databaseServer }: ScenarioContext): Promise<Finding[]> {
  const findings: Finding[] = [];
  const scratch = await scratchFor(databaseServer, 'faults_crash');
  if (!scratch) return [finding(SCENARIO, 'PostgreSQL', 'not reachable: scenario skipped', false)];
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const withRedis = await redisReachable(redisUrl);
  const platform = platformProcess({ port: 4701, realtimePort: 6701, env: faultsEnv(scratch.url, withRedis ? { REDIS_URL: redisUrl } : {}) });
  const handle = await openDatabase(scratch.url);
  try {
    await platform.start();
    const tenant = await findTenantByDomain(handle.db, 'localhost');
    if (!tenant) throw new Error('demo tenant localhost missing');
    const players: TrafficPlayer[] = await seedPlayers(handle.db, tenant.id, PLAYERS);
    const idempotent = await honoursIdempotencyKey(platform.baseUrl, players[0]!.token);
    log(`${SCENARIO}: PostgreSQL${withRedis ? ' + Redis' : ''}, ${PLAYERS} players, Idempotency-Key ${idempotent ? 'honoured: unanswered player calls are resent' : 'not honoured: unanswered player calls are not resent'}`);
    const traffic = moneyTraffic({ baseUrl: platform.baseUrl, tenantId: tenant.id, webhookSecret: WEBHOOK_SECRET, provider: PROVIDER, idempotent, retryForMs: 60_000, runId: `crash${Date.now().toString(36)}` });
    for (const p of players) await traffic.registerMethod(p);
    await Promise.all(players.map((p) => traffic.deposit(p, 50_000)));

    const psp = traffic.payoutPsp(handle.db);
    const killAt = Math.floor(OPERATIONS * KILL_AT);
    let restart: Promise<void> | null = null;
    let down = 0;
    const started = performance.now();
    await runAll(burst(traffic, players), CONCURRENCY, (i) => {
      if (i !== killAt) return;
      restart = (async () => {
        const t0 = performance.now();
        await platform.kill();
        log(`${SCENARIO}: SIGKILL at operation ${i} of ${OPERATIONS}`);
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await platform.start();
        down = performance.now() - t0;
        log(`${SCENARIO}: platform answering again after ${(down / 1000).toFixed(1)} s`);
      })();
    });
    // Assigned inside the traffic callback, which TypeScript's narrowing cannot see.
    await (restart as Promise<void> | null);
    await traffic.idle();
    const burstSeconds = (performance.now() - started) / 1000;

    // Let the payout worker and the PSP finish every withdrawal still on its way.
    const settleDeadline = Date.now() + 90_000;
    while ((await withdrawalsInFlight(handle.db)) > 0 && Date.now() < settleDeadline) await new Promise((resolve) => setTimeout(resolve, 500));
    await psp.stop();
    const stuck = await withdrawalsInFlight(handle.db);
    const again = await traffic.redeliverAll();

    const j = traffic.journal;
    const p = j.player;
    const c = j.callbacks;
    const tallyText = (t: { ok: number; refused: number; unanswered: number; retried: number }) => `${t.ok} ok, ${t.refused} refused, ${t.unanswered} unanswered, ${t.retried} retried`;
    findings.push(finding(SCENARIO, 'burst', `${OPERATIONS} operations in ${burstSeconds.toFixed(1)} s, platform down ${(down / 1000).toFixed(1)} s`));
    for (const kind of ['house bet', 'deposit charge', 'withdrawal', 'withdrawal cancel'] as const) findings.push(finding(SCENARIO, `player: ${kind}`, tallyText(p[kind])));
    for (const kind of ['pix webhook', 'provider wallet', 'payout webhook'] as const) {
      findings.push(finding(SCENARIO, `${kind} (resent until answered)`, tallyText(c[kind]), c[kind].unanswered === 0));
    }
    findings.push(finding(SCENARIO, 'every answered callback delivered again', `${again.accepted} of ${again.sent} accepted, ${again.providerReplays} provider replays`, again.accepted === again.sent));
    findings.push(finding(SCENARIO, 'withdrawals left in flight', String(stuck), stuck === 0));

    // What the players were told against what the database holds.
    const [counts] = await handle.db
      .select({
        rounds: sql<number>`(select count(*)::int from ${houseRounds} where not ${houseRounds.demo})`,
        charges: sql<number>`(select count(*)::int from ${pixCharges})`,
        withdrawals: sql<number>`(select count(*)::int from ${withdrawals})`,
      })
      .from(sql`(select 1) as one`);
    const told = (t: { ok: number }, extra = 0) => t.ok + extra;
    const compare = (what: string, inDb: number, ok: number, unknown: number) =>
      finding(
        SCENARIO,
        `${what}: in database vs answered`,
        `${inDb} vs ${ok}${unknown > 0 ? ` (+${unknown} unanswered)` : ''}`,
        idempotent ? inDb === ok && unknown === 0 : inDb >= ok && inDb <= ok + unknown,
      );
    findings.push(compare('house rounds', Number(counts?.rounds ?? 0), told(p['house bet']), p['house bet'].unanswered));
    // The probe made two calls with one key: one charge when the key is honoured, two otherwise.
    findings.push(compare('Pix charges', Number(counts?.charges ?? 0), told(p['deposit charge'], idempotent ? 1 : 2), p['deposit charge'].unanswered));
    findings.push(compare('withdrawals', Number(counts?.withdrawals ?? 0), told(p.withdrawal), p.withdrawal.unanswered));

    const ledger = await checkLedger(handle.db, { providerMovements: j.providerMovements });
    printLedgerCheck(SCENARIO, ledger, log);
    findings.push(finding(SCENARIO, 'ledger check', ledger.figures.map(([, f]) => f).slice(0, 1).join('') + `; ${ledger.mismatches.length} mismatches`, ledger.mismatches.length === 0));
  } finally {
    await platform.stop().catch(() => undefined);
    await handle.close();
    await dropScratch(scratch);
  }
  return findings;
}
