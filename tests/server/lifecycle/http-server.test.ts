import { request as httpRequest, Agent, type IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type HttpServer, listenHttp } from '../../../server/lifecycle/http-server.ts';

/**
 * Issue 12, defect 7 (idle connections were never closed) and the HTTP half
 * of defect 4 (draining): the platform's HTTP server on a tiny app.
 */
let server: HttpServer | null = null;
afterEach(async () => {
  server?.destroy();
  server?.server.close();
  server = null;
});

/** `/slow` answers once `release` is called; anything else at once. */
function slowApp() {
  let release = (): void => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let startedSlow = (): void => {};
  const slowStarted = new Promise<void>((resolve) => (startedSlow = resolve));
  const fetch = async (req: Request) => {
    if (new URL(req.url).pathname === '/slow') {
      startedSlow();
      await released;
    }
    return new Response('ok');
  };
  return { fetch, release, slowStarted };
}

const closed = (socket: Socket) => new Promise<void>((resolve) => socket.once('close', () => resolve()));

function get(port: number, path: string, agent: Agent): Promise<{ res: IncomingMessage; body: string }> {
  return new Promise((resolve, reject) => {
    httpRequest({ port, host: '127.0.0.1', path, agent }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ res, body }));
    }).on('error', reject).end();
  });
}

describe('platform HTTP server', () => {
  it('closes a connection that never sends a request', async () => {
    server = await listenHttp(slowApp().fetch, { port: 0, host: '127.0.0.1', timeouts: { idleSocketMs: 200 } });
    const socket = connect(server.port, '127.0.0.1');
    await closed(socket);
    expect(socket.bytesRead).toBe(0);
  });

  it('closes an idle keep-alive connection after its keep-alive timeout', async () => {
    server = await listenHttp(slowApp().fetch, { port: 0, host: '127.0.0.1', timeouts: { keepAliveMs: 100 } });
    const socket = connect(server.port, '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n'));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    await closed(socket);
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(answer.toLowerCase()).toContain('connection: keep-alive');
  });

  it('answers 408 and closes when the headers do not arrive in time', async () => {
    server = await listenHttp(slowApp().fetch, { port: 0, host: '127.0.0.1', timeouts: { headersMs: 200, requestMs: 300 } });
    const socket = connect(server.port, '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost: x\r\n'));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    await closed(socket);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('drains: the request in flight completes, a new one on an open connection gets 503 + Connection: close', async () => {
    const app = slowApp();
    server = await listenHttp(app.fetch, { port: 0, host: '127.0.0.1' });
    const agent = new Agent({ keepAlive: true, maxSockets: 2 });
    try {
      // Two kept-alive connections: one will be busy with /slow, the other idle but open.
      await Promise.all([get(server.port, '/', agent), get(server.port, '/', agent)]);
      const inFlight = get(server.port, '/slow', agent);
      await app.slowStarted;
      const drained = server.drain();
      expect(server.isDraining()).toBe(true);

      const late: Promise<Awaited<ReturnType<typeof get>> | Error> = get(server.port, '/', agent).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
      app.release();
      const done = await inFlight;
      expect(done.res.statusCode).toBe(200);
      expect(done.res.headers.connection).toBe('close');
      const refused = await late;
      // The idle connection is either closed by the server before the request goes out, or answers 503.
      if (!(refused instanceof Error)) {
        expect(refused.res.statusCode).toBe(503);
        expect(refused.res.headers.connection).toBe('close');
        expect(refused.res.headers['retry-after']).toBeDefined();
      }
      await drained;
    } finally {
      agent.destroy();
    }
  });

  it('refuses with 503 + Connection: close a request that finishes arriving after draining began', async () => {
    server = await listenHttp(slowApp().fetch, { port: 0, host: '127.0.0.1' });
    const socket = connect(server.port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write('POST /api/wallet/withdraw/request HTTP/1.1\r\n');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const drained = server.drain();
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.write('Host: x\r\nAccept-Language: en\r\nContent-Length: 2\r\n\r\n{}');
    await closed(socket);
    await drained;
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 503/);
    expect(head!.toLowerCase()).toContain('connection: close');
    expect(head!.toLowerCase()).toContain('retry-after: 1');
    expect(JSON.parse(body!)).toEqual({ message: 'Service unavailable at the moment.' });
  });
});
