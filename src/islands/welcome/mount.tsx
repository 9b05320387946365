import { pageIsland } from '../shared/page-island.tsx';
import { WelcomePanel } from './WelcomePanel.tsx';

/** Entry of the welcome island, loaded only after a registration, mounted once per page lifetime into `#welcome-root`. */
export const ensureWelcomeRoot = pageIsland('welcome-root', () => <WelcomePanel />);
