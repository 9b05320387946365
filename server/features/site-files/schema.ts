import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { staffUsers } from '../staff/schema.ts';
import { tenants } from '../tenants/schema.ts';

/**
 * `bytea` as a Uint8Array whichever driver is underneath (PGlite answers a
 * Uint8Array, postgres-js a Buffer; both take a Buffer).
 */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) => new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Images an operator uploaded for the tenant's site (issue 21), kept in the
 * database with the rest of the tenant's data (every node and every build
 * reads the same), and written into each build's public folder as
 * `uploads/<name>`. `name` is content-addressed (sha256 of `bytes`), hence
 * unique per tenant: the same image sent twice is one row. `uploaded_by` is
 * the staff member who sent it (null with the operator key).
 */
export const siteFiles = pgTable(
  'site_files',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    size: integer('size').notNull(),
    uploadedBy: integer('uploaded_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('site_files_name_idx').on(t.tenantId, t.name),
    index('site_files_tenant_idx').on(t.tenantId, t.id),
    check('site_files_size_check', sql`${t.size} = octet_length(${t.bytes}) and ${t.size} > 0`),
  ],
);

export type SiteFileRow = typeof siteFiles.$inferSelect;
