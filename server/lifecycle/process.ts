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
 */
export function stopOnSignals(platform: StoppablePlatform): void {
  const { log } = platform;
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    const deadline = platform.shutdownDeadlineSeconds;
    log.info(`${signal} received, shutting down (deadline ${deadline} s)`);
    setTimeout(() => {
      log.error(`Shutdown deadline of ${deadline} s passed, exiting with work in flight`);
      exit(1);
    }, deadline * 1000).unref();
    platform.close().then(
      () => exit(0),
      (error: unknown) => {
        log.error('Shutdown failed', error);
        exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.on('uncaughtException', (error) => {
    log.error('Uncaught exception, exiting (the supervisor restarts the node)', error);
    exit(1);
  });
  process.on('unhandledRejection', (reason) => {
    log.error('Unhandled promise rejection, exiting (the supervisor restarts the node)', reason instanceof Error ? reason : { reason: String(reason) });
    exit(1);
  });
}

/** Exits once everything written to stdout and stderr so far has been handed to the OS (the last log lines survive). */
function exit(code: number): void {
  const flush = (stream: NodeJS.WriteStream) => new Promise<void>((resolve) => stream.write('', () => resolve()));
  void Promise.all([flush(process.stdout), flush(process.stderr)]).finally(() => process.exit(code));
}
