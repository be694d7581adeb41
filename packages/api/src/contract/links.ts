import { textOf } from './domains/common';

/**
 * Web addresses a person types (a meeting link, an external calendar's address): one https rule, so a session's video link,
 * a therapist's personal meeting link and an event's meeting link are checked alike. `domains/clientSessions.ts`
 * re-exports the video link's names; the calendar feeds domain reads them from here without loading the sessions domain.
 */

/** A full https:// address with a host name that has a dot (`https://meet` alone is not one). */
export function isHttpsUrl(value: string): boolean {
  if (!/^https:\/\/[^\s]+$/i.test(value)) return false;
  try {
    return new URL(value).hostname.includes('.');
  } catch {
    return false;
  }
}

/** A meeting link for a video session: a full https:// address (the client opens it from the confirmation e-mail). */
export const VIDEO_LINK_MAX = 500;
export const VIDEO_LINK_MESSAGE = 'Enter the video link as a full address starting with https://';
export const videoLinkField = textOf(VIDEO_LINK_MAX, { error: VIDEO_LINK_MESSAGE })
  .trim()
  .max(VIDEO_LINK_MAX, `Use at most ${VIDEO_LINK_MAX} characters for the video link.`)
  .refine((value) => value === '' || isHttpsUrl(value), VIDEO_LINK_MESSAGE)
  .nullish()
  .transform((value) => (value ? value : null));
