import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { generateKeyPairSync } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ConfigError, ProductionConfigError } from '../../../../server/config.ts';
import { getConfig } from '../../../../server/config.ts';
import { sandboxKeyFiles } from '../../../../server/features/sportsbook/config.ts';
import { ensureSandboxKeys, sportsbookKeys } from '../../../../server/features/sportsbook/keys.ts';
import { PRODUCTION_ENV } from '../../helpers/production-env.ts';

/* SPORTSBOOK_* (issue 16): validated at start naming the variable; production refuses the sandbox; the sandbox's keys are made once. */

const dirs: string[] = [];
const tempDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'sports-config-'));
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const refusal = (env: Record<string, string>): ConfigError => {
  try {
    getConfig(env);
  } catch (error) {
    return error as ConfigError;
  }
  throw new Error('accepted');
};

describe('SPORTSBOOK_* configuration', () => {
  it('defaults to the sandbox with its keys in DATA_DIR/sportsbook and callbacks to this server', () => {
    const config = getConfig({ DATA_DIR: '/srv/data', PORT: '5000' }).sportsbook;
    expect(config).toMatchObject({
      provider: 'sandbox',
      scriptUrl: '/sandbox-sportsbook/renderer.js',
      operatorId: 'sandbox-operator',
      callbackBaseUrl: 'http://127.0.0.1:5000/api/sportsbook',
      privateKeyFile: '/srv/data/sportsbook/platform-private.pem',
      providerPublicKeyFile: '/srv/data/sportsbook/sandbox-provider-public.pem',
    });
    expect(getConfig({}).productionGaps.map((g) => g.variable)).toContain('SPORTSBOOK_PROVIDER');
  });

  it('names each variable betby needs, and malformed values', () => {
    expect(refusal({ SPORTSBOOK_PROVIDER: 'betby' }).variable).toBe('SPORTSBOOK_SCRIPT_URL');
    expect(refusal({ SPORTSBOOK_PROVIDER: 'betby', SPORTSBOOK_SCRIPT_URL: 'https://x.example/bt.js' }).variable).toBe('SPORTSBOOK_OPERATOR_ID');
    expect(refusal({ SPORTSBOOK_PROVIDER: 'kambi' }).message).toMatch(/SPORTSBOOK_PROVIDER must be sandbox, betby or none/);
    expect(refusal({ SPORTSBOOK_SCRIPT_URL: 'javascript:alert(1)' }).variable).toBe('SPORTSBOOK_SCRIPT_URL');
    expect(refusal({ SPORTSBOOK_CALLBACK_BASE_URL: 'ftp://x' }).variable).toBe('SPORTSBOOK_CALLBACK_BASE_URL');
    expect(refusal({ SPORTSBOOK_BRAND_ID: 'has space' }).variable).toBe('SPORTSBOOK_BRAND_ID');
  });

  it('production refuses the sandbox and a real provider on this machine or plain http', () => {
    expect(getConfig(PRODUCTION_ENV).sportsbook.provider).toBe('betby');
    const sandbox = refusal({ ...PRODUCTION_ENV, SPORTSBOOK_PROVIDER: 'sandbox' }) as ProductionConfigError;
    expect(sandbox.message).toMatch(/SPORTSBOOK_PROVIDER is sandbox/);
    const local = refusal({ ...PRODUCTION_ENV, SPORTSBOOK_CALLBACK_BASE_URL: 'http://127.0.0.1:4321/api/sportsbook', SPORTSBOOK_SCRIPT_URL: 'http://cdn.example/bt.js' }) as ProductionConfigError;
    expect(local.gaps.map((g) => g.variable).sort()).toEqual(['SPORTSBOOK_CALLBACK_BASE_URL', 'SPORTSBOOK_SCRIPT_URL']);
    expect(getConfig({ ...PRODUCTION_ENV, SPORTSBOOK_PROVIDER: 'none' }).sportsbook.provider).toBe('none');
  });
});

describe('sportsbook keys', () => {
  it('makes the sandbox pairs once (a second start keeps them) and reads them', async () => {
    const dataDir = await tempDir();
    const config = getConfig({ DATA_DIR: dataDir }).sportsbook;
    await Promise.all([ensureSandboxKeys(config), ensureSandboxKeys(config)]);
    const files = sandboxKeyFiles(dataDir);
    const first = await readFile(files.platformPrivate, 'utf8');
    await ensureSandboxKeys(config);
    expect(await readFile(files.platformPrivate, 'utf8')).toBe(first);
    expect(first).toMatch(/BEGIN PRIVATE KEY/);
    const keys = await sportsbookKeys(config);
    expect(keys.signing.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
  });

  it('stops the start naming the variable for a missing file or a key that is not P-256', async () => {
    const dir = await tempDir();
    const base = { SPORTSBOOK_PROVIDER: 'betby', SPORTSBOOK_SCRIPT_URL: 'https://x.example/bt.js', SPORTSBOOK_OPERATOR_ID: 'op', SPORTSBOOK_CALLBACK_BASE_URL: 'https://api.example/api/sportsbook' };
    const missing = getConfig({ ...base, SPORTSBOOK_PRIVATE_KEY_FILE: join(dir, 'none.pem'), SPORTSBOOK_PROVIDER_PUBLIC_KEY_FILE: join(dir, 'none.pub') }).sportsbook;
    await expect(sportsbookKeys(missing)).rejects.toMatchObject({ variable: 'SPORTSBOOK_PRIVATE_KEY_FILE' });
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    await writeFile(join(dir, 'rsa.pem'), rsa.privateKey.export({ type: 'pkcs8', format: 'pem' }));
    await writeFile(join(dir, 'ec.pem'), ec.privateKey.export({ type: 'pkcs8', format: 'pem' }));
    await writeFile(join(dir, 'ec.pub'), ec.publicKey.export({ type: 'spki', format: 'pem' }));
    await writeFile(join(dir, 'junk.pub'), 'not a key');
    const wrongCurve = getConfig({ ...base, SPORTSBOOK_PRIVATE_KEY_FILE: join(dir, 'rsa.pem'), SPORTSBOOK_PROVIDER_PUBLIC_KEY_FILE: join(dir, 'ec.pub') }).sportsbook;
    await expect(sportsbookKeys(wrongCurve)).rejects.toThrow(/SPORTSBOOK_PRIVATE_KEY_FILE must be an EC P-256 key/);
    const junk = getConfig({ ...base, SPORTSBOOK_PRIVATE_KEY_FILE: join(dir, 'ec.pem'), SPORTSBOOK_PROVIDER_PUBLIC_KEY_FILE: join(dir, 'junk.pub') }).sportsbook;
    await expect(sportsbookKeys(junk)).rejects.toMatchObject({ variable: 'SPORTSBOOK_PROVIDER_PUBLIC_KEY_FILE' });
    const good = getConfig({ ...base, SPORTSBOOK_PRIVATE_KEY_FILE: join(dir, 'ec.pem'), SPORTSBOOK_PROVIDER_PUBLIC_KEY_FILE: join(dir, 'ec.pub') }).sportsbook;
    expect((await sportsbookKeys(good)).providerPublic.asymmetricKeyType).toBe('ec');
  });
});
