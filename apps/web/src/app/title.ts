/**
 * The browser tab's title (WCAG 2.4.2 "Page Titled"): what the page is, then the product. It never names a client, an
 * amount or a clinical record: the title is kept in the browser's history and shown on a shared screen. Kept apart
 * from the route table's titles (`pageTitle.ts`) so the light sign-in entry loads only these few bytes.
 */
export const APP_NAME = 'Halcyon';

/** The title of /Login, also set by the light sign-in entry before the router loads. */
export const SIGN_IN_TITLE = 'Sign in';

/** `title` as the browser tab shows it. */
export function titled(title: string): string {
  return `${title} · ${APP_NAME}`;
}
