import { isValidChannelName } from './channels/kinds.ts';
import { isRecord } from './codec.ts';

/** One event to publish, validated. */
export interface PublishRequest {
  name: string;
  data: string;
  channels: string[];
  socketId?: string;
}

/** Pusher's limits: event name length, channels per trigger, events per batch, payload bytes. */
export const LIMITS = { nameLength: 200, channels: 100, batch: 10, dataBytes: 10_240 } as const;

const SOCKET_ID = /^\d+\.\d+$/;

/** Validation failure with the HTTP status to answer. */
export class PublishRequestError extends Error {
  readonly status: 400 | 413;
  constructor(message: string, status: 400 | 413 = 400) {
    super(message);
    this.status = status;
  }
}

/**
 * Reads one event of `POST /events` (`channels`) or of a batch (`channel`).
 * `data` must be a string, as the SDKs send it (they JSON-encode objects).
 * @throws PublishRequestError
 */
export function parsePublishRequest(input: unknown): PublishRequest {
  if (!isRecord(input)) throw new PublishRequestError('The event must be a JSON object');
  const { name, data, socket_id: socketId } = input;
  if (typeof name !== 'string' || name === '' || name.length > LIMITS.nameLength) {
    throw new PublishRequestError(`name must be a string of 1 to ${LIMITS.nameLength} characters`);
  }
  if (typeof data !== 'string') throw new PublishRequestError('data must be a string');
  if (Buffer.byteLength(data, 'utf8') > LIMITS.dataBytes) throw new PublishRequestError('data is too large', 413);
  const channels = Array.isArray(input.channels) ? input.channels : [input.channel];
  if (channels.length === 0 || channels.length > LIMITS.channels) {
    throw new PublishRequestError(`Give 1 to ${LIMITS.channels} channels`);
  }
  if (!channels.every((channel): channel is string => typeof channel === 'string' && isValidChannelName(channel))) {
    throw new PublishRequestError('Invalid channel name');
  }
  if (socketId !== undefined && (typeof socketId !== 'string' || !SOCKET_ID.test(socketId))) {
    throw new PublishRequestError('Invalid socket_id');
  }
  return socketId === undefined ? { name, data, channels } : { name, data, channels, socketId };
}

/** Reads a `POST /batch_events` body. @throws PublishRequestError */
export function parseBatch(input: unknown): PublishRequest[] {
  const batch = isRecord(input) ? input.batch : undefined;
  if (!Array.isArray(batch) || batch.length === 0 || batch.length > LIMITS.batch) {
    throw new PublishRequestError(`batch must hold 1 to ${LIMITS.batch} events`);
  }
  return batch.map(parsePublishRequest);
}
