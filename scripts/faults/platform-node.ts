/**
 * One platform node for the fault runs: `server/main.ts`'s `startPlatform`
 * with the sites left unbuilt (the money paths and realtime need none, and
 * building them would take the machine's cores from the run). Same
 * configuration from the environment, same signal handling.
 */
import { configFromEnvOrExit, startPlatform, stopOnSignals } from '../../server/main.ts';

stopOnSignals(await startPlatform(configFromEnvOrExit(), { buildMissingSites: false }));
