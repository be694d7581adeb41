import {
  BUILT_IN_EMAIL_TEMPLATES,
  EMAIL_USAGE_CONTEXTS,
  EMAIL_USAGE_CONTEXT_LABELS,
  TEMPLATE_MESSAGES,
  TEMPLATE_TEXT_MAX,
  createEmailTemplateBodySchema,
  type EmailTemplate,
  type EmailUsageContext,
  type MergeField,
} from '@halcyon/api/contract';
import { useMutation, useRoute } from '@halcyon/api/swr';
import { TextArea, TextField, useBanners } from '@halcyon/design-system';
import { useWatch } from 'react-hook-form';
import { SelectField } from '../../form/SelectField';
import { useModalForm } from '../../form/useModalForm';
import { DeleteRecordButton } from '../../ModalShell/DeleteRecordButton';
import { ModalShell } from '../../ModalShell/ModalShell';
import { RecordForm } from '../../settings/RecordLoadState';
import {
  EmailPreview,
  EmailTemplateColumns,
  MergeFieldButtons,
  withMergeField,
} from '../../templates/EmailTemplateParts';
import type { ModalProps } from '../../types';

type Props = ModalProps<'set-email-template'>;
type OwnEmailTemplate = EmailTemplate & { id: number };

/** The practice's own template (with its id), as a caller's `onSaved` receives it; a built-in one is none. */
const own = (template: EmailTemplate | null | undefined): OwnEmailTemplate | null =>
  template && template.id !== null ? { ...template, id: template.id } : null;

const CONTEXT_OPTIONS = EMAIL_USAGE_CONTEXTS.map((value) => ({ value, label: EMAIL_USAGE_CONTEXT_LABELS[value] }));

const PREVIEW_FOOTNOTE =
  'Halcyon adds the button with the link, and how long it works, under your text, and your practice’s name and logo around it.';

function EmailTemplateForm({
  existing,
  usageContext,
  onSaved,
  onReload,
}: Pick<Props, 'onSaved'> & {
  existing: OwnEmailTemplate | null;
  usageContext: EmailUsageContext;
  onReload: () => Promise<void>;
}) {
  const { notify } = useBanners();
  const create = useMutation('createEmailTemplate');
  const update = useMutation('updateEmailTemplate');
  const editing = existing !== null;
  const start = existing ?? BUILT_IN_EMAIL_TEMPLATES[usageContext];
  const { form, field, shellProps } = useModalForm(createEmailTemplateBodySchema, {
    defaultValues: { usageContext: existing?.usageContext ?? usageContext, subject: start.subject, body: start.body },
    submit: (body) =>
      editing
        ? update.trigger({ params: { id: existing.id }, body: { ...body, version: existing.version } })
        : create.trigger({ body }),
    onSuccess: async (saved) => {
      notify({
        variant: 'success',
        message: editing ? TEMPLATE_MESSAGES.emailUpdated : TEMPLATE_MESSAGES.emailCreated,
      });
      const record = own(saved);
      if (record) await onSaved?.(record);
    },
  });
  const [context, subject, body] = useWatch({ control: form.control, name: ['usageContext', 'subject', 'body'] });
  const insert = (name: MergeField) =>
    form.setValue('body', withMergeField(form.getValues('body'), name), {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });

  return (
    <ModalShell
      title={editing ? 'Edit e-mail template' : 'New e-mail template'}
      description="Write the e-mail in your own words. Merge fields such as {{client.firstName}} are filled in for each client when the e-mail is sent."
      submitLabel={editing ? 'Save template' : 'Create template'}
      size="lg"
      onReload={onReload}
      extraActions={
        existing && (
          <DeleteRecordButton
            record={existing}
            kind="template"
            route="deleteEmailTemplate"
            name={`your ${EMAIL_USAGE_CONTEXT_LABELS[existing.usageContext].toLowerCase()} e-mail (the built-in one is used again)`}
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
            <SelectField
              control={form.control}
              name="usageContext"
              label="Usage context"
              hint="Which e-mail Halcyon writes with this template."
              required
              options={CONTEXT_OPTIONS}
            />
            <TextField label="Subject" required maxLength={TEMPLATE_TEXT_MAX.subject} {...field('subject')} />
            <TextArea
              label="Body"
              hint="Leave a blank line between paragraphs."
              required
              rows={10}
              maxLength={TEMPLATE_TEXT_MAX.body}
              {...field('body')}
            />
            <MergeFieldButtons context={context} onInsert={insert} />
          </>
        }
        preview={<EmailPreview subject={subject} body={body} footnote={PREVIEW_FOOTNOTE} />}
      />
    </ModalShell>
  );
}

/**
 * set-email-template (CATALOG.md): usage context, subject, body with merge fields (each checked against the fields that
 * e-mail has values for; an unknown one is named), and a live preview with sample data. No `id` writes the practice's
 * own e-mail for `defaults.usageContext`, starting from the built-in text; an `id` edits it and offers Delete, after
 * which the built-in e-mail is used again. Saved: "E-mail template created." / "updated.".
 */
export function SetEmailTemplateModal({ id, defaults, onSaved }: Props) {
  const existing = useRoute('getEmailTemplate', id ? { params: { id } } : null, {
    removeFromListsOn404: ['listEmailTemplates'],
  });
  return (
    <RecordForm editing={Boolean(id)} record={existing} title="Edit e-mail template" what="this e-mail template">
      {(record, reload) => (
        <EmailTemplateForm
          existing={own(record)}
          usageContext={defaults?.usageContext ?? 'portal-invitation'}
          onSaved={onSaved}
          onReload={reload}
        />
      )}
    </RecordForm>
  );
}
