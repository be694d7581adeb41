import {
  MEASURE_TEXT_MAX,
  INITIAL_ASSESSMENT_FIELDS,
  INITIAL_ASSESSMENT_LABELS,
  type InitialAssessment,
  dateLimits,
  DATE_RANGES,
} from '@halcyon/api/contract';
import { useMutation, useRoute } from '@halcyon/api/swr';
import { DatePicker, Sensitive, Skeleton, TextArea, useBanners } from '@halcyon/design-system';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useModalForm } from '../../form/useModalForm';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import type { InitialAssessmentModalProps } from '../../types';

/** SPEC.md §8, word for word. */
export const INITIAL_ASSESSMENT_SAVED_MESSAGE = 'Initial assessment saved.';

type Field = (typeof INITIAL_ASSESSMENT_FIELDS)[number];
type Values = Record<Field, string> & { assessedOn: string };

const HINTS: Readonly<Record<Field, string>> = {
  presentingProblem: 'What brings the client, in their words; onset, duration, impact.',
  history: 'Personal, family, medical and psychiatric history; previous therapy.',
  mentalState: 'Appearance, behaviour, mood and affect, thought, perception, cognition, insight.',
  riskScreen: 'Risk to self and others, safeguarding, protective factors.',
  goals: "The client's goals for therapy.",
  formulation: 'Your working understanding: predisposing, precipitating, perpetuating and protective factors.',
};

function toValues(stored: InitialAssessment | null): Values {
  const fields = Object.fromEntries(INITIAL_ASSESSMENT_FIELDS.map((field) => [field, stored?.[field] ?? ''])) as Record<
    Field,
    string
  >;
  return { ...fields, assessedOn: stored?.assessedOn ?? '' };
}

/**
 * initial-assessment: the client's one initial assessment (presenting problem, history, mental state, risk screen, goals,
 * formulation). Opens with what is stored; a save made elsewhere meanwhile is refused (409) and the typed text is kept.
 */
export function InitialAssessmentModal(props: InitialAssessmentModalProps) {
  const current = useRoute('initialAssessment', { params: { clientId: props.clientId } });
  if (current.data === undefined && !current.error) {
    return (
      <ModalShell title="Initial assessment" description="Loading the initial assessment…" busy>
        <Skeleton shape="rect" height="16rem" />
      </ModalShell>
    );
  }
  return <InitialAssessmentForm {...props} existing={current.data ?? null} reload={current.reload} />;
}

function InitialAssessmentForm({
  clientId,
  defaults,
  onSaved,
  existing,
  reload,
}: InitialAssessmentModalProps & {
  existing: InitialAssessment | null;
  reload: () => Promise<InitialAssessment | null | undefined>;
}) {
  const { notify } = useBanners();
  const save = useMutation('saveInitialAssessment');
  const [stored, setStored] = useState(existing);
  const start = toValues(existing);
  if (!existing && defaults?.presentingProblem) start.presentingProblem = defaults.presentingProblem;
  const { form, shellProps } = useModalForm<Values, Values, InitialAssessment>(null, {
    defaultValues: start,
    submit: async (values) => {
      const saved = await save.trigger({
        params: { clientId },
        body: {
          ...Object.fromEntries(INITIAL_ASSESSMENT_FIELDS.map((field) => [field, values[field]])),
          assessedOn: values.assessedOn || null,
          version: stored?.version ?? null,
        },
      });
      if (!saved) throw new Error('The client was not found.');
      return saved;
    },
    onSuccess: async (saved) => {
      notify({ variant: 'success', message: INITIAL_ASSESSMENT_SAVED_MESSAGE });
      await onSaved?.(saved);
    },
    copyText: (values) =>
      INITIAL_ASSESSMENT_FIELDS.map((field) => `${INITIAL_ASSESSMENT_LABELS[field]}:\n${values[field]}`).join('\n\n'),
  });

  const reloadNewest = async () => {
    const fresh = (await reload()) ?? null;
    setStored(fresh);
    form.reset(toValues(fresh));
  };

  return (
    <ModalShell
      size="lg"
      title="Initial assessment"
      description="The assessment at the start of therapy. Every part is optional; save as you go."
      submitLabel="Save"
      {...shellProps}
      onReload={reloadNewest}
    >
      <ModalFields sensitive>
        <Controller
          name="assessedOn"
          control={form.control}
          render={({ field }) => (
            <DatePicker
              label="Date of assessment"
              {...dateLimits(DATE_RANGES.happened)}
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        />
        <Sensitive as="div">
          <ModalFields sensitive>
            {INITIAL_ASSESSMENT_FIELDS.map((name) => (
              <Controller
                key={name}
                name={name}
                control={form.control}
                render={({ field, fieldState }) => (
                  <TextArea
                    label={INITIAL_ASSESSMENT_LABELS[name]}
                    hint={HINTS[name]}
                    rows={4}
                    maxLength={MEASURE_TEXT_MAX.initialAssessmentSection}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    name={field.name}
                    ref={field.ref}
                    error={fieldState.error?.message}
                  />
                )}
              />
            ))}
          </ModalFields>
        </Sensitive>
      </ModalFields>
    </ModalShell>
  );
}
