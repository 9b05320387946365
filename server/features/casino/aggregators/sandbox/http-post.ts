import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** An answer, or why there was none: `timeout` or the socket error's code (`ECONNREFUSED`…). */
export type PostOutcome = { kind: 'answer'; status: number; body: string } | { kind: 'no_answer'; reason: string };

/** Posts one request; the sandbox's only way to reach the platform. Tests may replace it. */
export type HttpPost = (url: string, opts: { host: string; headers: Record<string, string>; body: string; timeoutMs: number }) => Promise<PostOutcome>;

/**
 * POST with node:http(s), because the `Host` header must name the tenant
 * (`sorte.localhost`) while the connection goes to the platform's address
 * (`127.0.0.1:4321`), and Node's fetch ignores a `Host` header it is given.
 * The whole exchange (connect, send, answer) must end within `timeoutMs`.
 */
export const nodeHttpPost: HttpPost = (url, opts) =>
  new Promise((resolve) => {
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    let settled = false;
    const finish = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const req = send(
      target,
      {
        method: 'POST',
        headers: { ...opts.headers, host: opts.host, 'content-type': 'application/json', 'content-length': Buffer.byteLength(opts.body) },
        // TLS still checks the certificate of the platform's address, whatever Host says.
        ...(target.protocol === 'https:' ? { servername: target.hostname } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => finish({ kind: 'answer', status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', (error: NodeJS.ErrnoException) => finish({ kind: 'no_answer', reason: error.code ?? error.message }));
      },
    );
    const timer = setTimeout(() => {
      finish({ kind: 'no_answer', reason: 'timeout' });
      req.destroy();
    }, opts.timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) => finish({ kind: 'no_answer', reason: error.code ?? error.message }));
    req.end(opts.body);
  });
