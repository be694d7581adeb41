import {
  allows,
  CLINICAL_ROLES,
  SESSION_LOCATION_KIND_LABELS,
  SESSION_LOCATION_KINDS,
  type Member,
} from '@halcyon/api/contract';
import { useRoute } from '@halcyon/api/swr';
import { dayOfWallDate, instantOfWallDate, shiftDay, todayIn } from '@halcyon/api/time';
import { Button, CalendarGrid, PageHeader, Select, Toolbar } from '@halcyon/design-system';
import { LoadError } from '@halcyon/modals';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { CalendarOff, Plus } from '../../app/icons';
import { useUserState } from '../../app/userStore';
import { DateNavigator } from '../../features/scheduling/DateNavigator';
import {
  formatClock,
  gridHours,
  renderDiaryEvent,
  toCalendarEvents,
  useDiary,
  usePracticeNow,
  type DiaryCalendarEvent,
  type DiaryMember,
} from '../../features/scheduling/diary';
import { availabilityOn } from '../../features/scheduling/availability';
import { useDiaryActions } from '../../features/scheduling/useDiaryActions';
import styles from './Scheduling.module.css';

type ScheduleView = 'week' | 'month';

const ALL = 'all';
const MONTH_LABEL = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric' });
const DAY_MONTH = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/** "12–18 January 2026", "29 December 2025 – 4 January 2026". */
function weekLabel(first: Date, last: Date): string {
  if (first.getMonth() === last.getMonth() && first.getFullYear() === last.getFullYear()) {
    return `${first.getDate()}–${DAY_MONTH.format(last)}`;
  }
  return `${DAY_MONTH.format(first)} – ${DAY_MONTH.format(last)}`;
}

/** Where an event is, for the location filter: a named room or address, else its kind (video, phone). */
function placeOf(event: DiaryCalendarEvent): string | null {
  const { location, locationKind } = event.source;
  if (location) return location;
  return locationKind && locationKind !== 'in person' ? SESSION_LOCATION_KIND_LABELS[locationKind] : null;
}

/**
 * Whose diary the page shows: the member chosen (`?therapist=<id>`, or `all` for everyone), else the signed-in member's
 * own (Admin, Therapist), else the team's first active clinician (an Assistant books for the team); null until the team
 * is known. One member's week is what the grid can show however large the team, so it is what the page reads.
 */
function memberShown(
  asked: string | null,
  user: Pick<Member, 'id' | 'role'> | null | undefined,
  team: readonly Member[] | undefined,
): DiaryMember {
  if (asked === ALL) return ALL;
  const id = asked === null ? NaN : Number(asked);
  if (Number.isSafeInteger(id) && id > 0) return id;
  if (user && allows(CLINICAL_ROLES, user.role)) return user.id;
  if (!team) return null;
  return team.find((member) => member.status === 'active' && allows(CLINICAL_ROLES, member.role))?.id ?? ALL;
}

/**
 * /Schedule (CATALOG.md Scheduling): the week or the month of one team member (or, chosen, everyone's), one read of the
 * diary per range and member shown; filtered by location on screen (no extra reads). Events move and resize by drag, or
 * by keyboard (focus an event, arrow keys, Enter), and every change is confirmed in selected-appointment, which names a
 * clash and saves through the diary's move. A month's day opens that day in /Appointments.
 */
export function SchedulePage() {
  const { user } = useUserState();
  const clinical = allows(CLINICAL_ROLES, user?.role);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const view: ScheduleView = params.get('view') === 'month' ? 'month' : 'week';
  const members = useRoute('listMembers');
  const shown = memberShown(params.get('therapist'), user, members.data?.items);
  // The member the page opens on: the choice that leaves `?therapist=` out of the address.
  const fallback = String(memberShown(null, user, members.data?.items));
  const place = params.get('location') ?? ALL;
  const { day, setDay, days, diary, timeZone } = useDiary(view, clinical, shown);
  const now = usePracticeNow(timeZone);
  const actions = useDiaryActions(timeZone, clinical);
  // The team's weekly hours (one read), shaded for the member shown: the one chosen, else a Therapist's own.
  const weeklyHours = useRoute('listAvailability');

  const setParam = (name: string, value: string, fallback: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === fallback) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

  // The whole team's diary names each event's therapist (on screen and in the event's name).
  const everyone = shown === ALL;
  const all = useMemo(
    () => toCalendarEvents(diary.data?.items ?? [], timeZone, { withTherapist: everyone }),
    [diary.data, timeZone, everyone],
  );
  const places = useMemo(() => {
    const found = new Set(
      SESSION_LOCATION_KINDS.filter((kind) => kind !== 'in person').map((kind) => SESSION_LOCATION_KIND_LABELS[kind]),
    );
    for (const event of all) {
      const where = placeOf(event);
      if (where) found.add(where);
    }
    return [...found].sort((a, b) => a.localeCompare(b));
  }, [all]);
  const events = useMemo(
    () =>
      all.filter(
        (event) =>
          // The read is the member's; the last one's events stay on screen until it answers, so they are left out.
          (typeof shown !== 'number' || event.source.therapist?.id === shown) &&
          (place === ALL || placeOf(event) === place),
      ),
    [all, shown, place],
  );
  const sources = useMemo(() => new Map(events.map((event) => [event.id, event.source])), [events]);
  const shadedMember = typeof shown === 'number' ? shown : null;
  // Shaded in the week; in the month, the days with some availability are marked.
  const availability = useMemo(
    () => availabilityOn(weeklyHours.data?.items ?? [], shadedMember, days),
    [weeklyHours.data, shadedMember, days],
  );
  const hours = gridHours(events);
  const first = days[0] ?? now;
  const last = days.at(-1) ?? first;
  const middle = days[Math.floor(days.length / 2)] ?? first;
  const step = view === 'week' ? 7 : 0;
  const moveBy = (direction: 1 | -1) => {
    if (step) return setDay(shiftDay(day, step * direction));
    const wall = new Date(middle.getFullYear(), middle.getMonth() + direction, 1);
    setDay(dayOfWallDate(wall));
  };
  const memberOptions = [
    { value: ALL, label: 'Everyone' },
    ...(members.data?.items ?? [])
      .filter((member) => member.status === 'active')
      .map((member) => ({ value: String(member.id), label: `${member.firstName} ${member.lastName}` })),
  ];
  const placeOptions = [
    { value: ALL, label: 'All locations' },
    ...places.map((name) => ({ value: name, label: name })),
  ];

  return (
    <div className={styles.page}>
      <PageHeader
        title="Schedule"
        description="The practice's week or month. Drag an event to move it, or its lower edge to change its length; or focus it and use the arrow keys, then Enter."
        actions={
          <div className={styles.actions}>
            <Button iconStart={<Plus />} onClick={() => actions.schedule(day)}>
              Schedule
            </Button>
            <Button variant="secondary" iconStart={<CalendarOff />} onClick={() => actions.blockTime(day)}>
              Block time
            </Button>
          </div>
        }
      />
      <div className={styles.toolbar}>
        <DateNavigator
          label={view === 'week' ? weekLabel(first, last) : MONTH_LABEL.format(middle)}
          unit={view}
          day={day}
          onPrevious={() => moveBy(-1)}
          onNext={() => moveBy(1)}
          onToday={() => setDay(todayIn(timeZone))}
          onDay={setDay}
        />
        <Toolbar aria-label="View">
          <Toolbar.ToggleGroup
            type="single"
            value={view}
            aria-label="Show"
            onValueChange={(value) => {
              if (value) setParam('view', value, 'week');
            }}
          >
            <Toolbar.ToggleItem value="week">Week</Toolbar.ToggleItem>
            <Toolbar.ToggleItem value="month">Month</Toolbar.ToggleItem>
          </Toolbar.ToggleGroup>
        </Toolbar>
        <div className={styles.filters}>
          <Select
            label="Team member"
            options={memberOptions}
            value={shown === null ? '' : String(shown)}
            onValueChange={(value) => setParam('therapist', value, fallback)}
          />
          <Select
            label="Location"
            options={placeOptions}
            value={place}
            onValueChange={(value) => setParam('location', value, ALL)}
          />
        </div>
      </div>
      {diary.view === 'error' ? (
        <LoadError what="the schedule" error={diary.error} onRetry={diary.retry} />
      ) : (
        <CalendarGrid
          className={styles.grid}
          data-view={view}
          view={view}
          date={middle}
          now={now}
          events={events}
          availability={availability}
          locale="en-GB"
          aria-busy={diary.view === 'loading'}
          aria-label={view === 'week' ? 'The week' : 'The month'}
          startHour={hours.startHour}
          endHour={hours.endHour}
          onEventClick={(event) => actions.open(event.id)}
          onSlotClick={view === 'week' ? (start) => actions.schedule(dayOfWallDate(start), start) : undefined}
          onDayClick={(wall) => void navigate(`/Appointments?date=${dayOfWallDate(wall)}`)}
          onEventChange={(event, change) =>
            actions.move(event.id, {
              startsAt: instantOfWallDate(change.start, timeZone).toISOString(),
              endsAt: instantOfWallDate(change.end, timeZone).toISOString(),
            })
          }
          renderEvent={(event) =>
            renderDiaryEvent(event, sources.get(event.id), view === 'month' ? 'inline' : 'stacked', everyone)
          }
          formatTime={formatClock}
        />
      )}
    </div>
  );
}
