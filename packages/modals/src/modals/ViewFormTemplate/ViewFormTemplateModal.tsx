import {
  BUILT_IN_FORM_TEMPLATES,
  FORM_CATEGORY_LABELS,
  FORM_USAGE_CONTEXT_LABELS,
  formDefinitionSchema,
  type FormDefinition,
} from '@halcyon/api/contract';
import { useRoute } from '@halcyon/api/swr';
import { Banner, Button } from '@halcyon/design-system';
import { useMemo, useState } from 'react';
import { ModalShell } from '../../ModalShell/ModalShell';
import { RecordLoadState } from '../../settings/RecordLoadState';
import { FormFill } from '../../templates/FormFill';
import type { ModalProps } from '../../types';

type Props = ModalProps<'view-form-template'>;

/** What the preview says when every answer fits: nothing is sent from the library. */
export const PREVIEW_CHECKED_MESSAGE = 'Every answer fits. This is a preview: nothing was sent or saved.';

function Preview({ title, subtitle, definition }: { title: string; subtitle: string; definition: FormDefinition }) {
  const [checked, setChecked] = useState(false);
  return (
    <ModalShell title={title} description={subtitle} size="lg">
      <FormFill
        definition={definition}
        onSubmit={() => setChecked(true)}
        footer={
          <div>
            {checked && <Banner variant="success">{PREVIEW_CHECKED_MESSAGE}</Banner>}
            <Button type="submit" variant="secondary">
              Check my answers
            </Button>
          </div>
        }
      />
    </ModalShell>
  );
}

const subtitleOf = (category: keyof typeof FORM_CATEGORY_LABELS, context: keyof typeof FORM_USAGE_CONTEXT_LABELS) =>
  `${FORM_CATEGORY_LABELS[category]} form · ${FORM_USAGE_CONTEXT_LABELS[context]}. The form as your client sees it: try filling it in.`;

function BuiltInPreview({ usageContext }: { usageContext: keyof typeof BUILT_IN_FORM_TEMPLATES }) {
  const builtIn = BUILT_IN_FORM_TEMPLATES[usageContext];
  const definition = useMemo(() => formDefinitionSchema.parse(builtIn.definition), [builtIn]);
  return (
    <Preview
      title={`${builtIn.name} (built-in)`}
      subtitle={subtitleOf(builtIn.templateCategory, usageContext)}
      definition={definition}
    />
  );
}

function OwnPreview({ id }: { id: number }) {
  const template = useRoute('getFormTemplate', { params: { id } }, { removeFromListsOn404: ['listFormTemplates'] });
  if (!template.data) {
    return (
      <RecordLoadState
        title="Form preview"
        what="this form template"
        error={template.error}
        missing={template.data === null}
        retry={template.retry}
      />
    );
  }
  const { name, templateCategory, usageContext, definition } = template.data;
  return <Preview title={name} subtitle={subtitleOf(templateCategory, usageContext)} definition={definition} />;
}

/**
 * view-form-template (CATALOG.md): the form as the client sees it, fillable. "Check my answers" checks each answer
 * against its question as the client's send would, and says so; nothing is sent from here.
 */
export function ViewFormTemplateModal({ formTemplateId, builtIn }: Props) {
  return formTemplateId ? (
    <OwnPreview id={formTemplateId} />
  ) : (
    <BuiltInPreview usageContext={builtIn ?? 'before-first-session'} />
  );
}
