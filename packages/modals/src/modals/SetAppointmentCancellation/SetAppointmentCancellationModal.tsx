import {
  APPOINTMENT_POLICY_MESSAGES,
  FEE_KIND_LABELS,
  FEE_KINDS,
  FEE_PERCENT_MAX,
  POLICY_TEXT_MAX,
  RULE_HOURS_MAX,
  createCancellationRuleBodySchema,
  type CancellationRule,
} from '@halcyon/api/contract';
import { useMutation, useRoute } from '@halcyon/api/swr';
import { Checkbox, FieldRow, MoneyField, NumberField, RadioGroup, TextArea } from '@halcyon/design-system';
import { Controller } from 'react-hook-form';
import { useModalForm } from '../../form/useModalForm';
import { useRecordSaved } from '../../form/useRecordSaved';
import { DeleteRecordButton } from '../../ModalShell/DeleteRecordButton';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import { PricedRecordForm } from '../../settings/RecordLoadState';
import type { SetAppointmentCancellationModalProps } from '../../types';

type Props = SetAppointmentCancellationModalProps;

const FEE_OPTIONS = FEE_KINDS.map((value) => ({ value, label: FEE_KIND_LABELS[value] }));
/** The notice a new rule starts with. */
const DEFAULT_HOURS = 24;

function RuleForm({
  existing,
  defaults,
  currency,
  onSaved,
  onReload,
}: Pick<Props, 'defaults' | 'onSaved'> & {
  existing: CancellationRule | null;
  currency: string;
  onReload: () => Promise<void>;
}) {
  const create = useMutation('createCancellationRule', { prependTo: ['listCancellationRules'] });
  const update = useMutation('updateCancellationRule');
  const editing = existing !== null;
  const hours =
    existing !== null
      ? existing.triggerInHoursBeforeStart
      : defaults?.triggerInHoursBeforeStart === undefined
        ? DEFAULT_HOURS
        : defaults.triggerInHoursBeforeStart;
  const { form, field, errorOf, shellProps } = useModalForm(createCancellationRuleBodySchema, {
    defaultValues: {
      triggerInHoursBeforeStart: hours,
      feeKind: existing?.feeKind ?? defaults?.feeKind ?? 'percent',
      feePercent: existing ? existing.feePercent : 50,
      feeMinor: existing?.feeMinor ?? null,
      // A fixed fee is in the practice's currency (a rule saved in another keeps its own).
      currency: existing?.currency ?? currency,
      message: existing?.message ?? '',
    },
    submit: (body) =>
      editing
        ? update.trigger({ params: { id: existing.id }, body: { ...body, version: existing.version } })
        : create.trigger({ body }),
    onSuccess: useRecordSaved(
      editing,
      { created: APPOINTMENT_POLICY_MESSAGES.ruleCreated, updated: APPOINTMENT_POLICY_MESSAGES.ruleUpdated },
      onSaved,
    ),
  });
  const anyTime = form.watch('triggerInHoursBeforeStart') === null;
  const feeKind = form.watch('feeKind');
  const feeCurrency = form.watch('currency') ?? currency;

  return (
    <ModalShell
      title={editing ? 'Edit policy rule' : 'Add policy rule'}
      description="When a cancellation is late, and what it costs. The fee is recorded on the client’s account when a session is cancelled late or missed and you choose to charge it."
      submitLabel={editing ? 'Save rule' : 'Add rule'}
      onReload={onReload}
      extraActions={
        existing && (
          <DeleteRecordButton
            record={existing}
            kind="cancellation-policy-rule"
            route="deleteCancellationRule"
            onDeleted={onSaved}
            disabled={shellProps.busy}
          />
        )
      }
      {...shellProps}
    >
      <ModalFields sensitive>
        <Checkbox
          label="Applies however early the session is cancelled"
          hint="For a rule with no notice period, such as a booking fee that is never refunded."
          checked={anyTime}
          onCheckedChange={(checked) =>
            form.setValue('triggerInHoursBeforeStart', checked === true ? null : DEFAULT_HOURS, {
              shouldDirty: true,
              shouldValidate: true,
            })
          }
        />
        {!anyTime && (
          <Controller
            name="triggerInHoursBeforeStart"
            control={form.control}
            render={({ field: hoursField }) => (
              <NumberField
                label="Cancelled less than this many hours before the start"
                hint="24 for a day’s notice, 48 for two days. 0 applies only to a missed session."
                required
                min={0}
                max={RULE_HOURS_MAX}
                unit="hours"
                name={hoursField.name}
                value={hoursField.value ?? ''}
                // An empty box is no number (the schema asks for one), never "any time".
                onValueChange={(value) => hoursField.onChange(value ?? Number.NaN)}
                onBlur={hoursField.onBlur}
                error={errorOf('triggerInHoursBeforeStart')}
              />
            )}
          />
        )}
        <Controller
          name="feeKind"
          control={form.control}
          render={({ field: kindField }) => (
            <RadioGroup
              label="The fee is"
              required
              options={FEE_OPTIONS}
              value={kindField.value}
              onValueChange={(value) => {
                // Only the chosen kind's amount is kept: the other one's field is hidden.
                form.setValue(value === 'percent' ? 'feeMinor' : 'feePercent', null);
                kindField.onChange(value);
              }}
              onBlur={kindField.onBlur}
              error={errorOf('feeKind')}
            />
          )}
        />
        <FieldRow>
          {feeKind === 'percent' ? (
            <Controller
              name="feePercent"
              control={form.control}
              render={({ field: percentField }) => (
                <NumberField
                  label="Percentage of the session price"
                  required
                  min={1}
                  max={FEE_PERCENT_MAX}
                  unit="%"
                  name={percentField.name}
                  value={percentField.value ?? ''}
                  onValueChange={percentField.onChange}
                  onBlur={percentField.onBlur}
                  error={errorOf('feePercent')}
                />
              )}
            />
          ) : (
            <Controller
              name="feeMinor"
              control={form.control}
              render={({ field: feeField }) => (
                <MoneyField
                  label="Fee"
                  required
                  currency={feeCurrency}
                  value={feeField.value ?? null}
                  onValueChange={feeField.onChange}
                  onBlur={feeField.onBlur}
                  error={errorOf('feeMinor') ?? errorOf('currency')}
                />
              )}
            />
          )}
        </FieldRow>
        <TextArea
          label="Message for the client"
          hint="Optional: the policy in your words. It goes in the clients’ session reminders."
          rows={3}
          maxLength={POLICY_TEXT_MAX.ruleMessage}
          {...field('message')}
        />
      </ModalFields>
    </ModalShell>
  );
}

/**
 * set-appointment-cancellation (CATALOG.md): a rule of the practice's cancellation policy: how many hours before the
 * start a cancellation is late (or at any time), the fee as a percentage of the session price or a fixed amount, and a
 * message for clients. No `id` adds one; an `id` edits it (and offers delete through delete-item, kind
 * cancellation-policy-rule). Saved: "Policy rule created." / "updated.".
 */
export function SetAppointmentCancellationModal({ id, defaults, onSaved }: Props) {
  const existing = useRoute('getCancellationRule', id ? { params: { id } } : null, {
    removeFromListsOn404: ['listCancellationRules'],
  });
  return (
    <PricedRecordForm
      editing={Boolean(id)}
      record={existing}
      title="Edit policy rule"
      what="this policy rule"
      addTitle="Add policy rule"
    >
      {(record, reload, currency) => (
        <RuleForm existing={record} defaults={defaults} currency={currency} onSaved={onSaved} onReload={reload} />
      )}
    </PricedRecordForm>
  );
}
