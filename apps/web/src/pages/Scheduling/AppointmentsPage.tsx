import { allows, CLINICAL_ROLES } from '@halcyon/api/contract';
import { formatLongDay, instantOfWallDate, shiftDay, todayIn } from '@halcyon/api/time';
import { Button, CalendarGrid, PageHeader } from '@halcyon/design-system';
import { LoadError } from '@halcyon/modals';
import { useMemo } from 'react';
import { CalendarOff, Plus, Share2 } from '../../app/icons';
import { useUserState } from '../../app/userStore';
import { DateNavigator } from '../../features/scheduling/DateNavigator';
import { RequestInbox } from '../../features/scheduling/RequestInbox';
import {
  formatClock,
  gridHours,
  renderDiaryEvent,
  toCalendarEvents,
  useDiary,
  usePracticeNow,
} from '../../features/scheduling/diary';
import { useDiaryActions } from '../../features/scheduling/useDiaryActions';
import styles from './Scheduling.module.css';

/**
 * /Appointments (CATALOG.md Scheduling): one local day of the practice (previous, next, today, a date picker) with its
 * sessions, appointments and blocked time, one read of the diary per day; the session-request inbox beside it; actions
 * to schedule, block time and share the booking link. A slot opens schedule-appointment at that time, an event opens
 * selected-appointment.
 */
export function AppointmentsPage() {
  const { user } = useUserState();
  const clinical = allows(CLINICAL_ROLES, user?.role);
  const { day, setDay, days, diary, timeZone } = useDiary('day', clinical);
  const now = usePracticeNow(timeZone);
  const actions = useDiaryActions(timeZone, clinical);
  // A day holding more than one member's events (a Therapist sees the team's, an Admin everyone's) names whose each is,
  // or two members' "Supervision" at 12:00 read alike.
  const team = new Set((diary.data?.items ?? []).map((item) => item.therapist?.id ?? null)).size > 1;
  const events = useMemo(
    () => toCalendarEvents(diary.data?.items ?? [], timeZone, { withTherapist: team }),
    [diary.data, timeZone, team],
  );
  const sources = useMemo(() => new Map(events.map((event) => [event.id, event.source])), [events]);
  const hours = gridHours(events);
  const date = days[0] ?? now;

  return (
    <div className={styles.page}>
      <PageHeader
        title="Appointments"
        description="Your day: sessions, appointments and blocked time, and the session requests waiting for you."
        actions={
          <div className={styles.actions}>
            <Button iconStart={<Plus />} onClick={() => actions.schedule(day)}>
              Schedule
            </Button>
            <Button variant="secondary" iconStart={<CalendarOff />} onClick={() => actions.blockTime(day)}>
              Block time
            </Button>
            <Button variant="secondary" iconStart={<Share2 />} onClick={actions.shareBookingLink}>
              Share booking link
            </Button>
            {actions.videoCall(diary.data?.items ?? [])}
          </div>
        }
      />
      <div className={styles.dayLayout}>
        <section className={styles.calendar} aria-label="The day's calendar">
          <DateNavigator
            label={formatLongDay(day)}
            unit="day"
            day={day}
            onPrevious={() => setDay(shiftDay(day, -1))}
            onNext={() => setDay(shiftDay(day, 1))}
            onToday={() => setDay(todayIn(timeZone))}
            onDay={setDay}
          />
          {diary.view === 'error' ? (
            <LoadError what="the day's appointments" error={diary.error} onRetry={diary.retry} />
          ) : (
            <CalendarGrid
              className={styles.grid}
              view="day"
              date={date}
              now={now}
              events={events}
              locale="en-GB"
              aria-busy={diary.view === 'loading'}
              startHour={hours.startHour}
              endHour={hours.endHour}
              onEventClick={(event) => actions.open(event.id)}
              onSlotClick={(start) => actions.schedule(day, start)}
              onEventChange={(event, change) =>
                actions.move(event.id, {
                  startsAt: instantOfWallDate(change.start, timeZone).toISOString(),
                  endsAt: instantOfWallDate(change.end, timeZone).toISOString(),
                })
              }
              renderEvent={(event) => renderDiaryEvent(event, sources.get(event.id), 'stacked', team)}
              formatTime={formatClock}
            />
          )}
        </section>
        {/* The session-request inbox (accept, amend, reject) of the booking area. */}
        <section className={styles.requests} aria-label="Session requests" data-slot="session-requests">
          <RequestInbox />
        </section>
      </div>
    </div>
  );
}
