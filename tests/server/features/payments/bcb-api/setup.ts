import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { BcbApiPspConfig } from '../../../../../server/config.ts';
import { type BcbApiPsp, type BcbApiPspOptions, createBcbApiPsp } from '../../../../../server/features/payments/bcb-api/bcb-api-psp.ts';
import { makeTestPki, type TestPki } from './certs.ts';
import { type StandInPsp, startStandInPsp } from './stand-in-psp.ts';

/** The operator's receiving key (`chave` of every charge). */
export const PIX_KEY = '7d9f0335-8dcc-4054-9bf9-0dbd61d36906';

export interface Fixture {
  pki: TestPki;
  psp: StandInPsp;
  /** The adapter's configuration for the stand-in, with overrides. */
  config(over?: Partial<BcbApiPspConfig>): BcbApiPspConfig;
  /** An adapter on the stand-in, closed after the test. */
  adapter(over?: Partial<BcbApiPspConfig>, opts?: BcbApiPspOptions): BcbApiPsp;
}

/**
 * Registers hooks: one PKI per test file (openssl), a fresh stand-in PSP per
 * test; adapters made through the fixture are closed after each test.
 */
export function useStandIn(): Fixture {
  const open: BcbApiPsp[] = [];
  const fixture = {} as Fixture;
  beforeAll(() => {
    fixture.pki = makeTestPki();
  });
  afterAll(() => fixture.pki.remove());
  beforeEach(async () => {
    fixture.psp = await startStandInPsp(fixture.pki);
  });
  afterEach(async () => {
    for (const a of open.splice(0)) a.close();
    await fixture.psp.close();
  });
  fixture.config = (over = {}) => ({
    baseUrl: fixture.psp.baseUrl,
    tokenUrl: fixture.psp.tokenUrl,
    clientId: fixture.psp.clientId,
    clientSecret: fixture.psp.clientSecret,
    certFile: fixture.pki.clientCert,
    keyFile: fixture.pki.clientKey,
    caFile: fixture.pki.caCert,
    pixKey: PIX_KEY,
    ...over,
  });
  fixture.adapter = (over = {}, opts = {}) => {
    const adapter = createBcbApiPsp(fixture.config(over), opts);
    open.push(adapter);
    return adapter;
  };
  return fixture;
}

/** The error a promise rejects with (fails the test when it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}
