import type { Locale } from '../contract/tenant-bundle.ts';
import type { SportsPageConfig } from '../lib/sports/config.ts';
import { tokenFromGameUrl } from '../lib/sports/fragment.ts';
import { LaunchRefusal, observable, playerToken, requestLaunch, watchSession } from '../lib/sports/platform.ts';
import type { BTRendererConstructor, BTRendererInstance } from '../lib/sports/renderer-types.ts';
import { addressForWidgetRoute, routeFromHistory, widgetLangOf, widgetPathOf } from '../lib/sports/route.ts';

/**
 * The sportsbook widget on a sports page (issue 16): loads the provider's
 * `BTRenderer` script once (URL from the tenant's configuration), fetches a
 * launch token for a logged-in player (`POST /games/launch/sport`, the token
 * is the returned gameUrl's fragment), initialises the widget, keeps the
 * address in step with the widget's routes, renews the token when the
 * widget says it expired, and starts it again on login/logout. Guests get the
 * widget without a token (odds visible; betting asks them to log in).
 *
 * It shares no module with the other pages' scripts (see
 * lib/sports/platform.ts): the session is read from the same storage keys
 * and followed through the header's `html[data-session]`, and the state is
 * a small Nanostores-shaped observable, so casino and legal pages load the
 * exact same JavaScript as before sports existed.
 */

export type SportsWidgetState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; player: boolean }
  /** The widget script could not be loaded (network, blocked): the page offers a retry. */
  | { status: 'failed' }
  /** The platform refused a token (self-excluded or otherwise barred): its message, in the player's language. */
  | { status: 'refused'; message: string }
  /** The platform has no sportsbook for this tenant (404 from the launch call). */
  | { status: 'unavailable' };

export const $sportsWidget = observable<SportsWidgetState>({ status: 'idle' });

/** What the page does for the widget's callbacks (the modals live in islands the store must not import). */
export interface SportsHost {
  openLogin(): void;
  openRegister(): void;
  openDeposit(): void;
  /** The address now shows `widgetPath` (the page updates its language links). */
  routeShown?(widgetPath: string): void;
}

export interface StartSportsOptions {
  target: HTMLElement;
  config: SportsPageConfig;
  locale: Locale;
  host: SportsHost;
  /** A launch token the page was opened with (`/widgetbetby#token=…`): used for the first start instead of asking. */
  initialToken?: string | null;
  /** Loads the script and returns the global constructor (tests give their own). */
  loadRenderer?: (scriptUrl: string) => Promise<BTRendererConstructor>;
}

interface Running {
  options: StartSportsOptions;
  renderer: BTRendererInstance | null;
  /** The widget route shown now (the address follows it). */
  widgetPath: string;
  /** Bumped on every (re)start and stop, so a late answer of an older start is dropped. */
  generation: number;
  launchedAt: number;
  initialToken: string | null;
  unsubscribe: () => void;
  restoreHistory: () => void;
}

let running: Running | null = null;

/** A widget that keeps losing its session is started again at most this often (no reload loop). */
const SESSION_REFRESH_PAUSE_MS = 30_000;

/** The widget's script, added once per page (a retry after a failure adds it again). */
let scriptLoad: Promise<void> | null = null;

function loadScript(src: string): Promise<void> {
  scriptLoad ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => {
      script.remove();
      scriptLoad = null;
      reject(new Error(`Could not load ${src}`));
    });
    document.head.append(script);
  });
  return scriptLoad;
}

async function defaultLoadRenderer(scriptUrl: string): Promise<BTRendererConstructor> {
  await loadScript(scriptUrl);
  const ctor = (window as unknown as { BTRenderer?: BTRendererConstructor }).BTRenderer;
  if (typeof ctor !== 'function') throw new Error('BTRenderer missing after the script loaded');
  return ctor;
}

/**
 * A fresh launch token for the signed-in player, or null for a guest.
 * Throws the ApiError of a refusal (403 barred, 404 no sportsbook).
 */
export async function fetchLaunchToken(locale: Locale): Promise<string | null> {
  const session = playerToken();
  if (!session) return null;
  try {
    const token = tokenFromGameUrl(await requestLaunch(session, locale, widgetLangOf(locale)));
    if (!token) throw new Error('launch answer without a token');
    return token;
  } catch (error) {
    // A session the platform no longer knows is a guest's (the header's session check signs it out).
    if (error instanceof LaunchRefusal && error.status === 401) return null;
    throw error;
  }
}

function refusalState(error: unknown): SportsWidgetState {
  if (error instanceof LaunchRefusal && error.status === 404) return { status: 'unavailable' };
  // The platform's own words for this player's refusal (self-exclusion dates…).
  if (error instanceof LaunchRefusal && error.status === 403) return { status: 'refused', message: error.message };
  return { status: 'failed' };
}

/** (Re)initialises the widget for the current session; the previous instance is killed first. */
async function launch(run: Running): Promise<void> {
  const generation = ++run.generation;
  run.launchedAt = Date.now();
  const { options } = run;
  run.renderer?.kill();
  run.renderer = null;
  $sportsWidget.set({ status: 'loading' });
  let Renderer: BTRendererConstructor;
  let token: string | null;
  try {
    const given = run.initialToken;
    run.initialToken = null;
    const tokenRequest = given && playerToken() ? Promise.resolve(given) : fetchLaunchToken(options.locale);
    [Renderer, token] = await Promise.all([(options.loadRenderer ?? defaultLoadRenderer)(options.config.scriptUrl), tokenRequest]);
  } catch (error) {
    if (generation === run.generation && running === run) $sportsWidget.set(refusalState(error));
    return;
  }
  if (generation !== run.generation || running !== run) return;
  const { config, locale, host, target } = options;
  const renderer = new Renderer().initialize({
    brand_id: config.brandId,
    token,
    themeName: config.themeName,
    lang: widgetLangOf(locale),
    target,
    url: run.widgetPath,
    betSlipOffsetTop: headerHeight(),
    stickyTop: headerHeight(),
    betslipZIndex: 40,
    onTokenExpired: () => renewToken(run, generation),
    onLogin: () => host.openLogin(),
    onRegister: () => host.openRegister(),
    onRecharge: () => host.openDeposit(),
    onSessionRefresh: () => {
      // The widget lost the session (its token was refused even after a renewal): start again, at most once a while.
      if (running === run && generation === run.generation && Date.now() - run.launchedAt > SESSION_REFRESH_PAUSE_MS) void launch(run);
    },
    onRouteChange: (path: string) => followWidget(run, path),
  });
  run.renderer = renderer;
  $sportsWidget.set({ status: 'ready', player: token !== null });
}

/** `onTokenExpired`: a new token for the same player, or null (the widget then treats the player as logged out). */
async function renewToken(run: Running, generation: number): Promise<string | null> {
  if (running !== run || generation !== run.generation) return null;
  try {
    return await fetchLaunchToken(run.options.locale);
  } catch (error) {
    if (running === run && generation === run.generation) {
      const state = refusalState(error);
      if (state.status !== 'failed') {
        run.renderer?.kill();
        run.renderer = null;
        $sportsWidget.set(state);
      }
    }
    return null;
  }
}

/** The widget moved: the address follows (a new history entry, so Back returns to the previous event). */
function followWidget(run: Running, widgetPath: string): void {
  if (running !== run) return;
  run.widgetPath = widgetPath;
  const address = addressForWidgetRoute(widgetPath, location.pathname, run.options.locale);
  if (address) history.pushState({ sportsbook: widgetPath }, '', address);
  run.options.host.routeShown?.(widgetPath);
}

/** The address changed under the widget (Back/Forward, or a push of a `/sportsbook` path): the widget follows it. */
function followAddress(run: Running, widgetPath: string): void {
  if (running !== run || widgetPath === run.widgetPath) return;
  run.widgetPath = widgetPath;
  run.renderer?.updateOptions({ url: widgetPath });
  run.options.host.routeShown?.(widgetPath);
}

/**
 * Spec section 2: history pushed or replaced with a `/sportsbook…` path that
 * differs from the current route replaces the app route with it. Wraps
 * `pushState`/`replaceState` and listens to `popstate`; returns the undo.
 */
function watchHistory(run: Running): () => void {
  const push = history.pushState;
  const replace = history.replaceState;
  const wrap = (original: typeof history.pushState) =>
    function (this: History, data: unknown, unused: string, url?: string | URL | null) {
      original.call(this, data, unused, url);
      const next = routeFromHistory(url, run.widgetPath, location.href);
      if (next !== null) followAddress(run, next);
    };
  history.pushState = wrap(push);
  history.replaceState = wrap(replace);
  const onPop = () => followAddress(run, widgetPathOf(location.pathname));
  window.addEventListener('popstate', onPop);
  return () => {
    history.pushState = push;
    history.replaceState = replace;
    window.removeEventListener('popstate', onPop);
  };
}

/** Height of the sticky site header, so the widget's sticky parts sit below it. */
function headerHeight(): number {
  const header = document.querySelector<HTMLElement>('header.site-header');
  return header ? Math.round(header.getBoundingClientRect().height) : 0;
}

/**
 * Starts the widget in `target` (once per page: a second call restarts it
 * with the new options). Login and logout start it again with the new
 * session; `stopSportsWidget` kills it.
 */
export function startSportsWidget(options: StartSportsOptions): Promise<void> {
  stopSportsWidget();
  const run: Running = {
    options,
    renderer: null,
    widgetPath: widgetPathOf(location.pathname),
    generation: 0,
    launchedAt: 0,
    initialToken: options.initialToken ?? null,
    unsubscribe: () => {},
    restoreHistory: () => {},
  };
  running = run;
  run.restoreHistory = watchHistory(run);
  // A deep link's page tells its language links which route it shows.
  options.host.routeShown?.(run.widgetPath);
  let token = playerToken();
  run.unsubscribe = watchSession(() => {
    const next = playerToken();
    if (next === token) return;
    token = next;
    void launch(run);
  });
  return launch(run);
}

/** Kills the widget and stops following the session and the history (leaving the page). */
export function stopSportsWidget(): void {
  const run = running;
  if (!run) return;
  running = null;
  run.generation++;
  run.unsubscribe();
  run.restoreHistory();
  run.renderer?.kill();
  run.renderer = null;
  $sportsWidget.set({ status: 'idle' });
}

/** Starts again with the same options (the page's "Tentar de novo" after a failure). */
export function retrySportsWidget(): Promise<void> {
  return running ? launch(running) : Promise.resolve();
}
