import { defineConfig } from 'drizzle-kit';

/**
 * drizzle-kit reads each feature's tables and writes SQL migrations into
 * `drizzle/`; the platform applies them at start (server/db/migrate.ts).
 * Generating needs no database: `npm run db:generate`.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/features/*/schema.ts',
  out: './drizzle',
});
