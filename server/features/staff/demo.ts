import { eq } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import type { Logger } from '../../logger.ts';
import { hashPassword } from '../auth/password.ts';
import { findTenantByDomain } from '../tenants/find-tenant.ts';
import { staffUsers } from './schema.ts';

/** The demo back office's first admin of a demo tenant (development only: SEED_DEMO is refused in production). */
export const demoAdmin = (domain: string) => ({ email: `admin@${domain}`, password: 'demo-admin-password' });

/**
 * Gives each demo tenant without staff an admin, so `npm start` opens the
 * back office at once. TOTP is enrolled at the first login, as for anyone.
 * @returns the domains seeded.
 */
export async function seedDemoStaff(db: Db, domains: string[], log: Logger): Promise<string[]> {
  const seeded: string[] = [];
  for (const domain of domains) {
    const tenant = await findTenantByDomain(db, domain);
    if (!tenant) continue;
    const existing = await db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.tenantId, tenant.id)).limit(1);
    if (existing.length > 0) continue;
    const admin = demoAdmin(domain);
    const passwordHash = await hashPassword(admin.password);
    const inserted = await db.insert(staffUsers).values({ tenantId: tenant.id, email: admin.email, name: 'Admin demo', role: 'admin', passwordHash }).onConflictDoNothing().returning({ id: staffUsers.id });
    if (inserted.length === 0) continue;
    seeded.push(domain);
    log.info(`Seeded demo back-office admin of ${domain}: ${admin.email} / ${admin.password} (enrol TOTP at the first login)`);
  }
  return seeded;
}
