/**
 * `postinstall`: repairs the installed postgres-js so a dropped database
 * connection cannot crash the platform (server/db/driver-patch.ts says what
 * and why). Idempotent; fails the install when the driver's source is not the
 * one the repair was written for.
 */
import { relative } from 'node:path';
import { patchPostgresDriver } from '../server/db/driver-patch.ts';

const changed = await patchPostgresDriver();
for (const file of changed) process.stdout.write(`[postinstall] repaired ${relative(process.cwd(), file)} (closed-socket writes)\n`);
