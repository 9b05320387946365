import type { BroadcastMessage, RealtimeAdapter } from './adapter.ts';

/** The single-node adapter: a published message is delivered in-process, synchronously. */
export function createLocalAdapter(): RealtimeAdapter {
  let deliver: ((message: BroadcastMessage) => void) | null = null;
  return {
    async start(handler) {
      deliver = handler;
    },
    async publish(message) {
      if (!deliver) throw new Error('Local realtime adapter used before start()');
      deliver(message);
    },
    async close() {
      deliver = null;
    },
  };
}
