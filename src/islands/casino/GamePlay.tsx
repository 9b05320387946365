import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { CatalogueGame } from '../../contract/casino.ts';
import type { Locale } from '../../contract/tenant-bundle.ts';
import { gameHref } from '../../lib/casino/format.ts';
import { showErrorScreen } from '../../lib/error-screen.ts';
import { fill, type GamePlayLabels } from '../../lib/casino/labels.ts';
import { ensurePlayerList, recentList } from '../../stores/casino-player.ts';
import {
  $gameMessage,
  $play,
  $selectedGame,
  closeGame,
  launchGame,
  loadGame,
  refreshSelectedGame,
  toggleFavorite,
  toggleLike,
  type ToggleResult,
} from '../../stores/casino-game.ts';
import { $session } from '../../stores/session.ts';
import './casino.css';

interface Props {
  locale: Locale;
  labels: GamePlayLabels;
  /** The pre-rendered game (bundle): what shows before the platform answers. */
  game: Pick<CatalogueGame, 'id' | 'title' | 'gamecode' | 'providercode' | 'only_demo'>;
}

function openLogin(): void {
  void import('../auth/mount.tsx').then((m) => m.openAuth('login'));
}

function after(result: ToggleResult): void {
  if (result === 'login') openLogin();
}

/**
 * Shows the site's 404 screen (spec: a game that cannot be found is "not
 * found"). A static import: the module is in every page's boot chunk already,
 * and an `import()` of it would make the bundler add its namespace helpers
 * to every page's first load (a separate request, issue 14).
 */
function showNotFound(): void {
  showErrorScreen(404);
}

/**
 * The interactive part of a game page: like and favorite (players; a
 * visitor gets the login modal), "Jogar" (players) and "Jogar demo"
 * (anyone), the game frame or the maintenance state, and the last-played
 * banner. State and rules live in `stores/casino-game.ts`.
 *
 * The frame opens in view: on a phone (either orientation) it covers the
 * screen (casino.css), elsewhere it is scrolled into view; focus moves to
 * its labelled close button, Escape closes it and focus goes back to the
 * button that opened it. Only CSS follows the viewport, so rotating the
 * phone never remounts the iframe (the round goes on).
 */
export function GamePlay({ locale, labels, game: initial }: Props) {
  const selected = useStore($selectedGame);
  const play = useStore($play);
  const message = useStore($gameMessage);
  const session = useStore($session);
  const recent = useStore(recentList.$state);
  const player = session.status === 'user';
  const game = selected.status === 'ready' && selected.game.id === initial.id ? selected.game : null;

  // Who is asking: a login or logout (here or inside the game frame) changes it.
  const caller = session.status === 'user' ? session.token : 'guest';
  const shownFor = useRef<string | null>(null);
  // Which button opened the frame, to give it focus back when the frame closes.
  const openedBy = useRef<'real' | 'demo' | null>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const realRef = useRef<HTMLButtonElement>(null);
  const demoRef = useRef<HTMLButtonElement>(null);
  const open = play.status === 'ready';

  useEffect(() => {
    shownFor.current = null;
    void loadGame(initial.gamecode, initial.providercode);
  }, [initial.gamecode, initial.providercode]);
  useEffect(() => {
    // The first run is the load above; later ones only refresh the caller's flags, so an open frame stays open.
    if (shownFor.current !== null && shownFor.current !== caller) void refreshSelectedGame(initial.gamecode, initial.providercode);
    shownFor.current = caller;
  }, [caller, initial.gamecode, initial.providercode]);
  useEffect(() => {
    if (selected.status === 'not-found') showNotFound();
  }, [selected.status]);
  useEffect(() => {
    if (player) void ensurePlayerList(recentList);
  }, [player]);

  useEffect(() => {
    if (!open) {
      if (openedBy.current === null) return;
      (openedBy.current === 'real' ? realRef.current : demoRef.current)?.focus();
      openedBy.current = null;
      return;
    }
    frameRef.current?.scrollIntoView({ block: 'start' });
    closeRef.current?.focus({ preventScroll: true });
    const root = document.documentElement;
    root.classList.add('game-open');
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) closeGame();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      root.classList.remove('game-open');
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  // The buttons are live from the first paint (the island hydrates on the first click): a click
  // made while the game's details are still loading launches once they arrive.
  const [queued, setQueued] = useState<boolean | null>(null);
  const start = (demo: boolean) => {
    openedBy.current = demo ? 'demo' : 'real';
    if (!game) {
      setQueued(demo);
      return;
    }
    void launchGame(demo).then(after);
  };
  useEffect(() => {
    if (!game || queued === null) return;
    setQueued(null);
    void launchGame(queued).then(after);
  }, [game, queued]);

  const onlyDemo = game?.only_demo ?? initial.only_demo;
  // Spec: the banner shows the first recent game (after a launch, the game just opened).
  const lastPlayed = player ? (recent.items[0] ?? null) : null;
  const hasLike = game?.hasLike ?? false;
  const hasFavorite = game?.hasFavorite ?? false;

  return (
    <div className="game-play">
      {lastPlayed && (
        <p className="last-played" data-testid="last-played">
          <span>{labels.lastPlayed}:</span> <a href={gameHref(locale, lastPlayed)}>{lastPlayed.title}</a>
        </p>
      )}

      {play.status === 'ready' ? (
        <section className="game-frame" ref={frameRef} aria-label={initial.title} data-testid="game-frame-area">
          <div className="game-frame__bar">
            <span className="game-frame__title">
              <strong>{initial.title}</strong> <span className="game-frame__mode">{play.demo ? labels.playingDemo : labels.playing}</span>
            </span>
            <button type="button" className="game-frame__close" ref={closeRef} data-testid="game-close" onClick={closeGame}>
              <span aria-hidden="true">✕</span> {labels.closeGame}
            </button>
          </div>
          <iframe
            data-testid="game-frame"
            src={play.url}
            title={fill(labels.frameTitle, { title: initial.title })}
            // `allow` grants fullscreen; adding `allowFullScreen` too makes Chromium warn that `allow` takes precedence.
            allow="fullscreen; autoplay; clipboard-write"
          />
        </section>
      ) : play.status === 'maintenance' ? (
        <div className="game-maintenance" role="alert" data-testid="game-maintenance">
          <strong>{labels.maintenance}</strong>
          <p>{labels.maintenanceText}</p>
        </div>
      ) : (
        <div className="game-play__buttons">
          {!onlyDemo && (
            <button
              type="button"
              className="button button--primary"
              data-testid="game-play-real"
              ref={realRef}
              disabled={play.status === 'loading'}
              aria-busy={queued !== null || undefined}
              // Visitors: the header's delegated handler opens the login modal.
              data-auth-open={player ? undefined : 'login'}
              onClick={() => player && start(false)}
            >
              {labels.play}
            </button>
          )}
          <button
            type="button"
            className="button"
            data-testid="game-play-demo"
            ref={demoRef}
            disabled={play.status === 'loading'}
            aria-busy={queued !== null || undefined}
            onClick={() => start(true)}
          >
            {labels.playDemo}
          </button>
          {onlyDemo && <p className="game-play__note">{labels.onlyDemo}</p>}
        </div>
      )}

      <div className="game-play__social">
        <button
          type="button"
          className="chip-button"
          data-testid="game-like"
          aria-pressed={hasLike}
          disabled={!game}
          data-auth-open={player ? undefined : 'login'}
          onClick={() => player && void toggleLike().then(after)}
        >
          <span aria-hidden="true">{hasLike ? '♥' : '♡'}</span> {labels.like}{' '}
          <span data-testid="game-like-count" aria-label={labels.likes}>
            {game?.totalLikes ?? 0}
          </span>
        </button>
        <button
          type="button"
          className="chip-button"
          data-testid="game-favorite"
          aria-pressed={hasFavorite}
          disabled={!game}
          data-auth-open={player ? undefined : 'login'}
          onClick={() => player && void toggleFavorite().then(after)}
        >
          <span aria-hidden="true">{hasFavorite ? '★' : '☆'}</span> {labels.favorite}
        </button>
      </div>
      {message && (
        <p className="game-play__error" role="alert" data-testid="game-error">
          {'text' in message ? message.text : labels['errors.toggle']}
        </p>
      )}
    </div>
  );
}
