import { randomInt } from 'node:crypto';
import { encodeFrame, type ServerFrame } from './codec.ts';
import type { PusherError } from './errors.ts';

/** What the protocol needs from a transport (a `ws` socket, or a fake in tests). */
export interface Transport {
  send(text: string): void;
  close(code: number, reason: string): void;
}

/** A socket id as Pusher issues it (`\d+\.\d+`), which the SDKs validate. */
export function newSocketId(): string {
  return `${randomInt(1, 2 ** 47)}.${randomInt(1, 2 ** 47)}`;
}

/** The signed-in user of a connection (`pusher:signin`). */
export interface SignedInUser {
  id: string;
  userData: string;
}

/**
 * One client connection's protocol state: its id, channels, signed-in user
 * and liveness clock. It knows nothing of WebSocket beyond {@link Transport}.
 */
export class Connection {
  readonly id = newSocketId();
  readonly channels = new Set<string>();
  user: SignedInUser | null = null;
  /** Last time (ms) anything arrived from the client. */
  lastActivity = Date.now();
  /** When the server sent `pusher:ping` still unanswered, or null. */
  pingSentAt: number | null = null;
  closed = false;
  private readonly transport: Transport;

  constructor(transport: Transport) {
    this.transport = transport;
  }

  send(frame: ServerFrame): void {
    if (!this.closed) this.transport.send(encodeFrame(frame));
  }

  /** Sends the error's `pusher:error` frame, and closes with its code when the error says so. */
  fail(error: PusherError): void {
    this.send(error.toFrame());
    if (error.closeConnection) this.close(error.code, error.message);
  }

  close(code: number, reason: string): void {
    if (this.closed) return;
    this.closed = true;
    this.transport.close(code, reason);
  }

  /** Records client activity: any frame proves the connection alive. */
  touch(now = Date.now()): void {
    this.lastActivity = now;
    this.pingSentAt = null;
  }
}
