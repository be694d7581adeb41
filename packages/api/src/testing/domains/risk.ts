import { RISK_MESSAGES, type RiskAssessment, type RiskItem, type SafetyPlan } from '../../contract';
import type { MockHandlers } from '../createMockClient';

/** A client's risk records for stories and tests. */
export const RISK_CLIENT_ID = 7;

export const RISK_ASSESSMENT_V1: RiskAssessment = {
  id: 41,
  clientId: RISK_CLIENT_ID,
  version: 1,
  isCurrent: false,
  assessedOn: '2026-01-10',
  areas: [{ area: 'suicide', level: 'low', riskFactors: 'Fleeting thoughts', protectiveFactors: 'Children' }],
  overallLevel: 'low',
  overallLevelReason: '',
  protectiveFactors: 'Engaged in therapy',
  managementPlan: 'Review at each session.',
  nextReviewDate: '2026-02-10',
  createdByName: 'Tomas Lindqvist',
  createdAt: '2026-01-10T10:00:00.000Z',
};

export const RISK_ASSESSMENT_V2: RiskAssessment = {
  ...RISK_ASSESSMENT_V1,
  id: 42,
  version: 2,
  isCurrent: true,
  assessedOn: '2026-02-09',
  areas: [
    {
      area: 'suicide',
      level: 'medium',
      riskFactors: 'Passive ideation after job loss',
      protectiveFactors: 'Children, faith',
    },
    { area: 'self-harm', level: 'low', riskFactors: '', protectiveFactors: '' },
  ],
  overallLevel: 'medium',
  overallLevelReason: '',
  managementPlan: 'Weekly check-in; safety plan shared with GP.',
  createdAt: '2026-02-09T10:00:00.000Z',
};

export const RISK_ITEMS: RiskItem[] = [
  {
    id: 51,
    clientId: RISK_CLIENT_ID,
    date: '2026-02-07',
    category: 'self-harm',
    severity: 'high',
    description: 'Disclosed cutting last weekend',
    actionTaken: 'Reviewed safety plan; informed GP with consent',
    reviewDate: '2026-02-14',
    status: 'open',
    closedAt: null,
    createdByName: 'Tomas Lindqvist',
    createdAt: '2026-02-07T10:00:00.000Z',
    version: 2,
  },
  {
    id: 52,
    clientId: RISK_CLIENT_ID,
    date: '2026-01-12',
    category: 'missed contact',
    severity: 'low',
    description: 'Missed session without notice',
    actionTaken: 'Phoned; rebooked',
    reviewDate: null,
    status: 'closed',
    closedAt: '2026-01-13T09:00:00.000Z',
    createdByName: 'Tomas Lindqvist',
    createdAt: '2026-01-12T10:00:00.000Z',
    version: 2,
  },
];

export const SAFETY_PLAN_V1: SafetyPlan = {
  id: 61,
  clientId: RISK_CLIENT_ID,
  version: 1,
  isCurrent: true,
  warningSigns: ['Not sleeping', 'Withdrawing from friends'],
  copingStrategies: ['Walk the dog'],
  peopleAndPlaces: [{ name: 'Café on the corner', contact: '' }],
  helpContacts: [{ name: 'Sister, Jo', contact: '07700 900123' }],
  professionalContacts: [{ name: 'Samaritans', contact: '116 123' }],
  environmentSafety: ['Medication kept by partner'],
  reasonsForLiving: ['My children'],
  createdByName: 'Tomas Lindqvist',
  createdAt: '2026-02-09T10:00:00.000Z',
};

/** An in-memory risk server for the mock client: versioned assessments and safety plans, and the risk log. */
export function riskHandlers(
  options: { assessments?: RiskAssessment[]; items?: RiskItem[]; safetyPlans?: SafetyPlan[] } = {},
): MockHandlers {
  const assessments = (options.assessments ?? [RISK_ASSESSMENT_V2, RISK_ASSESSMENT_V1]).map((a) => structuredClone(a));
  const items = (options.items ?? RISK_ITEMS).map((i) => structuredClone(i));
  const plans = (options.safetyPlans ?? [SAFETY_PLAN_V1]).map((p) => structuredClone(p));
  let nextId = 900;
  const newest = <T extends { version: number }>(list: T[]) =>
    [...list].sort((a, b) => b.version - a.version)[0] ?? null;
  const versionsOf = <T extends { version: number; isCurrent: boolean }>(list: T[]) => {
    const top = newest(list)?.version ?? 0;
    return [...list].sort((a, b) => b.version - a.version).map((x) => ({ ...x, isCurrent: x.version === top }));
  };
  return {
    getCurrentRiskAssessment: () => newest(assessments),
    listRiskAssessmentVersions: () => ({
      items: versionsOf(assessments).map(
        ({ id, clientId, version, isCurrent, assessedOn, overallLevel, createdByName, createdAt }) => ({
          id,
          clientId,
          version,
          isCurrent,
          assessedOn,
          overallLevel,
          createdByName,
          createdAt,
        }),
      ),
    }),
    getRiskAssessment: ({ params }) => versionsOf(assessments).find((a) => a.id === Number(params.id)) ?? null,
    saveRiskAssessment: ({ params, body }) => {
      const saved: RiskAssessment = {
        id: (nextId += 1),
        clientId: Number(params.clientId),
        version: (newest(assessments)?.version ?? 0) + 1,
        isCurrent: true,
        assessedOn: body.assessedOn,
        areas: (body.areas ?? []).map((a) => ({
          area: a.area,
          level: a.level,
          riskFactors: a.riskFactors ?? '',
          protectiveFactors: a.protectiveFactors ?? '',
        })),
        overallLevel: body.overallLevel,
        overallLevelReason: body.overallLevelReason ?? '',
        protectiveFactors: body.protectiveFactors ?? '',
        managementPlan: body.managementPlan ?? '',
        nextReviewDate: body.nextReviewDate || null,
        createdByName: 'Amara Okafor',
        createdAt: new Date().toISOString(),
      };
      assessments.push(saved);
      return saved;
    },
    deleteRiskAssessment: () => ({ detail: RISK_MESSAGES.assessmentDeleted }),
    listRiskLog: () => ({ items }),
    getRiskItem: ({ params }) => items.find((i) => i.id === Number(params.id)) ?? null,
    createRiskItem: ({ params, body }) => {
      const item: RiskItem = {
        id: (nextId += 1),
        clientId: Number(params.clientId),
        date: body.date,
        category: body.category,
        severity: body.severity,
        description: body.description,
        actionTaken: body.actionTaken ?? '',
        reviewDate: body.reviewDate || null,
        status: body.status ?? 'open',
        closedAt: null,
        createdByName: 'Amara Okafor',
        createdAt: new Date().toISOString(),
        version: 1,
      };
      items.unshift(item);
      return item;
    },
    updateRiskItem: ({ params, body }) => {
      const item = items.find((i) => i.id === Number(params.id));
      if (!item) return null;
      Object.assign(item, { ...body, reviewDate: body.reviewDate || null, version: item.version + 1 });
      return item;
    },
    setRiskItemStatus: ({ params, body }) => {
      const item = items.find((i) => i.id === Number(params.id));
      if (!item) return null;
      Object.assign(item, {
        status: body.status,
        closedAt: body.status === 'closed' ? new Date().toISOString() : null,
        version: item.version + 1,
      });
      return item;
    },
    deleteRiskItem: () => ({ detail: RISK_MESSAGES.itemDeleted }),
    getCurrentSafetyPlan: () => newest(plans),
    listSafetyPlanVersions: () => ({
      items: versionsOf(plans).map(({ id, clientId, version, isCurrent, createdByName, createdAt }) => ({
        id,
        clientId,
        version,
        isCurrent,
        createdByName,
        createdAt,
      })),
    }),
    getSafetyPlan: ({ params }) => versionsOf(plans).find((p) => p.id === Number(params.id)) ?? null,
    saveSafetyPlan: ({ params, body }) => {
      const plan: SafetyPlan = {
        id: (nextId += 1),
        clientId: Number(params.clientId),
        version: (newest(plans)?.version ?? 0) + 1,
        isCurrent: true,
        warningSigns: body.warningSigns ?? [],
        copingStrategies: body.copingStrategies ?? [],
        peopleAndPlaces: (body.peopleAndPlaces ?? []).map((c) => ({ name: c.name, contact: c.contact ?? '' })),
        helpContacts: (body.helpContacts ?? []).map((c) => ({ name: c.name, contact: c.contact ?? '' })),
        professionalContacts: (body.professionalContacts ?? []).map((c) => ({
          name: c.name,
          contact: c.contact ?? '',
        })),
        environmentSafety: body.environmentSafety ?? [],
        reasonsForLiving: body.reasonsForLiving ?? [],
        createdByName: 'Amara Okafor',
        createdAt: new Date().toISOString(),
      };
      plans.push(plan);
      return plan;
    },
    deleteSafetyPlan: () => ({ detail: RISK_MESSAGES.safetyPlanDeleted }),
  };
}
