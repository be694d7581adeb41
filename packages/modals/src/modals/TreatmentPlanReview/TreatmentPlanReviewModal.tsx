import {
  TREATMENT_GOAL_PROGRESS_LABELS,
  TREATMENT_GOAL_PROGRESS_LEVELS,
  TREATMENT_REVIEW_OUTCOMES,
  TREATMENT_REVIEW_OUTCOME_LABELS,
  createTreatmentPlanReviewBodySchema,
  type TreatmentPlan,
  dateLimits,
  DATE_RANGES,
} from '@halcyon/api/contract';
import { useMutation, useRoute, usePracticeTimeZone } from '@halcyon/api/swr';
import { DatePicker, Select, Sensitive, Skeleton, TextArea, useBanners } from '@halcyon/design-system';
import { Controller } from 'react-hook-form';
import { todayIn } from '@halcyon/api/time';
import { fillFrom } from '../../form/ConflictActions';
import { registerDate } from '../../form/fields';
import type { ContractFormOf } from '../../form/useContractForm';
import { useModalForm } from '../../form/useModalForm';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import type { TreatmentPlanReviewModalProps } from '../../types';
import { FieldGroup } from '../../form/FieldGroup';
import styles from '../../clinical/planForm.module.css';

/** SPEC.md §8. */
export const TREATMENT_PLAN_REVIEW_RECORDED = 'Treatment plan review recorded.';

type Props = TreatmentPlanReviewModalProps;
type ReviewForm = ContractFormOf<typeof createTreatmentPlanReviewBodySchema>;

const TITLE = 'Review treatment plan';
const DESCRIPTION = 'Record progress on each goal, the outcome of the review and when to review next.';

const PROGRESS_OPTIONS = TREATMENT_GOAL_PROGRESS_LEVELS.map((value) => ({
  value,
  label: TREATMENT_GOAL_PROGRESS_LABELS[value],
}));
const OUTCOME_OPTIONS = TREATMENT_REVIEW_OUTCOMES.map((value) => ({
  value,
  label: TREATMENT_REVIEW_OUTCOME_LABELS[value],
}));

/** treatment-plan-review: per-goal progress, outcome and next review date of one plan version. */
export function TreatmentPlanReviewModal({ treatmentPlanId, onSaved }: Props) {
  const { notify } = useBanners();
  const today = todayIn(usePracticeTimeZone());
  const planRoute = useRoute('getTreatmentPlan', { params: { planId: treatmentPlanId } });
  const plan = planRoute.data;
  const filled = Boolean(plan);
  const loadedValues = plan
    ? {
        reviewDate: today,
        goalProgress: plan.goals.map((goal) => ({ goalId: goal.id, progress: 'no change' as const, comment: '' })),
        outcome: 'continue' as const,
        summary: '',
        nextReviewDate: '',
      }
    : undefined;
  const create = useMutation('createTreatmentPlanReview');
  const contract = useModalForm(createTreatmentPlanReviewBodySchema, {
    defaultValues: { reviewDate: today, goalProgress: [], outcome: 'continue', summary: '', nextReviewDate: '' },
    ...fillFrom(loadedValues),
    submit: (body) => create.trigger({ params: { planId: treatmentPlanId }, body }),
    onSuccess: async (review) => {
      notify({ variant: 'success', message: TREATMENT_PLAN_REVIEW_RECORDED });
      if (review) await onSaved?.(review);
    },
  });
  const loadError =
    planRoute.error !== undefined || plan === null
      ? 'The plan could not be loaded. Close this window and try again.'
      : null;
  return (
    <ModalShell
      title={TITLE}
      description={DESCRIPTION}
      size="lg"
      {...contract.shellProps}
      submitLabel={filled && plan ? 'Record review' : undefined}
      error={contract.shellProps.error ?? loadError}
    >
      {filled && plan ? (
        <ReviewFields contract={contract} plan={plan} />
      ) : (
        !loadError && <Skeleton shape="rect" height="var(--hds-space-12)" aria-label="Loading the plan" />
      )}
    </ModalShell>
  );
}

function ReviewFields({ contract: { form, errorOf }, plan }: { contract: ReviewForm; plan: TreatmentPlan }) {
  return (
    <ModalFields sensitive>
      <p>
        Reviewing version {plan.treatmentPlanVersion}: <Sensitive>{plan.title}</Sensitive>
      </p>
      <DatePicker
        label="Review date"
        {...dateLimits(DATE_RANGES.happened, { notBefore: plan.startDate })}
        required
        error={errorOf('reviewDate')}
        {...registerDate(form.register, 'reviewDate')}
      />
      <section className={styles.section} aria-label="Progress on each goal">
        <h3 className={styles.heading}>Progress on each goal</h3>
        {plan.goals.length === 0 && (
          <p className={styles.hint}>This plan has no goals yet: add goals to the plan to review their progress.</p>
        )}
        {plan.goals.map((goal, index) => (
          <FieldGroup
            key={goal.id}
            legend={
              <>
                Goal {index + 1}: <Sensitive>{goal.description}</Sensitive>
              </>
            }
          >
            <Controller
              control={form.control}
              name={`goalProgress.${index}.progress`}
              render={({ field }) => (
                <Select
                  label={`Progress on goal ${index + 1}`}
                  options={PROGRESS_OPTIONS}
                  value={field.value}
                  onValueChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errorOf(`goalProgress.${index}.progress`)}
                />
              )}
            />
            <TextArea
              label={`Comment on goal ${index + 1}`}
              rows={2}
              error={errorOf(`goalProgress.${index}.comment`)}
              {...form.register(`goalProgress.${index}.comment`)}
            />
          </FieldGroup>
        ))}
      </section>
      <Controller
        control={form.control}
        name="outcome"
        render={({ field }) => (
          <Select
            label="Outcome"
            required
            options={OUTCOME_OPTIONS}
            value={field.value}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            error={errorOf('outcome')}
          />
        )}
      />
      <TextArea label="Summary" rows={3} error={errorOf('summary')} {...form.register('summary')} />
      <DatePicker
        label="Next review date"
        {...dateLimits(DATE_RANGES.review)}
        error={errorOf('nextReviewDate')}
        {...registerDate(form.register, 'nextReviewDate')}
      />
    </ModalFields>
  );
}
