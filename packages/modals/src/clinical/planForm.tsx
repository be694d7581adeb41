import {
  TREATMENT_GOAL_STATUSES,
  TREATMENT_GOAL_STATUS_LABELS,
  type TreatmentGoal,
  type TreatmentPlan,
  dateLimits,
  DATE_RANGES,
} from '@halcyon/api/contract';
import { Button, Checkbox, DatePicker, Select, TextArea, TextField } from '@halcyon/design-system';
import type { ReactNode } from 'react';
import { Controller, useFormContext, useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { errorMessageAt, registerDate } from '../form/fields';
import { FieldGroup } from '../form/FieldGroup';
import styles from './planForm.module.css';
import { useFieldList } from '../form/useFieldList';

/**
 * The goal and plan field groups are shared by forms of different shapes (a plan's goals at `goals.N.`, a single goal
 * at the root), so they read their form from react-hook-form's context (`<FormProvider {...form}>`) by string paths.
 */
function usePlanForm(): UseFormReturn<FieldValues> {
  return useFormContext();
}

function errorAt(form: UseFormReturn<FieldValues>, path: string): string | undefined {
  return errorMessageAt(form.formState.errors, path);
}

export const GOAL_STATUS_OPTIONS = TREATMENT_GOAL_STATUSES.map((value) => ({
  value,
  label: TREATMENT_GOAL_STATUS_LABELS[value],
}));

/** Form values of one goal (dates as '' when empty, as date inputs hold them). */
export interface GoalFormValues {
  description: string;
  objectives: { description: string; targetDate: string; achieved: boolean }[];
  interventions: string;
  frequency: string;
  targetDate: string;
  measure: string;
  status: TreatmentGoal['status'];
}

export const emptyGoal = (): GoalFormValues => ({
  description: '',
  objectives: [],
  interventions: '',
  frequency: '',
  targetDate: '',
  measure: '',
  status: 'not started',
});

export function goalToForm(goal: TreatmentGoal): GoalFormValues {
  return {
    description: goal.description,
    objectives: goal.objectives.map((o) => ({
      description: o.description,
      targetDate: o.targetDate ?? '',
      achieved: o.achieved,
    })),
    interventions: goal.interventions,
    frequency: goal.frequency,
    targetDate: goal.targetDate ?? '',
    measure: goal.measure,
    status: goal.status,
  };
}

/** Form values of a plan's own fields and its goals. */
export interface PlanFormValues {
  title: string;
  problems: string;
  startDate: string;
  reviewDate: string;
  notes: string;
  goals: GoalFormValues[];
  markCurrent: boolean;
}

export function planToForm(plan: TreatmentPlan | null): PlanFormValues {
  return {
    title: plan?.title ?? '',
    problems: plan?.problems ?? '',
    startDate: plan?.startDate ?? '',
    reviewDate: plan?.reviewDate ?? '',
    notes: plan?.notes ?? '',
    goals: plan ? plan.goals.map(goalToForm) : [emptyGoal()],
    markCurrent: true,
  };
}

/** The objectives of one goal: add, edit, remove. */
function ObjectivesFields({ prefix, goalLabel }: { prefix: string; goalLabel: string }) {
  const form = usePlanForm();
  const { fields, append, remove } = useFieldList(form, { name: `${prefix}objectives` });
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>Objectives of {goalLabel.toLowerCase()}</legend>
      {fields.length === 0 && <p className={styles.hint}>No objectives yet: add the steps that show progress.</p>}
      {fields.map((field, index) => {
        const path = `${prefix}objectives.${index}.`;
        return (
          <div key={field.id} className={styles.row}>
            <TextField
              label={`Objective ${index + 1}`}
              className={styles.grow}
              error={errorAt(form, `${path}description`)}
              {...form.register(`${path}description`)}
            />
            <DatePicker
              label="Target date"
              {...dateLimits(DATE_RANGES.plan)}
              error={errorAt(form, `${path}targetDate`)}
              {...registerDate(form.register, `${path}targetDate`)}
            />
            <Controller
              control={form.control}
              name={`${path}achieved`}
              render={({ field: input }) => (
                <Checkbox
                  label="Achieved"
                  checked={input.value === true}
                  onCheckedChange={(checked) => input.onChange(checked === true)}
                  onBlur={input.onBlur}
                />
              )}
            />
            <Button variant="ghost" size="sm" onClick={() => remove(index)}>
              Remove objective {index + 1}
            </Button>
          </div>
        );
      })}
      <div>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => append({ description: '', targetDate: '', achieved: false })}
        >
          Add objective
        </Button>
      </div>
    </fieldset>
  );
}

/** One goal's fields (description, objectives, interventions, frequency, target date, measure, status) at `prefix`. */
export function GoalFields({ prefix = '', label = 'Goal' }: { prefix?: string; label?: string }) {
  const form = usePlanForm();
  return (
    <>
      <TextArea
        label={`${label}: description`}
        rows={2}
        required
        error={errorAt(form, `${prefix}description`)}
        {...form.register(`${prefix}description`)}
      />
      <ObjectivesFields prefix={prefix} goalLabel={label} />
      <TextArea
        label="Interventions"
        hint="Approaches and techniques, e.g. CBT for panic, graded exposure."
        rows={2}
        error={errorAt(form, `${prefix}interventions`)}
        {...form.register(`${prefix}interventions`)}
      />
      <div className={styles.row}>
        <TextField
          label="Frequency"
          hint="e.g. Weekly, 50 minutes"
          className={styles.grow}
          error={errorAt(form, `${prefix}frequency`)}
          {...form.register(`${prefix}frequency`)}
        />
        <DatePicker
          label="Target date"
          {...dateLimits(DATE_RANGES.plan)}
          error={errorAt(form, `${prefix}targetDate`)}
          {...registerDate(form.register, `${prefix}targetDate`)}
        />
      </div>
      <div className={styles.row}>
        <TextField
          label="Measure"
          hint="How you will know, e.g. PHQ-9 below 10"
          className={styles.grow}
          error={errorAt(form, `${prefix}measure`)}
          {...form.register(`${prefix}measure`)}
        />
        <Controller
          control={form.control}
          name={`${prefix}status`}
          render={({ field: input }) => (
            <Select
              label="Status"
              options={GOAL_STATUS_OPTIONS}
              value={(input.value as string | undefined) ?? 'not started'}
              onValueChange={input.onChange}
              onBlur={input.onBlur}
              error={errorAt(form, `${prefix}status`)}
            />
          )}
        />
      </div>
    </>
  );
}

/** The goals of a plan: each in its own group, added and removed freely. */
function GoalsFields() {
  const form = usePlanForm();
  const { fields, append, remove } = useFieldList(form, { name: 'goals' });
  return (
    <section className={styles.section} aria-label="Goals">
      <h3 className={styles.heading}>Goals</h3>
      {fields.length === 0 && (
        <p className={styles.hint}>No goals yet: add the first goal you agreed with the client.</p>
      )}
      {fields.map((field, index) => (
        <FieldGroup key={field.id} legend={`Goal ${index + 1}`}>
          <GoalFields prefix={`goals.${index}.`} label={`Goal ${index + 1}`} />
          <div>
            <Button variant="ghost" size="sm" onClick={() => remove(index)}>
              Remove goal {index + 1}
            </Button>
          </div>
        </FieldGroup>
      ))}
      <div>
        <Button variant="secondary" onClick={() => append(emptyGoal())}>
          Add goal
        </Button>
      </div>
    </section>
  );
}

/** A plan's fields: title, problems, dates, goals, notes, and whether it becomes the current plan. */
export function PlanFields({ currentNote }: { currentNote?: ReactNode }) {
  const form = usePlanForm();
  const startDate = useWatch({ control: form.control, name: 'startDate' }) as string | null | undefined;
  return (
    <>
      <TextField label="Title" required error={errorAt(form, 'title')} {...form.register('title')} />
      <TextArea
        label="Problems"
        hint="The presenting problems this plan addresses."
        rows={3}
        error={errorAt(form, 'problems')}
        {...form.register('problems')}
      />
      <div className={styles.row}>
        <DatePicker
          label="Start date"
          {...dateLimits(DATE_RANGES.plan)}
          error={errorAt(form, 'startDate')}
          {...registerDate(form.register, 'startDate')}
        />
        <DatePicker
          label="Review by"
          {...dateLimits(DATE_RANGES.plan, { notBefore: startDate })}
          error={errorAt(form, 'reviewDate')}
          {...registerDate(form.register, 'reviewDate')}
        />
      </div>
      <GoalsFields />
      <TextArea label="Notes" rows={2} error={errorAt(form, 'notes')} {...form.register('notes')} />
      <Controller
        control={form.control}
        name="markCurrent"
        render={({ field: input }) => (
          <Checkbox
            label="Make this the current plan"
            hint={currentNote ?? 'The client’s other plans stop being current.'}
            checked={input.value === true}
            onCheckedChange={(checked) => input.onChange(checked === true)}
            onBlur={input.onBlur}
          />
        )}
      />
    </>
  );
}
