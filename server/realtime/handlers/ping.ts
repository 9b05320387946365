import { frame } from '../codec.ts';
import type { Handler } from './context.ts';

/** `pusher:ping` from the client is answered with `pusher:pong`. */
export const ping: Handler = ({ connection }) => {
  connection.send(frame('pusher:pong', {}));
};

/** `pusher:pong` answers the server's ping; receiving any frame already marked the connection alive. */
export const pong: Handler = () => {};
