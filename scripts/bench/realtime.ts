/**
 * `npm run bench:realtime`: the realtime server under load, on this machine.
 *
 * For one node (in-process adapter) and for two nodes sharing Redis
 * (`REDIS_URL`, default redis://127.0.0.1:6379; skipped with a line when it
 * does not answer):
 *
 * 1. Connections held: BENCH_RT_CONNECTIONS raw `ws` clients (default 10,000,
 *    split over the nodes) speaking protocol 7, opened BENCH_RT_BATCH at a
 *    time; how many got `pusher:connection_established`, and the server
 *    processes' memory before and after (after a forced GC).
 * 2. Fan-out: BENCH_RT_SUBSCRIBERS clients (default 1,000) on one channel;
 *    events published through the signed HTTP API (the official `pusher`
 *    SDK) on the first node. Latency: 50 events at 10/s, publish-to-receive
 *    p50/p99 over every delivery. Throughput: 200 events, 5 in flight,
 *    deliveries per second until the last one arrives.
 *
 * Nodes run in child processes (this file with `--node`) so their memory is
 * theirs alone and they do not share a thread with the clients. Prints
 * figures; asserts nothing about timing.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import Pusher from 'pusher';
import { WebSocket } from 'ws';
import { createRealtimeServer, createRedisAdapter, redisReachable } from '../../server/realtime/index.ts';
import { envNumber, fmt, percentile } from './load.ts';

const APP = { appId: 'bench-app', key: 'bench-key', secret: 'bench-secret' } as const;
const CONNECTIONS = envNumber('BENCH_RT_CONNECTIONS', 10_000);
const BATCH = envNumber('BENCH_RT_BATCH', 250);
const SUBSCRIBERS = envNumber('BENCH_RT_SUBSCRIBERS', 1000);
const LATENCY_EVENTS = 50;
const LATENCY_RATE_PER_SECOND = 10;
const THROUGHPUT_EVENTS = 200;
const THROUGHPUT_IN_FLIGHT = 5;
const CHANNEL = 'bench-fanout';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const mib = (bytes: number): string => `${fmt(bytes / 2 ** 20, 1)} MiB`;
/** A clock both processes share to sub-millisecond precision. */
const now = (): number => performance.timeOrigin + performance.now();

// ---------------------------------------------------------------- node side

interface NodeStats {
  rss: number;
  heapUsed: number;
  connections: number;
}

type ToNode = { type: 'stats'; id: number };
type FromNode = { type: 'ready'; port: number } | ({ type: 'stats'; id: number } & NodeStats);

/** Runs one realtime node in this (child) process, answering stats requests over IPC. */
async function runNode(): Promise<void> {
  const prefix = process.env.BENCH_RT_PREFIX;
  const server = createRealtimeServer({
    ...APP,
    logger: () => {},
    // Every client of the bench comes from 127.0.0.1: the per-IP rate would refuse the ramp.
    limits: { connectionsPerIpPerSecond: 1_000_000, channelsPerConnection: 100 },
    ...(prefix ? { adapter: createRedisAdapter({ url: redisUrl, prefix, logger: () => {} }) } : {}),
  });
  const { port } = await server.listen(0, '127.0.0.1');
  process.on('message', (message: ToNode) => {
    if (message.type !== 'stats') return;
    globalThis.gc?.();
    const memory = process.memoryUsage();
    const reply: FromNode = { type: 'stats', id: message.id, rss: memory.rss, heapUsed: memory.heapUsed, connections: server.connectionCount() };
    process.send?.(reply);
  });
  process.on('disconnect', () => {
    void server.close().finally(() => process.exit(0));
  });
  process.send?.({ type: 'ready', port } satisfies FromNode);
}

// -------------------------------------------------------------- client side

interface NodeHandle {
  port: number;
  stats(): Promise<NodeStats>;
  stop(): Promise<void>;
}

async function startNode(redisPrefix?: string): Promise<NodeHandle> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--node'], {
    execArgv: ['--expose-gc'],
    env: { ...process.env, ...(redisPrefix ? { BENCH_RT_PREFIX: redisPrefix } : {}) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench node exited with ${code}`)));
    child.on('message', (message: FromNode) => {
      if (message.type === 'ready') resolve(message.port);
    });
  });
  let nextId = 0;
  return {
    port,
    stats: () =>
      new Promise((resolve) => {
        const id = nextId++;
        const onMessage = (message: FromNode) => {
          if (message.type !== 'stats' || message.id !== id) return;
          child.off('message', onMessage);
          resolve({ rss: message.rss, heapUsed: message.heapUsed, connections: message.connections });
        };
        child.on('message', onMessage);
        child.send({ type: 'stats', id } satisfies ToNode);
      }),
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.disconnect();
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}

/** Opens one protocol-7 client; resolves once the server greets it, or null when it refuses or fails. */
function connect(port: number): Promise<WebSocket | null> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${APP.key}?protocol=7&client=bench&version=1`);
    const fail = () => {
      ws.terminate();
      resolve(null);
    };
    ws.once('error', fail);
    ws.once('message', (raw) => {
      ws.off('error', fail);
      ws.on('error', () => {});
      if (raw.toString().includes('pusher:connection_established')) resolve(ws);
      else fail();
    });
  });
}

/** Opens `total` clients spread round-robin over `ports`, `BATCH` at a time. */
async function ramp(ports: number[], total: number): Promise<{ sockets: WebSocket[]; failed: number; ms: number }> {
  const sockets: WebSocket[] = [];
  let failed = 0;
  const started = performance.now();
  for (let opened = 0; opened < total; opened += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, total - opened) }, (_, i) => connect(ports[(opened + i) % ports.length]!));
    for (const ws of await Promise.all(batch)) {
      if (ws) sockets.push(ws);
      else failed++;
    }
  }
  return { sockets, failed, ms: performance.now() - started };
}

async function closeAll(sockets: WebSocket[]): Promise<void> {
  await Promise.all(
    sockets.map(
      (ws) =>
        new Promise<void>((resolve) => {
          if (ws.readyState === WebSocket.CLOSED) return resolve();
          ws.once('close', () => resolve());
          ws.close();
          setTimeout(() => {
            ws.terminate();
            resolve();
          }, 3000).unref();
        }),
    ),
  );
}

async function benchConnections(label: string, nodes: NodeHandle[]): Promise<void> {
  const before = await Promise.all(nodes.map((node) => node.stats()));
  const { sockets, failed, ms } = await ramp(
    nodes.map((node) => node.port),
    CONNECTIONS,
  );
  const after = await Promise.all(nodes.map((node) => node.stats()));
  const held = after.reduce((sum, s) => sum + s.connections, 0);
  const rss = after.reduce((sum, s) => sum + s.rss, 0);
  const rssGrowth = rss - before.reduce((sum, s) => sum + s.rss, 0);
  const heapGrowth = after.reduce((sum, s) => sum + s.heapUsed, 0) - before.reduce((sum, s) => sum + s.heapUsed, 0);
  console.log(
    `${label} connections: ${fmt(held)} of ${fmt(CONNECTIONS)} held (${fmt(failed)} failed), opened in ${fmt(ms / 1000, 1)} s ` +
      `(${fmt((sockets.length * 1000) / ms)}/s); server RSS ${mib(rss)} (+${mib(rssGrowth)}, ${fmt(rssGrowth / Math.max(1, held) / 1024, 1)} KiB/connection), ` +
      `heap +${mib(heapGrowth)} (${fmt(heapGrowth / Math.max(1, held) / 1024, 1)} KiB/connection)`,
  );
  await closeAll(sockets);
}

async function subscribeAll(sockets: WebSocket[]): Promise<void> {
  await Promise.all(
    sockets.map(
      (ws) =>
        new Promise<void>((resolve) => {
          const onMessage = (raw: Buffer) => {
            if (!raw.toString().includes('subscription_succeeded')) return;
            ws.off('message', onMessage);
            resolve();
          };
          ws.on('message', onMessage);
          ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: CHANNEL } }));
        }),
    ),
  );
}

async function benchFanOut(label: string, nodes: NodeHandle[]): Promise<void> {
  const { sockets, failed } = await ramp(
    nodes.map((node) => node.port),
    SUBSCRIBERS,
  );
  if (failed > 0) console.log(`${label} fan-out: ${fmt(failed)} subscribers could not connect`);
  await subscribeAll(sockets);

  let latencies: number[] = [];
  let received = 0;
  let lastReceivedAt = 0;
  for (const ws of sockets) {
    ws.on('message', (raw: Buffer) => {
      const text = raw.toString();
      if (!text.includes('"event":"bench"')) return;
      const at = now();
      const frame = JSON.parse(text) as { data: string };
      latencies.push(at - (JSON.parse(frame.data) as { t: number }).t);
      received++;
      lastReceivedAt = at;
    });
  }
  const api = new Pusher({ ...APP, host: '127.0.0.1', port: String(nodes[0]!.port), useTLS: false });
  const publish = () => api.trigger(CHANNEL, 'bench', { t: now() });

  // Latency at a steady, moderate rate.
  for (let i = 0; i < LATENCY_EVENTS; i++) {
    await publish();
    await new Promise((resolve) => setTimeout(resolve, 1000 / LATENCY_RATE_PER_SECOND));
  }
  await waitUntil(() => received >= LATENCY_EVENTS * sockets.length, 10_000);
  const sorted = latencies.sort((a, b) => a - b);
  const latencyLine =
    `p50 ${fmt(percentile(sorted, 50), 1)} ms, p99 ${fmt(percentile(sorted, 99), 1)} ms publish-to-receive ` +
    `(${fmt(LATENCY_EVENTS)} events at ${LATENCY_RATE_PER_SECOND}/s, ${fmt(sorted.length)} deliveries)`;

  // Throughput: as fast as the HTTP API takes them.
  latencies = [];
  received = 0;
  const started = now();
  let next = 0;
  await Promise.all(
    Array.from({ length: THROUGHPUT_IN_FLIGHT }, async () => {
      while (next++ < THROUGHPUT_EVENTS) await publish();
    }),
  );
  const expected = THROUGHPUT_EVENTS * sockets.length;
  await waitUntil(() => received >= expected, 60_000);
  const seconds = (lastReceivedAt - started) / 1000;
  const burst = latencies.sort((a, b) => a - b);
  console.log(
    `${label} fan-out to ${fmt(sockets.length)} subscribers: ${latencyLine}; ` +
      `${fmt(received / seconds)} messages delivered/s (${fmt(received)} of ${fmt(expected)} in ${fmt(seconds, 1)} s, ` +
      `burst p50 ${fmt(percentile(burst, 50))} ms, p99 ${fmt(percentile(burst, 99))} ms)`,
  );
  await closeAll(sockets);
}

async function waitUntil(done: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
}

async function bench(label: string, nodes: NodeHandle[]): Promise<void> {
  try {
    await benchConnections(label, nodes);
    await benchFanOut(label, nodes);
  } finally {
    await Promise.all(nodes.map((node) => node.stop()));
  }
}

async function main(): Promise<void> {
  console.log(`realtime bench: ${fmt(CONNECTIONS)} connections, fan-out to ${fmt(SUBSCRIBERS)} subscribers (Node ${process.version})`);
  await bench('1 node:', [await startNode()]);
  if (!(await redisReachable(redisUrl))) {
    console.log(`2 nodes + Redis: skipped, Redis does not answer at ${redisUrl}`);
    return;
  }
  const prefix = `realtime-bench:${randomUUID()}`;
  await bench('2 nodes + Redis:', [await startNode(prefix), await startNode(prefix)]);
}

if (process.argv.includes('--node')) await runNode();
else await main();
