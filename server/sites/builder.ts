import { randomUUID } from 'node:crypto';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import type { TenantBundle } from '../../src/contract/tenant-bundle.ts';
import type { SiteBuild, SiteBuilder as OperatorSiteBuilder } from '../features/operator/site-builder.ts';
import { buildTenantSite, type BuildTenantOptions } from './build-tenant.ts';
import { FALLBACK_SITE, siteLinkPath, siteNameForBuild } from './layout.ts';
import type { PublicFile } from './public-dir.ts';

/** One build as the builder remembers it (ids expire after MAX_RECORDS newer builds). */
export interface SiteBuildRecord extends SiteBuild {
  /** When the build was requested (ISO 8601). */
  queuedAt: string;
  /** When astro started (ISO 8601); absent while queued. */
  startedAt?: string;
  finishedAt?: string;
  /** HTML pages emitted, once succeeded. */
  pages?: number;
  /** Build wall time, once finished. */
  ms?: number;
}

export interface SiteBuilderDeps {
  /** The tenant's current bundle; read when its build starts, so a queued build sees the latest data. */
  loadBundle(domain: string): Promise<TenantBundle>;
  /** Every tenant domain (for buildAll). */
  listDomains(): Promise<string[]>;
  /** The files the tenant's site serves besides its repository assets (uploaded images), read when its build starts. Default: none. */
  loadPublicFiles?(domain: string): AsyncIterable<PublicFile>;
  sitesDir: string;
  log?: (line: string) => void;
  /** A failed or skipped build (the operator's site is not what they asked for): a warning, so it shows at LOG_LEVEL=warn. Defaults to `log`. */
  warn?: (line: string) => void;
  /** Passed to every buildTenantSite call (tests point these at a small astro project). */
  buildOptions?: Pick<BuildTenantOptions, 'projectRoot' | 'astroBin' | 'env' | 'keepPrevious' | 'imageCacheDir'>;
}

export interface SiteBuilder extends OperatorSiteBuilder {
  /** Queues a rebuild of `domain` (coalescing with a still-queued one) and returns at once. */
  rebuild(domain: string): Promise<SiteBuildRecord>;
  status(id: string): Promise<SiteBuildRecord | null>;
  /** Resolves when build `id` has finished (succeeded or failed); null for an unknown id. */
  settled(id: string): Promise<SiteBuildRecord | null>;
  /** Builds every tenant (or only those with no site yet) and resolves when all have finished. */
  buildAll(opts?: { onlyMissing?: boolean }): Promise<SiteBuildRecord[]>;
  /** Builds the fallback site if it is missing (or always with `force`); resolves when done. */
  ensureFallback(opts?: { force?: boolean }): Promise<SiteBuildRecord | null>;
}

/** Finished builds remembered for status(); older ones are forgotten first. */
const MAX_RECORDS = 500;

/** True when the site `name` has a served build with an index page. */
export async function siteExists(sitesDir: string, name: string): Promise<boolean> {
  try {
    await access(join(siteLinkPath(sitesDir, name), 'index.html'));
    return true;
  } catch {
    return false;
  }
}

/**
 * The platform's site builder: builds tenants one at a time in the background.
 * Guarantees: a request for a domain whose previous request is still queued
 * returns that same build (coalescing); a request while that domain is already
 * building queues one more build (its data may have changed since the first
 * read its bundle); a build only ever touches its own tenant's site; failures
 * are recorded with their reason and leave the old site serving.
 */
export function createSiteBuilder(deps: SiteBuilderDeps): SiteBuilder {
  const log = deps.log ?? (() => {});
  const warn = deps.warn ?? log;
  const records = new Map<string, SiteBuildRecord>();
  const done = new Map<string, Promise<SiteBuildRecord>>();
  const queued = new Map<string, SiteBuildRecord>();
  let chain: Promise<unknown> = Promise.resolve();

  const remember = (record: SiteBuildRecord, finished: Promise<SiteBuildRecord>): void => {
    records.set(record.id, record);
    done.set(record.id, finished);
    if (records.size <= MAX_RECORDS) return;
    for (const [id, old] of records) {
      if (records.size <= MAX_RECORDS) break;
      if (old.status === 'succeeded' || old.status === 'failed') {
        records.delete(id);
        done.delete(id);
      }
    }
  };

  const run = async (record: SiteBuildRecord, domain: string | null, name: string): Promise<SiteBuildRecord> => {
    queued.delete(name);
    record.status = 'building';
    record.startedAt = new Date().toISOString();
    try {
      const bundle = domain === null ? null : await deps.loadBundle(domain);
      const publicFiles = domain !== null && deps.loadPublicFiles ? deps.loadPublicFiles(domain) : undefined;
      const result = await buildTenantSite({ ...deps.buildOptions, domain, bundle, sitesDir: deps.sitesDir, log, ...(publicFiles ? { publicFiles } : {}) });
      record.status = 'succeeded';
      record.pages = result.pages;
      record.ms = Math.round(result.ms);
    } catch (error) {
      record.status = 'failed';
      record.error = error instanceof Error ? error.message : String(error);
      warn(`[sites] build ${record.id} of ${name} failed; the previous site keeps serving: ${record.error}`);
    }
    record.finishedAt = new Date().toISOString();
    return record;
  };

  const enqueue = (domain: string | null): SiteBuildRecord => {
    const name = siteNameForBuild(domain);
    const waiting = queued.get(name);
    if (waiting) return waiting;
    const record: SiteBuildRecord = { id: randomUUID(), domain: name, status: 'queued', queuedAt: new Date().toISOString() };
    queued.set(name, record);
    const finished = chain.then(() => run(record, domain, name));
    chain = finished;
    remember(record, finished);
    return record;
  };

  const settled = async (id: string): Promise<SiteBuildRecord | null> => {
    const record = await done.get(id);
    return record ? { ...record } : null;
  };

  return {
    async rebuild(domain) {
      return { ...enqueue(domain.toLowerCase()) };
    },
    async status(id) {
      const record = records.get(id);
      return record ? { ...record } : null;
    },
    settled,
    async buildAll(opts = {}) {
      const domains = await deps.listDomains();
      const started: SiteBuildRecord[] = [];
      for (const domain of domains) {
        let name: string;
        try {
          name = siteNameForBuild(domain.toLowerCase());
        } catch (error) {
          warn(`[sites] skipped ${JSON.stringify(domain)}: ${(error as Error).message}`);
          continue;
        }
        if (opts.onlyMissing && (await siteExists(deps.sitesDir, name))) continue;
        started.push(enqueue(name));
      }
      const finished = await Promise.all(started.map((record) => settled(record.id)));
      return finished.filter((record): record is SiteBuildRecord => record !== null);
    },
    async ensureFallback(opts = {}) {
      if (!opts.force && (await siteExists(deps.sitesDir, FALLBACK_SITE))) return null;
      return settled(enqueue(null).id);
    },
  };
}
