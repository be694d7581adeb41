import { parseDiaryEventId, type DiaryEvent } from '@halcyon/api/contract';
import { dayOfWallDate } from '@halcyon/api/time';
import { Button } from '@halcyon/design-system';
import { useModal, type ProposedTimes } from '@halcyon/modals';
import { Video } from '../../app/icons';
import { formatClock } from './diary';

/**
 * What the diary pages open, by modal type (the modal host shows them; a type not built yet shows the host's
 * unexpected-error message): an event, its move (a drag or keyboard move, to confirm), a new booking at a day or slot,
 * blocked time, the booking link, and the video call of the next video session. Every modal gets the practice's time
 * zone from the diary's answer, which the Assistant cannot read from the settings.
 */
export function useDiaryActions(timeZone: string, clinical: boolean) {
  const modal = useModal();
  const at = (day: string, start: Date | undefined) =>
    start ? { date: dayOfWallDate(start), start: formatClock(start) } : { date: day };
  return {
    // An external calendar's busy time (`external-3`) is not an event of Halcyon's: nothing opens.
    open: (eventId: string) => {
      if (parseDiaryEventId(eventId)) modal.open('selected-appointment', { eventId, timeZone });
    },
    move: (eventId: string, move: ProposedTimes) => modal.open('selected-appointment', { eventId, move, timeZone }),
    /** A session (Admin, Therapist) or an appointment (the Assistant books meetings for the team). */
    schedule: (day: string, start?: Date) =>
      modal.open('schedule-appointment', {
        kind: clinical ? 'session' : 'appointment',
        defaults: at(day, start),
        timeZone,
      }),
    blockTime: (day: string, start?: Date) => modal.open('block-time', { defaults: at(day, start), timeZone }),
    shareBookingLink: () => modal.open('share-booking-link'),
    /** "Video call" for the next video session of the events shown that has not ended (none: no button). */
    videoCall: (items: readonly DiaryEvent[]) => {
      const now = Date.now();
      const next = items.find(
        (event) =>
          event.locationKind === 'video' && event.status !== 'cancelled' && Date.parse(event.endDateTimeUTC) > now,
      );
      const source = next ? parseDiaryEventId(next.id) : null;
      if (!next || !source) return null;
      return (
        <Button
          variant="secondary"
          iconStart={<Video />}
          onClick={() => modal.open('video-call', { kind: source.source, eventId: source.id })}
        >
          Video call
        </Button>
      );
    },
  };
}
