/**
 * The pages that show the mission widgets: the casino's pages (lobby,
 * categories, providers, recent and favourite games, every game page and the
 * house games), in either language. Not the fairness page (a reading page)
 * nor any other part of the site.
 */
export function isMissionWidgetPage(pathname: string): boolean {
  const path = pathname.replace(/^\/en(?=\/|$)/, '');
  return /^\/casino\/./.test(path) && !/^\/casino\/fairness\/?$/.test(path);
}
