/**
 * The single client entry of every page (site DOM contract), included once by
 * the base layout. It runs once per full page load; each `init…()` wires its
 * concern for the current page and for every page ClientRouter swaps in.
 * Budget: a legal page loads at most 12 KB of compressed JavaScript (issue
 * 14), so only small, dependency-free modules belong here; anything heavier
 * is a dynamic import or an island — the header's own code included
 * (`header/on-demand.ts` loads it on the first interaction).
 */
import { ensureGuestId } from '../lib/guest-id.ts';
import { readRuntimeConfig } from '../lib/runtime-config.ts';
import { initChunkRecovery } from './chunk-recovery.ts';
import { initErrorScreen } from './error-screen.ts';
import { initGuestRealtime } from './guest-realtime.ts';
import { initHeaderOnDemand } from './header/on-demand.ts';
import { initInstallPrompt } from './install-prompt.ts';
import { initLoadingBar } from './loading-bar.ts';
import { initLocalDates } from './local-dates.ts';
import { initLocale } from './locale.ts';
import { initMarketingCapture } from './marketing.ts';
import { initPrefetch } from './prefetch.ts';
import { initPreloader } from './preloader.ts';
import { initScrollRules } from './scroll.ts';
import { initServiceWorker } from './service-worker.ts';
import { initSessionFollow } from './session-follow.ts';

/**
 * Navigates the way a link click does: ClientRouter intercepts it when the
 * page has the router, the browser loads the page otherwise. Cheaper than
 * importing the router's `navigate` (no preload helper in this bundle).
 */
function navigate(href: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

/** The fallback build served for unknown hosts only shows the preloader: no language redirect, no worker. */
function isFallbackBuild(): boolean {
  try {
    return readRuntimeConfig().status === 'unknown';
  } catch {
    return true;
  }
}

initChunkRecovery();
initMarketingCapture();
ensureGuestId();
initSessionFollow();
const fallback = isFallbackBuild();
// A first visit may be sent to the English twin of this page: the rest waits for that page.
if (fallback || !initLocale()) {
  initPreloader();
  initLoadingBar();
  initScrollRules();
  initErrorScreen(navigate);
  // The rest waits for a task of its own: one long script task at load is what a phone's Total
  // Blocking Time counts (issue 14), and none of it is needed before the first paint.
  setTimeout(() => {
    initPrefetch();
    if (!fallback) {
      initLocalDates();
      initHeaderOnDemand();
      initServiceWorker();
      initInstallPrompt();
      initGuestRealtime();
    }
  }, 0);
}
