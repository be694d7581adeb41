import {
  IDLE_TIMEOUT_MAX,
  IDLE_TIMEOUT_MIN,
  idleTimeoutField,
  updatePracticeSettingsBodySchema,
  type PracticeSettings,
} from '@halcyon/api/contract';
import { useMutation, useRoute } from '@halcyon/api/swr';
import { Button, Card, Select, Skeleton, Switch, TextField } from '@halcyon/design-system';
import { useMemo } from 'react';
import { fromSchema, useForm, type Validator } from '../../../features/forms/useForm';
import { LoadFailed } from '../ProfileSecurity/LoadFailed';
import { useSaveWithBanners } from '../ProfileSecurity/shared';
import styles from '../ProfileSecurity/settings.module.css';
import { timeZoneOptions } from '../../../features/forms/places';
import { currencyOptions } from './options';

type Values = {
  name: string;
  address_line_1: string;
  address_line_2: string;
  city: string;
  region: string;
  postcode: string;
  country: string;
  contact_email: string;
  contact_phone: string;
  website: string;
  time_zone: string;
  currency: string;
  tax_number: string;
  idle_timeout_minutes: string;
  require_two_factor: boolean;
};

const shape = updatePracticeSettingsBodySchema.shape;
const minutes = (value: string): number | undefined => (value.trim() === '' ? undefined : Number(value));
const validators: Partial<Record<keyof Values, Validator<Values>>> = {
  name: fromSchema(shape.name.unwrap()),
  address_line_1: fromSchema(shape.address_line_1),
  address_line_2: fromSchema(shape.address_line_2),
  city: fromSchema(shape.city),
  region: fromSchema(shape.region),
  postcode: fromSchema(shape.postcode),
  country: fromSchema(shape.country),
  contact_email: fromSchema(shape.contact_email),
  contact_phone: fromSchema(shape.contact_phone),
  website: fromSchema(shape.website),
  time_zone: fromSchema(shape.time_zone.unwrap()),
  currency: fromSchema(shape.currency.unwrap()),
  tax_number: fromSchema(shape.tax_number),
  idle_timeout_minutes: (value) => {
    const result = idleTimeoutField.safeParse(minutes(String(value)));
    return result.success ? undefined : (result.error.issues[0]?.message ?? 'Check this field.');
  },
};

const valuesOf = (practice: PracticeSettings): Values => ({
  name: practice.name,
  address_line_1: practice.address_line_1 ?? '',
  address_line_2: practice.address_line_2 ?? '',
  city: practice.city ?? '',
  region: practice.region ?? '',
  postcode: practice.postcode ?? '',
  country: practice.country ?? '',
  contact_email: practice.contact_email ?? '',
  contact_phone: practice.contact_phone ?? '',
  website: practice.website ?? '',
  time_zone: practice.time_zone,
  currency: practice.currency,
  tax_number: practice.tax_number ?? '',
  idle_timeout_minutes: String(practice.idle_timeout_minutes),
  require_two_factor: practice.require_two_factor,
});

function DetailsForm({ practice, canEdit }: { practice: PracticeSettings; canEdit: boolean }) {
  const save = useSaveWithBanners();
  const update = useMutation('updatePracticeSettings');
  const form = useForm<Values>({ initialValues: valuesOf(practice), validators });
  const { values } = form;
  const zones = useMemo(() => timeZoneOptions(values.time_zone), [values.time_zone]);
  const currencies = useMemo(() => currencyOptions(values.currency), [values.currency]);
  const readOnly = !canEdit;

  const onSubmit = form.handleSubmit(async ({ idle_timeout_minutes, ...rest }) => {
    await save(
      () => update.trigger({ body: { ...rest, idle_timeout_minutes: Number(idle_timeout_minutes) } }),
      "The practice's details have been saved.",
    );
  });

  const text = (name: keyof Values) => ({ ...form.field(name), readOnly });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Practice details">
      {readOnly && (
        <p className={styles.readOnly}>
          Only an Admin can change the practice&apos;s details. Ask your practice&apos;s Admin.
        </p>
      )}
      <TextField label="Practice name" autoComplete="organization" required {...text('name')} />
      <div className={styles.row}>
        <TextField label="Address" autoComplete="address-line1" {...text('address_line_1')} />
        <TextField label="Address, second line" autoComplete="address-line2" {...text('address_line_2')} />
      </div>
      <div className={styles.row}>
        <TextField label="Town or city" autoComplete="address-level2" {...text('city')} />
        <TextField label="County, state or province" autoComplete="address-level1" {...text('region')} />
      </div>
      <div className={styles.row}>
        <TextField label="Postcode" autoComplete="postal-code" {...text('postcode')} />
        <TextField label="Country" autoComplete="country-name" {...text('country')} />
      </div>
      <div className={styles.row}>
        <TextField label="Contact e-mail" type="email" autoComplete="email" {...text('contact_email')} />
        <TextField label="Contact phone" type="tel" autoComplete="tel" {...text('contact_phone')} />
        <TextField
          label="Website"
          type="url"
          autoComplete="url"
          {...(readOnly ? {} : { placeholder: 'https://' })}
          {...text('website')}
        />
      </div>
      <div className={styles.row}>
        <Select
          label="Time zone"
          hint="Every date and time in Halcyon shows in this time zone."
          options={zones}
          value={values.time_zone}
          onValueChange={(zone) => form.setValue('time_zone', zone)}
          error={form.field('time_zone').error}
          disabled={readOnly}
        />
        <Select
          label="Currency"
          hint="The default for services and invoices."
          options={currencies}
          value={values.currency}
          onValueChange={(code) => form.setValue('currency', code)}
          error={form.field('currency').error}
          disabled={readOnly}
        />
        <TextField label="Tax number" hint="VAT, GST or other tax registration, if any." {...text('tax_number')} />
      </div>
      <div className={styles.row}>
        <TextField
          label="Sign out after inactivity"
          hint={`Minutes without activity before a member is signed out: ${IDLE_TIMEOUT_MIN} to ${IDLE_TIMEOUT_MAX} (12 hours).`}
          type="number"
          inputMode="numeric"
          min={IDLE_TIMEOUT_MIN}
          max={IDLE_TIMEOUT_MAX}
          step={1}
          endAdornment="minutes"
          required
          {...text('idle_timeout_minutes')}
        />
        <Switch
          label="Require 2-step verification for every member"
          hint="Members without it are asked to set it up before they continue."
          disabled={readOnly}
          {...form.checkbox('require_two_factor')}
        />
      </div>
      {canEdit && (
        <div className={styles.actions}>
          <Button type="submit" loading={form.submitting}>
            Save practice details
          </Button>
        </div>
      )}
    </form>
  );
}

/** The practice's details (CATALOG.md Practice): name, address, contact, time zone, currency, tax, idle sign-out. */
export function PracticeDetailsSection({ canEdit }: { canEdit: boolean }) {
  const practice = useRoute('getPracticeSettings');
  return (
    <Card>
      <Card.Header>
        <Card.Title as="h2">Details</Card.Title>
      </Card.Header>
      <Card.Body>
        {practice.data ? (
          <DetailsForm practice={practice.data} canEdit={canEdit} />
        ) : practice.error ? (
          <LoadFailed what="the practice's details" error={practice.error} onRetry={() => void practice.reload()} />
        ) : (
          <Skeleton shape="rect" height="16rem" />
        )}
      </Card.Body>
    </Card>
  );
}
