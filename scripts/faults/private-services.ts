/**
 * Private PostgreSQL and Redis servers for the fault runs, so they can be
 * stopped and started under load without touching the machine's shared
 * ones. Each lives in a temporary folder on a free loopback port and is
 * removed by `destroy`.
 */
import { execFileSync, type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../free-port.ts';

export interface PrivateService {
  url: string;
  start(): Promise<void>;
  /** Stops it at once (PostgreSQL: immediate mode, as a crash; Redis: SIGKILL). */
  stop(): Promise<void>;
  destroy(): Promise<void>;
}

/** Debian's newest PostgreSQL binaries folder, or null. */
export function postgresBinaries(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

/**
 * A throw-away PostgreSQL cluster (initdb, trust, fsync off) run as the
 * `postgres` system user when we are root (the server refuses to run as
 * root). Null when Debian's binaries or that user are missing.
 */
export async function privatePostgres(): Promise<PrivateService | null> {
  const bin = postgresBinaries();
  if (!bin) return null;
  const asRoot = process.getuid?.() === 0;
  const run = (tool: string, args: string[]) =>
    execFileSync(asRoot ? 'runuser' : join(bin, tool), asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const dir = await mkdtemp(join(tmpdir(), 'faults-pg-'));
  if (asRoot) {
    try {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
      await chown(dir, uid, gid);
    } catch {
      await rm(dir, { recursive: true, force: true });
      return null;
    }
  }
  const port = await freePort();
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-o', options, '-w', 'start']);
    },
    async stop() {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    },
    async destroy() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A throw-away `redis-server` (no persistence) on a free port; null when it is not installed. */
export async function privateRedis(): Promise<PrivateService | null> {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
  } catch {
    return null;
  }
  const port = await freePort();
  let child: ChildProcess | null = null;
  const url = `redis://127.0.0.1:${port}`;
  const answers = async (): Promise<boolean> => {
    try {
      execFileSync('redis-cli', ['-p', String(port), 'ping'], { stdio: 'pipe', timeout: 1000 });
      return true;
    } catch {
      return false;
    }
  };
  const stop = async () => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const c = child;
    await new Promise<void>((resolve) => {
      c.once('exit', () => resolve());
      c.kill('SIGKILL');
    });
  };
  return {
    url,
    async start() {
      child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      const deadline = Date.now() + 10_000;
      while (!(await answers())) {
        if (Date.now() > deadline) throw new Error(`redis-server on ${port} did not start`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    stop,
    destroy: stop,
  };
}
