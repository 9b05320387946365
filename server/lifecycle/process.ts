import type { Logger } from '../logger.ts';

/** What the process-level handlers need of a running platform (server/main.ts `RunningPlatform`). */
export interface StoppablePlatform {
  /** Graceful stop: drains requests, closes realtime and the database. */
  close(): Promise<void>;
  /** SHUTDOWN_DEADLINE_SECONDS: how long `close` may take. */
  shutdownDeadlineSeconds: number;
  log: Logger;
}

/**
 * The process lifecycle of a serving node. SIGINT or SIGTERM: the platform
 * closes gracefully and the process exits 0; it exits 1 when closing fails or
 * takes longer than SHUTDOWN_DEADLINE_SECONDS (what is still in flight then
 * is cut). A second signal changes nothing. An uncaught exception or
 * unhandled rejection (a defect nobody planned for, so the state is unknown):
 * logged, then exit 1 at once, for the supervisor to start a clean process.
 * A log stream that fails (its reader gone: journald restarted, a pipe
 * closed, EPIPE) drains the node like SIGTERM and exits 1, so the supervisor
 * starts one whose logs go somewhere; without that each failed write was an
 * uncaught exception logged to the same dead stream, for ever, and the
 * process neither served nor exited.
 */
export function stopOnSignals(platform: StoppablePlatform): void {
  const { log } = platform;
  let stopping = false;
  /** Drains, then exits with `code` (0 for a signal, 1 when the node stops because something broke). */
  const stop = (why: string, code: 0 | 1 = 0): void => {
    if (stopping) return;
    stopping = true;
    const deadline = platform.shutdownDeadlineSeconds;
    log.info(`${why}, shutting down (deadline ${deadline} s)`);
    setTimeout(() => {
      log.error(`Shutdown deadline of ${deadline} s passed, exiting with work in flight`);
      exit(1);
    }, deadline * 1000).unref();
    platform.close().then(
      () => exit(code),
      (error: unknown) => {
        log.error('Shutdown failed', error);
        exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT received'));
  process.once('SIGTERM', () => stop('SIGTERM received'));
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => stop(`Log stream failed (${error.code ?? error.message})`, 1));
  }
  let fatal = false;
  const die = (message: string, detail: unknown): void => {
    // Once is enough: a second fault while exiting (logging to a broken stream, say) must not start another round.
    if (fatal) return;
    fatal = true;
    log.error(message, detail);
    exit(1);
  };
  process.on('uncaughtException', (error) => die('Uncaught exception, exiting (the supervisor restarts the node)', error));
  process.on('unhandledRejection', (reason) =>
    die('Unhandled promise rejection, exiting (the supervisor restarts the node)', reason instanceof Error ? reason : { reason: String(reason) }),
  );
}

/** How long the last log lines may take to reach the OS before the process exits anyway. */
const FLUSH_LIMIT_MS = 2000;

let exiting = false;

/**
 * Exits once everything written to stdout and stderr so far has been handed
 * to the OS (the last log lines survive), or after FLUSH_LIMIT_MS when a
 * stream cannot take it (its reader gone). The first call decides the code.
 */
function exit(code: number): void {
  if (exiting) return;
  exiting = true;
  const flush = (stream: NodeJS.WriteStream) =>
    new Promise<void>((resolve) => {
      if (stream.destroyed || !stream.writable) return resolve();
      stream.write('', () => resolve());
    });
  setTimeout(() => process.exit(code), FLUSH_LIMIT_MS);
  void Promise.all([flush(process.stdout), flush(process.stderr)]).finally(() => process.exit(code));
}
