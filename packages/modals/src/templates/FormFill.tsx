import {
  DEFAULT_SCALE,
  formAnswersSchemaFor,
  type FormAnswer,
  type FormAnswers,
  type FormDefinition,
  type FormField,
} from '@halcyon/api/contract';
import { Checkbox, DatePicker, RadioGroup, TextArea, TextField } from '@halcyon/design-system';
import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import styles from './FormFill.module.css';

export interface FormFillProps {
  definition: FormDefinition;
  /** Runs with the checked answers when every required question is answered and each answer fits its question. */
  onSubmit: (answers: FormAnswers) => void | Promise<void>;
  /** The `id` of the `<form>`, so a button outside it (a modal's footer) can submit it. */
  formId?: string;
  /** Shown after the questions (a submit button, when the form is on a page of its own). */
  footer?: ReactNode;
  disabled?: boolean;
  /** The level of the sections' headings: 3 under a modal's title (the default), 2 on a page of its own. */
  headingLevel?: 2 | 3;
}

/** Empty answers: '' for text, a date and a signature, [] for multiple choice, null for a choice or a scale. */
function emptyAnswers(definition: FormDefinition): Record<string, FormAnswer> {
  const answers: Record<string, FormAnswer> = {};
  for (const section of definition.sections) {
    for (const field of section.fields) {
      answers[field.key] =
        field.type === 'multipleChoice' ? [] : field.type === 'choice' || field.type === 'scale' ? null : '';
    }
  }
  return answers;
}

/** The first message of each question whose answer does not fit. */
function errorsOf(definition: FormDefinition, answers: Record<string, FormAnswer>): Record<string, string> {
  const result = formAnswersSchemaFor(definition).safeParse(answers);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    errors[key] ??= issue.message;
  }
  return errors;
}

function Question({
  field,
  value,
  error,
  disabled,
  onChange,
}: {
  field: FormField;
  value: FormAnswer;
  error: string | undefined;
  disabled: boolean;
  onChange: (value: FormAnswer) => void;
}) {
  const id = useId();
  const common = { label: field.label, hint: field.helpText || undefined, error, required: field.required };
  switch (field.type) {
    case 'longText':
      return (
        <TextArea
          {...common}
          rows={4}
          disabled={disabled}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case 'date':
      return (
        <DatePicker
          {...common}
          min="1900-01-01"
          max="2100-12-31"
          disabled={disabled}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case 'choice':
      return (
        <RadioGroup
          {...common}
          disabled={disabled}
          options={field.options.map((option) => ({ value: option, label: option }))}
          value={typeof value === 'string' ? value : ''}
          onValueChange={onChange}
        />
      );
    case 'scale': {
      const scale = field.scale ?? DEFAULT_SCALE;
      const steps = Array.from({ length: scale.max - scale.min + 1 }, (_, i) => String(scale.min + i));
      const ends = [
        scale.minLabel && `${scale.min}: ${scale.minLabel}`,
        scale.maxLabel && `${scale.max}: ${scale.maxLabel}`,
      ]
        .filter(Boolean)
        .join(' · ');
      return (
        <RadioGroup
          {...common}
          hint={[field.helpText, ends].filter(Boolean).join(' ') || undefined}
          orientation="horizontal"
          disabled={disabled}
          options={steps.map((step) => ({ value: step, label: step }))}
          value={typeof value === 'number' ? String(value) : ''}
          onValueChange={(next) => onChange(Number(next))}
        />
      );
    }
    case 'multipleChoice': {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <fieldset className={styles.choices} aria-describedby={error ? `${id}-error` : undefined}>
          <legend className={styles.legend}>
            {field.label}
            {field.required ? ' (required)' : ''}
          </legend>
          {field.helpText && <p className={styles.muted}>{field.helpText}</p>}
          {field.options.map((option) => (
            <Checkbox
              key={option}
              label={option}
              disabled={disabled}
              checked={chosen.includes(option)}
              onCheckedChange={(checked) =>
                onChange(
                  checked === true
                    ? field.options.filter((o) => o === option || chosen.includes(o))
                    : chosen.filter((o) => o !== option),
                )
              }
            />
          ))}
          {error && (
            <p id={`${id}-error`} className={styles.error}>
              {error}
            </p>
          )}
        </fieldset>
      );
    }
    case 'signature':
      return (
        <TextField
          {...common}
          autoComplete="name"
          disabled={disabled}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    default:
      return (
        <TextField
          {...common}
          disabled={disabled}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
        />
      );
  }
}

/**
 * A form template as the client sees it, fillable: its sections in order, each question as its type says (text, long
 * text, one choice, several choices, a scale, a date, a typed signature), required ones marked. Sending checks every
 * answer with the contract's schema for this definition (the server checks the same) and names what to fix beside it.
 */
export function FormFill({ definition, onSubmit, formId, footer, disabled = false, headingLevel = 3 }: FormFillProps) {
  const SectionHeading = headingLevel === 2 ? 'h2' : 'h3';
  const initial = useMemo(() => emptyAnswers(definition), [definition]);
  const [answers, setAnswers] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [tried, setTried] = useState(false);

  const change = (key: string, value: FormAnswer) => {
    const next = { ...answers, [key]: value };
    setAnswers(next);
    if (tried) setErrors(errorsOf(definition, next));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    const found = errorsOf(definition, answers);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await onSubmit(formAnswersSchemaFor(definition).parse(answers));
  };

  return (
    <form id={formId} className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      {definition.sections.map((section) => (
        <section key={section.key} className={styles.section} aria-labelledby={`${formId ?? 'form'}-${section.key}`}>
          <SectionHeading id={`${formId ?? 'form'}-${section.key}`} className={styles.sectionTitle}>
            {section.title}
          </SectionHeading>
          {section.description && <p className={styles.muted}>{section.description}</p>}
          {section.fields.map((field) => (
            <Question
              key={field.key}
              field={field}
              value={answers[field.key] ?? null}
              error={errors[field.key]}
              disabled={disabled}
              onChange={(value) => change(field.key, value)}
            />
          ))}
        </section>
      ))}
      {footer}
    </form>
  );
}
