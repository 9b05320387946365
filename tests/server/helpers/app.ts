import type { Hono } from 'hono';
import { createApp } from '../../../server/app.ts';
import { type Config, getConfig } from '../../../server/config.ts';
import type { Db } from '../../../server/db/open.ts';
import type { SiteBuild, SiteBuilder } from '../../../server/features/operator/site-builder.ts';
import type { AppEnv } from '../../../server/http/context.ts';
import { createLogger, type Logger, type LogSink } from '../../../server/logger.ts';

/** Records rebuild requests; builds "succeed" when `finish` is called. */
export interface FakeSiteBuilder extends SiteBuilder {
  requested: string[];
  finish(id: string, status: SiteBuild['status']): void;
}

export function fakeSiteBuilder(): FakeSiteBuilder {
  const builds = new Map<string, SiteBuild>();
  const requested: string[] = [];
  return {
    requested,
    async rebuild(domain) {
      requested.push(domain);
      const build: SiteBuild = { id: `build-${builds.size + 1}`, domain, status: 'queued' };
      builds.set(build.id, build);
      return { ...build };
    },
    async status(id) {
      const build = builds.get(id);
      return build ? { ...build } : null;
    },
    finish(id, status) {
      const build = builds.get(id);
      if (build) build.status = status;
    },
  };
}

export function testConfig(env: Record<string, string> = {}): Config {
  return getConfig({ DATABASE_URL: 'memory://', LOG_LEVEL: 'silent', ...env });
}

export function testApp(db: Db, opts: { env?: Record<string, string>; sites?: SiteBuilder; extraRoutes?: Hono<AppEnv>[]; logger?: Logger } = {}): Hono {
  const config = testConfig(opts.env);
  return createApp({
    db,
    config,
    sites: opts.sites ?? fakeSiteBuilder(),
    logger: opts.logger ?? createLogger('silent'),
    ...(opts.extraRoutes ? { extraRoutes: opts.extraRoutes } : {}),
  });
}

/** Seeds the demo tenants quietly. */
export { seedDemoTenants } from '../../../server/features/tenants/demo/seed.ts';
export const silentLog = createLogger('silent');

/** A logger at `level` whose JSON lines are kept in `lines` (and parsed in `records()`), for tests that read the log. */
export function capturingLogger(level: 'debug' | 'info' = 'debug'): { log: Logger; lines: string[]; records(): Array<Record<string, unknown>> } {
  const lines: string[] = [];
  const sink: LogSink = (line) => void lines.push(line);
  return { log: createLogger(level, sink), lines, records: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}
