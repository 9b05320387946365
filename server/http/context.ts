import type { StaffRole } from '../../src/contract/backoffice.ts';
import type { SiteConfig } from '../../src/contract/site-config.ts';

/**
 * Who is calling. Every platform call carries either a `Guest-ID` header
 * (`guest-` + random) or `Authorization: Bearer <token>` (spec section 6).
 */
export type Actor =
  | { kind: 'guest'; guestId: string }
  | { kind: 'user'; userId: number; name: string; tokenId: number };

/**
 * Who makes an operator call (`/api/operator/*`): a back-office staff member
 * signed in with password and TOTP, or the tenant's automation key.
 */
export type OperatorPrincipal =
  | { kind: 'staff'; staffId: number; email: string; role: StaffRole; sessionId: number }
  | { kind: 'operator_key' };

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
  /** Set on operator calls once authenticated (server/features/operator/auth.ts). */
  operator?: OperatorPrincipal;
  /** The state an operator call changes, as it was before, for the audit log (set by the route). */
  auditBefore?: unknown;
  /**
   * What the audit log records as the request, when the route says so
   * instead of the body (an image upload: its type, size and stored name,
   * never its bytes).
   */
  auditRequest?: unknown;
}

export interface AppEnv {
  Variables: AppVariables;
}
