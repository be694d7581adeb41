import {
  BILLING_SETTINGS_MESSAGES,
  BILLING_SETTINGS_TEXT_MAX,
  SERVICE_COLOURS,
  SERVICE_KIND_LABELS,
  SERVICE_KINDS,
  createServiceBodySchema,
  isSessionKind,
  type Service,
} from '@halcyon/api/contract';
import { useMutation, useRoute } from '@halcyon/api/swr';
import { Checkbox, FieldRow, MoneyField, NumberField, Select, TextArea, TextField } from '@halcyon/design-system';
import { Controller } from 'react-hook-form';
import { SelectField } from '../../form/SelectField';
import { useModalForm } from '../../form/useModalForm';
import { useRecordSaved } from '../../form/useRecordSaved';
import { DeleteRecordButton } from '../../ModalShell/DeleteRecordButton';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import { CurrencySelect, TaxRateField } from '../../settings/billingFields';
import { PricedRecordForm } from '../../settings/RecordLoadState';
import type { SetServiceModalProps } from '../../types';

type Props = SetServiceModalProps;

const KIND_OPTIONS = SERVICE_KINDS.map((value) => ({ value, label: SERVICE_KIND_LABELS[value] }));
const COLOUR_OPTIONS = SERVICE_COLOURS.map((value) => ({
  value,
  label: `${value.charAt(0).toUpperCase()}${value.slice(1)}`,
}));

function ServiceForm({
  existing,
  defaults,
  currency,
  onSaved,
  onReload,
}: Pick<Props, 'defaults' | 'onSaved'> & {
  existing: Service | null;
  currency: string;
  onReload: () => Promise<void>;
}) {
  const create = useMutation('createService', { prependTo: ['listServices'] });
  const update = useMutation('updateService');
  const editing = existing !== null;
  const kind = existing?.kind ?? defaults?.kind ?? 'individual';
  const { form, field, errorOf, shellProps } = useModalForm(createServiceBodySchema, {
    defaultValues: {
      name: existing?.name ?? '',
      kind,
      description: existing?.description ?? '',
      durationMinutes: existing ? existing.durationMinutes : isSessionKind(kind) ? 50 : null,
      // A new service's price starts empty: the person types it.
      priceMinor: existing?.priceMinor ?? defaults?.priceMinor,
      currency: existing?.currency ?? currency,
      taxRateBp: existing?.taxRateBp ?? 0,
      bookableOnline: existing?.bookableOnline ?? false,
      colour: existing?.colour,
      archived: existing?.archived ?? false,
    },
    submit: (body) =>
      editing
        ? update.trigger({ params: { id: existing.id }, body: { ...body, version: existing.version } })
        : create.trigger({ body }),
    onSuccess: useRecordSaved(
      editing,
      { created: BILLING_SETTINGS_MESSAGES.serviceCreated, updated: BILLING_SETTINGS_MESSAGES.serviceUpdated },
      onSaved,
    ),
  });
  const session = isSessionKind(form.watch('kind'));
  const priceCurrency = form.watch('currency') || currency;

  return (
    <ModalShell
      title={editing ? 'Edit service' : 'Add service'}
      description="What you sell: a kind of session, with its length, or an other service such as a report. The price and tax go on invoices; a session's price is set on each session booked with it."
      submitLabel={editing ? 'Save service' : 'Add service'}
      onReload={onReload}
      extraActions={
        existing && (
          <DeleteRecordButton
            record={existing}
            kind="service"
            route="deleteService"
            name={existing.name}
            onDeleted={onSaved}
            disabled={shellProps.busy}
          />
        )
      }
      {...shellProps}
    >
      <ModalFields sensitive>
        <TextField
          label="Name"
          hint="As it shows on invoices and in the diary, e.g. “Individual session”."
          required
          autoComplete="off"
          maxLength={BILLING_SETTINGS_TEXT_MAX.serviceName}
          {...field('name')}
        />
        <FieldRow>
          <SelectField control={form.control} name="kind" label="Kind" required options={KIND_OPTIONS} />
          {session && (
            <Controller
              name="durationMinutes"
              control={form.control}
              render={({ field: durationField }) => (
                <NumberField
                  label="Length"
                  required
                  min={5}
                  max={600}
                  unit="min"
                  name={durationField.name}
                  value={durationField.value ?? ''}
                  onValueChange={durationField.onChange}
                  onBlur={durationField.onBlur}
                  error={errorOf('durationMinutes')}
                />
              )}
            />
          )}
        </FieldRow>
        <FieldRow>
          <Controller
            name="priceMinor"
            control={form.control}
            render={({ field: priceField }) => (
              <MoneyField
                label="Price"
                required
                currency={priceCurrency}
                name={priceField.name}
                value={priceField.value ?? null}
                onValueChange={priceField.onChange}
                onBlur={priceField.onBlur}
                error={errorOf('priceMinor')}
              />
            )}
          />
          <Controller
            name="currency"
            control={form.control}
            render={({ field: currencyField }) => (
              <CurrencySelect
                value={currencyField.value}
                inUse={[currency]}
                onValueChange={currencyField.onChange}
                onBlur={currencyField.onBlur}
                error={errorOf('currency')}
              />
            )}
          />
          <Controller
            name="taxRateBp"
            control={form.control}
            render={({ field: taxField }) => (
              <TaxRateField
                name={taxField.name}
                value={taxField.value ?? 0}
                hint="0 when the service is exempt."
                onValueChange={taxField.onChange}
                onBlur={taxField.onBlur}
                error={errorOf('taxRateBp')}
              />
            )}
          />
        </FieldRow>
        <TextArea
          label="Description"
          hint="Optional: what the service includes."
          rows={2}
          maxLength={BILLING_SETTINGS_TEXT_MAX.description}
          {...field('description')}
        />
        <Controller
          name="colour"
          control={form.control}
          render={({ field: colourField }) => (
            <Select
              label="Colour in the diary"
              placeholder="The colour the diary gives the name"
              options={COLOUR_OPTIONS}
              value={colourField.value ?? ''}
              onValueChange={colourField.onChange}
              onBlur={colourField.onBlur}
              error={errorOf('colour')}
            />
          )}
        />
        {session && (
          <Controller
            name="bookableOnline"
            control={form.control}
            render={({ field: bookableField }) => (
              <Checkbox
                label="Clients can book it online"
                hint="It is offered on your public booking page."
                checked={bookableField.value ?? false}
                onCheckedChange={(checked) => bookableField.onChange(checked === true)}
                onBlur={bookableField.onBlur}
              />
            )}
          />
        )}
        {editing && (
          <Controller
            name="archived"
            control={form.control}
            render={({ field: archivedField }) => (
              <Checkbox
                label="Archived"
                hint="No longer offered when you book or invoice; sessions and invoices keep it."
                checked={archivedField.value ?? false}
                onCheckedChange={(checked) => archivedField.onChange(checked === true)}
                onBlur={archivedField.onBlur}
              />
            )}
          />
        )}
      </ModalFields>
    </ModalShell>
  );
}

/**
 * set-service (CATALOG.md Settings > Services): a service the practice sells: its name, kind (individual, couple,
 * group, assessment, or an other service such as a report), length (sessions), price, currency and tax rate, colour,
 * whether clients can book it online, and archived. No `id` adds one; an `id` edits it (and offers delete through
 * delete-item, kind service). Saved: "Service created." / "Service updated."; amounts blur with Privacy on.
 */
export function SetServiceModal({ id, defaults, onSaved }: Props) {
  const existing = useRoute('getService', id ? { params: { id } } : null, { removeFromListsOn404: ['listServices'] });
  return (
    <PricedRecordForm
      editing={Boolean(id)}
      record={existing}
      title="Edit service"
      what="this service"
      addTitle="Add service"
    >
      {(record, reload, currency) => (
        <ServiceForm existing={record} defaults={defaults} currency={currency} onSaved={onSaved} onReload={reload} />
      )}
    </PricedRecordForm>
  );
}
