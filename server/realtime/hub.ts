import type { BroadcastMessage, RealtimeAdapter } from './adapter.ts';
import { ChannelRegistry } from './channels/registry.ts';
import { decodeFrame, frame } from './codec.ts';
import { Connection, type Transport } from './connection.ts';
import { PusherError, PusherErrorCode } from './errors.ts';
import { handlerFor } from './handlers/index.ts';

export interface HubConfig {
  appId: string;
  key: string;
  secret: string;
  activityTimeoutSeconds: number;
  pongTimeoutSeconds: number;
  logger: (message: string) => void;
}

/** Protocol versions whose frames this server speaks (pusher-js 4+ sends 7). */
const SUPPORTED_PROTOCOLS = new Set(['5', '6', '7']);

/**
 * The protocol core of one node: connections, channels and broadcasting,
 * independent of the WebSocket library. The transport shell calls
 * {@link open}, {@link receive} and {@link disconnected}.
 */
export class RealtimeHub {
  readonly connections = new Map<string, Connection>();
  readonly channels = new ChannelRegistry();
  readonly config: HubConfig;
  private readonly adapter: RealtimeAdapter;
  private closing = false;

  constructor(config: HubConfig, adapter: RealtimeAdapter) {
    this.config = config;
    this.adapter = adapter;
  }

  start(): Promise<void> {
    return this.adapter.start((message) => this.deliver(message));
  }

  /**
   * Greets a new transport opened at `/app/{appKey}?protocol=N` with
   * `pusher:connection_established`, or refuses it (4001 wrong key, 4007
   * protocol) by sending `pusher:error` and closing. Returns null when refused.
   */
  open(transport: Transport, request: { appKey: string; protocol: string | null }): Connection | null {
    const connection = new Connection(transport);
    const refusal = this.refusal(request);
    if (refusal) {
      connection.fail(refusal);
      return null;
    }
    this.connections.set(connection.id, connection);
    connection.send(
      frame('pusher:connection_established', { socket_id: connection.id, activity_timeout: this.config.activityTimeoutSeconds }),
    );
    return connection;
  }

  /** Handles one text message from a connection; protocol errors are answered, never thrown. */
  async receive(connection: Connection, raw: string): Promise<void> {
    connection.touch();
    try {
      const incoming = decodeFrame(raw);
      await handlerFor(incoming.event)?.({ hub: this, connection }, incoming);
    } catch (error) {
      if (error instanceof PusherError) return connection.fail(error);
      this.config.logger(`realtime: handler failed: ${error instanceof Error ? error.message : String(error)}`);
      connection.fail(new PusherError(PusherErrorCode.genericReconnect, 'Internal server error', true));
    }
  }

  /** Forgets a closed connection, leaving its channels (presence members are announced as removed). */
  async disconnected(connection: Connection): Promise<void> {
    connection.closed = true;
    // At shutdown every socket goes at once; nobody is left to tell.
    if (this.closing || !this.connections.delete(connection.id)) return;
    try {
      await Promise.all([...connection.channels].map((name) => this.leave(connection, name)));
    } catch (error) {
      this.config.logger(`realtime: leaving channels of ${connection.id} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Unsubscribes a connection from one channel. */
  async leave(connection: Connection, channelName: string): Promise<void> {
    connection.channels.delete(channelName);
    const { removedUserId } = this.channels.leave(channelName, connection.id);
    if (removedUserId !== null) {
      await this.broadcast({ channel: channelName, frame: frame('pusher_internal:member_removed', { user_id: removedUserId }, channelName) });
    }
  }

  /** Sends an event to every subscriber of each channel, on every node, except one socket. */
  async publish(channels: string[], event: string, data: unknown, exceptSocketId?: string): Promise<void> {
    await Promise.all(
      channels.map((channel) => {
        const message: BroadcastMessage = { channel, frame: frame(event, data, channel) };
        if (exceptSocketId !== undefined) message.exceptSocketId = exceptSocketId;
        return this.broadcast(message);
      }),
    );
  }

  broadcast(message: BroadcastMessage): Promise<void> {
    return this.adapter.publish(message);
  }

  /** Writes a broadcast to this node's subscribers (the adapter calls it). */
  deliver(message: BroadcastMessage): void {
    const channel = this.channels.get(message.channel);
    if (!channel) return;
    for (const socketId of channel.subscribers) {
      if (socketId !== message.exceptSocketId) this.connections.get(socketId)?.send(message.frame);
    }
  }

  /** Closes every connection with 4200 so clients reconnect (to another node), then stops the adapter. */
  async close(): Promise<void> {
    this.closing = true;
    for (const connection of this.connections.values()) connection.close(PusherErrorCode.genericReconnect, 'Server shutting down');
    this.connections.clear();
    await this.adapter.close();
  }

  private refusal(request: { appKey: string; protocol: string | null }): PusherError | null {
    if (request.appKey !== this.config.key) {
      return new PusherError(PusherErrorCode.applicationDoesNotExist, `Application does not exist: ${request.appKey}`, true);
    }
    if (request.protocol === null || !SUPPORTED_PROTOCOLS.has(request.protocol)) {
      return new PusherError(PusherErrorCode.unsupportedProtocol, `Unsupported protocol version: ${request.protocol ?? 'none'}`, true);
    }
    return null;
  }
}
