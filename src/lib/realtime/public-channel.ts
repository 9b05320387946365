import type { RealtimeEventName } from '../../contract/realtime.ts';
import { ensureGuestId } from '../guest-id.ts';
import { readStored } from '../storage.ts';
import { connectAs, connectionUnderWay, onConnection, type RealtimeConnection } from './connection.ts';

/**
 * Events of the tenant's public channel `universal-public.{casino_id}`
 * (MessageSent, BetPlaced), for whoever is on the page. Handlers stay bound
 * across connections: the switch from guest to player opens a new
 * connection, and every registered handler is bound to it again.
 */
type Handler = (data: unknown) => void;

const handlers = new Map<RealtimeEventName, Set<Handler>>();
let bound: RealtimeConnection | null = null;
let watching = false;

function bind(connection: RealtimeConnection, event: RealtimeEventName, handler: Handler): void {
  if (connection.channels.tenant) connection.echo.channel(connection.channels.tenant).listen(event, handler);
}

function watchConnections(): void {
  if (watching) return;
  watching = true;
  onConnection((connection) => {
    bound = connection;
    for (const [event, set] of handlers) for (const handler of set) bind(connection, event, handler);
  });
}

/**
 * A visitor with no connection yet is connected as a guest; a stored player
 * token means the session effects are about to connect the player (spec:
 * 1 s after sign-in), so nothing is opened here.
 */
function ensureConnection(): void {
  if (connectionUnderWay() || readStored('auth')) return;
  void connectAs({ kind: 'guest', guestId: ensureGuestId() }).catch(() => undefined);
}

/**
 * Calls `handler` with the payload of every `event` on the tenant's public
 * channel, connecting when needed. Returns an unsubscribe function.
 */
export function onPublicEvent<T>(event: RealtimeEventName, handler: (data: T) => void): () => void {
  const untyped = handler as Handler;
  let set = handlers.get(event);
  if (!set) handlers.set(event, (set = new Set()));
  set.add(untyped);
  watchConnections();
  if (bound?.channels.tenant) bind(bound, event, untyped);
  ensureConnection();
  return () => {
    set.delete(untyped);
    if (bound?.channels.tenant) bound.echo.channel(bound.channels.tenant).stopListening(event, untyped);
  };
}
