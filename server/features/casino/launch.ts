import { eq, sql } from 'drizzle-orm';
import type { GameUrlAnswer } from '../../../src/contract/casino.ts';
import type { Locale } from '../../../src/contract/tenant-bundle.ts';
import type { Db } from '../../db/open.ts';
import { DomainError, UnauthorizedError } from '../../http/errors.ts';
import type { Logger } from '../../logger.ts';
import { type GameKey, findGameRow } from './find-game.ts';
import { CASINO_MESSAGES } from './messages.ts';
import type { LauncherRegistry } from './providers.ts';
import { games } from './schema.ts';

export interface LaunchRequest extends GameKey {
  /** The tenant's domain (the `tenantId`'s), handed to the launcher for the provider's wallet calls. */
  tenantDomain: string;
  /** The player, or null for a guest. */
  userId: number | null;
  /** Asked for demo play; `only_demo` games are always demo. */
  demo: boolean;
  locale: Locale;
}

function maintenance(): DomainError {
  return new DomainError('game_maintenance', 503, undefined, { message: CASINO_MESSAGES.gameMaintenance });
}

/**
 * `POST /games/url`: the launch URL of a game from its provider's launcher.
 * Real money needs a player (401 for guests); a provider with no launcher,
 * or one that fails, answers 503 (the game page's maintenance state). Only
 * a successful launch counts a view. Launching is not playing: the game
 * joins the player's recent games with their first round (./played.ts).
 * @throws NotFoundError (404) for an unknown game.
 */
export async function launchGame(db: Db, launchers: LauncherRegistry, req: LaunchRequest, log?: Logger): Promise<GameUrlAnswer> {
  const { game, providercode, provider_name: providerName } = await findGameRow(db, req, req.userId);
  const demo = req.demo || game.onlyDemo;
  if (!demo && req.userId === null) throw new UnauthorizedError('real_money_needs_login', { message: CASINO_MESSAGES.realMoneyNeedsLogin });
  const launcher = launchers.get(providercode);
  if (!launcher) throw maintenance();
  let gameUrl: string;
  try {
    gameUrl = await launcher.launchUrl({ tenant: { id: req.tenantId, domain: req.tenantDomain }, game, providerName, demo, userId: req.userId, locale: req.locale });
  } catch (error) {
    log?.warn(`Launch of ${providercode}/${game.gamecode} failed`, error);
    throw maintenance();
  }
  // Only the view is counted here: a game joins the player's recent games when a round is placed (./played.ts).
  await db.update(games).set({ views: sql`${games.views} + 1` }).where(eq(games.id, game.id));
  return { gameUrl };
}
