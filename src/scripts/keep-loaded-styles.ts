/**
 * Islands opened on interaction (login, deposit, chat, notifications …) bring
 * their stylesheet when their code loads: Vite's preload helper adds a
 * `<link rel="stylesheet">` to the head once per page load (see
 * src/build/on-demand-css.ts). ClientRouter removes every head element the
 * next page does not have, and the helper does not add a link twice, so the
 * next page gets the links already loaded: they stay, unchanged.
 */
export function initKeepLoadedStyles(): void {
  document.addEventListener('astro:before-swap', (event) => {
    const next = event.newDocument.head;
    for (const link of document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
      const href = link.getAttribute('href');
      if (href && !next.querySelector(`link[rel="stylesheet"][href="${CSS.escape(href)}"]`)) next.append(link.cloneNode());
    }
  });
}
