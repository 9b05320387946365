import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * An island mounted on demand and kept for the page's lifetime: the first
 * call creates `<div id={id}>` at the end of `<body>` and renders into it;
 * ClientRouter navigations swap `<body>`, so the same host (with its React
 * root and state) is carried into each new body. `beforeSwap` runs before a
 * navigation — modals close there, since a modal `<dialog>` moved in the DOM
 * loses its modality. Returns the `ensure` function to call before each use.
 */
export function pageIsland(id: string, render: () => ReactNode, options: { beforeSwap?: () => void } = {}): () => void {
  let host: HTMLElement | null = null;
  const attachHost = (): void => {
    if (host && !host.isConnected) document.body.append(host);
  };
  return () => {
    if (host) return attachHost();
    if (options.beforeSwap) document.addEventListener('astro:before-swap', options.beforeSwap);
    document.addEventListener('astro:after-swap', attachHost);
    host = document.createElement('div');
    host.id = id;
    document.body.append(host);
    createRoot(host).render(render());
  };
}
