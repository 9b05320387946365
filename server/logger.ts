import type { LogLevel } from './config.ts';

/** Minimal levelled logger writing one line per entry to stdout/stderr. */
export interface Logger {
  debug(message: string, data?: unknown): void;
  info(message: string, data?: unknown): void;
  warn(message: string, data?: unknown): void;
  error(message: string, data?: unknown): void;
}

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** A logger that drops entries below `level`; `silent` drops everything (tests). */
export function createLogger(level: LogLevel): Logger {
  const write = (at: Exclude<LogLevel, 'silent'>, message: string, data?: unknown): void => {
    if (ORDER[at] < ORDER[level]) return;
    const line = `${new Date().toISOString()} ${at.toUpperCase()} ${message}`;
    const extra = data === undefined ? '' : ` ${data instanceof Error ? (data.stack ?? data.message) : JSON.stringify(data)}`;
    (at === 'error' || at === 'warn' ? process.stderr : process.stdout).write(`${line}${extra}\n`);
  };
  return {
    debug: (m, d) => write('debug', m, d),
    info: (m, d) => write('info', m, d),
    warn: (m, d) => write('warn', m, d),
    error: (m, d) => write('error', m, d),
  };
}
