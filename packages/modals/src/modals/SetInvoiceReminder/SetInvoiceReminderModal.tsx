import {
  BILLING_SETTINGS_MESSAGES,
  BILLING_SETTINGS_TEXT_MAX,
  REMINDER_OFFSET_DAYS_MAX,
  REMINDER_OFFSET_DAYS_MIN,
  REMINDER_USAGE_CONTEXT,
  createInvoiceReminderBodySchema,
  describeReminderOffset,
  type InvoiceReminder,
  type MergeField,
} from '@halcyon/api/contract';
import { useMutation, useRoute } from '@halcyon/api/swr';
import { NumberField, RadioGroup, Switch, TextArea, TextField } from '@halcyon/design-system';
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useModalForm } from '../../form/useModalForm';
import { useRecordSaved } from '../../form/useRecordSaved';
import { DeleteRecordButton } from '../../ModalShell/DeleteRecordButton';
import { ModalShell } from '../../ModalShell/ModalShell';
import { RecordForm } from '../../settings/RecordLoadState';
import {
  EmailPreview,
  EmailTemplateColumns,
  MergeFieldButtons,
  withMergeField,
} from '../../templates/EmailTemplateParts';
import type { SetInvoiceReminderModalProps } from '../../types';

type Props = SetInvoiceReminderModalProps;
type Side = 'before-due' | 'on-due' | 'after-due';

const SIDE_OPTIONS: { value: Side; label: string }[] = [
  { value: 'before-due', label: 'Before the due date' },
  { value: 'on-due', label: 'On the due date' },
  { value: 'after-due', label: 'After the due date' },
];
const NEW_REMINDER = {
  subject: 'Invoice {{invoice.number}} is due',
  body: 'Dear {{client.firstName}},\n\nThis is a reminder that invoice {{invoice.number}} for {{invoice.amount}} is due on {{invoice.dueDate}}.\n\nWith thanks,\n{{practice.name}}',
};
const PREVIEW_FOOTNOTE =
  'Halcyon adds a Pay online button (when the practice takes card payments) and your bank details under your text, and your practice’s name and logo around it.';

const sideOf = (offsetDays: number): Side =>
  offsetDays < 0 ? 'before-due' : offsetDays === 0 ? 'on-due' : 'after-due';

/** The offset the form sends: the days typed, on the side chosen. */
function offsetOf(side: Side, days: number): number {
  if (side === 'on-due') return 0;
  return side === 'before-due' ? -Math.abs(days) : Math.abs(days);
}

function ReminderForm({
  existing,
  defaults,
  onSaved,
  onReload,
}: Pick<Props, 'defaults' | 'onSaved'> & { existing: InvoiceReminder | null; onReload: () => Promise<void> }) {
  const create = useMutation('createInvoiceReminder', { prependTo: ['listInvoiceReminders'] });
  const update = useMutation('updateInvoiceReminder');
  const editing = existing !== null;
  const initialOffset =
    existing?.offsetDays ??
    offsetOf(defaults?.relativeTo === 'before-due' ? 'before-due' : 'after-due', defaults?.days ?? 7);
  const [side, setSide] = useState<Side>(sideOf(initialOffset));
  const { form, field, errorOf, shellProps } = useModalForm(createInvoiceReminderBodySchema, {
    defaultValues: {
      offsetDays: initialOffset,
      subject: existing?.subject ?? NEW_REMINDER.subject,
      body: existing?.body ?? NEW_REMINDER.body,
      enabled: existing?.enabled ?? true,
    },
    submit: (body) => {
      const fields = { ...body, offsetDays: offsetOf(side, body.offsetDays) };
      return editing
        ? update.trigger({ params: { id: existing.id }, body: { ...fields, version: existing.version } })
        : create.trigger({ body: fields });
    },
    onSuccess: useRecordSaved(
      editing,
      { created: BILLING_SETTINGS_MESSAGES.reminderCreated, updated: BILLING_SETTINGS_MESSAGES.reminderUpdated },
      onSaved,
    ),
  });
  const [subject, body] = useWatch({ control: form.control, name: ['subject', 'body'] });
  const insert = (name: MergeField) =>
    form.setValue('body', withMergeField(form.getValues('body'), name), {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });

  return (
    <ModalShell
      title={editing ? 'Edit invoice reminder' : 'Add invoice reminder'}
      description="An e-mail to the client about an unpaid invoice, a number of days before or after its due date. Paid and void invoices get no reminders."
      submitLabel={editing ? 'Save reminder' : 'Add reminder'}
      size="lg"
      onReload={onReload}
      extraActions={
        existing && (
          <DeleteRecordButton
            record={existing}
            kind="invoice-reminder"
            route="deleteInvoiceReminder"
            name={`The reminder ${describeReminderOffset(existing.offsetDays)}`}
            onDeleted={onSaved}
            disabled={shellProps.busy}
          />
        )
      }
      {...shellProps}
    >
      <EmailTemplateColumns
        fields={
          <>
            <RadioGroup
              label="When"
              required
              orientation="horizontal"
              options={SIDE_OPTIONS}
              value={side}
              onValueChange={(value) => setSide(value as Side)}
            />
            {side !== 'on-due' && (
              <Controller
                name="offsetDays"
                control={form.control}
                render={({ field: daysField }) => (
                  <NumberField
                    label="Days"
                    required
                    min={1}
                    max={side === 'before-due' ? -REMINDER_OFFSET_DAYS_MIN : REMINDER_OFFSET_DAYS_MAX}
                    unit="days"
                    hint={describeReminderOffset(offsetOf(side, daysField.value ?? 0))}
                    name={daysField.name}
                    value={Math.abs(daysField.value ?? 0)}
                    onValueChange={(value) => daysField.onChange(value ?? 0)}
                    onBlur={daysField.onBlur}
                    error={errorOf('offsetDays')}
                  />
                )}
              />
            )}
            <TextField
              label="Subject"
              required
              autoComplete="off"
              maxLength={BILLING_SETTINGS_TEXT_MAX.reminderSubject}
              {...field('subject')}
            />
            <TextArea
              label="E-mail"
              required
              rows={8}
              hint="Leave a blank line between paragraphs. Merge fields such as {{invoice.number}} are filled in for each invoice."
              maxLength={BILLING_SETTINGS_TEXT_MAX.reminderBody}
              {...field('body')}
            />
            <MergeFieldButtons context={REMINDER_USAGE_CONTEXT} onInsert={insert} />
            <Controller
              name="enabled"
              control={form.control}
              render={({ field: enabledField }) => (
                <Switch
                  label="Send this reminder"
                  hint="Off keeps the reminder without sending it."
                  checked={enabledField.value ?? true}
                  onCheckedChange={enabledField.onChange}
                  onBlur={enabledField.onBlur}
                />
              )}
            />
          </>
        }
        preview={<EmailPreview subject={subject} body={body} footnote={PREVIEW_FOOTNOTE} />}
      />
    </ModalShell>
  );
}

/**
 * set-invoice-reminder (CATALOG.md Settings > Client-billing): a reminder e-mail for unpaid invoices: when (days
 * before, on or after the due date), the subject and the e-mail with the merge fields of a payment-reminder e-mail
 * (inserted by their buttons, shown filled in the preview), and whether it is sent. No
 * `id` adds one; an `id` edits it (and offers delete through delete-item, kind invoice-reminder). Saved: "Reminder
 * created." / "Reminder updated.".
 */
export function SetInvoiceReminderModal({ id, defaults, onSaved }: Props) {
  const existing = useRoute('getInvoiceReminder', id ? { params: { id } } : null, {
    removeFromListsOn404: ['listInvoiceReminders'],
  });
  return (
    <RecordForm editing={Boolean(id)} record={existing} title="Edit invoice reminder" what="this reminder">
      {(record, reload) => <ReminderForm existing={record} defaults={defaults} onSaved={onSaved} onReload={reload} />}
    </RecordForm>
  );
}
