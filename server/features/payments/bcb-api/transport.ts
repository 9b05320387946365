import https from 'node:https';
import { PspError } from './errors.ts';

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** What is attempted, for error messages (`PUT /cob/{txid}`, `token`). */
  operation: string;
}

export interface HttpAnswer {
  status: number;
  contentType: string;
  text: string;
}

/** Sends one request; rejects only with PspError (network, timeout, TLS), never for an HTTP status. */
export type HttpTransport = (request: HttpRequest) => Promise<HttpAnswer>;

/** Answers above this size are cut off: the API's answers are a few kilobytes. */
const MAX_ANSWER_BYTES = 1024 * 1024;

/*
 * Node reports TLS failures by OpenSSL alert or verification code: the PSP
 * refusing our certificate (ERR_SSL_…_ALERT_…) or us refusing theirs
 * (UNABLE_TO_VERIFY_LEAF_SIGNATURE, ERR_TLS_CERT_ALTNAME_INVALID …).
 */
const TLS_CODE = /^(ERR_SSL_|ERR_TLS_)|CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)/;

/** What was seen of the connection when a request failed. */
interface Seen {
  timedOut: boolean;
  /** A new connection finished its TLS handshake and the PSP then closed it without an answer. */
  closedAfterHandshake: boolean;
}

function failure(request: HttpRequest, error: NodeJS.ErrnoException, seen: Seen, timeoutMs: number): PspError {
  const code = error.code ?? '';
  const timedOut = seen.timedOut;
  if (timedOut) {
    return new PspError({ operation: request.operation, status: null, type: 'timeout', title: `no answer within ${timeoutMs} ms`, cause: error });
  }
  if (TLS_CODE.test(code)) {
    return new PspError({
      operation: request.operation,
      status: null,
      type: 'tls',
      title: 'TLS handshake with the PSP failed; check PIX_PSP_CERT_FILE, PIX_PSP_KEY_FILE and PIX_PSP_CA_FILE',
      detail: `${code}: ${error.message}`,
      cause: error,
    });
  }
  if (seen.closedAfterHandshake && (code === 'ECONNRESET' || code === 'EPIPE')) {
    // Servers that check the client certificate after the handshake (Node's
    // own, some proxies) just hang up instead of sending a TLS alert. It stays
    // transient: a crash looks the same, and the PSP may have read the request.
    return new PspError({
      operation: request.operation,
      status: null,
      type: 'network',
      title: 'the PSP closed the connection right after the TLS handshake without answering; it may be refusing the client certificate (PIX_PSP_CERT_FILE, PIX_PSP_KEY_FILE)',
      detail: `${code}: ${error.message}`,
      cause: error,
    });
  }
  return new PspError({
    operation: request.operation,
    status: null,
    type: 'network',
    title: 'could not reach the PSP',
    detail: code ? `${code}: ${error.message}` : error.message,
    cause: error,
  });
}

/** A kept-alive connection the PSP had closed while idle: nothing was sent, so sending again is safe. */
class StaleConnection {
  readonly error: PspError;
  constructor(error: PspError) {
    this.error = error;
  }
}

/**
 * HTTPS through `agent` (which carries the client certificate), with a
 * deadline on each attempt: connecting, sending and reading the answer. A
 * request that failed on a reused connection before any answer is sent once
 * more on a new one (the race between reuse and the PSP's idle close); every
 * request here is idempotent (GET, PUT by id, the token POST).
 */
export function createHttpsTransport(agent: https.Agent, timeoutMs: number): HttpTransport {
  const attempt = attemptOver(agent, timeoutMs);
  return async (request) => {
    try {
      return await attempt(request);
    } catch (error) {
      if (!(error instanceof StaleConnection)) throw error;
      return attempt(request).catch((again: unknown) => {
        throw again instanceof StaleConnection ? again.error : again;
      });
    }
  };
}

function attemptOver(agent: https.Agent, timeoutMs: number): (request: HttpRequest) => Promise<HttpAnswer> {
  return (request) =>
    new Promise<HttpAnswer>((resolve, reject) => {
      let settled = false;
      let timedOut = false;
      let handshaken = false;
      let answered = false;
      const seen = (): Seen => ({ timedOut, closedAfterHandshake: handshaken && !answered });
      const settle = (fn: () => void): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        fn();
      };
      const headers: Record<string, string | number> = { ...request.headers };
      if (request.body !== undefined) headers['Content-Length'] = Buffer.byteLength(request.body);

      const req = https.request(request.url, { method: request.method, headers, agent }, (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) {
            req.destroy(new Error(`answer larger than ${MAX_ANSWER_BYTES} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () =>
          settle(() =>
            resolve({
              status: res.statusCode ?? 0,
              contentType: String(res.headers['content-type'] ?? ''),
              text: Buffer.concat(chunks).toString('utf8'),
            }),
          ),
        );
        res.on('error', (error) => settle(() => reject(failure(request, error, seen(), timeoutMs))));
      });
      const timer = setTimeout(() => {
        timedOut = true;
        req.destroy(new Error('timeout'));
      }, timeoutMs);
      req.on('socket', (socket) => {
        if (!req.reusedSocket) socket.once('secureConnect', () => (handshaken = true));
      });
      req.on('error', (error: NodeJS.ErrnoException) =>
        settle(() => {
          const pspError = failure(request, error, seen(), timeoutMs);
          const stale = req.reusedSocket && !answered && !timedOut && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
          reject(stale ? new StaleConnection(pspError) : pspError);
        }),
      );
      req.end(request.body);
    });
}
