import { pageIsland } from '../shared/page-island.tsx';
import { MissionWidgets } from './MissionWidgets.tsx';

/** The widgets' island, mounted once per page lifetime into `#mission-widgets-root` (it follows the route itself). */
export const mountMissionWidgets = pageIsland('mission-widgets-root', () => <MissionWidgets />);
