import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's own Node (24, with type stripping), whatever runs the tests. */
const NODE = fileURLToPath(new URL('../../../node_modules/.bin/node', import.meta.url));
const ENTRY = fileURLToPath(new URL('./fixtures/run-platform.ts', import.meta.url));

export interface PlatformProcess {
  child: ChildProcess;
  port: number;
  realtimePort: number;
  base: string;
  /** Resolves with the exit code (null when killed by a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Kills the process if still running and removes its sites folder. */
  stop(): Promise<void>;
}

/** Starts the platform in a child process (fixtures/run-platform.ts) and waits until it serves. */
export async function spawnPlatform(env: Record<string, string>): Promise<PlatformProcess> {
  const sitesDir = await mkdtemp(join(tmpdir(), 'platform-process-'));
  const child = spawn(NODE, [ENTRY], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', LOG_LEVEL: 'warn', SITES_DIR: sitesDir, DATA_DIR: sitesDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // A test that times out before the platform serves never gets to stop it: the child must not outlive the test run.
  const reap = () => void child.kill('SIGKILL');
  process.once('exit', reap);
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      process.off('exit', reap);
      resolve({ code, signal });
    }),
  );
  const ready = new Promise<{ port: number; realtimePort: number }>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const line = /^READY (.+)$/m.exec(output);
      if (line) resolve(JSON.parse(line[1]!) as { port: number; realtimePort: number });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    void exited.then(({ code, signal }) => reject(new Error(`platform exited before serving (${code ?? signal}):\n${output}`)));
  });
  const { port, realtimePort } = await ready;
  return {
    child,
    port,
    realtimePort,
    // Host `localhost` is the default demo tenant (fetch cannot set Host itself).
    base: `http://localhost:${port}`,
    exited,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
      await rm(sitesDir, { recursive: true, force: true });
    },
  };
}
