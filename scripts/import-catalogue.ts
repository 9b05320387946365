/**
 * `npm run catalogue:import -- --tenant <domain> <file.json|file.csv> [--replace]`
 * imports an operator's casino catalogue (one row per game, the section 3
 * Game fields; see docs) into a tenant. The whole file is checked first:
 * any bad row → every problem is printed as "line N: …", nothing is
 * imported, exit 1. `--replace` hides the tenant's games missing from the file.
 *
 * By default it opens DATABASE_URL itself (migrating it first, like
 * `npm run build`). PGlite (a folder DATABASE_URL) allows one process only,
 * so while the platform runs on it, send the file to the running platform instead:
 *   --api http://127.0.0.1:4321 --key <operator key>
 * (POST /api/operator/catalogue; the key must be the tenant's own).
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../server/db/open.ts';
import { CatalogueImportError, importCatalogue, type ImportSummary } from '../server/features/casino/import/import-catalogue.ts';
import { guessFormat } from '../server/features/casino/import/read-file.ts';
import { findTenantByDomain } from '../server/features/tenants/find-tenant.ts';
import { configFromEnvOrExit } from '../server/main.ts';

const USAGE = 'Usage: npm run catalogue:import -- --tenant <domain> <file.json|file.csv> [--replace] [--api <platform URL> --key <operator key>]\n';
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { tenant: { type: 'string' }, replace: { type: 'boolean', default: false }, api: { type: 'string' }, key: { type: 'string' } },
});
const file = positionals[0];
if (!values.tenant || !file || positionals.length > 1 || (values.api !== undefined && !values.key)) {
  process.stderr.write(USAGE);
  process.exit(2);
}
const domain = values.tenant.trim().toLowerCase();

let text: string;
try {
  text = await readFile(file, 'utf8');
} catch (error) {
  process.stderr.write(`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
const format = guessFormat(basename(file), text);

function printSummary(s: ImportSummary): void {
  process.stdout.write(
    `Imported ${s.games} games into ${domain} (${s.created} new, ${s.updated} updated) from ${s.providers} providers` +
      (values.replace ? `; ${s.deactivated} games not in the file hidden` : '') +
      '\n',
  );
}

function printRefusal(lines: string[]): void {
  process.stderr.write(`${file}: nothing imported, ${lines.length} problem(s):\n${lines.map((l) => `  ${l}\n`).join('')}`);
  process.exitCode = 1;
}

if (values.api) {
  const url = new URL('/api/operator/catalogue', values.api);
  if (values.replace) url.searchParams.set('replace', '1');
  try {
    const response = await fetch(url, {
      method: 'POST',
      // Origin names the tenant, so a key of another tenant is refused (403) instead of importing elsewhere.
      headers: { 'Content-Type': format === 'json' ? 'application/json' : 'text/csv', 'X-Operator-Key': values.key!, Origin: `http://${domain}` },
      body: text,
    });
    const answer = (await response.json()) as { imported?: ImportSummary; message?: string; errors?: { file?: string[] } };
    if (response.ok && answer.imported) printSummary(answer.imported);
    else if (answer.errors?.file) printRefusal(answer.errors.file);
    else {
      process.stderr.write(`Refused (${response.status}): ${answer.message ?? 'unknown error'}\n`);
      process.exitCode = 1;
    }
  } catch (error) {
    process.stderr.write(`Could not reach the platform at ${url.origin}: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
} else {
  const config = configFromEnvOrExit();
  const database = await openDatabase(config.databaseUrl);
  try {
    await database.migrate();
    const tenant = await findTenantByDomain(database.db, domain);
    if (!tenant) {
      process.stderr.write(`No tenant has the domain ${domain}\n`);
      process.exitCode = 1;
    } else {
      printSummary(await importCatalogue(database.db, { tenantId: tenant.id, text, format, replace: values.replace }));
    }
  } catch (error) {
    if (!(error instanceof CatalogueImportError)) throw error;
    printRefusal(error.lines);
  } finally {
    await database.close();
  }
}
