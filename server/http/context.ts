import type { SiteConfig } from '../../src/contract/site-config.ts';

/**
 * Who is calling. Every platform call carries either a `Guest-ID` header
 * (`guest-` + random) or `Authorization: Bearer <token>` (spec section 6).
 */
export type Actor =
  | { kind: 'guest'; guestId: string }
  | { kind: 'user'; userId: number; name: string; tokenId: number };

/** The tenant a request belongs to, resolved from its domain. */
export interface TenantContext {
  id: number;
  domain: string;
  status: 'active' | 'maintenance';
  config: SiteConfig;
}

/** Hono variables set by the platform's middleware, shared by every feature's routes. */
export interface AppVariables {
  tenant: TenantContext;
  actor: Actor | null;
  /** The `lmcp` marketing parameter sent by the site, if any. */
  lmcp: string | null;
}

export interface AppEnv {
  Variables: AppVariables;
}
