import type { BroadcastMessage, RealtimeAdapter } from './adapter.ts';
import type { PresenceMember, PresenceSnapshot } from './channels/presence.ts';
import { ChannelRegistry } from './channels/registry.ts';
import { decodeFrame, frame } from './codec.ts';
import { Connection, type Transport } from './connection.ts';
import { PusherError, PusherErrorCode } from './errors.ts';
import { handlerFor } from './handlers/index.ts';
import { PerSecondCounter, type RealtimeLimits } from './limits.ts';

export interface HubConfig {
  appId: string;
  key: string;
  secret: string;
  activityTimeoutSeconds: number;
  pongTimeoutSeconds: number;
  limits: RealtimeLimits;
  logger: (message: string) => void;
}

/** What a connection asks for when it opens. */
export interface OpenRequest {
  appKey: string;
  protocol: string | null;
  /** The client's IP address, for the per-IP connection rate. */
  ip: string;
}

/** The outcome of {@link RealtimeHub.join}. */
export type JoinOutcome = { joined: false } | { joined: true; presence?: PresenceSnapshot };

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
  readonly adapter: RealtimeAdapter;
  /** `client-` events per connection id this second (the client-event handler counts them). */
  readonly clientEventsPerConnection: PerSecondCounter;
  private readonly connectionsPerIp: PerSecondCounter;
  private closing = false;

  constructor(config: HubConfig, adapter: RealtimeAdapter) {
    this.config = config;
    this.adapter = adapter;
    this.clientEventsPerConnection = new PerSecondCounter(config.limits.clientEventsPerSecond);
    this.connectionsPerIp = new PerSecondCounter(config.limits.connectionsPerIpPerSecond);
  }

  start(): Promise<void> {
    return this.adapter.start({
      deliver: (message) => this.deliver(message),
      membersGone: (channel, userIds) => this.announceRemoved(channel, userIds),
      reconnectAll: () => {
        for (const connection of this.connections.values()) connection.close(PusherErrorCode.genericReconnect, 'Please reconnect');
      },
    });
  }

  /**
   * Greets a new transport opened at `/app/{appKey}?protocol=N` with
   * `pusher:connection_established`, or refuses it (4001 wrong key, 4007
   * protocol, 4100 too many new connections from its IP this second) by
   * sending `pusher:error` and closing. Returns null when refused.
   */
  open(transport: Transport, request: OpenRequest): Connection | null {
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
    if (Buffer.byteLength(raw, 'utf8') > this.config.limits.messageBytes) {
      const limit = `${Math.round(this.config.limits.messageBytes / 1024)} KB`;
      return connection.fail(new PusherError(PusherErrorCode.overLimit, `The message exceeds the allowed maximum (${limit})`));
    }
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
    // At shutdown every socket goes at once: nobody on this node is left to tell, and
    // the adapter's close removes (and announces to other nodes) its presence members.
    if (this.closing || !this.connections.delete(connection.id)) return;
    try {
      await Promise.all([...connection.channels].map((name) => this.leave(connection, name)));
    } catch (error) {
      this.config.logger(`realtime: leaving channels of ${connection.id} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /**
   * Subscribes a connection whose request was already authorized, as
   * `member` on a presence channel. Presence channels answer with the
   * members of every node, and the other subscribers get `member_added` when
   * the user had no socket there yet. Refused (nothing written) when the
   * presence channel is full.
   */
  async join(connection: Connection, channelName: string, member?: PresenceMember): Promise<JoinOutcome> {
    let memberAdded = false;
    if (member) {
      const outcome = await this.adapter.joinPresence(channelName, connection.id, member, this.config.limits.presenceMembers);
      if (outcome === 'full') return { joined: false };
      memberAdded = outcome === 'added';
      if (connection.closed) {
        // It went away while we waited: undo quietly, nobody was told it joined.
        await this.adapter.leavePresence(channelName, connection.id);
        return { joined: false };
      }
    }
    if (!connection.channels.has(channelName)) {
      this.channels.join(channelName, connection.id, member?.user_id);
      connection.channels.add(channelName);
      await this.adapter.countSubscription(channelName, 1);
    }
    if (!member) return { joined: true };
    const presence = await this.adapter.presence(channelName);
    if (memberAdded) {
      const added = frame('pusher_internal:member_added', member, channelName);
      await this.broadcast({ channel: channelName, frame: added, exceptSocketId: connection.id });
    }
    return { joined: true, presence };
  }

  /** Unsubscribes a connection from one channel; a presence user leaving with its last socket is announced. */
  async leave(connection: Connection, channelName: string): Promise<void> {
    connection.channels.delete(channelName);
    const presence = this.channels.get(channelName)?.rules.presence ?? false;
    if (!this.channels.leave(channelName, connection.id)) return;
    await this.adapter.countSubscription(channelName, -1);
    if (!presence) return;
    const removedUserId = await this.adapter.leavePresence(channelName, connection.id);
    if (removedUserId !== null) await this.announceRemoved(channelName, [removedUserId]);
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

  private async announceRemoved(channelName: string, userIds: string[]): Promise<void> {
    await Promise.all(
      userIds.map((userId) =>
        this.broadcast({ channel: channelName, frame: frame('pusher_internal:member_removed', { user_id: userId }, channelName) }),
      ),
    );
  }

  /** Closes every connection with 4200 so clients reconnect (to another node), then stops the adapter. */
  async close(): Promise<void> {
    this.closing = true;
    for (const connection of this.connections.values()) connection.close(PusherErrorCode.genericReconnect, 'Server shutting down');
    this.connections.clear();
    await this.adapter.close();
  }

  private refusal(request: OpenRequest): PusherError | null {
    if (request.appKey !== this.config.key) {
      return new PusherError(PusherErrorCode.applicationDoesNotExist, `Application does not exist: ${request.appKey}`, true);
    }
    if (request.protocol === null || !SUPPORTED_PROTOCOLS.has(request.protocol)) {
      return new PusherError(PusherErrorCode.unsupportedProtocol, `Unsupported protocol version: ${request.protocol ?? 'none'}`, true);
    }
    if (!this.connectionsPerIp.allow(request.ip)) {
      return new PusherError(PusherErrorCode.overCapacity, 'Too many new connections from your address; retry shortly', true);
    }
    return null;
  }
}
