import type { TenantContext } from '../../http/context.ts';
import type { TenantRow } from './schema.ts';

/**
 * The request-scoped view of a tenant row. `config.casino_id` is always the
 * row's own id, whatever the stored JSON says: it names the tenant's realtime
 * channels, so a value copied from another tenant (or left by an older
 * database) must never route this tenant's events or presence elsewhere.
 */
export function toTenantContext(row: TenantRow): TenantContext {
  return { id: row.id, domain: row.domain, status: row.status, config: { ...row.config, casino_id: row.id } };
}

/**
 * A tenant is closed to players while in maintenance: either its status says
 * so, or the operator switched its configuration's `active` flag off.
 */
export function isInMaintenance(tenant: TenantContext): boolean {
  return tenant.status === 'maintenance' || !tenant.config.active;
}
