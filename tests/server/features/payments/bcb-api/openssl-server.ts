import { type ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { freePort } from '../../../../../scripts/free-port.ts';

/** Resolves once something accepts TCP connections on `port`. */
async function listening(port: number, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`openssl s_server exited (${child.exitCode})`);
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * `openssl s_server` requiring a client certificate from `caCert` and
 * failing the handshake otherwise (`-verify_return_error`): the TLS alert a
 * PSP terminating TLS in OpenSSL (nginx, HAProxy …) sends, which Node's own
 * server (used by the stand-in) does not.
 */
export async function startOpensslServer(opts: { cert: string; key: string; caCert: string }): Promise<{ origin: string; stop(): void }> {
  const port = await freePort();
  const child = spawn(
    'openssl',
    ['s_server', '-accept', `127.0.0.1:${port}`, '-cert', opts.cert, '-key', opts.key, '-CAfile', opts.caCert, '-Verify', '1', '-verify_return_error', '-www'],
    { stdio: 'ignore' },
  );
  // Never outlive the test worker, even when a test dies before stop().
  const stop = (): void => {
    process.off('exit', stop);
    child.kill();
  };
  process.once('exit', stop);
  try {
    await listening(port, child);
  } catch (error) {
    stop();
    throw error;
  }
  return { origin: `https://127.0.0.1:${port}`, stop };
}
