import { afterEach, describe, expect, it } from 'vitest';
import { seedDemoTenants } from '../../../server/features/tenants/demo/seed.ts';
import { silentLog } from '../helpers/app.ts';
import { freshDatabase, type TestDatabase } from '../helpers/db.ts';
import { PRODUCTION_ENV } from '../helpers/production-env.ts';
import { type PlatformProcess, spawnPlatform } from './platform-process.ts';

/**
 * Issue 12, defects 2 and 3, as a supervisor sees the process: production
 * mode with development settings never starts (exit 1, every variable
 * named); the demo says it is one; a defect nobody caught is logged as JSON
 * and ends the process with 1, so the supervisor starts a clean one.
 */
let platform: PlatformProcess | null = null;
let tdb: TestDatabase | null = null;
afterEach(async () => {
  await platform?.stop();
  platform = null;
  await tdb?.close().catch(() => {});
  tdb = null;
});

/** On PostgreSQL, a database migrated and seeded here (the child's own start is quicker then); else the child's in-memory PGlite. */
async function demoDatabaseUrl(): Promise<string> {
  if (!process.env.TEST_DATABASE_URL) return 'memory://';
  tdb = await freshDatabase();
  await seedDemoTenants(tdb.handle.db, silentLog);
  await tdb.handle.close();
  return tdb.url;
}

/** A child process starts slowly on a loaded machine (PGlite migrating in memory included). */
const START = 120_000;

/** The JSON log lines the process printed. */
const logLines = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: string; msg: string; err?: { name: string; message: string } });

describe('the platform process', () => {
  it('refuses to start in production with the documented defaults: exit 1 naming every variable, nothing served', async () => {
    const failure = await spawnPlatform({ NODE_ENV: 'production', DATABASE_URL: 'memory://' }).then(
      (started) => ((platform = started), null),
      (error: unknown) => error as Error,
    );
    expect(failure?.message).toMatch(/^platform exited before serving \(1\)/);
    for (const variable of ['REALTIME_APP_SECRET', 'PIX_WEBHOOK_SECRET', 'PIX_PSP', 'GAME_AGGREGATOR', 'SMS_GATEWAY_URL', 'SMTP_URL', 'DATABASE_URL']) {
      expect(failure!.message).toContain(`  - ${variable} `);
    }
  }, START);

  it('refuses a production configuration with one short secret, naming only it', async () => {
    const failure = await spawnPlatform({ ...PRODUCTION_ENV, PIX_WEBHOOK_SECRET: 'a-twenty-char-secret' }).then(
      (started) => ((platform = started), null),
      (error: unknown) => error as Error,
    );
    expect(failure?.message).toMatch(/^platform exited before serving \(1\)/);
    expect(failure!.message).toContain('  - PIX_WEBHOOK_SECRET is shorter than 32 characters');
    expect(failure!.message).not.toContain('REALTIME_APP_SECRET');
  }, START);

  // One start for both (a start takes long on a loaded machine): the demo announces itself, then a defect ends it.
  it('starts the demo saying so, listing its sandboxes; an uncaught defect is logged as one JSON error line and exits 1 for the supervisor', async () => {
    platform = await spawnPlatform({ DATABASE_URL: await demoDatabaseUrl(), TEST_DEFECT_ON_SIGUSR2: '1' });
    const warnings = logLines(platform.output()).filter((line) => line.level === 'warn');
    expect(warnings.map((line) => line.msg)).toEqual(expect.arrayContaining([expect.stringMatching(/^DEMO MODE/), expect.stringMatching(/^Sandboxes and development defaults in use: .*PIX_PSP is sandbox/)]));
    expect((await fetch(`${platform.base}/api/health`)).status).toBe(200);

    platform.child.kill('SIGUSR2');
    expect(await platform.exited).toEqual({ code: 1, signal: null });
    const fatal = logLines(platform.output()).filter((line) => line.level === 'error');
    expect(fatal).toEqual([expect.objectContaining({ msg: expect.stringMatching(/^Uncaught exception, exiting/), err: expect.objectContaining({ name: 'TypeError', message: "Cannot read properties of null (reading 'write')" }) })]);
  }, 2 * START);

  it('drains and exits 1 when its log stream breaks (the reader gone, EPIPE), instead of spinning on the write errors', async () => {
    platform = await spawnPlatform({ DATABASE_URL: await demoDatabaseUrl(), LOG_LEVEL: 'info' });
    // The supervisor's log reader goes away: every later write of the node fails with EPIPE.
    platform.child.stdout!.destroy();
    platform.child.stderr!.destroy();
    // The request's log line is the first write to fail; the answer itself still goes out.
    expect((await fetch(`${platform.base}/api/health`)).status).toBe(200);
    expect(await platform.exited).toEqual({ code: 1, signal: null });
  }, 2 * START);
});
