import {
  FORM_CATEGORIES,
  FORM_CATEGORY_LABELS,
  FORM_FIELD_TYPES,
  FORM_FIELD_TYPE_LABELS,
  FORM_USAGE_CONTEXTS,
  FORM_USAGE_CONTEXT_LABELS,
  TEMPLATE_LIMITS,
  TEMPLATE_MESSAGES,
  TEMPLATE_TEXT_MAX,
  createFormTemplateBodySchema,
  type CreateFormTemplateBody,
  type FormFieldType,
  type FormTemplate,
} from '@halcyon/api/contract';
import { useMutation, useRoute } from '@halcyon/api/swr';
import {
  Button,
  Checkbox,
  FieldRow,
  NumberField,
  Select,
  TextArea,
  TextField,
  useBanners,
  VisuallyHidden,
} from '@halcyon/design-system';
import { useId, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import type { ContractFormOf } from '../../form/useContractForm';
import { SelectField } from '../../form/SelectField';
import { useModalForm } from '../../form/useModalForm';
import { DeleteRecordButton } from '../../ModalShell/DeleteRecordButton';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import { RecordForm } from '../../settings/RecordLoadState';
import type { ModalProps } from '../../types';
import styles from './SetFormTemplateModal.module.css';
import { useFieldList } from '../../form/useFieldList';

type Props = ModalProps<'set-form-template'>;
type Builder = ContractFormOf<typeof createFormTemplateBodySchema>;
type OwnFormTemplate = FormTemplate & { id: number };

const CATEGORY_OPTIONS = FORM_CATEGORIES.map((value) => ({ value, label: FORM_CATEGORY_LABELS[value] }));
const CONTEXT_OPTIONS = FORM_USAGE_CONTEXTS.map((value) => ({ value, label: FORM_USAGE_CONTEXT_LABELS[value] }));
const TYPE_OPTIONS = FORM_FIELD_TYPES.map((value) => ({ value, label: FORM_FIELD_TYPE_LABELS[value] }));

/** A new key for a question or a section: unique within the form (answers are stored by it). */
const newKey = (prefix: 'q' | 's') => `${prefix}-${Math.random().toString(36).slice(2, 10)}`;
const newQuestion = () => ({
  key: newKey('q'),
  type: 'text' as FormFieldType,
  label: '',
  helpText: '',
  required: false,
  options: [],
});
const newSection = () => ({ key: newKey('s'), title: '', description: '', fields: [newQuestion()] });

const own = (template: FormTemplate | null | undefined): OwnFormTemplate | null =>
  template && template.id !== null ? { ...template, id: template.id } : null;

/** Where a section or a question stands in its list, and how it moves or leaves it. */
interface ItemPlace {
  index: number;
  count: number;
  /** Unique per item: its buttons' ids start with it. */
  baseId: string;
  /** The list's own move (react-hook-form's `move(from, to)`). */
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
  disabled: boolean;
}

/**
 * A section's or a question's heading with its Move up, Move down and Remove buttons, named for a screen reader by what
 * they move. A move keeps the keyboard focus on the button that moved it (or on its pair at the list's end).
 */
function ItemHead({
  heading: Heading,
  title,
  what,
  index,
  count,
  baseId,
  onMove,
  onRemove,
  disabled,
}: ItemPlace & { heading: 'h3' | 'h4'; title: string; what: string }) {
  const idOf = (direction: 'up' | 'down') => `${baseId}-${direction}`;
  const move = (direction: 'up' | 'down') => {
    onMove(index, direction === 'up' ? index - 1 : index + 1);
    requestAnimationFrame(() => {
      const same = document.getElementById(idOf(direction));
      const other = document.getElementById(idOf(direction === 'up' ? 'down' : 'up'));
      (same && !same.hasAttribute('disabled') ? same : other)?.focus();
    });
  };
  return (
    <div className={styles.head}>
      <Heading className={styles.heading}>{title}</Heading>
      <div className={styles.actions}>
        <Button id={idOf('up')} size="sm" variant="ghost" disabled={disabled || index === 0} onClick={() => move('up')}>
          Move up<VisuallyHidden> {what}</VisuallyHidden>
        </Button>
        <Button
          id={idOf('down')}
          size="sm"
          variant="ghost"
          disabled={disabled || index === count - 1}
          onClick={() => move('down')}
        >
          Move down<VisuallyHidden> {what}</VisuallyHidden>
        </Button>
        <Button size="sm" variant="ghost" disabled={disabled} onClick={onRemove}>
          Remove<VisuallyHidden> {what}</VisuallyHidden>
        </Button>
      </div>
    </div>
  );
}

/** A choice question's answers, one per line (empty lines are left out). */
function OptionsField({ builder, path }: { builder: Builder; path: `definition.sections.${number}.fields.${number}` }) {
  const { form, errorOf } = builder;
  const options = form.getValues(`${path}.options`) ?? [];
  const [text, setText] = useState(options.join('\n'));
  const error =
    errorOf(`${path}.options`) ??
    options.map((_, index) => errorOf(`${path}.options.${index}`)).find((message) => message !== undefined);
  return (
    <TextArea
      label="Answers"
      hint={`One answer per line, at least two and at most ${TEMPLATE_LIMITS.options}.`}
      required
      rows={4}
      value={text}
      error={error}
      onChange={(event) => {
        setText(event.target.value);
        const lines = event.target.value
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => line !== '');
        form.setValue(`${path}.options`, lines, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
      }}
    />
  );
}

function ScaleFields({ builder, path }: { builder: Builder; path: `definition.sections.${number}.fields.${number}` }) {
  const { form, errorOf } = builder;
  const number = (name: 'min' | 'max', label: string, fallback: number) => (
    <Controller
      name={`${path}.scale.${name}`}
      control={form.control}
      render={({ field }) => (
        <NumberField
          label={label}
          required
          min={TEMPLATE_LIMITS.scaleMin}
          max={TEMPLATE_LIMITS.scaleMax}
          value={typeof field.value === 'number' ? field.value : fallback}
          onValueChange={(value) => field.onChange(value ?? fallback)}
          onBlur={field.onBlur}
          error={errorOf(`${path}.scale.${name}`)}
        />
      )}
    />
  );
  return (
    <FieldRow>
      {number('min', 'Lowest value', 0)}
      {number('max', 'Highest value', 10)}
      <TextField
        label="Lowest means"
        hint="Optional, e.g. Not at all"
        maxLength={TEMPLATE_TEXT_MAX.scaleLabel}
        {...builder.field(`${path}.scale.minLabel`)}
      />
      <TextField
        label="Highest means"
        hint="Optional, e.g. Completely"
        maxLength={TEMPLATE_TEXT_MAX.scaleLabel}
        {...builder.field(`${path}.scale.maxLabel`)}
      />
    </FieldRow>
  );
}

function QuestionEditor({ builder, sectionIndex, ...place }: ItemPlace & { builder: Builder; sectionIndex: number }) {
  const { index } = place;
  const path = `definition.sections.${sectionIndex}.fields.${index}` as const;
  const { form, field, errorOf } = builder;
  const type = useWatch({ control: form.control, name: `${path}.type` });
  const label = useWatch({ control: form.control, name: `${path}.label` });
  const what = `question ${index + 1}${label ? ` “${label}”` : ''}`;
  return (
    <li className={styles.question}>
      <ItemHead heading="h4" title={`Question ${index + 1}`} what={what} {...place} />
      <FieldRow>
        <Controller
          name={`${path}.type`}
          control={form.control}
          render={({ field: kind }) => (
            <Select
              label="Kind of question"
              required
              options={TYPE_OPTIONS}
              value={kind.value}
              onValueChange={(value) => {
                kind.onChange(value);
                if (value === 'scale' && !form.getValues(`${path}.scale`)) {
                  form.setValue(`${path}.scale`, { min: 0, max: 10, minLabel: '', maxLabel: '' });
                }
              }}
              onBlur={kind.onBlur}
              error={errorOf(`${path}.type`)}
            />
          )}
        />
        <TextField label="Question" required maxLength={TEMPLATE_TEXT_MAX.label} {...field(`${path}.label`)} />
      </FieldRow>
      <TextField
        label="Help text"
        hint="Optional: shown under the question."
        maxLength={TEMPLATE_TEXT_MAX.helpText}
        {...field(`${path}.helpText`)}
      />
      {(type === 'choice' || type === 'multipleChoice') && <OptionsField builder={builder} path={path} />}
      {type === 'scale' && <ScaleFields builder={builder} path={path} />}
      <Controller
        name={`${path}.required`}
        control={form.control}
        render={({ field: required }) => (
          <Checkbox
            label="The client must answer this question"
            checked={required.value === true}
            onCheckedChange={(checked) => required.onChange(checked === true)}
            onBlur={required.onBlur}
          />
        )}
      />
    </li>
  );
}

function SectionEditor({ builder, ...place }: ItemPlace & { builder: Builder }) {
  const { index, baseId, disabled } = place;
  const path = `definition.sections.${index}` as const;
  const { form, field, errorOf } = builder;
  const questions = useFieldList(form, { name: `${path}.fields`, keyName: 'rowId' });
  const title = useWatch({ control: form.control, name: `${path}.title` });
  const what = `section ${index + 1}${title ? ` “${title}”` : ''}`;
  return (
    <li className={styles.section}>
      <ItemHead heading="h3" title={`Section ${index + 1}`} what={what} {...place} />
      <FieldRow>
        <TextField
          label="Section title"
          required
          maxLength={TEMPLATE_TEXT_MAX.sectionTitle}
          {...field(`${path}.title`)}
        />
        <TextField
          label="Section introduction"
          hint="Optional."
          maxLength={TEMPLATE_TEXT_MAX.sectionDescription}
          {...field(`${path}.description`)}
        />
      </FieldRow>
      <ol className={styles.questions} aria-label={`Questions of ${what}`}>
        {questions.fields.map((question, q) => (
          <QuestionEditor
            key={question.rowId}
            builder={builder}
            sectionIndex={index}
            index={q}
            count={questions.fields.length}
            baseId={`${baseId}-${question.key}`}
            disabled={disabled}
            onMove={questions.move}
            onRemove={() => questions.remove(q)}
          />
        ))}
      </ol>
      {errorOf(`${path}.fields`) && <p className={styles.error}>{errorOf(`${path}.fields`)}</p>}
      <div>
        <Button
          size="sm"
          variant="secondary"
          disabled={disabled || questions.fields.length >= TEMPLATE_LIMITS.fieldsPerSection}
          onClick={() => questions.append(newQuestion())}
        >
          Add question to {title ? `“${title}”` : `section ${index + 1}`}
        </Button>
      </div>
    </li>
  );
}

function FormTemplateForm({
  existing,
  defaults,
  onSaved,
  onReload,
}: Pick<Props, 'defaults' | 'onSaved'> & { existing: OwnFormTemplate | null; onReload: () => Promise<void> }) {
  const { notify } = useBanners();
  const baseId = useId();
  const create = useMutation('createFormTemplate', { prependTo: ['listFormTemplates'] });
  const update = useMutation('updateFormTemplate');
  const editing = existing !== null;
  const start: Partial<CreateFormTemplateBody> = existing ?? defaults ?? {};
  const builder = useModalForm(createFormTemplateBodySchema, {
    defaultValues: {
      name: start.name ?? '',
      description: start.description ?? '',
      templateCategory: start.templateCategory ?? 'intake',
      usageContext: start.usageContext ?? 'before-first-session',
      definition: start.definition ?? { sections: [newSection()] },
    },
    submit: (body) =>
      editing
        ? update.trigger({ params: { id: existing.id }, body: { ...body, version: existing.version } })
        : create.trigger({ body }),
    onSuccess: async (saved) => {
      notify({ variant: 'success', message: editing ? TEMPLATE_MESSAGES.formUpdated : TEMPLATE_MESSAGES.formCreated });
      const record = own(saved);
      if (record) await onSaved?.(record);
    },
  });
  const { form, field, errorOf, shellProps } = builder;
  const sections = useFieldList(form, { name: 'definition.sections', keyName: 'rowId' });
  const busy = shellProps.busy;

  return (
    <ModalShell
      title={editing ? 'Edit form template' : 'New form template'}
      description="Build the form your clients fill in: sections of questions, in the order clients see them. Preview it from the library."
      submitLabel={editing ? 'Save template' : 'Create template'}
      size="lg"
      onReload={onReload}
      extraActions={
        existing && (
          <DeleteRecordButton
            record={existing}
            kind="template"
            route="deleteFormTemplate"
            name={existing.name}
            onDeleted={onSaved}
            disabled={busy}
          />
        )
      }
      {...shellProps}
    >
      <ModalFields>
        <TextField label="Name" required autoComplete="off" maxLength={TEMPLATE_TEXT_MAX.name} {...field('name')} />
        <TextArea
          label="Description"
          hint="Optional: what the form is for (shown to clients above the questions)."
          rows={2}
          maxLength={TEMPLATE_TEXT_MAX.description}
          {...field('description')}
        />
        <FieldRow>
          <SelectField
            control={form.control}
            name="templateCategory"
            label="Category"
            required
            options={CATEGORY_OPTIONS}
          />
          <SelectField
            control={form.control}
            name="usageContext"
            label="Usage context"
            hint="When in a client's journey the form is sent."
            required
            options={CONTEXT_OPTIONS}
          />
        </FieldRow>
        <ol className={styles.sections} aria-label="Sections">
          {sections.fields.map((section, s) => (
            <SectionEditor
              key={section.rowId}
              builder={builder}
              index={s}
              count={sections.fields.length}
              baseId={`${baseId}-${section.key}`}
              disabled={busy}
              onMove={sections.move}
              onRemove={() => sections.remove(s)}
            />
          ))}
        </ol>
        {errorOf('definition.sections') && <p className={styles.error}>{errorOf('definition.sections')}</p>}
        <div>
          <Button
            variant="secondary"
            disabled={busy || sections.fields.length >= TEMPLATE_LIMITS.sections}
            onClick={() => sections.append(newSection())}
          >
            Add section
          </Button>
        </div>
      </ModalFields>
    </ModalShell>
  );
}

/**
 * set-form-template (CATALOG.md): the form builder. Sections of questions (short and long text, one choice, multiple
 * choice, a scale, a date, a signature), each with help text and whether it must be answered, reordered with Move up
 * and Move down (the focus stays on the button), the template's category and usage context. The contract's one form
 * schema checks it here and on the server. No `id` adds a template (`defaults` start it, e.g. a built-in one to make
 * the practice's own); an `id` edits it and offers Delete. Saved: "Form template created." / "updated.".
 */
export function SetFormTemplateModal({ id, defaults, onSaved }: Props) {
  const existing = useRoute('getFormTemplate', id ? { params: { id } } : null, {
    removeFromListsOn404: ['listFormTemplates'],
  });
  return (
    <RecordForm editing={Boolean(id)} record={existing} title="Edit form template" what="this form template">
      {(record, reload) => (
        <FormTemplateForm existing={own(record)} defaults={defaults} onSaved={onSaved} onReload={reload} />
      )}
    </RecordForm>
  );
}
