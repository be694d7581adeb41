import {
  CPD_HOURS_MAX,
  CPD_TYPES,
  CPD_TYPE_LABELS,
  LEARNING_DATE_RANGES,
  LEARNING_MESSAGES,
  LEARNING_TEXT_MAX,
  createCpdActivityBodySchema,
  dateLimits,
  type CpdActivity,
} from '@halcyon/api/contract';
import { useMutation, usePracticeToday, useRoute } from '@halcyon/api/swr';
import { DatePicker, FieldRow, NumberField, TextArea, TextField } from '@halcyon/design-system';
import { Controller } from 'react-hook-form';
import { registerDate } from '../../form/fields';
import { SelectField } from '../../form/SelectField';
import { useModalForm } from '../../form/useModalForm';
import { useRecordSaved } from '../../form/useRecordSaved';
import { AttachedFileField, useAttachedFile } from '../../learning/AttachedFile';
import { DeleteRecordButton } from '../../ModalShell/DeleteRecordButton';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import { RecordForm } from '../../settings/RecordLoadState';
import type { ModalProps } from '../../types';

type Props = ModalProps<'cpd-activity'>;

const TYPE_OPTIONS = CPD_TYPES.map((value) => ({ value, label: CPD_TYPE_LABELS[value] }));
/** The form's fields: the create body without the file, which the attached-file field uploads on save. */
const formSchema = createCpdActivityBodySchema.omit({ evidenceFileId: true });

function CpdActivityForm({
  existing,
  defaults,
  onSaved,
  onReload,
}: Pick<Props, 'defaults' | 'onSaved'> & { existing: CpdActivity | null; onReload: () => Promise<void> }) {
  const create = useMutation('createCpdActivity', { prependTo: ['listCpdActivities'] });
  const update = useMutation('updateCpdActivity');
  const evidence = useAttachedFile(existing?.evidence ?? null);
  const editing = existing !== null;
  const today = usePracticeToday();
  const { form, field, errorOf, shellProps } = useModalForm(formSchema, {
    defaultValues: {
      title: existing?.title ?? defaults?.title ?? '',
      type: existing?.type ?? defaults?.type ?? 'course',
      provider: existing?.provider ?? defaults?.provider ?? '',
      date: existing?.date ?? defaults?.date ?? today,
      hours: existing?.hours ?? defaults?.hours ?? 1,
      reflection: existing?.reflection ?? '',
    },
    submit: async (values) => {
      const body = { ...values, evidenceFileId: await evidence.resolve() };
      return editing
        ? update.trigger({ params: { id: existing.id }, body: { ...body, version: existing.version } })
        : create.trigger({ body });
    },
    onSuccess: useRecordSaved(
      editing,
      { created: LEARNING_MESSAGES.cpdCreated, updated: LEARNING_MESSAGES.cpdUpdated },
      onSaved,
    ),
  });

  return (
    <ModalShell
      title={editing ? 'Edit CPD activity' : 'Record CPD activity'}
      description="What you did, when, for how long, and what you took from it. Attach a certificate or notes as evidence."
      submitLabel={editing ? 'Save activity' : 'Record activity'}
      size="lg"
      onReload={onReload}
      extraActions={
        existing && (
          <DeleteRecordButton
            record={existing}
            kind="cpd-activity"
            route="deleteCpdActivity"
            name={existing.title}
            onDeleted={onSaved}
            disabled={shellProps.busy}
          />
        )
      }
      {...shellProps}
      busy={shellProps.busy || evidence.uploading}
      dirty={shellProps.dirty || evidence.chosen !== null || evidence.kept?.id !== existing?.evidence?.id}
    >
      <ModalFields>
        <TextField label="Title" required autoComplete="off" maxLength={LEARNING_TEXT_MAX.title} {...field('title')} />
        <FieldRow>
          <SelectField control={form.control} name="type" label="Type" required options={TYPE_OPTIONS} />
          <TextField
            label="Provider"
            hint="Optional: who ran it."
            autoComplete="organization"
            maxLength={LEARNING_TEXT_MAX.provider}
            {...field('provider')}
          />
        </FieldRow>
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
                max={CPD_HOURS_MAX}
                value={Number.isFinite(hours.value) ? hours.value : ''}
                onValueChange={(value) => hours.onChange(value ?? 0)}
                onBlur={hours.onBlur}
                error={errorOf('hours')}
              />
            )}
          />
        </FieldRow>
        <TextArea
          label="Reflection"
          hint="Optional: what you learnt and how it changes your practice (membership bodies ask for this in an audit)."
          rows={5}
          maxLength={LEARNING_TEXT_MAX.reflection}
          {...field('reflection')}
        />
        <AttachedFileField
          label="Evidence"
          hint="Optional: a certificate, notes or slides (PDF, image, Word or text)."
          state={evidence}
          disabled={shellProps.busy}
        />
      </ModalFields>
    </ModalShell>
  );
}

/**
 * cpd-activity (CATALOG.md): a CPD activity's title, type, provider, date (up to today), hours (above 0, in quarter
 * hours), reflection and evidence file. No `id` records one; an `id` edits it (and offers delete through delete-item,
 * kind cpd-activity). Saved: "CPD activity created." / "updated.".
 */
export function CpdActivityModal({ id, defaults, onSaved }: Props) {
  const existing = useRoute('getCpdActivity', id ? { params: { id } } : null, {
    removeFromListsOn404: ['listCpdActivities'],
  });
  return (
    <RecordForm editing={Boolean(id)} record={existing} title="Edit CPD activity" what="this CPD activity">
      {(record, reload) => (
        <CpdActivityForm existing={record} defaults={defaults} onSaved={onSaved} onReload={reload} />
      )}
    </RecordForm>
  );
}
