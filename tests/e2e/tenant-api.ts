import { expect, test } from '@playwright/test';
import { tenantUrl } from './helpers.ts';

/**
 * Calls to the running platform made from the test process. Node does not
 * resolve `*.localhost`, so they go to 127.0.0.1 with the tenant's `Origin`,
 * which is how the platform picks the tenant (as a tenant's site would).
 */
const PORT = Number(process.env.E2E_PORT ?? 4391);
const platformUrl = (path: string) => `http://127.0.0.1:${PORT}/api${path}`;

/** A call to the platform as the site at `host` would make it. */
export function tenantApi(host: string, path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<Response> {
  return fetch(platformUrl(path), {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      Origin: tenantUrl(host, '').replace(/\/$/, ''),
      'Content-Type': 'application/json',
      'Accept-Language': 'pt-BR',
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/**
 * The operator API with the demo key of `host`, or with `key` when given
 * (127.0.0.1 is no tenant, so the key alone decides the tenant).
 */
export function operatorCall(host: string, method: string, path: string, body?: unknown, key = `demo-key-${host}`): Promise<Response> {
  return fetch(platformUrl(path), {
    method,
    headers: { 'X-Operator-Key': key, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Patches a tenant's configuration (JSON Merge Patch: null removes a setting) through the operator API; the test fails if refused. */
export async function patchSiteConfig(host: string, patch: Record<string, unknown>): Promise<void> {
  const patched = await operatorCall(host, 'PATCH', '/operator/site-config', patch);
  expect(patched.status, await patched.clone().text()).toBe(200);
}

/**
 * For the spec file that calls it (serial, one worker): switches `patch` on
 * before the file's tests (a `beforeAll` registered first, so the file's own
 * `beforeAll` runs on the new settings) and afterwards puts back every
 * setting `patch` names as it was, whatever the tests changed meanwhile (one
 * that was unset is removed again).
 */
export function withSiteConfig(host: string, patch: Record<string, unknown>): void {
  let saved: Record<string, unknown> = {};
  test.beforeAll(async () => {
    const current = (await (await operatorCall(host, 'GET', '/operator/site-config')).json()) as { config: Record<string, unknown> };
    saved = Object.fromEntries(Object.keys(patch).map((key) => [key, current.config[key] ?? null]));
    await patchSiteConfig(host, patch);
  });
  test.afterAll(() => patchSiteConfig(host, saved));
}

/** Patches a tenant's configuration (JSON Merge Patch) and waits until its site is rebuilt with it. */
export async function configureAndRebuild(host: string, patch: Record<string, unknown>): Promise<void> {
  await patchSiteConfig(host, patch);
  const started = await operatorCall(host, 'POST', '/operator/rebuild');
  expect(started.status).toBe(202);
  const { build } = (await started.json()) as { build: { id: string } };
  await expect
    .poll(async () => ((await (await operatorCall(host, 'GET', `/operator/builds/${build.id}`)).json()) as { build: { status: string } }).build.status, {
      timeout: 150_000,
      intervals: [1000],
    })
    .toBe('succeeded');
}

/** The newest 6-digit code the tenant at `host` sent to `to` (development outbox). */
export async function latestCodeOn(host: string, to: string): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(async () => {
      const response = await tenantApi(host, `/dev/outbox?to=${encodeURIComponent(to)}`);
      if (!response.ok) return null;
      const body = (await response.json()) as { data: { text: string }[] };
      code = body.data[0]?.text.match(/\b(\d{6})\b/)?.[1] ?? null;
      return code;
    })
    .not.toBeNull();
  return code!;
}
