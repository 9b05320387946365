import { createRoot, type Root } from 'react-dom/client';
import { ToastRoot } from './ToastRoot.tsx';

/**
 * Entry of the toast island, loaded by the first feature that raises toasts
 * (a player's notifications). Mounted once per page lifetime into a
 * `#toast-root` carried across ClientRouter navigations.
 */
let root: Root | null = null;
let host: HTMLElement | null = null;

function attachHost(): void {
  if (host && !host.isConnected) document.body.append(host);
}

export function mountToasts(): void {
  if (root) {
    attachHost();
    return;
  }
  document.addEventListener('astro:after-swap', attachHost);
  host = document.createElement('div');
  host.id = 'toast-root';
  document.body.append(host);
  root = createRoot(host);
  root.render(<ToastRoot />);
}
