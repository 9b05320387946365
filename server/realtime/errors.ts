import type { ServerFrame } from './codec.ts';

/**
 * Pusher protocol error codes (https://pusher.com/docs/channels/library_auth_reference/pusher-websockets-protocol/#error-codes).
 * 4000–4099: the client must not reconnect as is; 4100–4199: reconnect after backing off;
 * 4200–4299: reconnect at once; 4300+: other errors (the connection stays open).
 */
export const PusherErrorCode = {
  applicationDoesNotExist: 4001,
  unsupportedProtocol: 4007,
  unauthorized: 4009,
  overCapacity: 4100,
  genericReconnect: 4200,
  pongNotReceived: 4201,
  closedAfterInactivity: 4202,
  /** Pusher's range 4300–4399 is "any other error"; used for malformed frames. */
  invalidMessage: 4300,
  /** Pusher: "client event rejected due to rate limit"; soketi also answers oversized frames with it. */
  overLimit: 4301,
} as const;

export type PusherErrorCodeValue = (typeof PusherErrorCode)[keyof typeof PusherErrorCode];

/**
 * A protocol-level failure. It carries its 4xxx code and renders its own
 * `pusher:error` frame, so handlers just throw and the dispatcher answers.
 * `closeConnection` says whether the socket must be closed with that code afterwards.
 */
export class PusherError extends Error {
  readonly code: PusherErrorCodeValue;
  readonly closeConnection: boolean;

  constructor(code: PusherErrorCodeValue, message: string, closeConnection = false) {
    super(message);
    this.name = 'PusherError';
    this.code = code;
    this.closeConnection = closeConnection;
  }

  /** The frame sent to the client; its `data` is an object, as Pusher itself sends it. */
  toFrame(): ServerFrame {
    return { event: 'pusher:error', data: { code: this.code, message: this.message } };
  }
}
