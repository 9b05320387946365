import { Redis } from 'ioredis';
import type { BroadcastMessage, RealtimeAdapter } from './adapter.ts';

export interface RedisAdapterOptions {
  /** `redis://…` address (the platform's `REDIS_URL`). */
  url: string;
  /** Pub/sub channel the nodes of one app share. Default `realtime:broadcast`. */
  channel?: string;
  logger?: (msg: string) => void;
}

/**
 * Several nodes share channel traffic through Redis pub/sub: every broadcast
 * is published once and each node (this one included) delivers it to its own
 * subscribers. Presence rosters and channel info stay per node.
 */
export function createRedisAdapter(options: RedisAdapterOptions): RealtimeAdapter {
  const channel = options.channel ?? 'realtime:broadcast';
  const log = options.logger ?? ((msg: string) => console.error(msg));
  let publisher: Redis | null = null;
  let subscriber: Redis | null = null;

  return {
    async start(deliver) {
      publisher = new Redis(options.url, { lazyConnect: true });
      subscriber = new Redis(options.url, { lazyConnect: true });
      for (const client of [publisher, subscriber]) client.on('error', (error: Error) => log(`realtime redis: ${error.message}`));
      await Promise.all([publisher.connect(), subscriber.connect()]);
      subscriber.on('message', (from: string, text: string) => {
        if (from !== channel) return;
        try {
          deliver(JSON.parse(text) as BroadcastMessage);
        } catch (error) {
          log(`realtime redis: undeliverable message: ${error instanceof Error ? error.message : String(error)}`);
        }
      });
      await subscriber.subscribe(channel);
    },
    async publish(message) {
      if (!publisher) throw new Error('Redis realtime adapter used before start()');
      await publisher.publish(channel, JSON.stringify(message));
    },
    async close() {
      await Promise.all([subscriber?.quit(), publisher?.quit()]);
      publisher = null;
      subscriber = null;
    },
  };
}
