/**
 * The contract between the operator API and whatever rebuilds a tenant's
 * static site (implemented in `server/sites/`). The operator routes only
 * start builds and report on them; building, the atomic swap and keeping the
 * old site serving when a build fails are the builder's job.
 */

/** Lifecycle of one tenant build. A failed build leaves the previous site serving. */
export type SiteBuildStatus = 'queued' | 'building' | 'succeeded' | 'failed';

export interface SiteBuild {
  /** Opaque, unique build id (returned to the operator, used to poll). */
  id: string;
  /** The tenant domain the build belongs to; the operator API hides other tenants' builds. */
  domain: string;
  status: SiteBuildStatus;
  /** Human-readable reason when `status` is 'failed'. */
  error?: string;
}

export interface SiteBuilder {
  /**
   * Starts (or queues) a rebuild of one tenant's site and returns at once;
   * it never rebuilds another tenant.
   */
  rebuild(domain: string): Promise<SiteBuild>;
  /** The build with this id, or null when unknown (e.g. expired from memory). */
  status(id: string): Promise<SiteBuild | null>;
}
