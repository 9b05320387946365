import { createRoot, type Root } from 'react-dom/client';
import { closePushModal } from '../../stores/push.ts';
import { mountToasts } from '../toasts/mount.tsx';
import { PushRoot } from './PushRoot.tsx';

/**
 * Entry of the push island, loaded when the push modal first opens. Mounted
 * once per page lifetime into a `#push-root` carried across ClientRouter
 * navigations; outcomes are shown through the toast island.
 */
let root: Root | null = null;
let host: HTMLElement | null = null;

function attachHost(): void {
  if (host && !host.isConnected) document.body.append(host);
}

export function ensurePushRoot(): void {
  mountToasts();
  if (root) {
    attachHost();
    return;
  }
  // A modal <dialog> moved with the body loses its modality: a navigation counts as "not now".
  document.addEventListener('astro:before-swap', closePushModal);
  document.addEventListener('astro:after-swap', attachHost);
  host = document.createElement('div');
  host.id = 'push-root';
  document.body.append(host);
  root = createRoot(host);
  root.render(<PushRoot />);
}
