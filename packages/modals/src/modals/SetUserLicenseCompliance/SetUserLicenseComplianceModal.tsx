import {
  COMPLIANCE_BODY_SUGGESTIONS,
  COMPLIANCE_KINDS,
  COMPLIANCE_KIND_LABELS,
  COMPLIANCE_REMINDER_DAYS,
  LEARNING_DATE_RANGES,
  LEARNING_MESSAGES,
  LEARNING_TEXT_MAX,
  complianceItemFormSchema,
  dateLimits,
  type ComplianceItem,
} from '@halcyon/api/contract';
import { useMutation, useRoute } from '@halcyon/api/swr';
import { Checkbox, DatePicker, FieldRow, TextField } from '@halcyon/design-system';
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

type Props = ModalProps<'set-user-license-compliance'>;

const KIND_OPTIONS = COMPLIANCE_KINDS.map((value) => ({ value, label: COMPLIANCE_KIND_LABELS[value] }));
const BODIES_LIST_ID = 'compliance-body-suggestions';

function ComplianceForm({
  existing,
  defaults,
  onSaved,
  onReload,
}: Pick<Props, 'defaults' | 'onSaved'> & { existing: ComplianceItem | null; onReload: () => Promise<void> }) {
  const create = useMutation('createComplianceItem', { prependTo: ['listComplianceItems'] });
  const update = useMutation('updateComplianceItem');
  const document = useAttachedFile(existing?.document ?? null);
  const editing = existing !== null;
  const { form, field, errorOf, shellProps } = useModalForm(complianceItemFormSchema, {
    defaultValues: {
      kind: existing?.kind ?? defaults?.kind ?? 'registration',
      body: existing?.body ?? defaults?.body ?? '',
      number: existing?.number ?? defaults?.number ?? '',
      issueDate: existing?.issueDate ?? defaults?.issueDate ?? '',
      expiryDate: existing?.expiryDate ?? defaults?.expiryDate ?? '',
      remind: existing?.remind ?? true,
    },
    submit: async (values) => {
      const body = { ...values, documentFileId: await document.resolve() };
      return editing
        ? update.trigger({ params: { id: existing.id }, body: { ...body, version: existing.version } })
        : create.trigger({ body });
    },
    onSuccess: useRecordSaved(
      editing,
      { created: LEARNING_MESSAGES.complianceCreated, updated: LEARNING_MESSAGES.complianceUpdated },
      onSaved,
    ),
  });
  const issueDate = form.watch('issueDate');

  return (
    <ModalShell
      title={editing ? 'Edit licence or compliance record' : 'Add licence or compliance record'}
      description="A registration, membership, insurance or check: who issued it, its number, its dates and the document."
      submitLabel={editing ? 'Save record' : 'Add record'}
      size="lg"
      onReload={onReload}
      extraActions={
        existing && (
          <DeleteRecordButton
            record={existing}
            kind="license-compliance"
            route="deleteComplianceItem"
            name={`${existing.body} ${COMPLIANCE_KIND_LABELS[existing.kind].toLowerCase()}`}
            onDeleted={onSaved}
            disabled={shellProps.busy}
          />
        )
      }
      {...shellProps}
      busy={shellProps.busy || document.uploading}
      dirty={shellProps.dirty || document.chosen !== null || document.kept?.id !== existing?.document?.id}
    >
      <ModalFields>
        <FieldRow>
          <SelectField control={form.control} name="kind" label="Kind" required options={KIND_OPTIONS} />
          <TextField
            label="Issuing body"
            hint="For example BACP, UKCP, HCPC, or your insurer."
            required
            autoComplete="off"
            list={BODIES_LIST_ID}
            maxLength={LEARNING_TEXT_MAX.body}
            {...field('body')}
          />
          <datalist id={BODIES_LIST_ID}>
            {COMPLIANCE_BODY_SUGGESTIONS.map((body) => (
              <option key={body} value={body} />
            ))}
          </datalist>
        </FieldRow>
        <TextField
          label="Number"
          hint="Optional: the registration, membership or policy number."
          autoComplete="off"
          maxLength={LEARNING_TEXT_MAX.number}
          {...field('number')}
        />
        <FieldRow>
          <DatePicker
            label="Issue date"
            required
            {...dateLimits(LEARNING_DATE_RANGES.issued)}
            error={errorOf('issueDate')}
            {...registerDate(form.register, 'issueDate')}
          />
          <DatePicker
            label="Expiry date"
            hint="Leave empty when it does not expire."
            {...dateLimits(LEARNING_DATE_RANGES.expiry, { notBefore: issueDate })}
            error={errorOf('expiryDate')}
            {...registerDate(form.register, 'expiryDate')}
          />
        </FieldRow>
        <Controller
          name="remind"
          control={form.control}
          render={({ field: remind }) => (
            <Checkbox
              label={`Remind me ${COMPLIANCE_REMINDER_DAYS} days before it expires`}
              checked={remind.value}
              onCheckedChange={(checked) => remind.onChange(checked === true)}
              onBlur={remind.onBlur}
            />
          )}
        />
        <AttachedFileField
          label="Document"
          hint="Optional: the certificate or policy (PDF, image, Word or text)."
          state={document}
          disabled={shellProps.busy}
        />
      </ModalFields>
    </ModalShell>
  );
}

/**
 * set-user-license-compliance (CATALOG.md): a licence or compliance record's kind, issuing body (BACP, UKCP, HCPC...),
 * number, issue and expiry dates (the expiry on or after the issue), document and reminder (60 days before it expires).
 * No `id` adds one; an `id` edits it (and offers delete through delete-item, kind license-compliance).
 */
export function SetUserLicenseComplianceModal({ id, defaults, onSaved }: Props) {
  const existing = useRoute('getComplianceItem', id ? { params: { id } } : null, {
    removeFromListsOn404: ['listComplianceItems'],
  });
  return (
    <RecordForm editing={Boolean(id)} record={existing} title="Edit licence or compliance record" what="this record">
      {(record, reload) => <ComplianceForm existing={record} defaults={defaults} onSaved={onSaved} onReload={reload} />}
    </RecordForm>
  );
}
