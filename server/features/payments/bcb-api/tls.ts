import { readFileSync } from 'node:fs';
import https from 'node:https';
import { createSecureContext } from 'node:tls';
import { type BcbApiPspConfig, ConfigError } from '../../../config.ts';

/** PEM material of the mutual-TLS connection to the PSP. */
export interface TlsMaterial {
  cert: Buffer;
  key: Buffer;
  /** Trusted CAs for the PSP's server certificate; undefined = Node's bundled CAs. */
  ca: Buffer | undefined;
}

function readPem(variable: string, file: string): Buffer {
  let pem: Buffer;
  try {
    pem = readFileSync(file);
  } catch (error) {
    throw new ConfigError(variable, `cannot be read (${file}): ${(error as Error).message}`);
  }
  if (!pem.includes('-----BEGIN ')) throw new ConfigError(variable, `is not a PEM file (${file})`);
  return pem;
}

/**
 * Reads the client certificate, its key and the optional CA bundle once, and
 * checks that they load together (key matching the certificate), so a wrong
 * file stops the platform at start rather than failing the first deposit.
 * @throws ConfigError naming PIX_PSP_CERT_FILE, PIX_PSP_KEY_FILE or PIX_PSP_CA_FILE.
 */
export function readTlsMaterial(config: Pick<BcbApiPspConfig, 'certFile' | 'keyFile' | 'caFile'>): TlsMaterial {
  const cert = readPem('PIX_PSP_CERT_FILE', config.certFile);
  const key = readPem('PIX_PSP_KEY_FILE', config.keyFile);
  const ca = config.caFile === null ? undefined : readPem('PIX_PSP_CA_FILE', config.caFile);
  try {
    createSecureContext({ cert, key });
  } catch (error) {
    throw new ConfigError('PIX_PSP_KEY_FILE', `does not load with PIX_PSP_CERT_FILE: ${(error as Error).message}`);
  }
  if (ca) {
    try {
      createSecureContext({ ca });
    } catch (error) {
      throw new ConfigError('PIX_PSP_CA_FILE', `is not a usable CA bundle: ${(error as Error).message}`);
    }
  }
  return { cert, key, ca };
}

/**
 * The agent every request to the PSP (token endpoint and API) goes through:
 * it presents the client certificate on each connection and keeps
 * connections alive so the TLS handshake is not paid per call.
 */
export function createMtlsAgent(material: TlsMaterial): https.Agent {
  return new https.Agent({
    cert: material.cert,
    key: material.key,
    ...(material.ca ? { ca: material.ca } : {}),
    keepAlive: true,
    // Idle connections are dropped after 5 s (Node's own default), before
    // most servers' keep-alive limit, so reuse rarely meets a closed socket.
    timeout: 5_000,
    maxSockets: 16,
  });
}
