import { AsyncLocalStorage } from 'node:async_hooks';
import type { LogLevel } from './config.ts';
import { maskLogValue, maskText } from './log-mask.ts';

/**
 * Levelled logger writing one JSON object per line:
 * `{"time":"…","level":"info","msg":"…", …fields}`. `data` may be a plain
 * object (its fields join the record), an Error (under `err`) or any other
 * value (under `data`). Every record goes through the masking of
 * log-mask.ts, so secrets never reach the output.
 */
export interface Logger {
  debug(message: string, data?: unknown): void;
  info(message: string, data?: unknown): void;
  warn(message: string, data?: unknown): void;
  error(message: string, data?: unknown): void;
}

type Level = Exclude<LogLevel, 'silent'>;

/** Where finished lines go (tests capture them). Must write synchronously. */
export type LogSink = (line: string, level: Level) => void;

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/**
 * stdout/stderr: synchronous on Linux for files, pipes and terminals, so
 * nothing is lost when the process exits right after logging.
 */
const stdSink: LogSink = (line, level) => {
  (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(line);
};

const context = new AsyncLocalStorage<Record<string, unknown>>();

/**
 * Runs `fn` with `fields` (e.g. the request id) added to every record logged
 * inside it, including from awaited calls; nested calls add to the outer fields.
 */
export function withLogFields<T>(fields: Record<string, unknown>, fn: () => T): T {
  return context.run({ ...context.getStore(), ...fields }, fn);
}

function fieldsOf(data: unknown): Record<string, unknown> {
  if (data === undefined) return {};
  if (data instanceof Error) return { err: data };
  if (data !== null && typeof data === 'object' && !Array.isArray(data)) return data as Record<string, unknown>;
  return { data };
}

/**
 * A logger that drops entries below `level`; `silent` drops everything
 * (tests). `sink` replaces stdout/stderr (tests capturing the output).
 */
export function createLogger(level: LogLevel, sink: LogSink = stdSink): Logger {
  const write = (at: Level, message: string, data?: unknown): void => {
    if (ORDER[at] < ORDER[level]) return;
    const fields = maskLogValue({ ...context.getStore(), ...fieldsOf(data) }) as Record<string, unknown>;
    // time, level and msg lead the line and cannot be overwritten by a field of the same name.
    const record: Record<string, unknown> = { time: '', level: at, msg: '', ...fields };
    record.time = new Date().toISOString();
    record.level = at;
    record.msg = maskText(message);
    sink(`${JSON.stringify(record)}\n`, at);
  };
  return {
    debug: (m, d) => write('debug', m, d),
    info: (m, d) => write('info', m, d),
    warn: (m, d) => write('warn', m, d),
    error: (m, d) => write('error', m, d),
  };
}
