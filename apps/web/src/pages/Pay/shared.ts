import { isApiError } from '@halcyon/api/client';
import { ONLINE_PAYMENT_MESSAGES } from '@halcyon/api/contract';

/** Why a pay link or a sandbox page cannot be opened: the server's sentence (expired, closed), or that it is not valid. */
export function reasonOf(error: unknown, notFound: string = ONLINE_PAYMENT_MESSAGES.linkInvalid): string {
  if (!isApiError(error)) return 'This page could not be opened. Please try again later.';
  return error.status === 404 ? notFound : error.message;
}

/** Goes to a provider's page: inside the app by the router when it is this app's own, else by the browser. */
export async function goTo(url: string, navigate: (path: string) => void | Promise<void>): Promise<void> {
  const target = new URL(url, window.location.origin);
  if (target.origin === window.location.origin) await navigate(`${target.pathname}${target.search}`);
  else window.location.assign(target.href);
}

/** The pay page a sandbox card page goes back to: only a /Pay/{token} path of this app (never another site). */
export function payPageOf(back: string | null): string | null {
  return back && /^\/Pay\/[A-Za-z0-9_-]{16,512}$/.test(back) ? back : null;
}
