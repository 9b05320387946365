import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * A repair of postgres-js 3.4.9 (the `postgres` package), applied to
 * node_modules by `npm install` (the `postinstall` script) until upstream
 * ships one (porsager/postgres#1066, #1154, #1208).
 *
 * The defect: when PostgreSQL drops a connection (`pg_terminate_backend`,
 * failover, restart) inside `sql.begin()`, the driver's own ROLLBACK — or
 * any query of a `reserve()` holder — is written to the dead connection.
 * Small writes are deferred with `setImmediate(nextWrite)`, which then calls
 * `socket.write` on the `null` socket: an uncaught `TypeError: Cannot read
 * properties of null (reading 'write')` that no `try/catch` can reach, and
 * the process dies. When it does not die, the deferred bytes and the stale
 * timer stay behind (closing clears the timer without forgetting it), so the
 * connection's next start-up message is never flushed and that pool slot
 * hangs until the connect timeout, every time.
 *
 * The repair: a query given to a connection whose socket is gone is rejected
 * at once with `CONNECTION_CLOSED` (a catchable error the platform answers
 * with 503); a deferred write finding no socket drops its bytes and rejects
 * its queries; closing or terminating a connection forgets the pending bytes
 * and timer, so a reconnected slot starts clean. Second defect, same
 * outcome: the array-type lookup each new connection runs is a promise
 * nobody awaits, so a connection dropped during it was an unhandled
 * rejection (the process exits); its failure now fails the waiting queries.
 * Third: a connection closing after a socket error left the queries handed
 * to it between the 'error' and 'close' events pending for ever (requests
 * hung); closing now fails them with `CONNECTION_CLOSED` too.
 */
export const DRIVER_PATCH_MARKER = 'casino-platform: postgres-js closed-socket repair';

/** One exact text of the driver and what replaces it (each must occur exactly once). */
export const DRIVER_EDITS: readonly (readonly [string, string])[] = [
  [
    `    if (stream)
      return queryError(q, Errors.generic('COPY_IN_PROGRESS', 'You cannot execute queries during copy'))
`,
    `    /* ${DRIVER_PATCH_MARKER}: a begin()/reserve() holder writing to a connection that closed under it */
    if (!socket)
      return queryError(q, Errors.connection('CONNECTION_CLOSED', options)), true

    if (stream)
      return queryError(q, Errors.generic('COPY_IN_PROGRESS', 'You cannot execute queries during copy'))
`,
  ],
  [
    `  function nextWrite(fn) {
    const x = socket.write(chunk, fn)
`,
    `  function nextWrite(fn) {
    if (!socket) { /* ${DRIVER_PATCH_MARKER}: the socket closed before these bytes went out */
      const err = Errors.connection('CONNECTION_CLOSED', options)
      clearImmediate(nextWriteTimer)
      chunk = nextWriteTimer = null
      query && queryError(query, err)
      while (sent.length)
        queryError(sent.shift(), err)
      fn && fn(err)
      return true
    }
    const x = socket.write(chunk, fn)
`,
  ],
  [
    `  function terminate() {
    terminated = true
    if (stream || query || initial || sent.length)
      error(Errors.connection('CONNECTION_DESTROYED', options))

    clearImmediate(nextWriteTimer)
`,
    `  function terminate() {
    terminated = true
    if (stream || query || initial || sent.length)
      error(Errors.connection('CONNECTION_DESTROYED', options))

    clearImmediate(nextWriteTimer)
    chunk = nextWriteTimer = null /* ${DRIVER_PATCH_MARKER} */
`,
  ],
  [
    `    incomings = null
    clearImmediate(nextWriteTimer)
    socket.removeListener('data', data)
`,
    `    incomings = null
    clearImmediate(nextWriteTimer)
    chunk = nextWriteTimer = null /* ${DRIVER_PATCH_MARKER} */
    socket.removeListener('data', data)
`,
  ],
  [
    `    !hadError && (query || sent.length) && error(Errors.connection('CONNECTION_CLOSED', options, socket))
`,
    `    /* ${DRIVER_PATCH_MARKER}: also after a socket error, a query handed over between the 'error' and 'close' events would wait for ever */
    ;(query || sent.length) && error(Errors.connection('CONNECTION_CLOSED', options, socket))
    query = errorResponse = null
`,
  ],
  [
    `      if (needsTypes) {
        initial.reserve && (initial = null)
        return fetchArrayTypes()
      }
`,
    `      if (needsTypes) {
        initial.reserve && (initial = null)
        /* ${DRIVER_PATCH_MARKER}: a connection dropped while fetching array types fails its queries instead of an unhandled rejection */
        return fetchArrayTypes().catch(error)
      }
`,
  ],
];

/** The driver's connection module in each of its builds (ESM, CommonJS, Cloudflare). */
export const DRIVER_BUILDS = ['src/connection.js', 'cjs/src/connection.js', 'cf/src/connection.js'] as const;

/** Folder of the installed `postgres` package. */
export function postgresPackageDir(): string {
  // `exports` hides package.json; the CommonJS entry is `cjs/src/index.js`.
  return join(dirname(createRequire(import.meta.url).resolve('postgres')), '..', '..');
}

/**
 * Applies the repair to the driver installed in `packageDir`; idempotent
 * (edits already present are skipped).
 * Returns the files it changed (none when already repaired). Throws, naming
 * the file, when the driver's text is not the one the repair was written for
 * (a new postgres version): check whether it still needs the repair, then
 * update or remove this file.
 */
export async function patchPostgresDriver(packageDir = postgresPackageDir()): Promise<string[]> {
  const changed: string[] = [];
  for (const build of DRIVER_BUILDS) {
    const file = join(packageDir, build);
    const original = await readFile(file, 'utf8');
    let text = original;
    for (const [from, to] of DRIVER_EDITS) {
      if (text.includes(to)) continue;
      const at = text.indexOf(from);
      if (at < 0 || text.indexOf(from, at + 1) >= 0) {
        throw new Error(`${file}: unexpected postgres-js source, the closed-socket repair does not apply (see server/db/driver-patch.ts)`);
      }
      text = text.slice(0, at) + to + text.slice(at + from.length);
    }
    if (text === original) continue;
    await writeFile(file, text);
    changed.push(file);
  }
  return changed;
}

/** Whether the driver the platform loads carries the repair (checked at start, to warn when installs skipped it). */
export async function isPostgresDriverPatched(packageDir = postgresPackageDir()): Promise<boolean> {
  const texts = await Promise.all(DRIVER_BUILDS.map((build) => readFile(join(packageDir, build), 'utf8').catch(() => '')));
  return texts.every((text) => DRIVER_EDITS.every(([, to]) => text.includes(to)));
}
