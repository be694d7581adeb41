import {
  BILLING_SETTINGS_MESSAGES,
  BILLING_SETTINGS_TEXT_MAX,
  NUMBER_PADDING_MAX,
  PAYMENT_TERMS_DAYS_MAX,
  formatInvoiceNumber,
  updateBillingSettingsBodySchema,
  type BillingSettings,
} from '@halcyon/api/contract';
import { useMutation, useRoute } from '@halcyon/api/swr';
import { Button, Card, FieldRow, NumberField, Skeleton, TextArea, TextField } from '@halcyon/design-system';
import { TaxRateField, useContractForm } from '@halcyon/modals';
import { Controller, useWatch } from 'react-hook-form';
import { LoadFailed } from '../ProfileSecurity/LoadFailed';
import { useSaveWithBanners } from '../ProfileSecurity/shared';
import styles from '../ProfileSecurity/settings.module.css';

function SettingsForm({ settings }: { settings: BillingSettings }) {
  const save = useSaveWithBanners();
  const update = useMutation('updateBillingSettings');
  const form = useContractForm(updateBillingSettingsBodySchema, {
    defaultValues: settings,
    submit: (body) => save(() => update.trigger({ body }), BILLING_SETTINGS_MESSAGES.settingsUpdated),
  });
  const { control } = form.form;
  const [prefix, padding] = useWatch({ control, name: ['numberPrefix', 'numberPadding'] });
  const number = (
    name: 'numberPadding' | 'paymentTermsDays',
    label: string,
    max: number,
    unit: string,
    hint: string,
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <NumberField
          label={label}
          hint={hint}
          required
          min={name === 'numberPadding' ? 1 : 0}
          max={max}
          unit={unit}
          name={field.name}
          value={field.value ?? ''}
          onValueChange={field.onChange}
          onBlur={field.onBlur}
          error={form.errorOf(name)}
        />
      )}
    />
  );
  return (
    <form className={styles.form} onSubmit={form.onSubmit} noValidate aria-label="Invoice settings">
      <FieldRow columnMin="lg">
        <TextField
          label="Invoice number prefix"
          hint={`The next invoice reads like ${formatInvoiceNumber(prefix ?? '', Number(padding) || 1, 42)}.`}
          maxLength={BILLING_SETTINGS_TEXT_MAX.numberPrefix}
          autoComplete="off"
          {...form.field('numberPrefix')}
        />
        <TextField
          label="Credit note prefix"
          maxLength={BILLING_SETTINGS_TEXT_MAX.numberPrefix}
          autoComplete="off"
          {...form.field('creditNotePrefix')}
        />
        {number('numberPadding', 'Digits in the number', NUMBER_PADDING_MAX, 'digits', 'Padded with zeros.')}
      </FieldRow>
      <FieldRow columnMin="lg">
        {number(
          'paymentTermsDays',
          'Payment terms',
          PAYMENT_TERMS_DAYS_MAX,
          'days',
          'Days from the invoice date to its due date; 0 is due on receipt.',
        )}
        <TextField
          label="Tax name"
          hint="As invoices print it: VAT, GST, Sales tax."
          required
          maxLength={BILLING_SETTINGS_TEXT_MAX.taxLabel}
          autoComplete="off"
          {...form.field('taxLabel')}
        />
        <Controller
          control={control}
          name="defaultTaxRateBp"
          render={({ field }) => (
            <TaxRateField
              label="Default tax rate"
              hint="What a line you type starts with; services carry their own."
              name={field.name}
              value={field.value ?? 0}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              error={form.errorOf('defaultTaxRateBp')}
            />
          )}
        />
      </FieldRow>
      <TextArea
        label="Invoice footer"
        hint="Optional: printed at the foot of every invoice, e.g. your registration or a thank-you."
        rows={3}
        maxLength={BILLING_SETTINGS_TEXT_MAX.footer}
        {...form.field('footer')}
      />
      <div className={styles.actions}>
        <Button type="submit" loading={form.busy}>
          Save invoice settings
        </Button>
      </div>
    </form>
  );
}

/** How invoices are numbered and worded: number prefixes and digits, payment terms, tax name and rate, the footer. */
export function InvoiceSettingsSection() {
  const settings = useRoute('getBillingSettings');
  return (
    <Card>
      <Card.Header>
        <Card.Title as="h2">Invoices</Card.Title>
      </Card.Header>
      <Card.Body className={styles.form}>
        {settings.data ? (
          <SettingsForm key={settings.data.version} settings={settings.data} />
        ) : settings.error ? (
          <LoadFailed what="the invoice settings" error={settings.error} onRetry={() => void settings.retry()} />
        ) : (
          <Skeleton shape="rect" height="var(--hds-space-12)" aria-label="Loading the invoice settings" />
        )}
      </Card.Body>
    </Card>
  );
}
