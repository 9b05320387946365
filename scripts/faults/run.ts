/**
 * `npm run test:faults`: the platform under faults, on PostgreSQL and Redis,
 * over its real HTTP API (not part of `npm test`: it needs PostgreSQL at
 * postgres://postgres@127.0.0.1:5432 (or BENCH_DATABASE_URL / TEST_DATABASE_URL),
 * Debian's PostgreSQL binaries and redis-server, and takes a few minutes).
 *
 * 1. platform SIGKILL (./crash.ts): money burst, kill -9 in the middle,
 *    restart, callers resend, every webhook delivered twice, books audited;
 * 2. PostgreSQL restart (./postgres-restart.ts): a private cluster stopped
 *    and started under load; the platform must answer 503 meanwhile and
 *    recover by itself;
 * 3. Redis restart (./redis-restart.ts): a private redis-server stopped and
 *    started under realtime load on two platform nodes.
 *
 * The scratch databases of 1 and 3 live on a private PostgreSQL cluster made
 * for the run (Debian's binaries, a temporary folder, a free port), so other
 * work on the machine's shared cluster — tests that reset every connection
 * of it, say — cannot disturb the run nor be disturbed by it; with
 * FAULTS_DATABASE_URL (a server URL) or without those binaries they are made
 * on that server or on the shared one (BENCH_DATABASE_URL, TEST_DATABASE_URL,
 * postgres://postgres@127.0.0.1:5432) instead, and dropped after.
 *
 * `-- --only crash|postgres|redis` runs one. Prints a summary table; exits 1
 * when any check fails.
 */
import { parseArgs } from 'node:util';
import { benchServerUrl } from '../bench/scratch-db.ts';
import { crashScenario } from './crash.ts';
import { postgresRestartScenario } from './postgres-restart.ts';
import { privatePostgres } from './private-services.ts';
import { redisRestartScenario } from './redis-restart.ts';
import { type Finding, finding, printSummary } from './report.ts';
import type { ScenarioContext } from './setup.ts';

const { values } = parseArgs({ options: { only: { type: 'string' } } });
const log = (line: string) => process.stdout.write(`${line}\n`);
const scenarios: Array<[string, (ctx: ScenarioContext) => Promise<Finding[]>]> = [
  ['crash', crashScenario],
  ['postgres', postgresRestartScenario],
  ['redis', redisRestartScenario],
];

const findings: Finding[] = [];
const started = performance.now();
const cluster = process.env.FAULTS_DATABASE_URL ? null : await privatePostgres();
await cluster?.start();
// pg_ctl's server outlives us unless stopped: an interrupted run removes it too.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void (cluster?.destroy() ?? Promise.resolve()).finally(() => process.exit(130)));
const databaseServer = process.env.FAULTS_DATABASE_URL ?? cluster?.url ?? benchServerUrl();
log(`scratch databases on ${cluster ? 'a private PostgreSQL cluster' : 'PostgreSQL'} at ${databaseServer.replace(/\/\/[^@]*@/, '//').replace(/\/[^/]*$/, '')}`);
for (const [name, run] of scenarios) {
  if (values.only && values.only !== name) continue;
  const t0 = performance.now();
  try {
    findings.push(...(await run({ log, databaseServer })));
  } catch (error) {
    findings.push(finding(name, 'scenario', `crashed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`, false));
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  log(`${name}: ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}
await cluster?.destroy();
log(`total ${((performance.now() - started) / 1000).toFixed(0)} s`);
process.exit(printSummary(findings) ? 0 : 1);
