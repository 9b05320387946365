/**
 * Keeps secrets and personal data out of the logs. Applied by the logger to
 * every record (message and fields), so a careless call site cannot leak:
 * - by key name: any field whose name mentions a password, token, secret,
 *   signature, authorization, cookie, CPF, Pix key (`pix_key`, `chave`, or a
 *   bare `key`), operator/API/private key, OTP or verification code is
 *   replaced whole;
 * - by value, in every string: CPF-like numbers (11 digits, bare or
 *   `000.000.000-00`) and `Bearer …` credentials.
 */

export const REDACTED = '[redacted]';

/** Names (lower-cased, `-` and `_` removed) whose values are never logged. */
const SECRET_KEY =
  /password|passwd|passphrase|secret|token|signature|authorization|cookie|cpf|pixkey|chave|operatorkey|apikey|privatekey|otp|verificationcode|credential|^key$|^keyvalue$/;

const CPF_LIKE = /(?<![A-Za-z0-9])(?:\d{11}|\d{3}\.\d{3}\.\d{3}-\d{2})(?![A-Za-z0-9])/g;
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=|-]+/gi;

/** Records are small; anything nested deeper is cut rather than walked. */
const MAX_DEPTH = 6;

/** Whether a field called `key` must be hidden whatever its value. */
export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key.toLowerCase().replace(/[-_\s]/g, ''));
}

/** `text` with CPF-like numbers and Bearer/Basic credentials replaced. */
export function maskText(text: string): string {
  return text.replace(CPF_LIKE, REDACTED).replace(BEARER, `$1 ${REDACTED}`);
}

/**
 * A copy of `value` safe to log: secret-named fields redacted, strings
 * masked, bigints as numbers (or strings past 2^53), Errors as
 * { name, message, stack }, cycles and deep nesting cut.
 */
export function maskLogValue(value: unknown, depth = 0, seen: WeakSet<object> = new WeakSet()): unknown {
  if (typeof value === 'string') return maskText(value);
  if (typeof value === 'bigint') return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER) ? Number(value) : value.toString();
  if (value === null || typeof value !== 'object') return typeof value === 'function' || typeof value === 'symbol' ? String(value) : value;
  if (seen.has(value)) return '[circular]';
  if (depth >= MAX_DEPTH) return '[nested]';
  seen.add(value);
  if (value instanceof Error) {
    const cause = (value as { cause?: unknown }).cause;
    return {
      name: value.name,
      message: maskText(value.message),
      ...(value.stack ? { stack: maskText(value.stack) } : {}),
      ...(cause === undefined ? {} : { cause: maskLogValue(cause, depth + 1, seen) }),
    };
  }
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((item) => maskLogValue(item, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = isSecretKey(key) ? REDACTED : maskLogValue(item, depth + 1, seen);
  return out;
}
