import { atom } from 'nanostores';
import type { SiteConfig } from '../../contract/site-config.ts';
import { call } from '../api.ts';
import { t } from '../i18n.ts';
import { $outcome, act, loader, resource } from './resource.ts';

export const $siteConfig = resource<{ domain: string; config: SiteConfig }>();
const load = loader($siteConfig);

export type BuildState = { status: 'idle' } | { status: 'queued' | 'building' | 'succeeded'; id: string } | { status: 'failed'; id: string; error: string };
export const $build = atom<BuildState>({ status: 'idle' });

export function loadSiteConfig(): Promise<void> {
  return load(() => call<{ domain: string; config: SiteConfig }>('/operator/site-config'));
}

export async function saveSiteSettings(patch: { siteTitle: string; colors: SiteConfig['colors'] }): Promise<boolean> {
  const ok = await act(() => call('/operator/site-config', { method: 'PATCH', body: patch }), t('site.saved'));
  if (ok) await loadSiteConfig();
  return ok;
}

/** Any part of the configuration (JSON Merge Patch), validated whole by the platform. */
export async function saveSiteDetails(patch: Record<string, unknown>): Promise<boolean> {
  if (Object.keys(patch).length === 0) {
    $outcome.set({ ok: true, text: t('site.details.unchanged') });
    return true;
  }
  const ok = await act(() => call('/operator/site-config', { method: 'PATCH', body: patch }), t('site.saved'));
  if (ok) await loadSiteConfig();
  return ok;
}

const POLL_MS = 1000;

/** Starts a rebuild and follows it until it ends; the screen shows each state as it comes. */
export async function rebuildSite(): Promise<void> {
  await act(async () => {
    const { build } = await call<{ build: { id: string; status: 'queued' | 'building' | 'succeeded' | 'failed'; error?: string } }>('/operator/rebuild', { method: 'POST' });
    $build.set(build.status === 'failed' ? { status: 'failed', id: build.id, error: build.error ?? '' } : { status: build.status, id: build.id });
  }, t('site.rebuildStarted'));
  await follow();
}

async function follow(): Promise<void> {
  for (let state = $build.get(); state.status === 'queued' || state.status === 'building'; state = $build.get()) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    try {
      const { build } = await call<{ build: { id: string; status: BuildState['status']; error?: string } }>(`/operator/builds/${state.id}`);
      $build.set(build.status === 'failed' ? { status: 'failed', id: build.id, error: build.error ?? '' } : { status: build.status as 'queued', id: build.id });
    } catch {
      // A lost answer is asked again at the next tick.
    }
  }
}
