import {
  RISK_AREAS,
  RISK_AREA_LABELS,
  RISK_ASSESSMENT_LEVELS,
  RISK_ASSESSMENT_LEVEL_LABELS,
  RISK_LEVEL_RANK,
  highestAreaLevel,
  saveRiskAssessmentBodySchema,
  type RiskAssessment,
  type RiskAssessmentLevel,
  type SaveRiskAssessmentBody,
  dateLimits,
  DATE_RANGES,
} from '@halcyon/api/contract';
import { useApiClient, useMutation, useRoute, usePracticeTimeZone } from '@halcyon/api/swr';
import { Button, DatePicker, RadioGroup, Select, Skeleton, TextArea, useBanners } from '@halcyon/design-system';
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { todayIn } from '@halcyon/api/time';
import { fillFrom } from '../../form/ConflictActions';
import { registerDate } from '../../form/fields';
import type { ContractFormOf } from '../../form/useContractForm';
import { useModalForm } from '../../form/useModalForm';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import type { RiskAssessmentModalProps } from '../../types';
import { FieldGroup } from '../../form/FieldGroup';
import styles from '../../clinical/planForm.module.css';
import { useFieldList } from '../../form/useFieldList';

type RiskForm = ContractFormOf<typeof saveRiskAssessmentBodySchema>;

/** SPEC.md §8. */
export const RISK_ASSESSMENT_SAVED = 'Risk assessment saved.';

type Props = RiskAssessmentModalProps;

const TITLE = 'Risk assessment';
const DESCRIPTION =
  'Risk and protective factors by area, the overall level and the management plan. Saving makes a new version.';
const AREA_OPTIONS = RISK_AREAS.map((value) => ({ value, label: RISK_AREA_LABELS[value] }));
const LEVEL_OPTIONS = RISK_ASSESSMENT_LEVELS.map((value) => ({ value, label: RISK_ASSESSMENT_LEVEL_LABELS[value] }));

function toForm(source: RiskAssessment | null, expectedCurrentVersion: number, today: string): SaveRiskAssessmentBody {
  return {
    expectedCurrentVersion,
    assessedOn: today,
    // A first assessment starts with no area: saving it untouched is refused until an area is assessed.
    areas: source ? source.areas.map((a) => ({ ...a })) : [],
    overallLevel: source?.overallLevel ?? 'none',
    overallLevelReason: source?.overallLevelReason ?? '',
    protectiveFactors: source?.protectiveFactors ?? '',
    managementPlan: source?.managementPlan ?? '',
    nextReviewDate: '',
  };
}

function AreasFields({ contract: { form, errorOf } }: { contract: RiskForm }) {
  const { fields, append, remove } = useFieldList(form, { name: 'areas' });
  const chosen = (useWatch({ control: form.control, name: 'areas' }) ?? []) as { area?: string }[];
  const unused = RISK_AREAS.find((area) => !chosen.some((row) => row?.area === area));
  return (
    <section className={styles.section} aria-label="Risk by area">
      <h3 className={styles.heading}>Risk by area</h3>
      {errorOf('areas') && (
        <p role="alert" className={styles.error}>
          {errorOf('areas')}
        </p>
      )}
      {fields.length === 0 && <p className={styles.hint}>No areas yet: add each area you assessed.</p>}
      {fields.map((field, index) => (
        <FieldGroup key={field.id} legend={`Area ${index + 1}`}>
          <div className={styles.row}>
            <Controller
              control={form.control}
              name={`areas.${index}.area`}
              render={({ field: input }) => (
                <Select
                  label={`Area ${index + 1}`}
                  options={AREA_OPTIONS}
                  value={input.value}
                  onValueChange={input.onChange}
                  onBlur={input.onBlur}
                  error={errorOf(`areas.${index}.area`)}
                />
              )}
            />
            <Controller
              control={form.control}
              name={`areas.${index}.level`}
              render={({ field: input }) => (
                <Select
                  label={`Level of risk in area ${index + 1}`}
                  options={LEVEL_OPTIONS}
                  value={input.value}
                  onValueChange={input.onChange}
                  onBlur={input.onBlur}
                  error={errorOf(`areas.${index}.level`)}
                />
              )}
            />
          </div>
          <TextArea
            label={`Risk factors in area ${index + 1}`}
            rows={2}
            error={errorOf(`areas.${index}.riskFactors`)}
            {...form.register(`areas.${index}.riskFactors`)}
          />
          <TextArea
            label={`Protective factors in area ${index + 1}`}
            rows={2}
            error={errorOf(`areas.${index}.protectiveFactors`)}
            {...form.register(`areas.${index}.protectiveFactors`)}
          />
          <div>
            <Button variant="ghost" size="sm" onClick={() => remove(index)}>
              Remove area {index + 1}
            </Button>
          </div>
        </FieldGroup>
      ))}
      {unused && (
        <div>
          <Button
            variant="secondary"
            onClick={() => append({ area: unused, level: 'none', riskFactors: '', protectiveFactors: '' })}
          >
            Add area
          </Button>
        </div>
      )}
    </section>
  );
}

/**
 * Asked for only while the overall level is below the highest area's level (the contract refuses a save without it then).
 */
function OverallReasonField({ contract: { form, errorOf } }: { contract: RiskForm }) {
  const overall = useWatch({ control: form.control, name: 'overallLevel' }) as RiskAssessmentLevel | undefined;
  const areas = (useWatch({ control: form.control, name: 'areas' }) ?? []) as { level?: RiskAssessmentLevel }[];
  const highest = highestAreaLevel(areas.filter((a): a is { level: RiskAssessmentLevel } => a?.level !== undefined));
  if (!overall || RISK_LEVEL_RANK[overall] >= RISK_LEVEL_RANK[highest]) return null;
  return (
    <TextArea
      label="Reason for the overall level"
      hint={`An area is rated ${RISK_ASSESSMENT_LEVEL_LABELS[highest]}, above the overall level: say why.`}
      required
      rows={2}
      error={errorOf('overallLevelReason')}
      {...form.register('overallLevelReason')}
    />
  );
}

/**
 * risk-assessment: a new version of the client's risk assessment, starting from the current one (or `previousVersionId`).
 * Saving sets the client's risk level to the overall level. A save after someone else saved a newer version answers 409.
 */
export function RiskAssessmentModal({ clientId, previousVersionId, onSaved }: Props) {
  const { notify } = useBanners();
  const client = useApiClient();
  const today = todayIn(usePracticeTimeZone());
  const current = useRoute('getCurrentRiskAssessment', { params: { clientId } });
  const previous = useRoute('getRiskAssessment', previousVersionId ? { params: { id: previousVersionId } } : null);
  const waiting = current.data === undefined || (previousVersionId !== undefined && previous.data === undefined);
  const loaded = waiting
    ? undefined
    : { source: previous.data ?? current.data ?? null, currentVersion: current.data?.version ?? 0 };
  const [reloaded, setReloaded] = useState<{ source: RiskAssessment | null; currentVersion: number } | null>(null);
  const state = reloaded ?? loaded;
  const filled = state !== undefined;
  const currentVersion = state?.currentVersion ?? 0;
  const source = state?.source ?? null;
  const save = useMutation('saveRiskAssessment');
  const contract = useModalForm(saveRiskAssessmentBodySchema, {
    defaultValues: toForm(null, 0, today),
    ...fillFrom(loaded ? toForm(loaded.source, loaded.currentVersion, today) : undefined),
    submit: (body) => save.trigger({ params: { clientId }, body }),
    onSuccess: async (saved) => {
      notify({ variant: 'success', message: RISK_ASSESSMENT_SAVED });
      if (saved) await onSaved?.(saved);
    },
  });
  const { form, errorOf, shellProps } = contract;
  const loadError =
    current.error !== undefined || previous.error !== undefined
      ? 'The risk assessment could not be loaded. Close this window and try again.'
      : null;

  async function reload() {
    const fresh = await client.call('getCurrentRiskAssessment', { params: { clientId } });
    setReloaded({ source: fresh, currentVersion: fresh?.version ?? 0 });
    form.reset(toForm(fresh, fresh?.version ?? 0, today));
  }

  return (
    <ModalShell
      title={TITLE}
      description={DESCRIPTION}
      size="lg"
      {...shellProps}
      submitLabel={filled ? 'Save risk assessment' : undefined}
      error={shellProps.error ?? loadError}
      onReload={reload}
    >
      {!filled ? (
        !loadError && <Skeleton shape="rect" height="var(--hds-space-12)" aria-label="Loading the risk assessment" />
      ) : (
        <ModalFields sensitive>
          <p className={styles.hint}>
            {currentVersion === 0
              ? 'This is the first risk assessment for this client.'
              : `Starting from version ${source?.version ?? currentVersion}; this will be saved as version ${currentVersion + 1}.`}
          </p>
          <DatePicker
            label="Assessed on"
            {...dateLimits(DATE_RANGES.happened)}
            required
            error={errorOf('assessedOn')}
            {...registerDate(form.register, 'assessedOn')}
          />
          <AreasFields contract={contract} />
          <TextArea
            label="Protective factors overall"
            rows={2}
            error={errorOf('protectiveFactors')}
            {...form.register('protectiveFactors')}
          />
          <Controller
            control={form.control}
            name="overallLevel"
            render={({ field }) => (
              <RadioGroup
                label="Overall level of risk"
                hint="Sets the risk badge on the client's record."
                required
                orientation="horizontal"
                options={LEVEL_OPTIONS}
                value={field.value}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                error={errorOf('overallLevel')}
              />
            )}
          />
          <OverallReasonField contract={contract} />
          <TextArea
            label="Management plan"
            hint="What you and others will do, and when."
            rows={4}
            error={errorOf('managementPlan')}
            {...form.register('managementPlan')}
          />
          <DatePicker
            label="Next review date"
            {...dateLimits(DATE_RANGES.review)}
            error={errorOf('nextReviewDate')}
            {...registerDate(form.register, 'nextReviewDate')}
          />
        </ModalFields>
      )}
    </ModalShell>
  );
}
