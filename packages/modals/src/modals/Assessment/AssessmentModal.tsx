import {
  type AssessmentStatus,
  MEASURE_TEXT_MAX,
  MEASURES,
  MEASURE_CODES,
  askedAnswers,
  clinicalRangeText,
  isAsked,
  measureQuestion,
  scoreMeasure,
  type Assessment,
  type MeasureCode,
  type MeasureDefinition,
  dateLimits,
  DATE_RANGES,
} from '@halcyon/api/contract';
import { useMutation, useRoute, usePracticeTimeZone } from '@halcyon/api/swr';
import {
  Badge,
  Button,
  DatePicker,
  RadioGroup,
  Select,
  Sensitive,
  Skeleton,
  TextArea,
  useBanners,
} from '@halcyon/design-system';
import { useRef } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { todayIn } from '@halcyon/api/time';
import { useModalForm } from '../../form/useModalForm';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import type { AssessmentModalProps } from '../../types';
import styles from './AssessmentModal.module.css';

/** SPEC.md §8 save confirmations, word for word. */
export const ASSESSMENT_DRAFT_MESSAGE = 'Assessment saved as draft.';
export const ASSESSMENT_SUBMITTED_MESSAGE = 'Assessment successfully submitted.';

interface Values {
  measure: MeasureCode;
  completedOn: string;
  /** One radio value per item ('' while unanswered). */
  answers: string[];
  notes: string;
}

const emptyAnswers = (code: MeasureCode) => MEASURES[code].items.map(() => '');
const toNumbers = (answers: readonly string[]) => answers.map((a) => (a === '' ? null : Number(a)));

const BAND_VARIANTS = ['success', 'info', 'warning', 'danger', 'danger'] as const;
/** The badge colour of a severity level (0 least severe). */
export function bandVariant(level: number) {
  return BAND_VARIANTS[Math.max(0, Math.min(4, level))] ?? 'neutral';
}

/** "Score 11 of 27 · Moderate", live as answers are chosen; partial totals say how many questions are left. */
function LiveScore({ definition, answers }: { definition: MeasureDefinition; answers: readonly string[] }) {
  const score = scoreMeasure(definition.code, toNumbers(answers));
  // The score line stays in view while the questions scroll under it; the risk notes (long on a phone) sit under it in
  // the form's flow, and the line keeps a short "Review risk" so the flag is never out of sight.
  return (
    <>
      <div className={styles.score} aria-live="polite" aria-atomic="true" data-testid="live-score">
        <span className={styles.total}>
          Score {score.total} of {definition.maxScore}
        </span>
        {score.band ? (
          <Badge variant={bandVariant(score.band.level)}>{score.band.label}</Badge>
        ) : (
          <span className={styles.muted}>
            {score.missing} {score.missing === 1 ? 'question' : 'questions'} left
          </span>
        )}
        {score.aboveCutoff && (
          <span className={styles.muted}>In the clinical range ({clinicalRangeText(definition.code)})</span>
        )}
        {score.riskFlags.length > 0 && <Badge variant="danger">Review risk</Badge>}
      </div>
      {score.riskFlags.map((flag) => (
        <p key={flag} className={styles.risk} role="note">
          {flag} Review risk with the client.
        </p>
      ))}
    </>
  );
}

/**
 * assessment: fill in an outcome measure for a client (any of MEASURE_CODES) with the live score and severity band; save as a draft (unanswered questions allowed) or submit (every scored question answered). With `id`, a draft
 * opens for editing and a submitted assessment opens read-only.
 */
export function AssessmentModal(props: AssessmentModalProps) {
  const existing = useRoute('singleAssessment', props.id ? { params: { id: props.id } } : null);
  if (props.id) {
    if (existing.data === undefined && !existing.error) {
      return (
        <ModalShell title="Assessment" description="Loading the assessment…" busy>
          <Skeleton height="12rem" />
        </ModalShell>
      );
    }
    if (!existing.data) {
      return (
        <ModalShell title="Assessment" description="This assessment could not be loaded. It may have been deleted." />
      );
    }
    if (existing.data.status === 'submitted') return <SubmittedAssessment assessment={existing.data} />;
    return <AssessmentForm {...props} existing={existing.data} />;
  }
  return <AssessmentForm {...props} />;
}

function SubmittedAssessment({ assessment }: { assessment: Assessment }) {
  const definition = MEASURES[assessment.measure];
  return (
    <ModalShell
      size="lg"
      title={`${definition.name} of ${assessment.completedOn}`}
      description={`Submitted${assessment.source === 'client' ? ' by the client through a link' : ''}. Submitted assessments cannot be changed.`}
    >
      <Sensitive as="div">
        <p className={styles.total}>
          Score {assessment.score ?? '–'} of {definition.maxScore}
          {assessment.band ? ` · ${assessment.band.label}` : ''}
        </p>
        <ol className={styles.answers}>
          {definition.items.map((item, index) => {
            const answer = assessment.answers[index];
            const option = item.options.find((o) => o.value === answer);
            const asked = isAsked(assessment.measure, index, assessment.answers);
            return (
              <li key={item.id}>
                {item.text} <strong>{option ? option.label : asked ? 'Not answered' : 'Not asked'}</strong>
              </li>
            );
          })}
        </ol>
        {assessment.notes && <p>{assessment.notes}</p>}
      </Sensitive>
    </ModalShell>
  );
}

function AssessmentForm({
  clientId,
  id,
  measure,
  defaults,
  onSaved,
  existing,
}: AssessmentModalProps & { existing?: Assessment }) {
  const { notify } = useBanners();
  const today = todayIn(usePracticeTimeZone());
  const status = useRef<AssessmentStatus>('submitted');
  const create = useMutation('createAssessment');
  const update = useMutation('updateAssessment');
  const initialMeasure = existing?.measure ?? measure ?? defaults?.measure ?? 'phq9';

  const { form, shellProps } = useModalForm<Values, Values, Assessment>(null, {
    defaultValues: {
      measure: initialMeasure,
      completedOn: existing?.completedOn ?? today,
      answers: existing ? existing.answers.map((a) => (a === null ? '' : String(a))) : emptyAnswers(initialMeasure),
      notes: existing?.notes ?? '',
    },
    submit: async (values) => {
      const body = {
        status: status.current,
        answers: toNumbers(askedAnswers(values.measure, values.answers, '')),
        completedOn: values.completedOn || undefined,
        notes: values.notes,
      };
      const saved =
        id && existing
          ? await update.trigger({ params: { id }, body: { ...body, version: existing.version } })
          : await create.trigger({ params: { clientId }, body: { ...body, measure: values.measure } });
      if (!saved) throw new Error('The client or the assessment was not found.');
      return saved;
    },
    onSuccess: async (saved) => {
      notify({
        variant: 'success',
        message: saved.status === 'submitted' ? ASSESSMENT_SUBMITTED_MESSAGE : ASSESSMENT_DRAFT_MESSAGE,
      });
      await onSaved?.(saved);
    },
  });
  const chosen = useWatch({ control: form.control, name: 'measure' });
  const answers = useWatch({ control: form.control, name: 'answers' });
  const definition = MEASURES[chosen];

  const saveDraft = () => {
    status.current = 'draft';
    form.clearErrors();
    void shellProps.onSubmit();
  };

  return (
    <ModalShell
      size="lg"
      title={existing ? `Continue ${definition.name}` : 'Record a measure'}
      description="Choose an answer for each question. The score and severity band update as you go."
      submitLabel="Submit"
      {...shellProps}
      onSubmit={(event) => {
        status.current = 'submitted';
        void shellProps.onSubmit(event);
      }}
      extraActions={
        <Button variant="secondary" onClick={saveDraft} disabled={shellProps.busy}>
          Save as draft
        </Button>
      }
    >
      <ModalFields sensitive>
        {!existing && (
          <Controller
            name="measure"
            control={form.control}
            render={({ field }) => (
              <Select
                label="Measure"
                options={MEASURE_CODES.map((code) => ({ value: code, label: MEASURES[code].title }))}
                value={field.value}
                onValueChange={(value) => {
                  field.onChange(value);
                  form.setValue('answers', emptyAnswers(value as MeasureCode));
                  form.clearErrors('answers');
                }}
                onBlur={field.onBlur}
              />
            )}
          />
        )}
        <Controller
          name="completedOn"
          control={form.control}
          render={({ field }) => (
            <DatePicker
              label="Date completed"
              {...dateLimits(DATE_RANGES.happened)}
              value={field.value}
              max={today}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        />
        <LiveScore definition={definition} answers={answers ?? []} />
        <p className={styles.instructions}>{definition.instructions}</p>
        <Sensitive as="div">
          <ol className={styles.items} key={chosen}>
            {definition.items.map((item, index) => {
              if (!isAsked(chosen, index, answers ?? [])) return null;
              const question = measureQuestion(chosen, index, 'Not scored.');
              return (
                <li key={item.id}>
                  <Controller
                    name={`answers.${index}`}
                    control={form.control}
                    rules={{
                      validate: (value) =>
                        status.current === 'draft' ||
                        item.scored === false ||
                        value !== '' ||
                        !isAsked(chosen, index, form.getValues('answers'))
                          ? true
                          : `Answer question ${index + 1}.`,
                    }}
                    render={({ field, fieldState }) => (
                      <RadioGroup
                        label={question.label}
                        hint={question.hint}
                        orientation={question.row ? 'horizontal' : 'vertical'}
                        options={item.options.map((o) => ({ value: String(o.value), label: o.label }))}
                        value={field.value}
                        onValueChange={field.onChange}
                        onBlur={field.onBlur}
                        error={fieldState.error?.message}
                        required={item.scored !== false}
                      />
                    )}
                  />
                </li>
              );
            })}
          </ol>
          <Controller
            name="notes"
            control={form.control}
            render={({ field }) => (
              <TextArea
                label="Notes"
                hint="Optional: context for this score."
                maxLength={MEASURE_TEXT_MAX.notes}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
        </Sensitive>
      </ModalFields>
    </ModalShell>
  );
}
