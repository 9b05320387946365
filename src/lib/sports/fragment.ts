/**
 * The launch token carried in the fragment of `POST /games/launch/sport`'s
 * gameUrl (`…/widgetbetby#token=…`): the fragment never reaches a server log
 * or a Referer. Import-free, so the sports page's first script stays tiny.
 */
export function tokenFromGameUrl(gameUrl: string): string | null {
  const hash = gameUrl.indexOf('#');
  if (hash === -1) return null;
  const token = new URLSearchParams(gameUrl.slice(hash + 1)).get('token');
  return token ? token : null;
}
