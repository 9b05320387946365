import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (where astro.config.mjs and node_modules live). */
export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface RunAstroOptions {
  /** Folder holding astro.config.mjs. Default: the repository root. */
  projectRoot?: string;
  /** Astro's CLI script. Default: `<projectRoot>/node_modules/.bin/astro`. */
  astroBin?: string;
  outDir: string;
  /** Added to the parent's environment; a key set to undefined is removed. */
  env?: Record<string, string | undefined>;
  log?: (line: string) => void;
}

/** ANSI colour codes astro prints even when piped. */
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** Lines of output kept to explain a failed build. */
const TAIL_LINES = 30;

/**
 * Runs `astro build --outDir <outDir>` in a child process on this process's
 * own Node (the project's Node 24, whatever `node` is on PATH), streaming its
 * output line by line to `log`.
 * @throws Error with the exit code and the last lines of output when the build fails.
 */
export function runAstroBuild(opts: RunAstroOptions): Promise<void> {
  const root = opts.projectRoot ?? PROJECT_ROOT;
  const bin = opts.astroBin ?? join(root, 'node_modules', '.bin', 'astro');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ASTRO_TELEMETRY_DISABLED: '1',
    // Anything astro spawns in turn finds the same Node first on PATH.
    PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
  };
  for (const [key, value] of Object.entries(opts.env ?? {})) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  const tail: string[] = [];
  const onData = (carry: { rest: string }) => (chunk: Buffer): void => {
    const lines = (carry.rest + chunk.toString('utf8')).split('\n');
    carry.rest = lines.pop() ?? '';
    for (const line of lines) emit(line);
  };
  const emit = (line: string): void => {
    const clean = line.replace(ANSI, '').trimEnd();
    if (!clean) return;
    tail.push(clean);
    if (tail.length > TAIL_LINES) tail.shift();
    opts.log?.(clean);
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, 'build', '--root', root, '--outDir', opts.outDir], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out = { rest: '' };
    const err = { rest: '' };
    child.stdout.on('data', onData(out));
    child.stderr.on('data', onData(err));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      emit(out.rest);
      emit(err.rest);
      if (code === 0) resolve();
      else reject(new Error(`astro build failed (${signal ?? `exit code ${code}`}):\n${tail.join('\n')}`));
    });
  });
}
