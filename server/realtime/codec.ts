import { PusherError, PusherErrorCode } from './errors.ts';

/** A frame as a client sends it: `data` may be an object or a JSON string. */
export interface ClientFrame {
  event: string;
  channel?: string;
  data?: unknown;
}

/**
 * A frame as the server sends it. Channel events carry `data` as a JSON
 * string (pusher-js parses it); `pusher:error` carries an object.
 */
export interface ServerFrame {
  event: string;
  channel?: string;
  data: string | Record<string, unknown>;
  user_id?: string;
}

/** Serialises a frame for the wire. */
export function encodeFrame(frame: ServerFrame): string {
  return JSON.stringify(frame);
}

/** Builds a frame whose `data` is JSON-encoded unless it already is a string. */
export function frame(event: string, data: unknown, channel?: string): ServerFrame {
  const encoded = typeof data === 'string' ? data : JSON.stringify(data ?? {});
  return channel === undefined ? { event, data: encoded } : { event, channel, data: encoded };
}

/**
 * Parses one client message.
 * @throws PusherError 4300 for a frame that is not a JSON object with a string `event`
 * (the connection stays open, as with Pusher).
 */
export function decodeFrame(raw: string): ClientFrame {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new PusherError(PusherErrorCode.invalidMessage, 'Invalid JSON frame');
  }
  if (!isRecord(parsed) || typeof parsed.event !== 'string' || parsed.event === '') {
    throw new PusherError(PusherErrorCode.invalidMessage, 'A frame needs a string "event"');
  }
  const result: ClientFrame = { event: parsed.event, data: parsed.data };
  if (typeof parsed.channel === 'string') result.channel = parsed.channel;
  return result;
}

/** Reads a client frame's `data` as an object, accepting the JSON-string form too. */
export function dataObject(data: unknown): Record<string, unknown> {
  if (typeof data === 'string') {
    try {
      const parsed: unknown = JSON.parse(data);
      return isRecord(parsed) ? parsed : {};
    } catch {
      return {};
    }
  }
  return isRecord(data) ? data : {};
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
