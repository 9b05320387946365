/**
 * Scenario "PostgreSQL restarted under load": the platform runs on a private
 * PostgreSQL cluster (the machine's shared one is never touched) while
 * players read wallets and play, the aggregator bets and the PSP pays; the
 * cluster is stopped (immediate mode, as a crash) and started again. The
 * platform process is never restarted: it must answer 503 while the
 * database is away and serve again by itself once it is back.
 */
import postgres from 'postgres';
import { openDatabase } from '../../server/db/open.ts';
import { findTenantByDomain } from '../../server/features/tenants/find-tenant.ts';
import { PROVIDER, type ScenarioContext, WEBHOOK_SECRET, faultsEnv, honoursIdempotencyKey } from './setup.ts';
import { type Answer, call } from './http.ts';
import { checkLedger, printLedgerCheck } from './ledger-check.ts';
import { moneyTraffic, type TrafficPlayer } from './money-traffic.ts';
import { platformProcess } from './platform.ts';
import { seedPlayers } from './players.ts';
import { privatePostgres } from './private-services.ts';
import { type Finding, finding } from './report.ts';

const SCENARIO = 'PostgreSQL restart';
const PLAYERS = 12;
const WORKERS = 6;
const WARM_MS = 4000;
const OUTAGE_MS = 6000;
/** Answers completing this soon after the stop may still come from queries already done. */
const GRACE_MS = 500;
const AFTER_MS = 12_000;

interface Seen {
  at: number;
  status: number;
  kind: string;
  /** `/api/ready`'s database check. */
  database?: string;
}

/** "3×503, 1×no answer": how often each label occurs, in first-seen order; "none" for an empty list. */
function countText(labels: string[]): string {
  const counts = new Map<string, number>();
  for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
  return [...counts].map(([label, n]) => `${n}×${label}`).join(', ') || 'none';
}

export async function postgresRestartScenario({ log }: ScenarioContext): Promise<Finding[]> {
  const pg = await privatePostgres();
  if (!pg) return [finding(SCENARIO, 'private PostgreSQL', 'Debian PostgreSQL binaries or the postgres user missing: skipped', false)];
  await pg.start();
  const databaseUrl = pg.url.replace(/\/postgres$/, '/faults');
  const admin = postgres(pg.url, { max: 1, onnotice: () => {} });
  await admin.unsafe('create database faults');
  await admin.end();

  const platform = platformProcess({ port: 4702, realtimePort: 6702, env: faultsEnv(databaseUrl) });
  const handle = await openDatabase(databaseUrl);
  const findings: Finding[] = [];
  const seen: Seen[] = [];
  const probes: Seen[] = [];
  try {
    await platform.start();
    const pid = platform.pid();
    const tenant = await findTenantByDomain(handle.db, 'localhost');
    if (!tenant) throw new Error('demo tenant localhost missing');
    const players: TrafficPlayer[] = await seedPlayers(handle.db, tenant.id, PLAYERS);
    const idempotent = await honoursIdempotencyKey(platform.baseUrl, players[0]!.token);
    const traffic = moneyTraffic({
      baseUrl: platform.baseUrl,
      tenantId: tenant.id,
      webhookSecret: WEBHOOK_SECRET,
      provider: PROVIDER,
      idempotent,
      retryForMs: 60_000,
      runId: `pg${Date.now().toString(36)}`,
      timeoutMs: 5000,
      observe: (kind, a: Answer) => seen.push({ at: Date.now(), status: a.status, kind }),
    });
    for (const p of players) await traffic.deposit(p, 100_000);
    log(`${SCENARIO}: private cluster at ${pg.url.replace(/\/postgres$/, '')}, ${PLAYERS} players, ${WORKERS} workers`);

    // Health and readiness as a load balancer would poll them (absent before they exist: 404).
    let polling = true;
    const poller = (async () => {
      while (polling) {
        for (const path of ['/api/health', '/api/ready']) {
          const a = await call(platform.baseUrl, 'GET', path, { timeoutMs: 2000 });
          const checks = a.body.checks as { database?: string } | undefined;
          probes.push({ at: Date.now(), status: a.status, kind: path, ...(checks?.database ? { database: checks.database } : {}) });
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();

    let running = true;
    let n = 0;
    const workers = Array.from({ length: WORKERS }, async (_, w) => {
      while (running) {
        const p = players[(n++ + w) % players.length]!;
        switch (n % 4) {
          case 0:
            await traffic.walletRead(p);
            break;
          case 1:
            await traffic.houseBet(p);
            break;
          case 2:
            await traffic.providerRound(p);
            break;
          default:
            await traffic.walletRead(p);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });

    await new Promise((resolve) => setTimeout(resolve, WARM_MS));
    const stoppedAt = Date.now();
    await pg.stop();
    log(`${SCENARIO}: PostgreSQL stopped`);
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
    await pg.start();
    const backAt = Date.now();
    log(`${SCENARIO}: PostgreSQL started again`);
    await new Promise((resolve) => setTimeout(resolve, AFTER_MS));
    const endAt = Date.now();
    running = false;
    await Promise.all(workers);
    await traffic.idle();
    polling = false;
    await poller;

    const alive = platform.pid() === pid && (await call(platform.baseUrl, 'GET', '/api/geoip')).status === 200;
    findings.push(finding(SCENARIO, 'platform process kept running (same pid)', alive ? `pid ${pid}` : 'it exited', alive));

    const outage = seen.filter((s) => s.at > stoppedAt + GRACE_MS && s.at <= backAt);
    const failures = outage.filter((s) => s.status < 200 || s.status >= 300);
    const by = (list: Seen[]) => countText([...list].sort((a, b) => a.status - b.status).map((s) => (s.status === 0 ? 'no answer' : String(s.status))));
    const non503 = failures.filter((s) => s.status !== 503);
    findings.push(
      finding(
        SCENARIO,
        'answers while the database is away',
        `${outage.length} answers: ${by(outage)}${non503.length > 0 ? ` (not 503: ${[...new Set(non503.map((s) => s.kind))].join(', ')})` : ''}`,
        failures.length > 0 && non503.length === 0,
      ),
    );

    const dbKinds = new Set(['wallet read', 'house bet', 'provider wallet']);
    const firstOk = seen.find((s) => s.at > backAt && s.status >= 200 && s.status < 300 && dbKinds.has(s.kind));
    const recovery = firstOk ? firstOk.at - backAt : null;
    const tail = seen.filter((s) => s.at > endAt - 4000 && s.at <= endAt);
    const tailFailures = tail.filter((s) => s.status === 0 || s.status >= 500);
    findings.push(
      finding(
        SCENARIO,
        'serving again without a restart',
        recovery === null ? 'never' : `first answer from the database ${(recovery / 1000).toFixed(1)} s after it was back; last 4 s: ${by(tail)}`,
        recovery !== null && recovery < 30_000 && tailFailures.length === 0,
      ),
    );

    const ready = probes.filter((s) => s.kind === '/api/ready');
    if (ready.every((s) => s.status === 404)) {
      findings.push(finding(SCENARIO, '/api/ready', 'absent (404)', false));
    } else {
      // Judged by its database check: the other checks (the sites this node does not build, say) are not this scenario's.
      const during = ready.filter((s) => s.at > stoppedAt + 2000 && s.at <= backAt);
      const lastReady = ready.filter((s) => s.at > endAt - 3000);
      const dbText = (list: Seen[]) => countText(list.map((s) => `${s.status} database ${s.database ?? '?'}`));
      findings.push(
        finding(
          SCENARIO,
          '/api/ready: database check failed while away, ok after',
          `away: ${dbText(during)}; after: ${dbText(lastReady)}`,
          during.length > 0 && during.every((s) => s.status === 503 && s.database === 'failed') && lastReady.length > 0 && lastReady.every((s) => s.database === 'ok'),
        ),
      );
      const health = probes.filter((s) => s.kind === '/api/health' && s.at > stoppedAt + GRACE_MS && s.at <= backAt);
      findings.push(finding(SCENARIO, '/api/health while away (process alive)', by(health), health.length > 0 && health.every((s) => s.status === 200)));
    }

    const ledger = await checkLedger(handle.db, { providerMovements: traffic.journal.providerMovements });
    printLedgerCheck(SCENARIO, ledger, log);
    findings.push(finding(SCENARIO, 'ledger check', `${ledger.figures[0]?.[1] ?? ''}; ${ledger.mismatches.length} mismatches`, ledger.mismatches.length === 0));
  } finally {
    await platform.stop().catch(() => undefined);
    await handle.close().catch(() => undefined);
    await pg.destroy();
  }
  return findings;
}
