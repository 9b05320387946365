import type { ClientFrame } from '../codec.ts';
import type { Connection } from '../connection.ts';
import type { RealtimeHub } from '../hub.ts';

export interface HandlerContext {
  hub: RealtimeHub;
  connection: Connection;
}

/** Handles one client frame. Throw a PusherError to answer with `pusher:error`. */
export type Handler = (context: HandlerContext, incoming: ClientFrame) => void | Promise<void>;
