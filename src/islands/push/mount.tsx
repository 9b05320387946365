import { closePushModal } from '../../stores/push.ts';
import { pageIsland } from '../shared/page-island.tsx';
import { mountToasts } from '../toasts/mount.tsx';
import { PushRoot } from './PushRoot.tsx';

/**
 * Entry of the push island, loaded when the push modal first opens, mounted
 * once per page lifetime into `#push-root`; outcomes are shown through the
 * toast island. A navigation closes the modal (it counts as "not now").
 */
const mountPush = pageIsland('push-root', () => <PushRoot />, { beforeSwap: closePushModal });

export function ensurePushRoot(): void {
  mountToasts();
  mountPush();
}
