import {
  LEARNING_DATE_RANGES,
  LEARNING_MESSAGES,
  LEARNING_TEXT_MAX,
  SUPERVISION_FORMATS,
  SUPERVISION_FORMAT_LABELS,
  SUPERVISION_HOURS_MAX,
  createSupervisionSessionBodySchema,
  dateLimits,
  type SupervisionSession,
} from '@halcyon/api/contract';
import { useMutation, usePracticeToday, useRoute } from '@halcyon/api/swr';
import { DatePicker, FieldRow, NumberField, RadioGroup, TextArea, TextField } from '@halcyon/design-system';
import { Controller } from 'react-hook-form';
import { registerDate } from '../../form/fields';
import { useModalForm } from '../../form/useModalForm';
import { useRecordSaved } from '../../form/useRecordSaved';
import { DeleteRecordButton } from '../../ModalShell/DeleteRecordButton';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import { RecordForm } from '../../settings/RecordLoadState';
import type { ModalProps } from '../../types';

type Props = ModalProps<'supervision-session'>;

const FORMAT_OPTIONS = SUPERVISION_FORMATS.map((value) => ({ value, label: SUPERVISION_FORMAT_LABELS[value] }));

function SupervisionForm({
  existing,
  defaults,
  onSaved,
  onReload,
}: Pick<Props, 'defaults' | 'onSaved'> & { existing: SupervisionSession | null; onReload: () => Promise<void> }) {
  const create = useMutation('createSupervisionSession', { prependTo: ['listSupervisionSessions'] });
  const update = useMutation('updateSupervisionSession');
  const editing = existing !== null;
  const today = usePracticeToday();
  const { form, field, errorOf, shellProps } = useModalForm(createSupervisionSessionBodySchema, {
    defaultValues: {
      date: existing?.date ?? defaults?.date ?? today,
      supervisor: existing?.supervisor ?? defaults?.supervisor ?? '',
      hours: existing?.hours ?? defaults?.hours ?? 1,
      format: existing?.format ?? defaults?.format ?? 'individual',
      notes: existing?.notes ?? '',
    },
    submit: (body) =>
      editing
        ? update.trigger({ params: { id: existing.id }, body: { ...body, version: existing.version } })
        : create.trigger({ body }),
    onSuccess: useRecordSaved(
      editing,
      { created: LEARNING_MESSAGES.supervisionCreated, updated: LEARNING_MESSAGES.supervisionUpdated },
      onSaved,
    ),
  });

  return (
    <ModalShell
      title={editing ? 'Edit supervision session' : 'Record supervision session'}
      description="When, with whom and for how long, individual or group, and what you want to remember from it."
      submitLabel={editing ? 'Save session' : 'Record session'}
      onReload={onReload}
      extraActions={
        existing && (
          <DeleteRecordButton
            record={existing}
            kind="supervision-session"
            route="deleteSupervisionSession"
            name={existing.supervisor}
            onDeleted={onSaved}
            disabled={shellProps.busy}
          />
        )
      }
      {...shellProps}
    >
      <ModalFields>
        <TextField
          label="Supervisor"
          required
          autoComplete="off"
          maxLength={LEARNING_TEXT_MAX.supervisor}
          {...field('supervisor')}
        />
        <FieldRow>
          <DatePicker
            label="Date"
            required
            {...dateLimits(LEARNING_DATE_RANGES.happened)}
            error={errorOf('date')}
            {...registerDate(form.register, 'date')}
          />
          <Controller
            name="hours"
            control={form.control}
            render={({ field: hours }) => (
              <NumberField
                label="Hours"
                hint="In quarter hours, e.g. 1.5"
                unit="hours"
                required
                step={0.25}
                max={SUPERVISION_HOURS_MAX}
                value={Number.isFinite(hours.value) ? hours.value : ''}
                onValueChange={(value) => hours.onChange(value ?? 0)}
                onBlur={hours.onBlur}
                error={errorOf('hours')}
              />
            )}
          />
        </FieldRow>
        <Controller
          name="format"
          control={form.control}
          render={({ field: format }) => (
            <RadioGroup
              label="Format"
              required
              orientation="horizontal"
              options={FORMAT_OPTIONS}
              value={format.value}
              onValueChange={format.onChange}
              onBlur={format.onBlur}
              error={errorOf('format')}
            />
          )}
        />
        <TextArea
          label="Notes"
          hint="Optional: themes and actions. Keep client details out: use initials at most."
          rows={5}
          maxLength={LEARNING_TEXT_MAX.notes}
          {...field('notes')}
        />
      </ModalFields>
    </ModalShell>
  );
}

/**
 * supervision-session (CATALOG.md): a supervision session's date (up to today), supervisor, hours, individual or group,
 * and notes. No `id` records one; an `id` edits it (and offers delete through delete-item, kind supervision-session).
 * Saved: "Supervision session created." / "updated."; deleted: SPEC.md's "Supervision session was successfully deleted".
 */
export function SupervisionSessionModal({ id, defaults, onSaved }: Props) {
  const existing = useRoute('getSupervisionSession', id ? { params: { id } } : null, {
    removeFromListsOn404: ['listSupervisionSessions'],
  });
  return (
    <RecordForm
      editing={Boolean(id)}
      record={existing}
      title="Edit supervision session"
      what="this supervision session"
    >
      {(record, reload) => (
        <SupervisionForm existing={record} defaults={defaults} onSaved={onSaved} onReload={reload} />
      )}
    </RecordForm>
  );
}
