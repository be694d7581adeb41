import { matchRoutes, type RouteObject } from 'react-router-dom';

/**
 * A page's code loaded as soon as someone shows they are going there: the pointer over its link, or the keyboard's
 * focus on it. A person takes a few hundred milliseconds between pointing and clicking, time enough to fetch and compile
 * the page's chunks, so the click finds them loaded (the first visit to /Clients spent ~250 ms on its code before it
 * could ask for the list). Nothing loads for a link nobody points at: a page still loads only its own domain's code.
 */
let appRoutes: RouteObject[] = [];
const started = new Set<string>();

/** The routes `prefetchPage` looks hrefs up in: the app's router's, given as the router is created. */
export function setPrefetchRoutes(routes: RouteObject[]): void {
  appRoutes = routes;
  started.clear();
}

/** Starts loading the code of the page `href` opens (once per path; a failed load is tried again next time). */
export function prefetchPage(href: string): void {
  const pathname = href.split(/[?#]/)[0] ?? href;
  if (started.has(pathname)) return;
  const matches = matchRoutes(appRoutes, pathname);
  if (!matches) return;
  started.add(pathname);
  for (const { route } of matches) {
    // The router loads the same modules when the link is followed; the browser's module map answers it at once.
    if (typeof route.lazy === 'function') void route.lazy().catch(() => started.delete(pathname));
  }
}
