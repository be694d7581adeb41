import { saveTreatmentPlanGoalBodySchema, type TreatmentGoal } from '@halcyon/api/contract';
import { useApiClient, useMutation, useRoute } from '@halcyon/api/swr';
import { Skeleton, useBanners } from '@halcyon/design-system';
import { FormProvider } from 'react-hook-form';
import { GoalFields, emptyGoal, goalToForm } from '../../clinical/planForm';
import { fillFrom } from '../../form/ConflictActions';
import { useModalForm } from '../../form/useModalForm';
import { DeleteRecordButton } from '../../ModalShell/DeleteRecordButton';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import type { TreatmentPlanGoalModalProps } from '../../types';

/** SPEC.md §8: Created or Updated messages for the other record types. */
export const TREATMENT_PLAN_GOAL_CREATED = 'Treatment plan goal created.';
export const TREATMENT_PLAN_GOAL_UPDATED = 'Treatment plan goal updated.';

type Props = TreatmentPlanGoalModalProps;

/**
 * treatment-plan-goal: adds a goal to a plan version, or (with `id`) changes one in place: objectives, interventions,
 * frequency, target date, measure, status. A change after someone else changed the goal answers 409. An existing goal
 * offers Delete (through delete-item: "Goal removed.").
 */
export function TreatmentPlanGoalModal({ treatmentPlanId, id, onSaved }: Props) {
  const { notify } = useBanners();
  const client = useApiClient();
  const planRoute = useRoute('getTreatmentPlan', id ? { params: { planId: treatmentPlanId } } : null);
  const goal: TreatmentGoal | null | undefined = id
    ? planRoute.data === undefined
      ? undefined
      : (planRoute.data?.goals.find((g) => g.id === id) ?? null)
    : undefined;
  const add = useMutation('addTreatmentPlanGoal');
  const update = useMutation('updateTreatmentPlanGoal');
  const { form, shellProps } = useModalForm(saveTreatmentPlanGoalBodySchema, {
    defaultValues: emptyGoal(),
    ...fillFrom(goal ? { ...goalToForm(goal), version: goal.version } : undefined),
    submit: (body) =>
      id
        ? update.trigger({ params: { goalId: id }, body })
        : add.trigger({ params: { planId: treatmentPlanId }, body }),
    onSuccess: async (saved) => {
      notify({ variant: 'success', message: id ? TREATMENT_PLAN_GOAL_UPDATED : TREATMENT_PLAN_GOAL_CREATED });
      if (saved) await onSaved?.(saved);
    },
  });
  const ready = !id || Boolean(goal);
  const loadError =
    id && (planRoute.error !== undefined || goal === null)
      ? 'This goal could not be loaded: it may have been removed from the plan.'
      : null;

  async function reload() {
    const fresh = await client.call('getTreatmentPlan', { params: { planId: treatmentPlanId } });
    const latest = fresh?.goals.find((g) => g.id === id);
    if (latest) form.reset({ ...goalToForm(latest), version: latest.version });
  }

  return (
    <ModalShell
      title={id ? 'Edit goal' : 'Add goal'}
      description="One goal of the plan with its objectives, measure and status."
      size="lg"
      {...shellProps}
      submitLabel={ready ? (id ? 'Save goal' : 'Add goal') : undefined}
      error={shellProps.error ?? loadError}
      onReload={reload}
      extraActions={
        goal && (
          <DeleteRecordButton
            record={goal}
            kind="treatment-plan-goal"
            route="deleteTreatmentPlanGoal"
            params={{ goalId: goal.id }}
            onDeleted={onSaved}
            disabled={shellProps.busy}
          />
        )
      }
    >
      {ready ? (
        <ModalFields sensitive>
          <FormProvider {...form}>
            <GoalFields />
          </FormProvider>
        </ModalFields>
      ) : (
        !loadError && <Skeleton shape="rect" height="var(--hds-space-12)" aria-label="Loading the goal" />
      )}
    </ModalShell>
  );
}
