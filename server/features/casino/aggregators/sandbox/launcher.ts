import type { GameLauncher } from '../../providers.ts';
import { engineKindOf, sandboxRtpBps } from './engines/index.ts';
import type { SessionSigner } from './session.ts';

/**
 * The sandbox's launcher for provider `code`: signs a launch session for
 * the game and answers `{baseUrl}/play?token=…`. What a real aggregator's
 * launch API returns, without a network call: the session carries all the
 * sandbox needs (tenant domain, game, engine, player, mode, language).
 */
export function sandboxLauncher(code: string, opts: { baseUrl: string; sessions: SessionSigner }): GameLauncher {
  return {
    code,
    launchUrl: ({ tenant, game, providerName, demo, userId, locale }) => {
      const token = opts.sessions.issue({
        tenant: tenant.domain,
        provider: code,
        providerName,
        gamecode: game.gamecode,
        gameId: game.gameId,
        title: game.title,
        kind: engineKindOf(game),
        rtpBps: sandboxRtpBps(game.rtpBps),
        player: demo ? null : userId,
        demo,
        locale,
      });
      return Promise.resolve(`${opts.baseUrl}/play?${new URLSearchParams({ token }).toString()}`);
    },
  };
}
