import type { ServerFrame } from './codec.ts';

/** A frame for every subscriber of `channel` on every node, except one socket. */
export interface BroadcastMessage {
  channel: string;
  frame: ServerFrame;
  exceptSocketId?: string;
}

/**
 * How nodes share channel traffic (soketi's adapter idea). The server hands
 * every channel broadcast — HTTP API events, client events, presence member
 * events — to `publish`; the adapter must call the `deliver` function given to
 * `start` exactly once per message on every node, this one included, which
 * then writes it to its local subscribers.
 *
 * The in-process adapter delivers at once; a Redis adapter publishes to a
 * pub/sub channel every node subscribes to. Presence rosters stay per node.
 */
export interface RealtimeAdapter {
  start(deliver: (message: BroadcastMessage) => void): Promise<void>;
  publish(message: BroadcastMessage): Promise<void>;
  close(): Promise<void>;
}
