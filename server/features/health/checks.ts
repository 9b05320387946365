import { sql } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { redisReachable } from '../../realtime/redis-reachable.ts';
import { FALLBACK_SITE, siteExists } from '../../sites/index.ts';

/** What readiness depends on; a null part is not checked. */
export interface ReadinessDeps {
  db: Db;
  /** REDIS_URL when configured: the nodes share realtime state through it. */
  redisUrl: string | null;
  /** SITES_DIR when this node serves the sites: at least the fallback site must be built. */
  sitesDir: string | null;
  /** True once the node drains for shutdown: the load balancer must stop sending it traffic. */
  isDraining: () => boolean;
}

export type CheckName = 'draining' | 'database' | 'redis' | 'sites';
export type CheckResult = 'ok' | 'failed' | 'skipped';

/** Longest wait for the database's answer: a probe must answer well within a load balancer's timeout. */
const DATABASE_PROBE_MS = 1000;

/** Runs every readiness check in parallel; never throws (a failing check is `failed`). */
export async function checkReadiness(deps: ReadinessDeps): Promise<Record<CheckName, CheckResult>> {
  const [database, redis, sites] = await Promise.all([
    passes(withTimeout(deps.db.execute(sql`select 1`), DATABASE_PROBE_MS)),
    deps.redisUrl ? passes(redisReachable(deps.redisUrl).then((up) => up || Promise.reject(new Error('no PONG')))) : ('skipped' as const),
    deps.sitesDir ? passes(siteExists(deps.sitesDir, FALLBACK_SITE).then((built) => built || Promise.reject(new Error('no fallback site')))) : ('skipped' as const),
  ]);
  return { draining: deps.isDraining() ? 'failed' : 'ok', database, redis, sites };
}

async function passes(check: Promise<unknown>): Promise<CheckResult> {
  try {
    await check;
    return 'ok';
  } catch {
    return 'failed';
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
