import {
  BOOKING_MESSAGES,
  BOOKING_TEXT_MAX,
  SLOT_STEPS,
  bookingRulesBodySchema,
  type BookingRules,
  type BookingRulesBody,
  type BookingRulesValues,
} from '@halcyon/api/contract';
import { formatMoney } from '@halcyon/api/money';
import { useMembers, useMutation, useRoute } from '@halcyon/api/swr';
import {
  Button,
  Card,
  Checkbox,
  FieldRow,
  Link,
  NumberField,
  Select,
  Sensitive,
  Switch,
  TextField,
} from '@halcyon/design-system';
import { QueryState, useContractForm, useModal, type UseContractFormReturn } from '@halcyon/modals';
import { Controller, type FieldPath } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { useSaveWithBanners } from '../ProfileSecurity/shared';
import styles from '../ProfileSecurity/settings.module.css';

type RulesInput = BookingRulesBody;
type RulesForm = UseContractFormReturn<RulesInput, BookingRulesValues>;

const STEP_OPTIONS = SLOT_STEPS.map((step) => ({ value: String(step), label: `Every ${step} minutes` }));

/** The form's values from the saved rules (the links are shown, not edited). */
function valuesOf(rules: BookingRules): RulesInput {
  const { links: _links, ...values } = rules;
  return values;
}

/** A whole-number field of the rules (minutes, hours, days). */
function WholeNumber({
  form,
  name,
  label,
  unit,
  max,
}: {
  form: RulesForm;
  name: FieldPath<RulesInput>;
  label: string;
  unit: string;
  max: number;
}) {
  return (
    <Controller
      control={form.form.control}
      name={name}
      render={({ field }) => (
        <NumberField
          label={label}
          unit={unit}
          min={0}
          max={max}
          value={typeof field.value === 'number' ? field.value : ''}
          onValueChange={(value) => field.onChange(value ?? 0)}
          onBlur={field.onBlur}
          error={form.errorOf(name)}
        />
      )}
    />
  );
}

/**
 * The services the booking page offers: the practice's sessions marked "Booked online" in Settings > Services (the one
 * list of services, with their lengths and fees), shown here with the way to change them.
 */
function OfferedServices() {
  const services = useRoute('listServices', { query: { group: 'session' } });
  return (
    <section className={styles.form} aria-labelledby="online-services">
      <h3 id="online-services" className={styles.subTitle}>
        Services offered online
      </h3>
      <QueryState resource={services} what="the services">
        {(data) => {
          const offered = data.items.filter((s) => s.bookableOnline && !s.archived);
          return offered.length === 0 ? (
            <p className={styles.muted}>
              No session is marked “Booked online” yet, so the booking page takes no requests. Mark one in Settings &gt;
              Services.
            </p>
          ) : (
            <ul className={styles.list} aria-label="Services offered online">
              {offered.map((s) => (
                <li key={s.id} className={styles.listItem}>
                  <span className={styles.itemText}>
                    <strong>{s.name}</strong>
                    <span>
                      {s.durationMinutes} minutes, <Sensitive>{formatMoney(s.priceMinor, s.currency)}</Sensitive>
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          );
        }}
      </QueryState>
      <Link asChild variant="standalone">
        <RouterLink to="/Settings/Services">Choose the services offered online in Settings &gt; Services</RouterLink>
      </Link>
    </section>
  );
}

function RulesEditor({ rules }: { rules: BookingRules }) {
  const save = useSaveWithBanners();
  const update = useMutation('updateBookingRules');
  const members = useMembers();
  const modal = useModal();
  const form = useContractForm(bookingRulesBodySchema, {
    values: valuesOf(rules),
    submit: (body) => save(() => update.trigger({ body }), BOOKING_MESSAGES.rulesSaved),
  });
  const clinicians = (members.data?.items ?? []).filter((m) => m.status === 'active' && m.role !== 'Assistant');
  return (
    <form className={styles.form} onSubmit={form.onSubmit} noValidate aria-label="Online booking">
      {form.submitError && (
        <p role="alert" className={styles.muted}>
          {form.submitError}
        </p>
      )}
      <Controller
        control={form.form.control}
        name="enabled"
        render={({ field }) => (
          <Switch
            label="Clients can request times online"
            checked={field.value}
            onCheckedChange={field.onChange}
            onText="On"
            offText="Off"
          />
        )}
      />
      <TextField
        label="Booking address"
        hint={`Your page: ${window.location.origin}/Book/${form.form.watch('slug') || '…'}`}
        maxLength={BOOKING_TEXT_MAX.slug}
        {...form.field('slug')}
      />
      <FieldRow columnMin="lg">
        <WholeNumber form={form} name="minimumNoticeHours" label="Minimum notice" unit="hours" max={720} />
        <WholeNumber form={form} name="maxDaysAhead" label="How far ahead" unit="days" max={365} />
        <WholeNumber
          form={form}
          name="bufferBeforeMinutes"
          label="Free time before a session"
          unit="minutes"
          max={240}
        />
        <WholeNumber form={form} name="bufferAfterMinutes" label="Free time after a session" unit="minutes" max={240} />
        <Controller
          control={form.form.control}
          name="slotStepMinutes"
          render={({ field }) => (
            <Select
              label="Start times offered"
              options={STEP_OPTIONS}
              value={String(field.value)}
              onValueChange={(value) => field.onChange(Number(value))}
              onBlur={field.onBlur}
              error={form.errorOf('slotStepMinutes')}
            />
          )}
        />
      </FieldRow>
      <OfferedServices />
      {clinicians.length > 0 && (
        <Controller
          control={form.form.control}
          name="therapistIds"
          render={({ field }) => (
            <fieldset className={styles.form}>
              <legend className={styles.subTitle}>Therapists offered online</legend>
              <p className={styles.muted}>None ticked: everyone with weekly hours.</p>
              {clinicians.map((member) => (
                <Checkbox
                  key={member.id}
                  label={`${member.firstName} ${member.lastName}`}
                  checked={field.value.includes(member.id)}
                  onCheckedChange={(checked) =>
                    field.onChange(
                      checked === true ? [...field.value, member.id] : field.value.filter((id) => id !== member.id),
                    )
                  }
                />
              ))}
            </fieldset>
          )}
        />
      )}
      <div className={styles.actions}>
        <Button type="submit" loading={form.busy}>
          Save online booking
        </Button>
      </div>
      {rules.links.length > 0 && (
        <ul className={styles.list} aria-label="Booking links">
          {rules.links.map((link) => (
            <li key={link.slug} className={styles.listItem}>
              <span className={styles.itemText}>
                <strong>{link.therapistId === null ? `${link.name} (anyone)` : link.name}</strong>
                <span>
                  {window.location.origin}
                  {link.path}
                </span>
              </span>
              <Button
                size="sm"
                variant="secondary"
                aria-label={`Share the booking link of ${link.name}`}
                onClick={() =>
                  modal.open('share-booking-link', link.therapistId === null ? {} : { therapistId: link.therapistId })
                }
              >
                Share
              </Button>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}

/**
 * Settings > Appointments > Online booking: whether clients can request times online, the booking address, minimum
 * notice, how far ahead, free time around sessions, the start-time step, the services and therapists offered, and the
 * links to share.
 */
export function OnlineBookingSection() {
  const rules = useRoute('getBookingRules');
  return (
    <Card>
      <Card.Header>
        <Card.Title as="h2">Online booking</Card.Title>
      </Card.Header>
      <Card.Body className={styles.page}>
        <QueryState resource={rules} what="the online booking settings">
          {(data) => <RulesEditor rules={data} />}
        </QueryState>
      </Card.Body>
    </Card>
  );
}
