import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import type { Db } from '../../../../server/db/open.ts';
import { playerAddresses } from '../../../../server/features/address/schema.ts';
import { testApp } from '../../helpers/app.ts';
import { freshDatabase, type TestDatabase } from '../../helpers/db.ts';
import { type Answer, playerMaker, type Tenant, twoDemoTenants } from '../../helpers/feature-harness.ts';

export type { Answer, Tenant };

/** The small fixture files (tests/fixtures/documents) by document type. */
export const FIXTURES = {
  identity_front: 'identity-front.jpg',
  identity_back: 'identity-back.png',
  selfie: 'selfie.jpg',
  proof_of_address: 'proof-of-address.pdf',
} as const;

export async function fixture(name: string): Promise<Uint8Array> {
  return new Uint8Array(await readFile(join(import.meta.dirname, '../../../fixtures/documents', name)));
}

export interface DocumentsHarness {
  tdb: TestDatabase;
  db: Db;
  app: Hono;
  dataDir: string;
  local: Tenant;
  sorte: Tenant;
  player(opts?: { tenant?: Tenant; language?: 'pt' | 'en' }): Promise<{ userId: number; token: string; tenant: Tenant }>;
  /** Gives the player a postal address row (what `POST /address/create` writes). */
  address(player: { userId: number; tenant: Tenant }): Promise<void>;
  upload(player: { token: string; tenant: Tenant }, type: string, bytes: Uint8Array | null, opts?: { lang?: string; name?: string; contentType?: string }): Promise<Answer>;
  call(method: string, path: string, opts?: { token?: string; lang?: string; host?: string }): Promise<Answer>;
  /** A raw response (for file downloads). */
  raw(method: string, path: string, headers: Record<string, string>): Promise<Response>;
  operator(method: string, path: string, opts?: { tenant?: Tenant; body?: unknown; lang?: string }): Promise<Answer>;
  close(): Promise<void>;
}

/** The real app (server/app.ts, so the body limit and mounting are the production ones) on a fresh database, files in a temporary DATA_DIR. */
export async function documentsHarness(): Promise<DocumentsHarness> {
  const tdb = await freshDatabase();
  const db = tdb.handle.db;
  const { local, sorte } = await twoDemoTenants(db);
  const dataDir = await mkdtemp(join(tmpdir(), 'documents-test-'));
  const app = testApp(db, { env: { DATA_DIR: dataDir } });
  const makePlayer = playerMaker(db);
  const parse = async (res: Response): Promise<Answer> => {
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  };
  const raw = async (method: string, path: string, headers: Record<string, string>, body?: BodyInit): Promise<Response> =>
    app.request(`/api${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
  return {
    tdb,
    db,
    app,
    dataDir,
    local,
    sorte,
    async player(o = {}) {
      const tenant = o.tenant ?? local;
      return { ...(await makePlayer(tenant, { language: o.language ?? 'pt' })), tenant };
    },
    async address(p) {
      await db.insert(playerAddresses).values({
        userId: p.userId,
        tenantId: p.tenant.id,
        cep: '01310100',
        street: 'Avenida Paulista',
        number: '1000',
        district: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
      });
    },
    async upload(p, type, bytes, o = {}) {
      const form = new FormData();
      form.set('type', type);
      if (bytes) form.set('document', new File([new Uint8Array(bytes)], o.name ?? 'document.bin', { type: o.contentType ?? 'application/octet-stream' }));
      return parse(await raw('POST', '/documents/upload', { host: p.tenant.host, authorization: `Bearer ${p.token}`, 'accept-language': o.lang ?? 'en' }, form));
    },
    async call(method, path, o = {}) {
      const headers: Record<string, string> = { host: o.host ?? 'localhost', 'accept-language': o.lang ?? 'en' };
      if (o.token) headers.authorization = `Bearer ${o.token}`;
      return parse(await raw(method, path, headers));
    },
    raw: (method, path, headers) => raw(method, path, headers),
    async operator(method, path, o = {}) {
      const tenant = o.tenant ?? local;
      const headers: Record<string, string> = { host: 'platform.internal:4321', 'x-operator-key': tenant.key, 'accept-language': o.lang ?? 'en' };
      if (o.body !== undefined) headers['content-type'] = 'application/json';
      return parse(await raw(method, `/operator${path}`, headers, o.body === undefined ? undefined : JSON.stringify(o.body)));
    },
    async close() {
      await tdb.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
