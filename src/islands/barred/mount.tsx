import { createRoot } from 'react-dom/client';
import { BarredBanner } from './BarredBanner.tsx';

/**
 * Entry of the barred player's banner, loaded only once the session's user
 * is barred (installSessionEffects): its host sits at the top of `<main>`
 * and follows ClientRouter navigations into each new page's `<main>`.
 */
let host: HTMLElement | null = null;

function placeHost(): void {
  if (!host) return;
  const main = document.getElementById('main') ?? document.body;
  if (host.parentElement !== main || main.firstElementChild !== host) main.prepend(host);
}

export function ensureBarredBannerRoot(): void {
  if (host) return placeHost();
  host = document.createElement('div');
  host.id = 'barred-banner-root';
  placeHost();
  document.addEventListener('astro:after-swap', placeHost);
  createRoot(host).render(<BarredBanner />);
}
