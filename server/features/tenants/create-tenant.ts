import { eq } from 'drizzle-orm';
import type { SiteConfig } from '../../../src/contract/site-config.ts';
import type { Category } from '../../../src/contract/tenant-bundle.ts';
import type { Db } from '../../db/open.ts';
import { sha256Hex } from '../../db/hash.ts';
import type { TenantContext } from '../../http/context.ts';
import { toTenantContext } from './context.ts';
import { normalizeDomain } from './host.ts';
import { type PageInput, upsertTenantPage } from './pages.ts';
import { categories, tenants } from './schema.ts';
import { validateSiteConfig } from './validate-config.ts';
import { ValidationError } from '../../http/errors.ts';

export interface NewTenant {
  domain: string;
  status: TenantContext['status'];
  /** Without `casino_id`: that is always the new tenant's own id (any value given is replaced). */
  config: Omit<SiteConfig, 'casino_id'> & { casino_id?: number };
  /** Plain operator API key; only its digest is stored. */
  operatorKey: string;
  pages: PageInput[];
  categories: Category[];
}

/**
 * Creates a tenant with its pages and categories in one transaction.
 * @returns the new tenant, or null when the domain is already taken.
 * @throws ValidationError for an invalid domain or configuration.
 */
export async function createTenant(db: Db, input: NewTenant): Promise<TenantContext | null> {
  const domain = normalizeDomain(input.domain);
  if (!domain) throw new ValidationError({ domain: ['must be a host name such as casino.example'] });
  // The id, and so casino_id, is the database's to give: validate with a stand-in, store the real one once inserted.
  const config = validateSiteConfig({ ...input.config, casino_id: 1 });
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(tenants)
      .values({ domain, status: input.status, config, operatorKeyHash: sha256Hex(input.operatorKey) })
      .onConflictDoNothing({ target: tenants.domain })
      .returning({ id: tenants.id });
    if (!inserted) return null;
    const [row] = await tx
      .update(tenants)
      .set({ config: { ...config, casino_id: inserted.id } })
      .where(eq(tenants.id, inserted.id))
      .returning();
    if (!row) throw new Error('tenant insert returned no row');
    for (const page of input.pages) await upsertTenantPage(tx, row.id, page);
    if (input.categories.length > 0) {
      await tx.insert(categories).values(
        input.categories.map((c) => ({ tenantId: row.id, slug: c.slug, namePt: c.name.pt, nameEn: c.name.en, icon: c.icon ?? null, sortOrder: c.order })),
      );
    }
    return toTenantContext(row);
  });
}
