import {
  IDLE_TIMEOUT_MAX,
  IDLE_TIMEOUT_MIN,
  idleTimeoutField,
  updatePracticeSettingsBodySchema,
  type PracticeSettings,
} from '@halcyon/api/contract';
import { useMutation, useRoute } from '@halcyon/api/swr';
import { Button, Card, FieldRow, Select, Skeleton, Switch, TextField } from '@halcyon/design-system';
import { useContractForm } from '@halcyon/modals';
import { useMemo } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { LoadFailed } from '../ProfileSecurity/LoadFailed';
import { useSaveWithBanners } from '../ProfileSecurity/shared';
import styles from '../ProfileSecurity/settings.module.css';
import { CountryField, TimeZoneField } from '../../../features/forms/PlaceFields';
import { currencyOptions } from './options';

const shape = updatePracticeSettingsBodySchema.shape;
/** The PATCH body's fields, every one asked for (the name, time zone, currency and idle sign-out cannot be left out). */
const detailsFormSchema = updatePracticeSettingsBodySchema.extend({
  name: shape.name.unwrap(),
  timeZone: shape.timeZone.unwrap(),
  currency: shape.currency.unwrap(),
  idleTimeoutMinutes: idleTimeoutField,
});

const valuesOf = (practice: PracticeSettings) => ({
  name: practice.name,
  addressLine1: practice.addressLine1 ?? '',
  addressLine2: practice.addressLine2 ?? '',
  city: practice.city ?? '',
  region: practice.region ?? '',
  postcode: practice.postcode ?? '',
  // A code; a name kept from before countries were codes is read as its code by the server.
  country: practice.country ?? '',
  contactEmail: practice.contactEmail ?? '',
  contactPhone: practice.contactPhone ?? '',
  website: practice.website ?? '',
  timeZone: practice.timeZone,
  currency: practice.currency,
  taxNumber: practice.taxNumber ?? '',
  idleTimeoutMinutes: practice.idleTimeoutMinutes,
  requireTwoFactor: practice.requireTwoFactor,
});

function DetailsForm({ practice, canEdit }: { practice: PracticeSettings; canEdit: boolean }) {
  const save = useSaveWithBanners();
  const update = useMutation('updatePracticeSettings');
  const form = useContractForm(detailsFormSchema, {
    defaultValues: valuesOf(practice),
    submit: (body) => save(() => update.trigger({ body }), "The practice's details have been saved."),
  });
  const { control } = form.form;
  const currency = useWatch({ control, name: 'currency' });
  const currencies = useMemo(() => currencyOptions(currency), [currency]);
  const readOnly = !canEdit;

  const text = (name: Exclude<keyof ReturnType<typeof valuesOf>, 'requireTwoFactor'>) => ({
    ...form.field(name, name === 'idleTimeoutMinutes' ? { valueAsNumber: true } : undefined),
    readOnly,
  });

  return (
    <form className={styles.form} onSubmit={form.onSubmit} noValidate aria-label="Practice details">
      {readOnly && (
        <p className={styles.readOnly}>
          Only an Admin can change the practice&apos;s details. Ask your practice&apos;s Admin.
        </p>
      )}
      <TextField label="Practice name" autoComplete="organization" required {...text('name')} />
      <FieldRow columnMin="lg">
        <TextField label="Address" autoComplete="address-line1" {...text('addressLine1')} />
        <TextField label="Address, second line" autoComplete="address-line2" {...text('addressLine2')} />
      </FieldRow>
      <FieldRow columnMin="lg">
        <TextField label="Town or city" autoComplete="address-level2" {...text('city')} />
        <TextField label="County, state or province" autoComplete="address-level1" {...text('region')} />
      </FieldRow>
      <FieldRow columnMin="lg">
        <TextField label="Postcode" autoComplete="postal-code" {...text('postcode')} />
        <Controller
          control={control}
          name="country"
          render={({ field }) => (
            <CountryField
              value={field.value ?? ''}
              onChange={field.onChange}
              timeZone={{
                value: () => form.form.getValues('timeZone'),
                onChange: (zone) => form.form.setValue('timeZone', zone, { shouldValidate: true, shouldDirty: true }),
              }}
              onBlur={field.onBlur}
              error={form.errorOf('country')}
              hint="Invoices print on A4, or on US Letter where the country uses it."
              disabled={readOnly}
            />
          )}
        />
      </FieldRow>
      <FieldRow columnMin="lg">
        <TextField label="Contact e-mail" type="email" autoComplete="email" {...text('contactEmail')} />
        <TextField label="Contact phone" type="tel" autoComplete="tel" {...text('contactPhone')} />
        <TextField
          label="Website"
          type="url"
          autoComplete="url"
          {...(readOnly ? {} : { placeholder: 'https://' })}
          {...text('website')}
        />
      </FieldRow>
      <FieldRow columnMin="lg">
        <Controller
          control={control}
          name="timeZone"
          render={({ field }) => (
            <TimeZoneField
              required
              hint="Every date and time in Halcyon shows in this time zone."
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={form.errorOf('timeZone')}
              disabled={readOnly}
            />
          )}
        />
        <Controller
          control={control}
          name="currency"
          render={({ field }) => (
            <Select
              label="Currency"
              hint="The default for services and invoices."
              options={currencies}
              value={field.value}
              onValueChange={field.onChange}
              error={form.errorOf('currency')}
              disabled={readOnly}
            />
          )}
        />
        <TextField label="Tax number" hint="VAT, GST or other tax registration, if any." {...text('taxNumber')} />
      </FieldRow>
      <FieldRow columnMin="lg">
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
          {...text('idleTimeoutMinutes')}
        />
        <Controller
          control={control}
          name="requireTwoFactor"
          render={({ field }) => (
            <Switch
              label="Require 2-step verification for every member"
              hint="Members without it are asked to set it up before they continue."
              disabled={readOnly}
              name={field.name}
              checked={field.value === true}
              onCheckedChange={(checked) => {
                field.onChange(checked);
                field.onBlur();
              }}
              error={form.errorOf('requireTwoFactor')}
            />
          )}
        />
      </FieldRow>
      {canEdit && (
        <div className={styles.actions}>
          <Button type="submit" loading={form.busy}>
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
