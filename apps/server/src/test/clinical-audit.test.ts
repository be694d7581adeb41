import { and, eq, gt, max } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  buildPath,
  clientSessionsRoutes,
  riskRoutes,
  routes,
  treatmentPlansRoutes,
  type RouteActivity,
} from '@halcyon/api/contract';
import { auditLog } from '../platform/db/schema';
import { clients } from '../schema';
import { createTestApp } from './app';
import { bearer, memberOf, seedPractice, sessionFor } from './auth';

/**
 * The clinical domains: every write of theirs records its own audit row (issue 12), never the audit hook's stand-in.
 */
const CLINICAL = { ...clientSessionsRoutes, ...treatmentPlansRoutes, ...riskRoutes };
type Clinical = typeof CLINICAL;
type ClinicalWrite = {
  [K in keyof Clinical]: Clinical[K] extends { readonly activity: RouteActivity } ? K : never;
}[keyof Clinical];
const CLINICAL_WRITES = (Object.keys(CLINICAL) as (keyof Clinical)[]).filter(
  (name): name is ClinicalWrite => 'activity' in CLINICAL[name],
);

/** What the walk has made so far, for the calls that follow. */
type World = Record<string, number>;

interface Step {
  /** Anything the call needs first (made through the API: its own rows are not this call's). */
  prepare?: (w: World, send: Send) => Promise<void>;
  params: (w: World) => Record<string, number>;
  body?: (w: World) => unknown;
  /** The id of the record the call wrote (the note, not its session); it may remember ids for later steps. */
  written: (answer: Record<string, unknown>, w: World) => number;
}

type Send = (name: ClinicalWrite, params: Record<string, number>, body?: unknown) => Promise<Record<string, unknown>>;

const SESSION = {
  serviceName: 'Individual therapy',
  startsAt: '2026-01-12T10:00:00.000Z',
  durationMinutes: 50,
  locationKind: 'in person',
};
const NOTE = '<p>Low mood this week.</p>';
const OTHER_SERVICE = { name: 'Report writing', date: '2026-01-20', durationMinutes: 90, feeMinor: 12000 };
const ASSESSMENT = {
  assessedOn: '2026-01-10',
  areas: [{ area: 'suicide', level: 'low' }],
  overallLevel: 'low',
  managementPlan: 'Weekly check-in',
  nextReviewDate: '2026-02-10',
};
const ITEM = { date: '2026-01-12', category: 'self-harm', severity: 'high', description: 'Disclosed cutting' };
const SAFETY_PLAN = {
  warningSigns: ['Not sleeping'],
  helpContacts: [{ name: 'Sister, Jo', contact: '07700 900123' }],
};
const idOf = (answer: Record<string, unknown>) => answer.id as number;

/**
 * One call per clinical write route, in an order where each finds what it needs. Typed by the contract: a new write
 * route of these domains fails the type check (and the test below) until it has a step here.
 */
const STEPS: Record<ClinicalWrite, Step> = {
  scheduleSession: {
    params: (w) => ({ clientId: w.client! }),
    body: () => SESSION,
    written: (answer, w) => (w.session = (answer.items as { id: number }[])[0]!.id),
  },
  updateSession: {
    params: (w) => ({ id: w.session! }),
    body: () => ({ ...SESSION, durationMinutes: 60, version: 1 }),
    written: idOf,
  },
  markSessionAttendance: {
    params: (w) => ({ id: w.session! }),
    body: () => ({ status: 'attended', version: 2 }),
    written: idOf,
  },
  createSessionNote: {
    params: (w) => ({ sessionId: w.session! }),
    body: () => ({ template: 'SOAP', contentHtml: NOTE }),
    written: (answer, w) => (w.note = idOf(answer)),
  },
  updateSessionNote: {
    params: (w) => ({ id: w.note! }),
    body: () => ({ contentHtml: `${NOTE}<p>More.</p>`, version: 1 }),
    written: idOf,
  },
  signSessionNote: { params: (w) => ({ id: w.note! }), body: () => ({ version: 2 }), written: idOf },
  addSessionNoteAddendum: {
    params: (w) => ({ id: w.note! }),
    body: () => ({ contentHtml: '<p>Correction.</p>' }),
    written: idOf,
  },
  createGenericNote: {
    params: (w) => ({ clientId: w.client! }),
    body: () => ({ title: 'Phone call with GP', contentHtml: NOTE }),
    written: (answer, w) => (w.genericNote = idOf(answer)),
  },
  deleteSessionNote: { params: (w) => ({ id: w.genericNote! }), written: (_answer, w) => w.genericNote! },
  savePrivateSessionNote: {
    params: (w) => ({ sessionId: w.session! }),
    body: () => ({ contentHtml: '<p>Felt protective.</p>', version: 0 }),
    written: (answer, w) => (w.privateNote = idOf(answer)),
  },
  deletePrivateSessionNote: {
    params: (w) => ({ sessionId: w.session! }),
    // The private note's own id, not its session's.
    written: (_answer, w) => w.privateNote!,
  },
  cancelSession: {
    params: (w) => ({ id: w.session! }),
    body: () => ({ cancelledBy: 'client', version: 3 }),
    written: idOf,
  },
  deleteClientSession: {
    prepare: async (w, send) => {
      const answer = await send(
        'scheduleSession',
        { clientId: w.client! },
        { ...SESSION, startsAt: '2026-01-19T10:00:00.000Z' },
      );
      w.spare = (answer.items as { id: number }[])[0]!.id;
    },
    params: (w) => ({ id: w.spare! }),
    written: (_answer, w) => w.spare!,
  },
  createOtherService: {
    params: (w) => ({ clientId: w.client! }),
    body: () => OTHER_SERVICE,
    written: (answer, w) => (w.otherService = idOf(answer)),
  },
  updateOtherService: {
    params: (w) => ({ id: w.otherService! }),
    body: () => ({ ...OTHER_SERVICE, durationMinutes: 120, version: 1 }),
    written: idOf,
  },
  deleteOtherService: { params: (w) => ({ id: w.otherService! }), written: (_answer, w) => w.otherService! },
  createTreatmentPlan: {
    params: (w) => ({ clientId: w.client! }),
    body: () => ({ title: 'Panic and avoidance', goals: [{ description: 'Reduce panic attacks' }] }),
    written: (answer, w) => {
      w.planGoal = (answer.goals as { id: number }[])[0]!.id;
      return (w.plan = idOf(answer));
    },
  },
  createTreatmentPlanVersion: {
    params: (w) => ({ planId: w.plan! }),
    body: () => ({ title: 'Panic and avoidance (revised)', expectedLatestVersion: 1 }),
    written: (answer, w) => (w.plan2 = idOf(answer)),
  },
  setCurrentTreatmentPlan: { params: (w) => ({ planId: w.plan! }), written: (_answer, w) => w.plan! },
  addTreatmentPlanGoal: {
    params: (w) => ({ planId: w.plan! }),
    body: () => ({ description: 'Sleep 7 hours' }),
    written: (answer, w) => (w.goal = idOf(answer)),
  },
  updateTreatmentPlanGoal: {
    params: (w) => ({ goalId: w.goal! }),
    body: () => ({ description: 'Sleep 7 hours a night', version: 1 }),
    written: idOf,
  },
  deleteTreatmentPlanGoal: { params: (w) => ({ goalId: w.goal! }), written: (_answer, w) => w.goal! },
  createTreatmentPlanReview: {
    params: (w) => ({ planId: w.plan! }),
    body: (w) => ({
      reviewDate: '2026-02-01',
      goalProgress: [{ goalId: w.planGoal!, progress: 'some progress' }],
      outcome: 'continue',
    }),
    written: (answer, w) => (w.review = idOf(answer)),
  },
  deleteTreatmentPlanReview: { params: (w) => ({ reviewId: w.review! }), written: (_answer, w) => w.review! },
  deleteTreatmentPlan: { params: (w) => ({ planId: w.plan2! }), written: (_answer, w) => w.plan2! },
  saveRiskAssessment: {
    params: (w) => ({ clientId: w.client! }),
    body: () => ({ ...ASSESSMENT, expectedCurrentVersion: 0 }),
    written: (answer, w) => (w.assessment = idOf(answer)),
  },
  deleteRiskAssessment: { params: (w) => ({ id: w.assessment! }), written: (_answer, w) => w.assessment! },
  createRiskItem: {
    params: (w) => ({ clientId: w.client! }),
    body: () => ITEM,
    written: (answer, w) => (w.item = idOf(answer)),
  },
  updateRiskItem: {
    params: (w) => ({ id: w.item! }),
    body: () => ({ ...ITEM, severity: 'medium', version: 1 }),
    written: idOf,
  },
  setRiskItemStatus: {
    params: (w) => ({ id: w.item! }),
    body: () => ({ status: 'closed', version: 2 }),
    written: idOf,
  },
  deleteRiskItem: { params: (w) => ({ id: w.item! }), written: (_answer, w) => w.item! },
  saveSafetyPlan: {
    params: (w) => ({ clientId: w.client! }),
    body: () => ({ ...SAFETY_PLAN, expectedCurrentVersion: 0 }),
    written: (answer, w) => (w.safetyPlan = idOf(answer)),
  },
  deleteSafetyPlan: { params: (w) => ({ id: w.safetyPlan! }), written: (_answer, w) => w.safetyPlan! },
};

describe('clinical writes record their own audit row (issue 12)', () => {
  it('given the contract, then every write route of sessions, treatment plans and risk has a step in this walk', () => {
    expect(Object.keys(STEPS).sort()).toEqual([...CLINICAL_WRITES].sort());
  });

  it('given each clinical write, then its call records one row with the record kind, the written record and the client, and the audit hook adds nothing', async () => {
    const t = await createTestApp();
    const practice = await seedPractice(t);
    const tokens = await sessionFor(t, memberOf(practice, 'Therapist'));
    const [client] = await t.database.db
      .insert(clients)
      .values({ practiceId: practice.practiceId, firstName: 'Morgan', lastName: 'Adeyemi' })
      .returning({ id: clients.id });
    const world: World = { client: client!.id };
    const send: Send = async (name, params, body) => {
      const route = routes[name];
      const response = await t.app.inject({
        method: route.method,
        url: buildPath(route.path, params),
        headers: bearer(tokens),
        ...(body === undefined ? {} : { payload: body as object }),
      });
      expect(response.statusCode, `${name}: ${response.body}`).toBe(200);
      return response.json<Record<string, unknown>>();
    };
    const lastAuditId = async () =>
      (await t.database.db.select({ last: max(auditLog.id) }).from(auditLog))[0]?.last ?? 0;

    for (const name of Object.keys(STEPS) as ClinicalWrite[]) {
      const step = STEPS[name];
      await step.prepare?.(world, send);
      const before = await lastAuditId();
      const answer = await send(name, step.params(world), step.body?.(world));
      const id = step.written(answer, world);
      const rows = await t.database.db
        .select()
        .from(auditLog)
        .where(and(gt(auditLog.id, before), eq(auditLog.practiceId, practice.practiceId)));
      expect(
        rows.map((row) => ({ action: row.action, entity: row.entity, entityId: row.entityId, clientId: row.clientId })),
        name,
      ).toEqual([
        {
          action: routes[name].activity.action,
          entity: routes[name].activity.record,
          entityId: String(id),
          clientId: world.client,
        },
      ]);
    }
  }, 120_000);
});
