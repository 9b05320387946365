import { pageIsland } from '../shared/page-island.tsx';
import { ToastRoot } from './ToastRoot.tsx';

/**
 * Entry of the toast island, loaded by the first feature that raises toasts
 * (a player's notifications), mounted once per page lifetime into `#toast-root`.
 */
export const mountToasts = pageIsland('toast-root', () => <ToastRoot />);
