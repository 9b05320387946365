/**
 * Failures of the real PSP, in one type. The Pix API answers errors as RFC
 * 7807 problem details (`type`, `title`, `status`, `detail`, `violacoes`);
 * failures with no answer at all (network, timeout, TLS) get our own `type`.
 * Callers branch on `transient`: retry later, or treat as a refusal.
 */

/** One broken rule of a refused request (`violacoes[]` of the standard's `Problema`). */
export interface PspViolation {
  razao?: string;
  propriedade?: string;
  valor?: string;
}

/**
 * Our `type` for failures that are not a PSP's problem-details answer:
 * - `network`: no answer (refused, reset, DNS); transient.
 * - `timeout`: no full answer within the request timeout; transient.
 * - `tls`: the TLS handshake failed (certificate refused or untrusted); a
 *   configuration problem, not transient.
 * - `invalid_answer`: a 2xx answer the adapter cannot read (not JSON, missing fields).
 * - `oauth:<error>`: the token endpoint refused (`invalid_client`, `invalid_scope` …).
 * - `http`: an error status without a problem-details body.
 */
export type PspLocalErrorType = 'network' | 'timeout' | 'tls' | 'invalid_answer' | 'http' | `oauth:${string}`;

export interface PspErrorInit {
  /** What was attempted, e.g. `PUT /cob/{txid}` or `token`. */
  operation: string;
  /** HTTP status of the answer; null when there was none. */
  status: number | null;
  /** The problem's `type` URI, or a `PspLocalErrorType`. */
  type: string;
  title: string;
  detail?: string;
  violations?: PspViolation[];
  cause?: unknown;
}

/** Statuses worth retrying: the PSP may answer differently later. */
const TRANSIENT_STATUSES = new Set([408, 425, 429]);

export class PspError extends Error {
  readonly operation: string;
  readonly status: number | null;
  readonly type: string;
  readonly title: string;
  readonly detail: string | undefined;
  readonly violations: PspViolation[];
  /**
   * True when trying again later may succeed (5xx, 408/425/429, network,
   * timeout); false when the PSP refused this request (other 4xx), refused our
   * credentials or certificate, or answered something unreadable.
   */
  readonly transient: boolean;

  constructor(init: PspErrorInit) {
    const answer = init.status === null ? init.type : `${init.status}`;
    super(`PSP ${init.operation} failed (${answer}): ${init.title}${init.detail ? `: ${init.detail}` : ''}`, { cause: init.cause });
    this.name = 'PspError';
    this.operation = init.operation;
    this.status = init.status;
    this.type = init.type;
    this.title = init.title;
    this.detail = init.detail;
    this.violations = init.violations ?? [];
    this.transient =
      init.status === null
        ? init.type === 'network' || init.type === 'timeout'
        : init.status >= 500 || TRANSIENT_STATUSES.has(init.status);
  }
}

/** True for a PspError a later retry may cure (5xx, 408/425/429, network failure, timeout). */
export function isTransientPspError(error: unknown): error is PspError {
  return error instanceof PspError && error.transient;
}

/** True for a PspError where the PSP refused the request itself (e.g. an unknown key, 4xx): retrying will not help. */
export function isRefusedPspError(error: unknown): error is PspError {
  return error instanceof PspError && !error.transient && error.status !== null && error.status >= 400 && error.status < 500;
}

const str = (x: unknown): string | undefined => (typeof x === 'string' && x !== '' ? x : undefined);

/** A non-2xx answer → PspError, reading the standard's problem details when the body has them. */
export function problemError(operation: string, status: number, body: string): PspError {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    parsed = undefined;
  }
  const p = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  const violations = Array.isArray(p.violacoes)
    ? p.violacoes
        .filter((x): x is Record<string, unknown> => typeof x === 'object' && x !== null)
        .map((x) => ({ razao: str(x.razao), propriedade: str(x.propriedade), valor: str(x.valor) }))
    : [];
  const snippet = body.trim().slice(0, 200);
  return new PspError({
    operation,
    status,
    type: str(p.type) ?? 'http',
    title: str(p.title) ?? `HTTP ${status}`,
    detail: str(p.detail) ?? (str(p.type) ? undefined : snippet || undefined),
    violations,
  });
}
