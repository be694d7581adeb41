import { createTreatmentPlanVersionBodySchema, type TreatmentPlan } from '@halcyon/api/contract';
import { useApiClient, useMutation, useRoute } from '@halcyon/api/swr';
import { Badge, Skeleton, useBanners } from '@halcyon/design-system';
import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { PlanFields, planToForm } from '../../clinical/planForm';
import { fillFrom } from '../../form/ConflictActions';
import { useModalForm } from '../../form/useModalForm';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import type { TreatmentPlanEditorModalProps } from '../../types';

/** SPEC.md §8. */
export const TREATMENT_PLAN_UPDATED = 'Treatment plan updated.';

type Props = TreatmentPlanEditorModalProps;

/** The newest version number among the client's plans (0 when there is none). */
function latestVersionOf(items: readonly { treatmentPlanVersion: number }[] | undefined): number {
  return (items ?? []).reduce((max, p) => Math.max(max, p.treatmentPlanVersion), 0);
}

/**
 * treatment-plan-editor: edits a plan version and saves the result as a new version (the version it came from stays
 * readable), optionally making it current. A save after someone else saved a newer version answers 409: the form keeps
 * the text and offers to copy it and to reload the newest version.
 */
export function TreatmentPlanEditorModal({ clientId, treatmentPlanId, onSaved }: Props) {
  const { notify } = useBanners();
  const client = useApiClient();
  const planRoute = useRoute('getTreatmentPlan', { params: { planId: treatmentPlanId } });
  const listRoute = useRoute('listTreatmentPlans', { params: { clientId } });
  const [reloaded, setReloaded] = useState<TreatmentPlan | null>(null);
  const base = reloaded ?? planRoute.data ?? null;
  const filled = Boolean(planRoute.data && listRoute.data);
  const loadedValues =
    planRoute.data && listRoute.data
      ? { ...planToForm(planRoute.data), expectedLatestVersion: latestVersionOf(listRoute.data.items) }
      : undefined;
  const save = useMutation('createTreatmentPlanVersion');
  const { form, shellProps } = useModalForm(createTreatmentPlanVersionBodySchema, {
    defaultValues: { ...planToForm(null), goals: [], expectedLatestVersion: 0 },
    ...fillFrom(loadedValues),
    submit: (body) => save.trigger({ params: { planId: base?.id ?? treatmentPlanId }, body }),
    onSuccess: async (saved) => {
      notify({ variant: 'success', message: TREATMENT_PLAN_UPDATED });
      if (saved) await onSaved?.(saved);
    },
  });
  const expected = form.watch('expectedLatestVersion');

  async function reloadNewest() {
    const plans = await client.call('listTreatmentPlans', { params: { clientId } });
    const items = plans?.items ?? [];
    const newest = [...items].sort((a, b) => b.treatmentPlanVersion - a.treatmentPlanVersion)[0];
    const fresh = newest ? await client.call('getTreatmentPlan', { params: { planId: newest.id } }) : null;
    if (!fresh) return;
    setReloaded(fresh);
    form.reset({ ...planToForm(fresh), expectedLatestVersion: latestVersionOf(items) });
  }

  const missing = planRoute.data === null;
  const failed = planRoute.error !== undefined || listRoute.error !== undefined;
  const loadError = missing
    ? 'This plan no longer exists: it may have been deleted.'
    : failed
      ? 'The plan could not be loaded. Close this window and try again.'
      : null;

  return (
    <ModalShell
      title="Edit treatment plan"
      description="Your changes are saved as a new version; this version stays in the history as it is."
      size="lg"
      {...shellProps}
      submitLabel={filled && base ? 'Save as new version' : undefined}
      error={shellProps.error ?? loadError}
      onReload={reloadNewest}
    >
      {filled && base ? (
        <ModalFields sensitive>
          <p>
            Editing version {base.treatmentPlanVersion}{' '}
            {base.isCurrentVersion ? <Badge variant="success">Current</Badge> : <Badge>Not current</Badge>}. The new
            version will be version {expected + 1}.
          </p>
          <FormProvider {...form}>
            <PlanFields />
          </FormProvider>
        </ModalFields>
      ) : (
        !loadError && <Skeleton shape="rect" height="var(--hds-space-12)" aria-label="Loading the plan" />
      )}
    </ModalShell>
  );
}
