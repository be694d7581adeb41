import { and, desc, eq, max, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  RISK_LEVEL_RANK,
  RISK_MESSAGES,
  highestAreaLevel,
  type RiskAssessment,
  type RiskAssessmentVersion,
  type RiskItem,
  type SafetyPlan,
  type SafetyPlanVersion,
  type createRiskItemBodySchema,
  type saveRiskAssessmentBodySchema,
  type saveSafetyPlanBodySchema,
  type setRiskItemStatusBodySchema,
  type updateRiskItemBodySchema,
} from '@halcyon/api/contract';
import type { Platform } from '../../platform/context';
import type { AuthContext } from '../../platform/auth/guard';
import type { Db } from '../../platform/db';
import { conflict, notFound } from '../../platform/errors';
import { clientOfPractice } from '../clients/access';
import { clients } from '../clients/schema';
import { users } from '../users/schema';
import { riskAssessments, riskLogItems, safetyPlans } from './schema';

type AssessmentBody = z.output<typeof saveRiskAssessmentBodySchema>;
type SafetyPlanBody = z.output<typeof saveSafetyPlanBodySchema>;
type CreateItemBody = z.output<typeof createRiskItemBodySchema>;
type UpdateItemBody = z.output<typeof updateRiskItemBodySchema>;
type StatusBody = z.output<typeof setRiskItemStatusBodySchema>;

type AssessmentRow = typeof riskAssessments.$inferSelect;
type ItemRow = typeof riskLogItems.$inferSelect;
type SafetyPlanRow = typeof safetyPlans.$inferSelect;

const authorName = sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`;

function toAssessment(row: AssessmentRow, author: string | null, latest: number): RiskAssessment {
  return {
    id: row.id,
    clientId: row.clientId,
    version: row.version,
    isCurrent: row.version === latest,
    assessedOn: row.assessedOn,
    areas: row.areas.map((a) => ({
      area: a.area as RiskAssessment['areas'][number]['area'],
      level: a.level,
      riskFactors: a.riskFactors,
      protectiveFactors: a.protectiveFactors,
    })),
    overallLevel: row.overallLevel,
    overallLevelReason: row.overallLevelReason,
    protectiveFactors: row.protectiveFactors,
    managementPlan: row.managementPlan,
    nextReviewDate: row.nextReviewDate,
    createdByName: author,
    createdAt: row.createdAt.toISOString(),
  };
}

function toItem(row: ItemRow, author: string | null): RiskItem {
  return {
    id: row.id,
    clientId: row.clientId,
    date: row.date,
    category: row.category as RiskItem['category'],
    severity: row.severity,
    description: row.description,
    actionTaken: row.actionTaken,
    reviewDate: row.reviewDate,
    status: row.status,
    closedAt: row.closedAt ? row.closedAt.toISOString() : null,
    createdByName: author,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
  };
}

function toSafetyPlan(row: SafetyPlanRow, author: string | null, latest: number): SafetyPlan {
  return {
    id: row.id,
    clientId: row.clientId,
    version: row.version,
    isCurrent: row.version === latest,
    warningSigns: row.warningSigns,
    copingStrategies: row.copingStrategies,
    peopleAndPlaces: row.peopleAndPlaces,
    helpContacts: row.helpContacts,
    professionalContacts: row.professionalContacts,
    environmentSafety: row.environmentSafety,
    reasonsForLiving: row.reasonsForLiving,
    createdByName: author,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Locks the client's row: versioned saves of one client run one after the other (no duplicate version numbers). */
async function lockClient(tx: Db, practiceId: number, clientId: number): Promise<void> {
  await tx
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.practiceId, practiceId)))
    .for('update');
}

async function latestAssessmentVersion(db: Db, clientId: number): Promise<number> {
  const [row] = await db
    .select({ latest: max(riskAssessments.version) })
    .from(riskAssessments)
    .where(eq(riskAssessments.clientId, clientId));
  return row?.latest ?? 0;
}

async function latestSafetyPlanVersion(db: Db, clientId: number): Promise<number> {
  const [row] = await db
    .select({ latest: max(safetyPlans.version) })
    .from(safetyPlans)
    .where(eq(safetyPlans.clientId, clientId));
  return row?.latest ?? 0;
}

/**
 * A client's risk: versioned risk assessments (the newest is current and sets `clients.risk_level`), the risk log, and
 * versioned safety plans. Every record is reached through the caller's practice (404 otherwise).
 */
export class RiskService {
  constructor(private readonly p: Platform) {}

  private get db() {
    return this.p.database.db;
  }

  // ---- risk assessments ---------------------------------------------------------------------------------------------

  async currentAssessment(auth: AuthContext, clientId: number): Promise<RiskAssessment | null> {
    await clientOfPractice(this.db, auth, clientId);
    const [row] = await this.db
      .select({ assessment: riskAssessments, author: authorName })
      .from(riskAssessments)
      .leftJoin(users, eq(users.id, riskAssessments.createdBy))
      .where(and(eq(riskAssessments.clientId, clientId), eq(riskAssessments.practiceId, auth.practiceId)))
      .orderBy(desc(riskAssessments.version))
      .limit(1);
    return row ? toAssessment(row.assessment, row.author, row.assessment.version) : null;
  }

  async assessmentVersions(auth: AuthContext, clientId: number): Promise<{ items: RiskAssessmentVersion[] }> {
    await clientOfPractice(this.db, auth, clientId);
    const rows = await this.db
      .select({
        id: riskAssessments.id,
        clientId: riskAssessments.clientId,
        version: riskAssessments.version,
        assessedOn: riskAssessments.assessedOn,
        overallLevel: riskAssessments.overallLevel,
        createdAt: riskAssessments.createdAt,
        author: authorName,
      })
      .from(riskAssessments)
      .leftJoin(users, eq(users.id, riskAssessments.createdBy))
      .where(and(eq(riskAssessments.clientId, clientId), eq(riskAssessments.practiceId, auth.practiceId)))
      .orderBy(desc(riskAssessments.version));
    const latest = rows[0]?.version ?? 0;
    return {
      items: rows.map(({ author, createdAt, ...row }) => ({
        ...row,
        isCurrent: row.version === latest,
        createdByName: author,
        createdAt: createdAt.toISOString(),
      })),
    };
  }

  async assessment(auth: AuthContext, id: number, db: Db = this.db): Promise<RiskAssessment> {
    const [row] = await db
      .select({ assessment: riskAssessments, author: authorName })
      .from(riskAssessments)
      .leftJoin(users, eq(users.id, riskAssessments.createdBy))
      .where(and(eq(riskAssessments.id, id), eq(riskAssessments.practiceId, auth.practiceId)))
      .limit(1);
    if (!row) throw notFound(RISK_MESSAGES.assessmentNotFound);
    const latest = await latestAssessmentVersion(db, row.assessment.clientId);
    return toAssessment(row.assessment, row.author, latest);
  }

  /** A new current version; the client's risk level becomes its overall level, in the same transaction. */
  async saveAssessment(
    auth: AuthContext,
    request: FastifyRequest,
    clientId: number,
    body: AssessmentBody,
  ): Promise<RiskAssessment> {
    await clientOfPractice(this.db, auth, clientId);
    const saved = await this.db.transaction(async (tx) => {
      await lockClient(tx, auth.practiceId, clientId);
      const latest = await latestAssessmentVersion(tx, clientId);
      if (latest !== body.expectedCurrentVersion) throw conflict(RISK_MESSAGES.assessmentNewer);
      const [row] = await tx
        .insert(riskAssessments)
        .values({
          practiceId: auth.practiceId,
          clientId,
          version: latest + 1,
          assessedOn: body.assessedOn,
          areas: body.areas,
          overallLevel: body.overallLevel,
          // A reason is kept only when the overall level is below an area's level (the contract asks for it then).
          overallLevelReason:
            RISK_LEVEL_RANK[body.overallLevel] < RISK_LEVEL_RANK[highestAreaLevel(body.areas)]
              ? body.overallLevelReason
              : '',
          protectiveFactors: body.protectiveFactors,
          managementPlan: body.managementPlan,
          nextReviewDate: body.nextReviewDate,
          createdBy: auth.userId,
        })
        .returning({ id: riskAssessments.id });
      await tx
        .update(clients)
        .set({ riskLevel: body.overallLevel, riskReviewDue: body.nextReviewDate })
        .where(and(eq(clients.id, clientId), eq(clients.practiceId, auth.practiceId)));
      return this.assessment(auth, row!.id, tx);
    });
    await this.p.audit.recordActivity(request, 'saveRiskAssessment', {
      id: saved.id,
      clientId,
      facts: { on: saved.assessedOn },
    });
    return saved;
  }

  /** Deleting a version: the client's risk level follows the newest remaining version ("none" when none is left). */
  async removeAssessment(auth: AuthContext, request: FastifyRequest, id: number): Promise<{ detail: string }> {
    const found = await this.assessment(auth, id);
    await this.db.transaction(async (tx) => {
      await lockClient(tx, auth.practiceId, found.clientId);
      await tx
        .delete(riskAssessments)
        .where(and(eq(riskAssessments.id, found.id), eq(riskAssessments.practiceId, auth.practiceId)));
      const [newest] = await tx
        .select({ overallLevel: riskAssessments.overallLevel, nextReviewDate: riskAssessments.nextReviewDate })
        .from(riskAssessments)
        .where(eq(riskAssessments.clientId, found.clientId))
        .orderBy(desc(riskAssessments.version))
        .limit(1);
      await tx
        .update(clients)
        .set({ riskLevel: newest?.overallLevel ?? 'none', riskReviewDue: newest?.nextReviewDate ?? null })
        .where(and(eq(clients.id, found.clientId), eq(clients.practiceId, auth.practiceId)));
    });
    await this.p.audit.recordActivity(request, 'deleteRiskAssessment', {
      id: found.id,
      clientId: found.clientId,
      facts: { on: found.assessedOn },
    });
    return { detail: RISK_MESSAGES.assessmentDeleted };
  }

  // ---- risk log -----------------------------------------------------------------------------------------------------

  /** Open items first, then the newest date first. */
  async riskLog(auth: AuthContext, clientId: number): Promise<{ items: RiskItem[] }> {
    await clientOfPractice(this.db, auth, clientId);
    const rows = await this.db
      .select({ item: riskLogItems, author: authorName })
      .from(riskLogItems)
      .leftJoin(users, eq(users.id, riskLogItems.createdBy))
      .where(and(eq(riskLogItems.clientId, clientId), eq(riskLogItems.practiceId, auth.practiceId)))
      .orderBy(sql`${riskLogItems.status} = 'closed'`, desc(riskLogItems.date), desc(riskLogItems.id));
    return { items: rows.map((r) => toItem(r.item, r.author)) };
  }

  async item(auth: AuthContext, id: number): Promise<RiskItem> {
    const [row] = await this.db
      .select({ item: riskLogItems, author: authorName })
      .from(riskLogItems)
      .leftJoin(users, eq(users.id, riskLogItems.createdBy))
      .where(and(eq(riskLogItems.id, id), eq(riskLogItems.practiceId, auth.practiceId)))
      .limit(1);
    if (!row) throw notFound(RISK_MESSAGES.itemNotFound);
    return toItem(row.item, row.author);
  }

  /** Records a write of a risk log item: its id, its client, its date and (for a status change) the new status. */
  private recordItem(
    request: FastifyRequest,
    route: 'createRiskItem' | 'updateRiskItem' | 'setRiskItemStatus' | 'deleteRiskItem',
    item: RiskItem,
  ): Promise<void> {
    return this.p.audit.recordActivity(request, route, {
      id: item.id,
      clientId: item.clientId,
      facts: { on: item.date, ...(route === 'setRiskItemStatus' && { status: item.status }) },
    });
  }

  async createItem(
    auth: AuthContext,
    request: FastifyRequest,
    clientId: number,
    body: CreateItemBody,
  ): Promise<RiskItem> {
    await clientOfPractice(this.db, auth, clientId);
    const [row] = await this.db
      .insert(riskLogItems)
      .values({
        practiceId: auth.practiceId,
        clientId,
        date: body.date,
        category: body.category,
        severity: body.severity,
        description: body.description,
        actionTaken: body.actionTaken,
        reviewDate: body.reviewDate,
        status: body.status,
        closedAt: body.status === 'closed' ? new Date() : null,
        createdBy: auth.userId,
      })
      .returning({ id: riskLogItems.id });
    const created = await this.item(auth, row!.id);
    await this.recordItem(request, 'createRiskItem', created);
    return created;
  }

  private async updateWithVersion(
    auth: AuthContext,
    id: number,
    version: number,
    values: Partial<typeof riskLogItems.$inferInsert>,
  ): Promise<RiskItem> {
    const current = await this.item(auth, id);
    const closing = values.status === 'closed' && current.status !== 'closed';
    const reopening = values.status === 'open';
    const [row] = await this.db
      .update(riskLogItems)
      .set({
        ...values,
        ...(closing ? { closedAt: new Date() } : reopening ? { closedAt: null } : {}),
        version: sql`${riskLogItems.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(
        and(eq(riskLogItems.id, id), eq(riskLogItems.practiceId, auth.practiceId), eq(riskLogItems.version, version)),
      )
      .returning({ id: riskLogItems.id });
    if (!row) throw conflict(RISK_MESSAGES.itemChanged);
    return this.item(auth, row.id);
  }

  async updateItem(auth: AuthContext, request: FastifyRequest, id: number, body: UpdateItemBody): Promise<RiskItem> {
    const { version, ...values } = body;
    const saved = await this.updateWithVersion(auth, id, version, values);
    await this.recordItem(request, 'updateRiskItem', saved);
    return saved;
  }

  async setItemStatus(auth: AuthContext, request: FastifyRequest, id: number, body: StatusBody): Promise<RiskItem> {
    const saved = await this.updateWithVersion(auth, id, body.version, { status: body.status });
    await this.recordItem(request, 'setRiskItemStatus', saved);
    return saved;
  }

  async removeItem(auth: AuthContext, request: FastifyRequest, id: number): Promise<{ detail: string }> {
    const found = await this.item(auth, id);
    await this.db
      .delete(riskLogItems)
      .where(and(eq(riskLogItems.id, found.id), eq(riskLogItems.practiceId, auth.practiceId)));
    await this.recordItem(request, 'deleteRiskItem', found);
    return { detail: RISK_MESSAGES.itemDeleted };
  }

  // ---- safety plans -------------------------------------------------------------------------------------------------

  async currentSafetyPlan(auth: AuthContext, clientId: number): Promise<SafetyPlan | null> {
    await clientOfPractice(this.db, auth, clientId);
    const [row] = await this.db
      .select({ plan: safetyPlans, author: authorName })
      .from(safetyPlans)
      .leftJoin(users, eq(users.id, safetyPlans.createdBy))
      .where(and(eq(safetyPlans.clientId, clientId), eq(safetyPlans.practiceId, auth.practiceId)))
      .orderBy(desc(safetyPlans.version))
      .limit(1);
    return row ? toSafetyPlan(row.plan, row.author, row.plan.version) : null;
  }

  async safetyPlanVersions(auth: AuthContext, clientId: number): Promise<{ items: SafetyPlanVersion[] }> {
    await clientOfPractice(this.db, auth, clientId);
    const rows = await this.db
      .select({
        id: safetyPlans.id,
        clientId: safetyPlans.clientId,
        version: safetyPlans.version,
        createdAt: safetyPlans.createdAt,
        author: authorName,
      })
      .from(safetyPlans)
      .leftJoin(users, eq(users.id, safetyPlans.createdBy))
      .where(and(eq(safetyPlans.clientId, clientId), eq(safetyPlans.practiceId, auth.practiceId)))
      .orderBy(desc(safetyPlans.version));
    const latest = rows[0]?.version ?? 0;
    return {
      items: rows.map(({ author, createdAt, ...row }) => ({
        ...row,
        isCurrent: row.version === latest,
        createdByName: author,
        createdAt: createdAt.toISOString(),
      })),
    };
  }

  async safetyPlan(auth: AuthContext, id: number, db: Db = this.db): Promise<SafetyPlan> {
    const [row] = await db
      .select({ plan: safetyPlans, author: authorName })
      .from(safetyPlans)
      .leftJoin(users, eq(users.id, safetyPlans.createdBy))
      .where(and(eq(safetyPlans.id, id), eq(safetyPlans.practiceId, auth.practiceId)))
      .limit(1);
    if (!row) throw notFound(RISK_MESSAGES.safetyPlanNotFound);
    const latest = await latestSafetyPlanVersion(db, row.plan.clientId);
    return toSafetyPlan(row.plan, row.author, latest);
  }

  async saveSafetyPlan(
    auth: AuthContext,
    request: FastifyRequest,
    clientId: number,
    body: SafetyPlanBody,
  ): Promise<SafetyPlan> {
    await clientOfPractice(this.db, auth, clientId);
    const saved = await this.db.transaction(async (tx) => {
      await lockClient(tx, auth.practiceId, clientId);
      const latest = await latestSafetyPlanVersion(tx, clientId);
      if (latest !== body.expectedCurrentVersion) throw conflict(RISK_MESSAGES.safetyPlanNewer);
      const { expectedCurrentVersion: _expected, ...content } = body;
      const [row] = await tx
        .insert(safetyPlans)
        .values({ practiceId: auth.practiceId, clientId, version: latest + 1, createdBy: auth.userId, ...content })
        .returning({ id: safetyPlans.id });
      return this.safetyPlan(auth, row!.id, tx);
    });
    await this.p.audit.recordActivity(request, 'saveSafetyPlan', { id: saved.id, clientId });
    return saved;
  }

  async removeSafetyPlan(auth: AuthContext, request: FastifyRequest, id: number): Promise<{ detail: string }> {
    const found = await this.safetyPlan(auth, id);
    await this.db
      .delete(safetyPlans)
      .where(and(eq(safetyPlans.id, found.id), eq(safetyPlans.practiceId, auth.practiceId)));
    await this.p.audit.recordActivity(request, 'deleteSafetyPlan', { id: found.id, clientId: found.clientId });
    return { detail: RISK_MESSAGES.safetyPlanDeleted };
  }
}
