import {
  MEASURES_MESSAGES,
  MEASURES,
  answerProblems,
  askedAnswers,
  isAsked,
  measureQuestion,
  type MeasureDefinition,
  type PublicMeasure,
} from '@halcyon/api/contract';
import { useApiClient } from '@halcyon/api/swr';
import { Button, countOf, RadioGroup } from '@halcyon/design-system';
import { useRef, useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { PageLoading } from '../../app/PageLoading';
import form from '../../features/public/form.module.css';
import { FormMessage, PublicLayout } from '../../features/public/PublicLayout';
import { PublicLinkFailed, PublicThanks, usePublicAnswers } from '../../features/public/publicAnswers';
import { useOnce } from '../../features/public/useOnce';
import styles from './MeasurePage.module.css';

/**
 * /Measure/{token}: a client fills in the outcome measure their therapist sent, without signing in. Every scored
 * question must be answered; the answers are sent once, then a thank-you. A used or expired link says so.
 */
export function MeasurePage() {
  const { token = '' } = useParams();
  const client = useApiClient();
  const loaded = useOnce(`measure:${token}`, () => client.call('publicMeasure', { params: { token } }));

  if (loaded.status === 'pending') return <PageLoading label="Opening your questionnaire…" />;
  if (loaded.status === 'failed')
    return (
      <PublicLinkFailed
        error={loaded.error}
        couldNotOpen="This questionnaire could not be opened. Please try again later."
      />
    );
  if (!loaded.value) return <PublicLinkFailed error={null} couldNotOpen={MEASURES_MESSAGES.linkInvalid} />;
  return <Questionnaire token={token} measure={loaded.value} />;
}

function Questionnaire({ token, measure }: { token: string; measure: PublicMeasure }) {
  const client = useApiClient();
  const definition: MeasureDefinition = MEASURES[measure.measure];
  const [answers, setAnswers] = useState<(number | null)[]>(() => definition.items.map(() => null));
  const [errors, setErrors] = useState<Record<number, string>>({});
  const { formError, setFormError, submitting, done, send } = usePublicAnswers(MEASURES_MESSAGES.thanks);
  const itemsRef = useRef<HTMLOListElement>(null);

  const choose = (index: number, value: string) => {
    setAnswers((current) => current.map((a, i) => (i === index ? Number(value) : a)));
    setErrors((current) => {
      const next = { ...current };
      delete next[index];
      return next;
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const asked = askedAnswers(definition.code, answers, null);
    const problems = answerProblems(definition.code, asked, { complete: true });
    if (problems.length > 0) {
      setErrors(Object.fromEntries(problems.map((p) => [p.index, p.message])));
      setFormError(
        problems.length === 1
          ? `Please answer question ${problems[0]!.index + 1}.`
          : `Please answer the ${countOf(problems.length, { one: 'question', other: 'questions' })} marked below.`,
      );
      const first = itemsRef.current?.querySelector<HTMLElement>(`[data-question="${problems[0]!.index}"]`);
      first?.querySelector<HTMLElement>('button, input')?.focus();
      return;
    }
    await send(() => client.call('submitPublicMeasure', { params: { token }, body: { answers: asked } }));
  };

  if (done) return <PublicThanks message={done} />;

  return (
    <PublicLayout
      wide
      title={definition.title}
      description={`${measure.practiceName} has asked you to fill in this questionnaire. It takes a few minutes.`}
    >
      <form className={form.form} onSubmit={(event) => void submit(event)} noValidate>
        <p className={styles.instructions}>{definition.instructions}</p>
        {formError && <FormMessage tone="error">{formError}</FormMessage>}
        <ol className={styles.items} ref={itemsRef}>
          {definition.items.map((item, index) => {
            if (!isAsked(definition.code, index, answers)) return null;
            const question = measureQuestion(definition.code, index, 'Optional.');
            return (
              <li key={item.id} data-question={index}>
                <RadioGroup
                  label={question.label}
                  hint={question.hint}
                  orientation={question.row ? 'horizontal' : 'vertical'}
                  options={item.options.map((o) => ({ value: String(o.value), label: o.label }))}
                  value={answers[index] === null ? '' : String(answers[index])}
                  onValueChange={(value) => choose(index, value)}
                  error={errors[index]}
                  required={item.scored !== false}
                />
              </li>
            );
          })}
        </ol>
        <p className={styles.muted}>
          If you are in crisis or feel unsafe, do not wait for your next session: call your local emergency number.
        </p>
        <Button type="submit" loading={submitting} disabled={submitting}>
          Send my answers
        </Button>
      </form>
    </PublicLayout>
  );
}
