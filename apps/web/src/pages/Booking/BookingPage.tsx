import { isApiError } from '@halcyon/api/client';
import {
  BOOKING_MESSAGES,
  BOOKING_TEXT_MAX,
  shiftDate,
  type PublicBookingPage,
  type BookableService,
  type PublicSlot,
} from '@halcyon/api/contract';
import { formatMoney } from '@halcyon/api/money';
import { useApiClient } from '@halcyon/api/swr';
import {
  formatDate,
  formatLongDay,
  formatTime,
  formatWhen,
  instantAt,
  localTimeZone,
  todayIn,
} from '@halcyon/api/time';
import { Button, FieldRow, Select, TextArea, TextField } from '@halcyon/design-system';
import { useContractForm } from '@halcyon/modals';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { PageLoading } from '../../app/PageLoading';
import form from '../../features/public/form.module.css';
import { FormMessage, PublicLayout } from '../../features/public/PublicLayout';
import { useOnce } from '../../features/public/useOnce';
import styles from './BookingPage.module.css';
import { slotsByDay } from './slots';

const ANY = 'any';
const WEEK_DAYS = 7;

/** The visitor's details, checked by the contract's own rules (loaded with the first check, not with the page). */
const loadRules = () =>
  import('@halcyon/api/contract/booking').then(({ publicRequestBodySchema }) =>
    publicRequestBodySchema.pick({ name: true, email: true, phone: true, message: true, website: true }),
  );

/**
 * /Book/{slug}: a practice's (or a therapist's) public booking page, without sign-in. The visitor chooses a service,
 * a therapist or anyone, and a free time of the week, shown in their own time zone; then sends their name, e-mail,
 * phone and message as a session request. Only free times are ever shown.
 */
export function BookingPage() {
  const { slug = '' } = useParams();
  const client = useApiClient();
  const loaded = useOnce(`booking:${slug}`, () => client.call('publicBookingPage', { params: { slug } }));
  if (loaded.status === 'pending') return <PageLoading label="Opening the booking page…" />;
  if (loaded.status === 'failed' || !loaded.value) {
    const reason =
      loaded.status === 'failed' && isApiError(loaded.error) && loaded.error.status !== 404
        ? loaded.error.message
        : BOOKING_MESSAGES.pageNotFound;
    return (
      <PublicLayout title="Booking is not available">
        <FormMessage tone="error">{reason}</FormMessage>
      </PublicLayout>
    );
  }
  return <Booking slug={slug} page={loaded.value} />;
}

type SlotsState =
  { status: 'loading' } | { status: 'done'; items: PublicSlot[] } | { status: 'failed'; message: string };

/** "Individual session (50 minutes, £75.00)": what it is, how long and what it costs. */
function serviceLabel(s: BookableService): string {
  return `${s.name} (${s.durationMinutes} minutes, ${formatMoney(s.priceMinor, s.currency)})`;
}

function Booking({ slug, page }: { slug: string; page: PublicBookingPage }) {
  const client = useApiClient();
  const zone = localTimeZone();
  const [serviceId, setServiceId] = useState(page.services[0] ? String(page.services[0].id) : '');
  const service = page.services.find((s) => String(s.id) === serviceId);
  const [therapist, setTherapist] = useState(page.therapist ? String(page.therapist.id) : ANY);
  const [weekStart, setWeekStart] = useState(() => todayIn(zone));
  const [attempt, setAttempt] = useState(0);
  // The answer of the times asked for last, under the key of what was asked: another choice shows "loading" at once.
  const asked = `${serviceId}|${therapist}|${weekStart}|${attempt}`;
  const [answer, setAnswer] = useState<{ asked: string; state: SlotsState } | null>(null);
  const slots: SlotsState = answer?.asked === asked ? answer.state : { status: 'loading' };
  const [chosen, setChosen] = useState<PublicSlot | null>(null);
  // A time chosen takes the focus to the details form below the week's times (past every other time with the keyboard),
  // whose heading reads the choice out; Shift+Tab goes back to the times.
  const detailsHeading = useRef<HTMLHeadingElement>(null);
  const [detailsAsked, setDetailsAsked] = useState(0);
  useEffect(() => {
    if (detailsAsked > 0) detailsHeading.current?.focus();
  }, [detailsAsked]);
  const [sent, setSent] = useState<string | null>(null);
  const [taken, setTaken] = useState<string | null>(null);

  useEffect(() => {
    if (!serviceId) return;
    let live = true;
    const show = (state: SlotsState) => {
      if (live) setAnswer({ asked, state });
    };
    client
      .call('publicBookingSlots', {
        params: { slug },
        query: {
          from: instantAt(weekStart, '00:00', zone)!.toISOString(),
          to: instantAt(shiftDate(weekStart, { days: WEEK_DAYS }), '00:00', zone)!.toISOString(),
          serviceId,
          ...(therapist === ANY ? {} : { therapistId: therapist }),
        },
      })
      .then(
        (found) => show({ status: 'done', items: found?.items ?? [] }),
        (error: unknown) =>
          show({
            status: 'failed',
            message: isApiError(error) ? error.message : 'The free times could not be loaded.',
          }),
      );
    return () => {
      live = false;
    };
  }, [asked, client, serviceId, slug, therapist, weekStart, zone]);

  /** Another service, therapist or week (or the same again): the time chosen before no longer applies. */
  const ask = (change: () => void) => {
    setChosen(null);
    change();
  };

  const contract = useContractForm(loadRules, {
    defaultValues: { name: '', email: '', phone: '', message: '', website: '' },
    submit: async (values) => {
      try {
        return await client.call('publicBookingRequest', {
          params: { slug },
          body: {
            ...values,
            serviceId: Number(serviceId),
            therapistId: chosen!.therapistId,
            startsAt: chosen!.startsAt,
          },
        });
      } catch (error) {
        // The time went meanwhile: say so above fresh times (the details typed stay in the form).
        if (isApiError(error) && error.status === 409) {
          setTaken(error.message);
          ask(() => setAttempt((n) => n + 1));
        }
        throw error;
      }
    },
    onSuccess: (answer) => setSent(answer?.detail ?? BOOKING_MESSAGES.requestSent),
  });

  if (sent && chosen) {
    return (
      <PublicLayout title="Request sent">
        <FormMessage tone="success">{sent}</FormMessage>
        <p className={styles.muted}>
          You asked for {service?.name} on {formatWhen(chosen.startsAt, zone)} ({zone}). You can close this page now.
        </p>
      </PublicLayout>
    );
  }

  const therapistName = (id: number) => page.therapists.find((t) => t.id === id)?.name ?? 'a therapist';
  const thisWeek = weekStart <= todayIn(zone);
  const lastDay = shiftDate(weekStart, { days: WEEK_DAYS - 1 });
  const groups = slots.status === 'done' ? slotsByDay(slots.items, zone) : [];

  return (
    <PublicLayout
      wide
      title={page.therapist ? `Book a session with ${page.therapist.name}` : `Book a session at ${page.practiceName}`}
      description={`Choose a service and a free time. Times are shown in your time zone (${zone}); the practice is in ${page.timeZone}.`}
    >
      <FieldRow>
        <Select
          label="Service"
          options={page.services.map((s) => ({ value: String(s.id), label: serviceLabel(s) }))}
          value={serviceId}
          onValueChange={(value) => ask(() => setServiceId(value))}
        />
        {!page.therapist && page.therapists.length > 1 && (
          <Select
            label="Therapist"
            options={[
              { value: ANY, label: 'Anyone' },
              ...page.therapists.map((t) => ({ value: String(t.id), label: t.name })),
            ]}
            value={therapist}
            onValueChange={(value) => ask(() => setTherapist(value))}
          />
        )}
      </FieldRow>
      <section aria-labelledby="booking-week" className={form.form}>
        <div className={styles.week}>
          <Button
            variant="secondary"
            size="sm"
            disabled={thisWeek}
            onClick={() => ask(() => setWeekStart(shiftDate(weekStart, { days: -WEEK_DAYS })))}
          >
            Previous week
          </Button>
          <h2 id="booking-week" className={styles.weekTitle}>
            {formatDate(weekStart)} to {formatDate(lastDay)}
          </h2>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => ask(() => setWeekStart(shiftDate(weekStart, { days: WEEK_DAYS })))}
          >
            Next week
          </Button>
        </div>
        {taken && <FormMessage tone="error">{taken}</FormMessage>}
        {slots.status === 'loading' && (
          <p className={styles.muted} role="status">
            Looking for free times…
          </p>
        )}
        {slots.status === 'failed' && (
          <div className={form.actions}>
            <FormMessage tone="error">{slots.message}</FormMessage>
            <Button variant="secondary" size="sm" onClick={() => ask(() => setAttempt((n) => n + 1))}>
              Retry
            </Button>
          </div>
        )}
        {slots.status === 'done' && groups.length === 0 && (
          <p className={styles.muted}>
            No free times this week. Try the next week{therapist === ANY ? '' : ', or anyone'}.
          </p>
        )}
        {groups.length > 0 && (
          <ul className={styles.days}>
            {groups.map(({ day, slots: times }) => (
              <li key={day} className={styles.day}>
                <h3 className={styles.dayName}>{formatLongDay(day)}</h3>
                <div className={styles.times}>
                  {times.map((slot) => {
                    const selected = chosen?.startsAt === slot.startsAt && chosen.therapistId === slot.therapistId;
                    const who =
                      page.therapists.length > 1 && !page.therapist ? ` with ${therapistName(slot.therapistId)}` : '';
                    return (
                      <Button
                        key={`${slot.therapistId}-${slot.startsAt}`}
                        variant={selected ? 'primary' : 'secondary'}
                        size="sm"
                        aria-pressed={selected}
                        aria-label={`${formatWhen(slot.startsAt, zone)}${who}`}
                        onClick={() => {
                          setChosen(slot);
                          setTaken(null);
                          setDetailsAsked((n) => n + 1);
                        }}
                      >
                        {formatTime(slot.startsAt, zone)}
                        {who && <span className={styles.muted}>{who}</span>}
                      </Button>
                    );
                  })}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      {chosen && (
        <form className={form.form} onSubmit={contract.onSubmit} noValidate aria-label="Your details">
          <h2 className={form.sectionTitle} ref={detailsHeading} tabIndex={-1}>
            {service?.name} on {formatWhen(chosen.startsAt, zone)}
            {page.therapists.length > 1 ? ` with ${therapistName(chosen.therapistId)}` : ''}
          </h2>
          {contract.submitError && <FormMessage tone="error">{contract.submitError}</FormMessage>}
          <TextField
            label="Your name"
            required
            autoComplete="name"
            maxLength={BOOKING_TEXT_MAX.name}
            {...contract.field('name')}
          />
          <FieldRow columnMin="sm">
            <TextField label="E-mail address" type="email" required autoComplete="email" {...contract.field('email')} />
            <TextField
              label="Phone"
              type="tel"
              autoComplete="tel"
              hint="Optional."
              maxLength={BOOKING_TEXT_MAX.phone}
              {...contract.field('phone')}
            />
          </FieldRow>
          <TextArea
            label="Message"
            hint="Optional: anything the practice should know before answering."
            rows={4}
            maxLength={BOOKING_TEXT_MAX.message}
            {...contract.field('message')}
          />
          <div className={styles.trap} aria-hidden="true">
            <TextField label="Website" tabIndex={-1} autoComplete="off" {...contract.field('website')} />
          </div>
          <p className={styles.muted}>
            This is a request: the practice answers it by e-mail. Your details go only to {page.practiceName}.
          </p>
          <div className={form.actions}>
            <Button type="submit" loading={contract.busy}>
              Request this time
            </Button>
          </div>
        </form>
      )}
    </PublicLayout>
  );
}
