/**
 * Scenario "Redis restarted under realtime load": two platform nodes share
 * a private redis-server; protocol-7 clients are spread over both, all on the
 * tenant's public channel; events are published through each node's signed
 * HTTP API in turn. Redis is killed and started again (empty, as after a
 * crash without persistence). During the outage each node must keep
 * delivering to its own clients and keep taking connections and API calls;
 * after it, delivery across nodes must resume by itself.
 */
import Pusher from 'pusher';
import { openDatabase } from '../../server/db/open.ts';
import { findTenantByDomain } from '../../server/features/tenants/find-tenant.ts';
import { dropScratch, faultsEnv, type ScenarioContext, scratchFor } from './setup.ts';
import { call } from './http.ts';
import { type PlatformProcess, platformProcess } from './platform.ts';
import { privateRedis } from './private-services.ts';
import { type Subscriber, subscriber } from './realtime-client.ts';
import { type Finding, finding } from './report.ts';

const SCENARIO = 'Redis restart';
const CLIENTS_PER_NODE = 100;
const PUBLISH_EVERY_MS = 100;
const BEFORE_MS = 3000;
const OUTAGE_MS = 5000;
const AFTER_MS = 10_000;
/** A delivery later than this after its publish is counted late (a queue flushed after the outage), not as served. */
const IN_TIME_MS = 1000;
const APP = { appId: 'faults-app', key: 'faults-key', secret: 'faults-secret' };

interface Published {
  seq: number;
  node: number;
  at: number;
  ok: boolean;
}

export async function redisRestartScenario({ log, databaseServer }: ScenarioContext): Promise<Finding[]> {
  const redis = await privateRedis();
  if (!redis) return [finding(SCENARIO, 'private redis-server', 'not installed: skipped', false)];
  const scratch = await scratchFor(databaseServer, 'faults_redis');
  if (!scratch) return [finding(SCENARIO, 'PostgreSQL', 'not reachable: scenario skipped', false)];
  await redis.start();
  const env = faultsEnv(scratch.url, { REDIS_URL: redis.url, REALTIME_APP_ID: APP.appId, REALTIME_APP_KEY: APP.key, REALTIME_APP_SECRET: APP.secret });
  const nodes: PlatformProcess[] = [platformProcess({ port: 4703, realtimePort: 6703, env }), platformProcess({ port: 4704, realtimePort: 6704, env })];
  const clients: Subscriber[] = [];
  const findings: Finding[] = [];
  try {
    // One after the other: the first migrates and seeds, the second finds it done.
    for (const node of nodes) await node.start();
    const handle = await openDatabase(scratch.url);
    const tenant = await findTenantByDomain(handle.db, 'localhost');
    await handle.close();
    if (!tenant) throw new Error('demo tenant localhost missing');
    const channel = `universal-public.${tenant.id}`;

    // received[node][seq] = how many of that node's clients got event seq within IN_TIME_MS; late: after that.
    const received = nodes.map(() => new Map<number, number>());
    const publishedAt = new Map<number, number>();
    let late = 0;
    const receive = (n: number, seq: number) => {
      const at = publishedAt.get(seq);
      if (at === undefined || Date.now() - at > IN_TIME_MS) late += 1;
      else received[n]!.set(seq, (received[n]!.get(seq) ?? 0) + 1);
    };
    const connected = [0, 0];
    for (const [n, node] of nodes.entries()) {
      for (let i = 0; i < CLIENTS_PER_NODE; i++) {
        const client = await subscriber({ port: node.realtimePort, key: APP.key, channel, event: 'faults' }, (data) => receive(n, (data as { seq: number }).seq));
        if (client) {
          clients.push(client);
          connected[n]! += 1;
        }
      }
    }
    log(`${SCENARIO}: 2 nodes, ${connected.join(' + ')} subscribers on ${channel}, an event every ${PUBLISH_EVERY_MS} ms through each node's HTTP API in turn`);

    const apis = nodes.map((node) => new Pusher({ ...APP, host: '127.0.0.1', port: String(node.realtimePort), useTLS: false, timeout: 3000 }));
    const published: Published[] = [];
    let seq = 0;
    let publishing = true;
    const publisher = (async () => {
      while (publishing) {
        const s = ++seq;
        const node = s % 2;
        const at = Date.now();
        const p: Published = { seq: s, node, at, ok: false };
        published.push(p);
        publishedAt.set(s, at);
        void apis[node]!.trigger(channel, 'faults', { seq: s }).then(
          () => (p.ok = true),
          () => (p.ok = false),
        );
        await new Promise((resolve) => setTimeout(resolve, PUBLISH_EVERY_MS));
      }
    })();

    await new Promise((resolve) => setTimeout(resolve, BEFORE_MS));
    const stoppedAt = Date.now();
    await redis.stop();
    log(`${SCENARIO}: redis-server killed`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // Newcomers and API calls during the outage.
    const newcomers = await Promise.all(nodes.map((node) => Promise.all(Array.from({ length: 10 }, () => subscriber({ port: node.realtimePort, key: APP.key, channel, event: 'faults' }, () => {})))));
    const joined = newcomers.map((list) => list.filter((c) => c !== null).length);
    for (const list of newcomers) for (const c of list) if (c) c.close();
    const apiAnswers = await Promise.all(nodes.map((node) => call(node.baseUrl, 'GET', '/api/site-config?domain=localhost', { timeoutMs: 5000 })));
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, stoppedAt + OUTAGE_MS - Date.now())));
    await redis.start();
    const backAt = Date.now();
    log(`${SCENARIO}: redis-server started again`);
    await new Promise((resolve) => setTimeout(resolve, AFTER_MS));
    publishing = false;
    await publisher;
    await new Promise((resolve) => setTimeout(resolve, 1500));

    const delivery = (list: Published[], cross: boolean) => {
      let got = 0;
      let expected = 0;
      for (const p of list) {
        const target = cross ? 1 - p.node : p.node;
        expected += connected[target]!;
        got += received[target]!.get(p.seq) ?? 0;
      }
      return { got, expected, text: expected === 0 ? 'no events' : `${((100 * got) / expected).toFixed(1)} % (${got} of ${expected})` };
    };
    const before = published.filter((p) => p.at < stoppedAt);
    const during = published.filter((p) => p.at > stoppedAt + 300 && p.at < backAt);
    const after = published.filter((p) => p.at >= backAt);
    // Resumed: from the first event after which every event reached every client of both nodes in time.
    const complete = (p: Published) => [0, 1].every((n) => (received[n]!.get(p.seq) ?? 0) === connected[n]);
    const lastIncomplete = after.findLast((p) => !complete(p));
    const settled = lastIncomplete ? after.filter((p) => p.at > lastIncomplete.at) : after;
    const resumedAt = settled[0]?.at;

    findings.push(finding(SCENARIO, 'subscribers connected', `${connected[0]} + ${connected[1]} of ${CLIENTS_PER_NODE * 2}`, connected[0] === CLIENTS_PER_NODE && connected[1] === CLIENTS_PER_NODE));
    const b = [delivery(before, false), delivery(before, true)];
    findings.push(finding(SCENARIO, 'before: own node / other node', `${b[0]!.text} / ${b[1]!.text}`, b[0]!.got === b[0]!.expected && b[1]!.got === b[1]!.expected));
    const failedPublishes = during.filter((p) => !p.ok).length;
    const d = delivery(during, false);
    findings.push(finding(SCENARIO, 'outage: own node keeps delivering', `${d.text}; ${failedPublishes} of ${during.length} HTTP API publishes failed`, d.expected > 0 && d.got === d.expected));
    findings.push(finding(SCENARIO, 'outage: other node (not expected)', delivery(during, true).text));
    findings.push(finding(SCENARIO, `deliveries later than ${IN_TIME_MS} ms (queued in the outage)`, String(late)));
    findings.push(finding(SCENARIO, 'outage: new connections taken', `${joined[0]} + ${joined[1]} of 20`, joined[0] === 10 && joined[1] === 10));
    findings.push(finding(SCENARIO, 'outage: API answers', apiAnswers.map((a) => a.status || 'no answer').join(' + '), apiAnswers.every((a) => a.status === 200)));
    const alive = await Promise.all(nodes.map(async (node) => (await call(node.baseUrl, 'GET', '/api/geoip', { timeoutMs: 3000 })).status === 200));
    findings.push(finding(SCENARIO, 'both nodes still running', alive.map((a) => (a ? 'yes' : 'NO')).join(' + '), alive.every(Boolean)));
    for (const [n, node] of nodes.entries()) for (const line of node.log().slice(-5)) log(`${SCENARIO}: node ${n + 1}: ${line.slice(0, 300)}`);
    const reconnects = clients.reduce((sum, c) => sum + c.reconnects(), 0);
    const back = clients.filter((c) => c.subscribed()).length;
    findings.push(finding(SCENARIO, 'after: subscribers subscribed again', `${back} of ${clients.length} (${reconnects} reconnections asked by the nodes)`, back === clients.length));
    const s = [delivery(settled, false), delivery(settled, true)];
    findings.push(
      finding(
        SCENARIO,
        'after: delivery on both nodes resumes by itself',
        resumedAt === undefined ? 'never' : `${((resumedAt - backAt) / 1000).toFixed(1)} s after Redis was back; since then own ${s[0]!.text} / other ${s[1]!.text}`,
        // Resumed with at least 3 s of complete delivery before the end.
        resumedAt !== undefined && resumedAt - backAt <= AFTER_MS - 3000,
      ),
    );
  } finally {
    for (const c of clients) c.close();
    await Promise.all(nodes.map((node) => node.stop().catch(() => undefined)));
    await redis.destroy();
    await dropScratch(scratch);
  }
  return findings;
}
