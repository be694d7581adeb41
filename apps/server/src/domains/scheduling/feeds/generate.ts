import type { VideoPlatform } from '@halcyon/api/contract';
import type { Db } from '../../../platform/db';
import type { Rng } from '../../../platform/db/generate-helpers';
import { memberCalendarSettings } from './schema';

/** A personal meeting room on each platform, as the platform writes its links (the numbers are made up). */
const ROOMS: ReadonlyArray<[VideoPlatform, (n: string) => string]> = [
  ['zoom', (n) => `https://us02web.zoom.us/j/${n}`],
  ['teams', (n) => `https://teams.microsoft.com/l/meetup-join/19%3ameeting_${n}%40thread.v2/0`],
  ['google-meet', (n) => `https://meet.google.com/${n.slice(0, 3)}-${n.slice(3, 7)}-${n.slice(7, 10)}`],
  ['doxy', (n) => `https://doxy.me/room${n.slice(0, 6)}`],
];

/**
 * Each clinician's video defaults (a platform and a personal room), so the video-call modal has a room to offer. No
 * calendar feed address is made: a feed's address is a secret, made only when its member asks for one.
 */
export async function generateCalendarSettings(
  db: Db,
  rng: Rng,
  practiceId: number,
  clinicians: readonly number[],
): Promise<void> {
  if (clinicians.length === 0) return;
  await db.insert(memberCalendarSettings).values(
    clinicians.map((userId) => {
      const [platform, room] = rng.pick(ROOMS);
      const digits = String(Math.floor(rng.random() * 9e9) + 1e9);
      return { userId, practiceId, videoPlatform: platform, meetingLink: room(digits) };
    }),
  );
}
