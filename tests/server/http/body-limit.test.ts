import { connect } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyLimitFor, DEFAULT_BODY_LIMIT } from '../../../server/http/body-limit.ts';
import { twoDemoTenants, type Tenant } from '../helpers/feature-harness.ts';
import { freshDatabase, type TestDatabase } from '../helpers/db.ts';
import { fullApp } from '../helpers/full-app.ts';

/*
 * Defect 6 (issue 12): routes read whole bodies before deciding; one 400 MB
 * guest request took the server from 0.7 to 2.3 GB. Every API call now has
 * a limit, refused with 413 before the body is held.
 */

const CHUNK = 16 * 1024;
const TOO_LARGE = { pt: 'A requisição é grande demais.', en: 'The request is too large.' };

let tdb: TestDatabase;
let app: Hono;
let local: Tenant;

beforeAll(async () => {
  tdb = await freshDatabase();
  ({ local } = await twoDemoTenants(tdb.handle.db));
  app = fullApp(tdb.handle.db);
});
afterAll(() => tdb.close());

/** A 4 MB body (bigger than any limit these calls have) that counts what the server pulled from it. */
function bigBody(): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  let pulled = 0;
  const chunk = new TextEncoder().encode('x'.repeat(CHUNK));
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= 4 * 1024 * 1024) return controller.close();
      pulled += chunk.length;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => pulled };
}

async function send(method: string, path: string, body: ReadableStream<Uint8Array> | string, headers: Record<string, string> = {}) {
  const res = await app.request(path, {
    method,
    headers: { host: 'localhost', 'content-type': 'application/json', ...headers },
    body,
    duplex: 'half',
  } as RequestInit);
  return { status: res.status, body: (await res.json()) as { message: string } };
}

const PUBLIC_ROUTES = ['/api/pix/webhook', '/api/pix/webhook/payouts', '/api/games/get', '/api/games/getRelated', '/api/games/url', '/api/house/verify'];

describe('limits by call', () => {
  it('gives every call 64 KB unless it uploads files, pages, configurations or webhook batches', () => {
    expect(bodyLimitFor('POST', '/api/games/get')).toBe(DEFAULT_BODY_LIMIT);
    expect(bodyLimitFor('POST', '/api/providers/pg/wallet')).toBe(DEFAULT_BODY_LIMIT);
    expect(bodyLimitFor('POST', '/api/profile/uploadAvatar')).toBeGreaterThan(2 * 1024 * 1024);
    expect(bodyLimitFor('POST', '/api/chat/attachments')).toBeGreaterThan(2 * 1024 * 1024);
    expect(bodyLimitFor('PUT', '/api/operator/pages/custom/promocoes/pt')).toBeGreaterThan(1024 * 1024);
    expect(bodyLimitFor('GET', '/api/operator/pages/custom/promocoes/pt')).toBe(DEFAULT_BODY_LIMIT);
    expect(bodyLimitFor('POST', '/api/operator/catalogue')).toBe(16 * 1024 * 1024);
  });
});

describe('an oversized body answers 413 in the caller language without being read', () => {
  it.each(PUBLIC_ROUTES)('declared by Content-Length: POST %s', async (path) => {
    const { stream, pulled } = bigBody();
    const answer = await send('POST', path, stream, { 'content-length': String(400 * 1024 * 1024) });
    expect(answer).toEqual({ status: 413, body: { message: TOO_LARGE.pt } });
    expect(pulled()).toBeLessThanOrEqual(CHUNK);
  });

  it.each(PUBLIC_ROUTES)('streamed without Content-Length: POST %s', async (path) => {
    const { stream, pulled } = bigBody();
    const answer = await send('POST', path, stream, { 'accept-language': 'en-US' });
    expect(answer).toEqual({ status: 413, body: { message: TOO_LARGE.en } });
    expect(pulled()).toBeLessThanOrEqual(bodyLimitFor('POST', path) + 2 * CHUNK);
  });

  it('refuses a 70 KB body on a plain JSON call but lets a large page through to its own validation', async () => {
    expect((await send('POST', '/api/games/get', JSON.stringify({ game_id: 'x'.repeat(70 * 1024) }))).status).toBe(413);
    const page = await send('PUT', '/api/operator/pages/custom/promocoes/pt', JSON.stringify({ title: 'Termos', bodyHtml: `<p>${'a'.repeat(300 * 1024)}</p>` }), {
      'x-operator-key': local.key,
    });
    expect(page.status).toBe(422);
    const fits = await send('PUT', '/api/operator/pages/custom/promocoes/pt', JSON.stringify({ title: 'Termos', bodyHtml: `<p>${'ã'.repeat(150_000)}</p>` }), {
      'x-operator-key': local.key,
    });
    expect(fits.status).toBe(200);
  });
});

describe('over a real socket', () => {
  let server: ServerType;
  let port: number;
  beforeAll(async () => {
    await new Promise<void>((resolve) => {
      server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
        port = info.port;
        resolve();
      });
    });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /**
   * Sends the head, then body bytes for as long as the server has not
   * answered (up to `cap`); resolves with the answer's status line and how
   * many body bytes were written before it came.
   */
  function rawPost(head: string, body: (n: number) => Buffer, cap: number): Promise<{ statusLine: string; sent: number }> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let sent = 0;
      let answer = '';
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        socket.destroy();
        resolve({ statusLine: answer.split('\r\n')[0] ?? '', sent });
      };
      socket.on('data', (data) => {
        answer += data.toString('latin1');
        if (answer.includes('\r\n\r\n')) finish();
      });
      socket.on('error', (error) => (done ? undefined : answer ? finish() : reject(error)));
      socket.on('close', finish);
      socket.write(head);
      const pump = () => {
        while (!done && sent < cap) {
          const chunk = body(sent);
          sent += chunk.length;
          if (!socket.write(chunk)) return void socket.once('drain', pump);
        }
      };
      pump();
    });
  }

  const head = (extra: string) => `POST /api/games/get HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n${extra}\r\n`;

  it('answers 413 to a chunked body while it is still streaming', async () => {
    const data = Buffer.alloc(CHUNK, 'x');
    const chunk = Buffer.concat([Buffer.from(`${CHUNK.toString(16)}\r\n`), data, Buffer.from('\r\n')]);
    const { statusLine, sent } = await rawPost(head('Transfer-Encoding: chunked\r\n'), () => chunk, 1024 * 1024 * 1024);
    expect(statusLine).toBe('HTTP/1.1 413 Payload Too Large');
    expect(sent).toBeLessThan(1024 * 1024 * 1024);
  });

  it('answers 413 at once to a Content-Length larger than the limit, whatever follows', async () => {
    const { statusLine, sent } = await rawPost(head(`Content-Length: ${400 * 1024 * 1024}\r\n`), () => Buffer.alloc(CHUNK, 'x'), 400 * 1024 * 1024);
    expect(statusLine).toBe('HTTP/1.1 413 Payload Too Large');
    expect(sent).toBeLessThan(400 * 1024 * 1024);
  });

  it('reads no more than a small declared Content-Length when the client sends more', async () => {
    const { statusLine } = await rawPost(head('Content-Length: 10\r\n'), () => Buffer.alloc(CHUNK, 'x'), 8 * 1024 * 1024);
    // Node parses exactly 10 body bytes (not JSON: 400); the rest is never a body.
    expect(statusLine).toBe('HTTP/1.1 400 Bad Request');
  });
});
