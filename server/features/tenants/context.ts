import type { TenantContext } from '../../http/context.ts';
import type { TenantRow } from './schema.ts';

/** The request-scoped view of a tenant row. */
export function toTenantContext(row: TenantRow): TenantContext {
  return { id: row.id, domain: row.domain, status: row.status, config: row.config };
}

/**
 * A tenant is closed to players while in maintenance: either its status says
 * so, or the operator switched its configuration's `active` flag off.
 */
export function isInMaintenance(tenant: TenantContext): boolean {
  return tenant.status === 'maintenance' || !tenant.config.active;
}
