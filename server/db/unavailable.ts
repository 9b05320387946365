/**
 * Errors meaning "the database cannot answer right now" rather than "this
 * request is wrong": the connection was dropped or refused, the server is
 * shutting down or starting, or a bounded wait ran out. The platform answers
 * them with 503 and `Retry-After` (server/http/on-error.ts): the same request
 * may well succeed a moment later, on a reconnected pool or another node.
 */

/** Error codes of postgres-js itself (the driver's connection states). */
const DRIVER_CODES = new Set(['CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT']);

/** Socket errors of Node reaching the database server. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception) is matched by its
 * prefix; 57P01 admin_shutdown (pg_terminate_backend, a fast shutdown),
 * 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, recovery),
 * 53300 too_many_connections, 57014 query_canceled (the statement timeout),
 * 55P03 lock_not_available, 25P03 idle_in_transaction_session_timeout.
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014', '55P03', '25P03']);

/** Seconds a client is asked to wait before retrying (`Retry-After`). */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/**
 * Whether `error` (or any error in its `cause` chain: Drizzle wraps driver
 * errors in `DrizzleQueryError`) says the database is unreachable or
 * overloaded for now. Any other error, a constraint violation included, is
 * not.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code !== 'string') continue;
    if (DRIVER_CODES.has(code) || SOCKET_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  return false;
}
