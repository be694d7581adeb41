import { isApiError } from '@halcyon/api/client';
import { ONLINE_PAYMENT_MESSAGES } from '@halcyon/api/contract';

/** Why a pay link or a sandbox page cannot be opened: the server's sentence (expired, closed), or that it is not valid. */
export function reasonOf(error: unknown, notFound: string = ONLINE_PAYMENT_MESSAGES.linkInvalid): string {
  if (!isApiError(error)) return 'This page could not be opened. Please try again later.';
  return error.status === 404 ? notFound : error.message;
}

/** The pay page a sandbox card page goes back to: only a /Pay/{token} path of this app (never another site). */
export function payPageOf(back: string | null): string | null {
  return back && /^\/Pay\/[A-Za-z0-9_-]{16,512}$/.test(back) ? back : null;
}
