import { createTreatmentPlanBodySchema } from '@halcyon/api/contract';
import { useMutation } from '@halcyon/api/swr';
import { useBanners } from '@halcyon/design-system';
import { FormProvider } from 'react-hook-form';
import { PlanFields, planToForm } from '../../clinical/planForm';
import { useModalForm } from '../../form/useModalForm';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import type { TreatmentPlanModalProps } from '../../types';

/** SPEC.md §8. */
export const TREATMENT_PLAN_CREATED = 'Treatment plan created.';

/**
 * treatment-plan: a new plan for the client: problems, goals with objectives, interventions, frequency and target dates.
 * It becomes the next version of the client's plans and, unless unticked, the current plan.
 */
export function TreatmentPlanModal({ clientId, onSaved }: TreatmentPlanModalProps) {
  const { notify } = useBanners();
  const create = useMutation('createTreatmentPlan');
  const { form, shellProps } = useModalForm(createTreatmentPlanBodySchema, {
    defaultValues: planToForm(null),
    submit: (body) => create.trigger({ params: { clientId }, body }),
    onSuccess: async (plan) => {
      notify({ variant: 'success', message: TREATMENT_PLAN_CREATED });
      if (plan) await onSaved?.(plan);
    },
  });
  return (
    <ModalShell
      title="New treatment plan"
      description="Problems, goals, objectives, interventions, frequency and target dates agreed with the client."
      size="lg"
      submitLabel="Create plan"
      {...shellProps}
    >
      <ModalFields sensitive>
        <FormProvider {...form}>
          <PlanFields />
        </FormProvider>
      </ModalFields>
    </ModalShell>
  );
}
