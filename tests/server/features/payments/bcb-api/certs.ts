import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** PEM file paths of a throw-away PKI made with the openssl CLI. */
export interface TestPki {
  dir: string;
  /** The PSP's CA: signs the stand-in's server certificate and the accepted client certificate. */
  caCert: string;
  serverCert: string;
  serverKey: string;
  /** Client certificate (CN casino-platform) signed by the PSP's CA: accepted. */
  clientCert: string;
  clientKey: string;
  /** Client certificate signed by another CA: the stand-in must refuse it. */
  strangerCert: string;
  strangerKey: string;
  remove(): void;
}

function openssl(dir: string, args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
}

/** A CA (self-signed) in `dir`: `<name>.crt`, `<name>.key`. */
function makeCa(dir: string, name: string, cn: string): void {
  openssl(dir, [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
    '-keyout', `${name}.key`, '-out', `${name}.crt`, '-days', '2', '-subj', `/CN=${cn}`,
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign',
  ]);
}

/** A leaf certificate for `cn` signed by CA `ca`, with `extensions` (an openssl extension file's lines). */
function makeLeaf(dir: string, name: string, cn: string, ca: string, extensions: string[]): void {
  writeFileSync(join(dir, `${name}.ext`), `${extensions.join('\n')}\n`);
  openssl(dir, ['req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${cn}`]);
  openssl(dir, [
    'x509', '-req', '-in', `${name}.csr`, '-CA', `${ca}.crt`, '-CAkey', `${ca}.key`, '-CAcreateserial',
    '-out', `${name}.crt`, '-days', '2', '-extfile', `${name}.ext`,
  ]);
}

/** Generates the PKI of the mTLS tests into a new temp dir. */
export function makeTestPki(): TestPki {
  const dir = mkdtempSync(join(tmpdir(), 'bcb-api-pki-'));
  makeCa(dir, 'ca', 'Stand-in PSP CA');
  makeCa(dir, 'other-ca', 'Some other CA');
  makeLeaf(dir, 'server', 'localhost', 'ca', ['subjectAltName=IP:127.0.0.1,DNS:localhost', 'extendedKeyUsage=serverAuth']);
  makeLeaf(dir, 'client', 'casino-platform', 'ca', ['extendedKeyUsage=clientAuth']);
  makeLeaf(dir, 'stranger', 'casino-platform', 'other-ca', ['extendedKeyUsage=clientAuth']);
  const file = (name: string): string => join(dir, name);
  return {
    dir,
    caCert: file('ca.crt'),
    serverCert: file('server.crt'),
    serverKey: file('server.key'),
    clientCert: file('client.crt'),
    clientKey: file('client.key'),
    strangerCert: file('stranger.crt'),
    strangerKey: file('stranger.key'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
