import type { Logger } from '../../../logger.ts';

/**
 * A byte stream of `pieces`, pulled one piece at a time (the next page is
 * read only when the client has taken the last). A failure mid-way is
 * logged and errors the stream: the client sees a cut download rather than
 * a file that looks complete.
 */
export function textStream(pieces: AsyncGenerator<string>, log: Logger, what: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await pieces.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        log.error(`account-closure: ${what} failed mid-way`, error);
        controller.error(error);
      }
    },
    async cancel() {
      await pieces.return(undefined);
    },
  });
}
