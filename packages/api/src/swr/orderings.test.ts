import { describe, expect, it } from 'vitest';
import {
  SEARCH_MAX_LENGTH,
  compareAvailability,
  compareCancellationRules,
  compareTreatmentPlanReviews,
  compareTreatmentPlans,
  groupFormTemplates,
  isValidClientId,
  markCurrentTreatmentPlan,
  toClientId,
} from './orderings';

describe('SPEC.md §5 orderings', () => {
  it('given cancellation rules, when sorted, then by triggerInHoursBeforeStart ascending, missing last, then by id', () => {
    const rules = [
      { id: 5, triggerInHoursBeforeStart: 48 },
      { id: 4 },
      { id: 3, triggerInHoursBeforeStart: 24 },
      { id: 1, triggerInHoursBeforeStart: 24 },
      { id: 2, triggerInHoursBeforeStart: null },
      { id: 6, triggerInHoursBeforeStart: 0 },
    ];
    expect([...rules].sort(compareCancellationRules).map((r) => r.id)).toEqual([6, 1, 3, 5, 2, 4]);
  });

  it("given availability entries, when sorted, then by the first day's dayIndex, missing last", () => {
    const entries = [
      { id: 'a', days: [{ dayIndex: 3 }, { dayIndex: 0 }] },
      { id: 'b', days: [] },
      { id: 'c', days: [{ dayIndex: 1 }] },
      { id: 'd' },
      { id: 'e', days: [{ dayIndex: 0 }] },
    ];
    expect([...entries].sort(compareAvailability).map((e) => e.id)).toEqual(['e', 'c', 'a', 'b', 'd']);
  });

  it('given form templates, when grouped, then by trimmed templateCategory and by trimmed usageContext', () => {
    const templates = [
      { id: 1, templateCategory: ' Intake ', usageContext: 'client ' },
      { id: 2, templateCategory: 'Intake', usageContext: ' session' },
      { id: 3, templateCategory: 'Consent', usageContext: 'client' },
      { id: 4 },
    ];
    const groups = groupFormTemplates(templates);
    expect(Object.keys(groups.byCategory)).toEqual(['Intake', 'Consent', '']);
    expect(groups.byCategory.Intake?.map((t) => t.id)).toEqual([1, 2]);
    expect(groups.byUsageContext.client?.map((t) => t.id)).toEqual([1, 3]);
    expect(groups.byUsageContext.session?.map((t) => t.id)).toEqual([2]);
    expect(groups.byUsageContext['']?.map((t) => t.id)).toEqual([4]);
  });

  it('given treatment plans, when sorted, then by version descending, then creation date descending', () => {
    const plans = [
      { id: 1, treatmentPlanVersion: 1, treatmentPlanCreationDate: '2026-01-01T00:00:00Z' },
      { id: 2, treatmentPlanVersion: 2, treatmentPlanCreationDate: '2026-01-02T00:00:00Z' },
      { id: 3, treatmentPlanVersion: 2, treatmentPlanCreationDate: '2026-03-01T00:00:00Z' },
      { id: 4, treatmentPlanVersion: 3, treatmentPlanCreationDate: '2025-01-01T00:00:00Z' },
    ];
    expect([...plans].sort(compareTreatmentPlans).map((p) => p.id)).toEqual([4, 3, 2, 1]);
  });

  it('given treatment plan reviews, when sorted, then by version reviewed descending, then id descending', () => {
    const reviews = [
      { id: 1, treatmentPlanVersionReviewed: 1 },
      { id: 2, treatmentPlanVersionReviewed: 2 },
      { id: 7, treatmentPlanVersionReviewed: 2 },
      { id: 3, treatmentPlanVersionReviewed: 1 },
    ];
    expect([...reviews].sort(compareTreatmentPlanReviews).map((r) => r.id)).toEqual([7, 2, 3, 1]);
  });

  it('given one plan is marked current, then the other plans of that client become non-current', () => {
    const plans = [
      { id: 1, clientId: 9, isCurrentVersion: true },
      { id: 2, clientId: 9, isCurrentVersion: false },
      { id: 3, clientId: 8, isCurrentVersion: true },
    ];
    expect(markCurrentTreatmentPlan(plans, 2).map((p) => p.isCurrentVersion)).toEqual([false, true, true]);
  });

  it('given client ids, then only finite numbers greater than 0 are valid', () => {
    expect([1, 42.5, 0, -1, Number.NaN, Infinity, '5', null, undefined].map(isValidClientId)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(toClientId('12')).toBe(12);
    expect(toClientId('abc')).toBeNull();
    expect(toClientId('')).toBeNull();
    expect(toClientId('0')).toBeNull();
  });

  it('then the search field maximum is 320', () => {
    expect(SEARCH_MAX_LENGTH).toBe(320);
  });
});
