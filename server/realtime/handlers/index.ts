import { clientEvent } from './client-event.ts';
import type { Handler } from './context.ts';
import { ping, pong } from './ping.ts';
import { signin } from './signin.ts';
import { subscribe } from './subscribe.ts';
import { unsubscribe } from './unsubscribe.ts';

/** Protocol events a client may send, by name. */
const HANDLERS: Readonly<Record<string, Handler>> = {
  'pusher:ping': ping,
  'pusher:pong': pong,
  'pusher:subscribe': subscribe,
  'pusher:unsubscribe': unsubscribe,
  'pusher:signin': signin,
};

/**
 * The handler for an incoming event: a protocol event from the table, any
 * `client-` event, or none (other events are ignored, as Pusher does).
 */
export function handlerFor(event: string): Handler | undefined {
  if (Object.hasOwn(HANDLERS, event)) return HANDLERS[event];
  return event.startsWith('client-') ? clientEvent : undefined;
}
