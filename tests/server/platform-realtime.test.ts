import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Pusher from 'pusher-js';
import PusherServer from 'pusher';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getConfig } from '../../server/config.ts';
import { type RunningPlatform, startPlatform } from '../../server/main.ts';
import { realtimeChannel, wireEventName } from '../../src/contract/realtime.ts';

/**
 * The whole platform as `npm start` runs it (minus the site builds): the
 * unmodified pusher-js authorises its channels through the platform's own
 * `/api/broadcasting/auth`, which resolves the tenant by host and the guest
 * by `Guest-ID`, and receives what the official SDK publishes.
 */
let platform: RunningPlatform;
let sitesDir: string;
const clients: Pusher[] = [];

beforeAll(async () => {
  sitesDir = await mkdtemp(join(tmpdir(), 'platform-rt-'));
  const config = getConfig({ DATABASE_URL: 'memory://', LOG_LEVEL: 'silent', HOST: '127.0.0.1', SITES_DIR: sitesDir });
  // Spare ports chosen by the system, so the test never collides with a running product.
  platform = await startPlatform({ ...config, port: 0, realtime: { ...config.realtime, port: 0 } }, { buildMissingSites: false });
});

afterAll(async () => {
  for (const client of clients) client.disconnect();
  await platform.close();
  await rm(sitesDir, { recursive: true, force: true });
});

async function casinoId(): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${platform.port}/api/site-config?domain=localhost`);
  return ((await response.json()) as { casino_id: number }).casino_id;
}

function connect(guestId: string): Promise<Pusher> {
  const headers = { 'Guest-ID': guestId };
  const client = new Pusher('app-key', {
    cluster: 'mt1',
    wsHost: '127.0.0.1',
    wsPort: platform.realtimePort,
    forceTLS: false,
    enabledTransports: ['ws'],
    // Host "localhost" is the default demo tenant.
    channelAuthorization: { endpoint: `http://localhost:${platform.port}/api/broadcasting/auth`, transport: 'ajax', headers },
  });
  clients.push(client);
  return new Promise((resolve, reject) => {
    client.connection.bind('connected', () => resolve(client));
    client.connection.bind('failed', () => reject(new Error('connection failed')));
  });
}

function subscribe(client: Pusher, name: string): Promise<void> {
  const channel = client.subscribe(name);
  return new Promise((resolve, reject) => {
    channel.bind('pusher:subscription_succeeded', () => resolve());
    channel.bind('pusher:subscription_error', (error: { status: number }) => reject(new Error(`refused ${error.status}`)));
  });
}

describe('platform realtime wiring', () => {
  it('lets a guest join its own private channel and the tenant presence channel, and delivers SDK events', async () => {
    const guestId = 'guest-0123456789abcdef0123';
    const client = await connect(guestId);
    const privateName = realtimeChannel.actorPrivate(guestId);
    await subscribe(client, privateName);
    await subscribe(client, realtimeChannel.tenantPresence(await casinoId()));

    const received = new Promise<unknown>((resolve) => client.channel(privateName).bind(wireEventName('BalanceUpdated'), resolve));
    const sdk = new PusherServer({ appId: 'app-id', key: 'app-key', secret: 'app-secret', host: '127.0.0.1', port: String(platform.realtimePort), useTLS: false });
    await sdk.trigger(privateName, wireEventName('BalanceUpdated'), { balance: 1234 });
    expect(await received).toEqual({ balance: 1234 });
  });

  it("refuses another guest's private channel", async () => {
    const client = await connect('guest-aaaaaaaaaaaaaaaaaaaa');
    await expect(subscribe(client, 'private-universal.guest-bbbbbbbbbbbbbbbbbbbb')).rejects.toThrow('refused 403');
  });
});
