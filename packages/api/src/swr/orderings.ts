/** SPEC.md §5 and §9 rules as pure functions, shared by hooks, pages and tests. */

/** SPEC.md §5/§9: the search field takes at most 320 characters (minimum 0). */
export const SEARCH_MAX_LENGTH = 320;
export const SEARCH_MIN_LENGTH = 0;

/** SPEC.md §5: a client id must be a finite number greater than 0 before any client detail is loaded. */
export function isValidClientId(id: unknown): id is number {
  return typeof id === 'number' && Number.isFinite(id) && id > 0;
}

/** A client id from a route parameter (`"42"` -> 42), or null when it is not a valid client id. */
export function toClientId(value: unknown): number | null {
  const id = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return isValidClientId(id) ? id : null;
}

type Maybe<T> = T | null | undefined;

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && !Number.isNaN(value);
}

/** Ascending numbers with missing values (null, undefined, NaN) last. */
function compareMissingLast(a: unknown, b: unknown): number {
  const hasA = isNumber(a);
  const hasB = isNumber(b);
  if (hasA && hasB) return a - b;
  if (hasA) return -1;
  if (hasB) return 1;
  return 0;
}

function compareIds(a: Maybe<number | string>, b: Maybe<number | string>): number {
  if (isNumber(a) && isNumber(b)) return a - b;
  return String(a ?? '').localeCompare(String(b ?? ''), undefined, { numeric: true });
}

export interface CancellationRuleLike {
  id: number | string;
  triggerInHoursBeforeStart?: Maybe<number>;
}

/** SPEC.md §5: cancellation rules by triggerInHoursBeforeStart ascending (missing values last), then by id. */
export function compareCancellationRules(a: CancellationRuleLike, b: CancellationRuleLike): number {
  return compareMissingLast(a.triggerInHoursBeforeStart, b.triggerInHoursBeforeStart) || compareIds(a.id, b.id);
}

export interface AvailabilityLike {
  days?: Maybe<readonly Maybe<{ dayIndex?: Maybe<number> }>[]>;
}

/** SPEC.md §5: availability entries by the first day's dayIndex (missing values last). */
export function compareAvailability(a: AvailabilityLike, b: AvailabilityLike): number {
  return compareMissingLast(a.days?.[0]?.dayIndex, b.days?.[0]?.dayIndex);
}

export interface FormTemplateLike {
  templateCategory?: Maybe<string>;
  usageContext?: Maybe<string>;
}

export interface FormTemplateGroups<T> {
  /** Templates per trimmed templateCategory ('' for none), in first-seen order. */
  byCategory: Record<string, T[]>;
  /** Templates per trimmed usageContext ('' for none), in first-seen order. */
  byUsageContext: Record<string, T[]>;
}

/** SPEC.md §5: form templates grouped by templateCategory and by usageContext, both trimmed. */
export function groupFormTemplates<T extends FormTemplateLike>(templates: readonly T[]): FormTemplateGroups<T> {
  const byCategory: Record<string, T[]> = {};
  const byUsageContext: Record<string, T[]> = {};
  for (const template of templates) {
    (byCategory[(template.templateCategory ?? '').trim()] ??= []).push(template);
    (byUsageContext[(template.usageContext ?? '').trim()] ??= []).push(template);
  }
  return { byCategory, byUsageContext };
}

function time(value: Maybe<string | number | Date>): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const ms = value instanceof Date ? value.getTime() : new Date(value).getTime();
  return Number.isNaN(ms) ? undefined : ms;
}

/** Descending numbers with missing values last. */
function compareDescMissingLast(a: Maybe<number>, b: Maybe<number>): number {
  const hasA = isNumber(a);
  const hasB = isNumber(b);
  if (hasA && hasB) return b - a;
  if (hasA) return -1;
  if (hasB) return 1;
  return 0;
}

export interface TreatmentPlanLike {
  treatmentPlanVersion?: Maybe<number>;
  treatmentPlanCreationDate?: Maybe<string | number | Date>;
}

/** SPEC.md §5: treatment plans by version descending, then creation date descending. */
export function compareTreatmentPlans(a: TreatmentPlanLike, b: TreatmentPlanLike): number {
  return (
    compareDescMissingLast(a.treatmentPlanVersion, b.treatmentPlanVersion) ||
    compareDescMissingLast(time(a.treatmentPlanCreationDate), time(b.treatmentPlanCreationDate))
  );
}

export interface TreatmentPlanReviewLike {
  id: number | string;
  treatmentPlanVersionReviewed?: Maybe<number>;
}

/** SPEC.md §5: treatment plan reviews by version reviewed descending, then id descending. */
export function compareTreatmentPlanReviews(a: TreatmentPlanReviewLike, b: TreatmentPlanReviewLike): number {
  return (
    compareDescMissingLast(a.treatmentPlanVersionReviewed, b.treatmentPlanVersionReviewed) || compareIds(b.id, a.id)
  );
}

/** SPEC.md §4: when one plan of a client is marked current, every other plan of that client becomes non-current. */
export function markCurrentTreatmentPlan<
  T extends { id: number | string; clientId?: unknown; isCurrentVersion?: boolean },
>(plans: readonly T[], currentId: T['id']): T[] {
  const current = plans.find((plan) => plan.id === currentId);
  return plans.map((plan) => {
    if (plan.id === currentId) return { ...plan, isCurrentVersion: true };
    if (current && plan.clientId === current.clientId && plan.isCurrentVersion)
      return { ...plan, isCurrentVersion: false };
    return plan;
  });
}
