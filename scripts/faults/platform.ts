import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** A platform process the fault and soak runs start, kill and restart. */
export interface PlatformProcess {
  /** `http://127.0.0.1:{port}`. */
  baseUrl: string;
  port: number;
  realtimePort: number;
  /** Process id of the running node (changes on restart). */
  pid(): number;
  /** Starts it (again) and resolves once `GET /api/geoip` answers. */
  start(): Promise<void>;
  /** SIGKILL: no shutdown at all, as a crashed machine or an OOM kill. Resolves once it is gone. */
  kill(): Promise<void>;
  /** SIGTERM and wait (SIGKILL after 15 s). */
  stop(): Promise<void>;
  /** Lines the node printed, newest last (the last 200). */
  log(): string[];
}

export interface PlatformOptions {
  port: number;
  realtimePort: number;
  /** Variables on top of the harness's own environment (DATABASE_URL, REDIS_URL, secrets…). */
  env: Record<string, string>;
  /** Script to run; default `scripts/faults/platform-node.ts` (no site builds). */
  entry?: string;
  /** How long `start` waits for the first answer. Default 120 s. */
  readyTimeoutMs?: number;
  /** Echo the node's output with this prefix (default: kept in `log()` only). */
  echo?: string;
}

const NODE_ENTRY = fileURLToPath(new URL('./platform-node.ts', import.meta.url));

/** A platform node in a child process on fixed ports, so it comes back on the same address after a kill. */
export function platformProcess(opts: PlatformOptions): PlatformProcess {
  let child: ChildProcess | null = null;
  const lines: string[] = [];
  const baseUrl = `http://127.0.0.1:${opts.port}`;
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line) continue;
      lines.push(line);
      if (opts.echo) process.stdout.write(`${opts.echo} ${line}\n`);
    }
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  const exited = (c: ChildProcess) => (c.exitCode !== null || c.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => c.once('exit', () => resolve())));

  return {
    baseUrl,
    port: opts.port,
    realtimePort: opts.realtimePort,
    pid: () => child?.pid ?? -1,
    async start() {
      const c = spawn(process.execPath, [opts.entry ?? NODE_ENTRY], {
        env: { ...process.env, LOG_LEVEL: 'warn', ...opts.env, PORT: String(opts.port), REALTIME_PORT: String(opts.realtimePort), HOST: '127.0.0.1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = c;
      c.stdout?.on('data', keep);
      c.stderr?.on('data', keep);
      const deadline = Date.now() + (opts.readyTimeoutMs ?? 120_000);
      while (Date.now() < deadline) {
        if (c.exitCode !== null) throw new Error(`platform on port ${opts.port} exited with code ${c.exitCode}:\n${lines.slice(-20).join('\n')}`);
        try {
          const answer = await fetch(`${baseUrl}/api/geoip`, { signal: AbortSignal.timeout(2000) });
          await answer.arrayBuffer();
          if (answer.ok) return;
        } catch {
          // not listening yet
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`platform on port ${opts.port} did not answer within ${opts.readyTimeoutMs ?? 120_000} ms`);
    },
    async kill() {
      if (!child) return;
      const c = child;
      c.kill('SIGKILL');
      await exited(c);
    },
    async stop() {
      if (!child) return;
      const c = child;
      c.kill('SIGTERM');
      const timer = setTimeout(() => c.kill('SIGKILL'), 15_000);
      await exited(c);
      clearTimeout(timer);
    },
    log: () => [...lines],
  };
}
