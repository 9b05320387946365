import { setApiBaseUrl } from '../lib/api/base-url.ts';
import { identityHeaders } from '../lib/api/headers.ts';
import { ensureGuestId } from '../lib/guest-id.ts';
import { readStored } from '../lib/storage.ts';
import { pollMaintenance } from '../lib/maintenance-poll.ts';
import { blocksPage, isPreloaderState, type PreloaderState, resolvePreloaderState } from '../lib/preloader-state.ts';
import { apiEndpoint, readRuntimeConfig } from '../lib/runtime-config.ts';
import { firstTime } from './lifecycle.ts';

/**
 * Site DOM contract item 2: one `GET {apiUrl}/site-config` per full page load
 * decides the preloader (402 → maintenance, other failures → not-found,
 * success → hidden); the outcome is re-applied to every swapped-in page, and
 * `#app-root` is inert while a panel shows.
 */
let outcome: PreloaderState | null = null;

/** Applies a state (or the runtime outcome, else the build-time one) to the current DOM. */
export function applyPreloaderState(state: PreloaderState | null = outcome, doc: Document = document): void {
  const preloader = doc.getElementById('preloader');
  const built = preloader?.dataset.state;
  const effective = state ?? (isPreloaderState(built) ? built : 'hidden');
  if (preloader && built !== effective) preloader.dataset.state = effective;
  const appRoot = doc.getElementById('app-root');
  if (appRoot) appRoot.inert = blocksPage(effective);
}

function extractApiUrl(body: unknown): unknown {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as { api_url?: unknown; data?: { api_url?: unknown } };
  return record.api_url ?? record.data?.api_url;
}

/** The startup check; resolves to the state it applied (exported for tests). */
export async function checkSite(fetchImpl: typeof fetch = (input, init) => fetch(input, init)): Promise<PreloaderState | null> {
  let config;
  try {
    config = readRuntimeConfig();
  } catch {
    outcome = 'not-found';
    return outcome;
  }
  const url = `${apiEndpoint(config.apiUrl, 'site-config')}?domain=${encodeURIComponent(location.hostname)}&t=${Date.now()}`;
  let status: number | null = null;
  try {
    // Like every platform call, this one carries the caller's identity and lmcp (spec section 6).
    const identity = identityHeaders({ token: readStored('auth') ?? null, guestId: ensureGuestId(), lmcp: readStored('lmcp') ?? null });
    const response = await fetchImpl(url, { headers: { Accept: 'application/json', ...identity }, cache: 'no-store' });
    status = response.status;
    if (response.ok && config.status !== 'unknown') setApiBaseUrl(extractApiUrl(await response.json().catch(() => null)));
  } catch {
    // No response: `status` stays null.
  }
  outcome = resolvePreloaderState({ status, offline: navigator.onLine === false, build: config.status });
  return outcome;
}

/**
 * While in maintenance, asks again with backoff (3 s doubling to 60 s, with
 * jitter: lib/maintenance-poll.ts) and reloads the page once the site is open.
 */
function watchMaintenance(): void {
  pollMaintenance({
    isBack: async () => (await checkSite()) === 'hidden',
    wait: (run, ms) => {
      const timer = setTimeout(run, ms);
      return () => clearTimeout(timer);
    },
    onBack: () => location.reload(),
  });
}

export function initPreloader(): void {
  if (!firstTime('preloader')) return;
  applyPreloaderState();
  document.addEventListener('astro:after-swap', () => applyPreloaderState());
  void checkSite().then((state) => {
    applyPreloaderState();
    if (state === 'maintenance') watchMaintenance();
  });
}
