import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ConfigError } from '../../config.ts';
import type { SportsbookConfig } from './config.ts';

/** The platform's keys: ours signs launch tokens, the provider's verifies its callbacks. Both ES256 (P-256). */
export interface SportsbookKeys {
  signing: KeyObject;
  /** RFC 7638-style id of our key (the launch tokens' `kid`), so a provider can tell rotations apart. */
  kid: string;
  providerPublic: KeyObject;
}

/** The sandbox provider's keys: its own signing key and the platform's public key it verifies launch tokens with. */
export interface SandboxKeys {
  signing: KeyObject;
  platformPublic: KeyObject;
}

/** Writes `text` to `path` only if no file is there: a temporary file hard-linked into place (a concurrent writer's file wins, whole). */
async function writeOnce(path: string, text: string, mode: number): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const partial = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(partial, text, { mode });
  try {
    await link(partial, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(partial);
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await readFile(path);
    return true;
  } catch {
    return false;
  }
}

/** A P-256 private key, PKCS#8 PEM, made unless `privatePath` exists; its SPKI public key written beside it unless there. */
async function ensurePair(privatePath: string, publicPath: string): Promise<void> {
  if (!(await exists(privatePath))) {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    await writeOnce(privatePath, privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), 0o600);
  }
  if (!(await exists(publicPath))) {
    const publicKey = createPublicKey(createPrivateKey(await readFile(privatePath)));
    await writeOnce(publicPath, publicKey.export({ type: 'spki', format: 'pem' }).toString(), 0o644);
  }
}

/**
 * The sandbox's first start: the platform's key pair and the sandbox
 * provider's key pair in `DATA_DIR/sportsbook` (like the VAPID keys, made
 * once and kept; several nodes starting together keep one of each).
 * Nothing happens with another provider.
 */
export async function ensureSandboxKeys(config: SportsbookConfig): Promise<void> {
  if (!config.sandbox) return;
  await ensurePair(config.privateKeyFile, config.sandbox.platformPublicKeyFile);
  await ensurePair(config.sandbox.privateKeyFile, config.providerPublicKeyFile);
}

async function readKey(variable: string, path: string, kind: 'private' | 'public'): Promise<KeyObject> {
  let pem: Buffer;
  try {
    pem = await readFile(path);
  } catch (error) {
    throw new ConfigError(variable, `names a file that cannot be read (${path}: ${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let key: KeyObject;
  try {
    key = kind === 'private' ? createPrivateKey(pem) : createPublicKey(pem);
  } catch {
    throw new ConfigError(variable, `must be a PEM ${kind === 'private' ? 'PKCS#8 private' : 'SPKI public'} key (${path})`);
  }
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new ConfigError(variable, `must be an EC P-256 key for ES256 (${path} holds ${key.asymmetricKeyType ?? 'another'} key)`);
  }
  return key;
}

function keyId(key: KeyObject): string {
  const jwk = createPublicKey(key).export({ format: 'jwk' });
  return `${jwk.x!.slice(0, 16)}${jwk.y!.slice(0, 16)}`;
}

const loaded = new Map<string, Promise<SportsbookKeys>>();

/**
 * The platform's keys, generated first for the sandbox, read once per
 * process (cached by file paths; a failure is retried on the next call).
 * @throws ConfigError naming SPORTSBOOK_PRIVATE_KEY_FILE or SPORTSBOOK_PROVIDER_PUBLIC_KEY_FILE when a file is missing or not a P-256 key.
 */
export function sportsbookKeys(config: SportsbookConfig): Promise<SportsbookKeys> {
  const cacheKey = `${config.privateKeyFile}\n${config.providerPublicKeyFile}`;
  let pending = loaded.get(cacheKey);
  if (!pending) {
    pending = (async () => {
      await ensureSandboxKeys(config);
      const signing = await readKey('SPORTSBOOK_PRIVATE_KEY_FILE', config.privateKeyFile, 'private');
      const providerPublic = await readKey('SPORTSBOOK_PROVIDER_PUBLIC_KEY_FILE', config.providerPublicKeyFile, 'public');
      return { signing, kid: keyId(signing), providerPublic };
    })();
    loaded.set(cacheKey, pending);
    pending.catch(() => loaded.delete(cacheKey));
  }
  return pending;
}

/** The sandbox provider's keys (after `ensureSandboxKeys`). @throws Error when the provider is not the sandbox. */
export async function sandboxKeys(config: SportsbookConfig): Promise<SandboxKeys> {
  if (!config.sandbox) throw new Error('the sandbox sportsbook is not configured');
  await sportsbookKeys(config);
  return {
    signing: await readKey('SPORTSBOOK_PROVIDER', config.sandbox.privateKeyFile, 'private'),
    platformPublic: await readKey('SPORTSBOOK_PROVIDER', config.sandbox.platformPublicKeyFile, 'public'),
  };
}
