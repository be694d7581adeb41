/**
 * Goes to an address a server answered (a payment provider's checkout or onboarding page, or the sandbox's, which is this
 * app's own): inside the app by the router when it is this app's origin, so the session and state stay, else by the
 * browser.
 */
export async function goTo(url: string, navigate: (path: string) => void | Promise<void>): Promise<void> {
  const target = new URL(url, window.location.origin);
  if (target.origin === window.location.origin) await navigate(`${target.pathname}${target.search}`);
  else window.location.assign(target.href);
}
