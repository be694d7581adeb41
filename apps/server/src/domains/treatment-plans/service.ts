import { and, asc, desc, eq, inArray, max, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type {
  TreatmentGoal,
  TreatmentPlan,
  TreatmentPlanReview,
  TreatmentPlanSummary,
  createTreatmentPlanBodySchema,
  createTreatmentPlanReviewBodySchema,
  createTreatmentPlanVersionBodySchema,
  saveTreatmentPlanGoalBodySchema,
  treatmentGoalInputSchema,
} from '@halcyon/api/contract';
import { TREATMENT_PLAN_MESSAGES, dateNotBefore, dateOrderMessage } from '@halcyon/api/contract';
import type { Platform } from '../../platform/context';
import type { AuthContext } from '../../platform/auth/guard';
import type { Db } from '../../platform/db';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { clientOfPractice } from '../clients/access';
import { clients } from '../clients/schema';
import { users } from '../users/schema';
import { treatmentPlanGoals, treatmentPlanReviews, treatmentPlans } from './schema';

type CreatePlanBody = z.output<typeof createTreatmentPlanBodySchema>;
type NewVersionBody = z.output<typeof createTreatmentPlanVersionBodySchema>;
type GoalInput = z.output<typeof treatmentGoalInputSchema>;
type SaveGoalBody = z.output<typeof saveTreatmentPlanGoalBodySchema>;
type ReviewBody = z.output<typeof createTreatmentPlanReviewBodySchema>;

type PlanRow = typeof treatmentPlans.$inferSelect;
type GoalRow = typeof treatmentPlanGoals.$inferSelect;
type ReviewRow = typeof treatmentPlanReviews.$inferSelect;

const authorName = sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`;
const goalCount = sql<number>`(select count(*)::int from ${treatmentPlanGoals} where ${treatmentPlanGoals.planId} = ${treatmentPlans.id})`;

function toSummary(row: PlanRow, goals: number, createdByName: string | null): TreatmentPlanSummary {
  return {
    id: row.id,
    clientId: row.clientId,
    treatmentPlanVersion: row.treatmentPlanVersion,
    treatmentPlanCreationDate: row.createdAt.toISOString(),
    isCurrentVersion: row.isCurrentVersion,
    title: row.title,
    startDate: row.startDate,
    reviewDate: row.reviewDate,
    goalCount: goals,
    createdByName,
    basedOnPlanId: row.basedOnPlanId,
    version: row.version,
  };
}

function toGoal(row: GoalRow): TreatmentGoal {
  return {
    id: row.id,
    planId: row.planId,
    position: row.position,
    description: row.description,
    objectives: row.objectives.map((o) => ({
      description: o.description,
      targetDate: o.targetDate ?? null,
      achieved: Boolean(o.achieved),
    })),
    interventions: row.interventions,
    frequency: row.frequency,
    targetDate: row.targetDate,
    measure: row.measure,
    status: row.status,
    version: row.version,
  };
}

function toReview(row: ReviewRow, createdByName: string | null): TreatmentPlanReview {
  return {
    id: row.id,
    clientId: row.clientId,
    planId: row.planId,
    treatmentPlanVersionReviewed: row.treatmentPlanVersionReviewed,
    reviewDate: row.reviewDate,
    goalProgress: row.goalProgress.map((g) => ({
      goalId: g.goalId,
      goal: g.goal,
      progress: g.progress as TreatmentPlanReview['goalProgress'][number]['progress'],
      comment: g.comment,
    })),
    outcome: row.outcome as TreatmentPlanReview['outcome'],
    summary: row.summary,
    nextReviewDate: row.nextReviewDate,
    createdByName,
    createdAt: row.createdAt.toISOString(),
  };
}

function goalValues(practiceId: number, planId: number, goal: GoalInput, position: number) {
  return {
    practiceId,
    planId,
    position,
    description: goal.description,
    objectives: goal.objectives.map((o) => ({
      description: o.description,
      targetDate: o.targetDate,
      achieved: o.achieved,
    })),
    interventions: goal.interventions,
    frequency: goal.frequency,
    targetDate: goal.targetDate,
    measure: goal.measure,
    status: goal.status,
  };
}

/**
 * Locks the client's row for the rest of the transaction, so the plan writes of one client run one after the other:
 * version numbers are handed out without gaps or duplicates, and "mark current" never leaves two current plans.
 */
async function lockClient(tx: Db, practiceId: number, clientId: number): Promise<void> {
  await tx
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.practiceId, practiceId)))
    .for('update');
}

async function latestVersion(tx: Db, clientId: number): Promise<number> {
  const [row] = await tx
    .select({ latest: max(treatmentPlans.treatmentPlanVersion) })
    .from(treatmentPlans)
    .where(eq(treatmentPlans.clientId, clientId));
  return row?.latest ?? 0;
}

/** SPEC.md §4: this plan becomes current and every other plan of the client stops being current (same transaction). */
async function makeCurrent(tx: Db, plan: { id: number; clientId: number }): Promise<void> {
  await tx
    .update(treatmentPlans)
    .set({ isCurrentVersion: false, updatedAt: sql`now()` })
    .where(
      and(
        eq(treatmentPlans.clientId, plan.clientId),
        ne(treatmentPlans.id, plan.id),
        eq(treatmentPlans.isCurrentVersion, true),
      ),
    );
  await tx
    .update(treatmentPlans)
    .set({ isCurrentVersion: true, updatedAt: sql`now()` })
    .where(and(eq(treatmentPlans.id, plan.id), eq(treatmentPlans.isCurrentVersion, false)));
}

/**
 * A client's treatment plans (SPEC.md §3, §4, §5): a numbered history of versions per client with at most one current,
 * goals per version, reviews of a version. Every record is reached through the caller's practice (404 otherwise).
 */
export class TreatmentPlansService {
  constructor(private readonly p: Platform) {}

  private get db() {
    return this.p.database.db;
  }

  // ---- reads --------------------------------------------------------------------------------------------------------

  /** SPEC.md §5: version descending, then creation date descending (then id, for a stable order). */
  async list(auth: AuthContext, clientId: number): Promise<{ items: TreatmentPlanSummary[] }> {
    await clientOfPractice(this.db, auth, clientId);
    const rows = await this.db
      .select({ plan: treatmentPlans, goals: goalCount, author: authorName })
      .from(treatmentPlans)
      .leftJoin(users, eq(users.id, treatmentPlans.createdBy))
      .where(and(eq(treatmentPlans.clientId, clientId), eq(treatmentPlans.practiceId, auth.practiceId)))
      .orderBy(desc(treatmentPlans.treatmentPlanVersion), desc(treatmentPlans.createdAt), desc(treatmentPlans.id));
    return { items: rows.map((r) => toSummary(r.plan, r.goals, r.author)) };
  }

  private async findPlan(db: Db, auth: AuthContext, planId: number, lock = false): Promise<PlanRow> {
    const query = db
      .select()
      .from(treatmentPlans)
      .where(and(eq(treatmentPlans.id, planId), eq(treatmentPlans.practiceId, auth.practiceId)))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound(TREATMENT_PLAN_MESSAGES.planNotFound);
    return row;
  }

  async summary(auth: AuthContext, planId: number, db: Db = this.db): Promise<TreatmentPlanSummary> {
    const [row] = await db
      .select({ plan: treatmentPlans, goals: goalCount, author: authorName })
      .from(treatmentPlans)
      .leftJoin(users, eq(users.id, treatmentPlans.createdBy))
      .where(and(eq(treatmentPlans.id, planId), eq(treatmentPlans.practiceId, auth.practiceId)))
      .limit(1);
    if (!row) throw notFound(TREATMENT_PLAN_MESSAGES.planNotFound);
    return toSummary(row.plan, row.goals, row.author);
  }

  async plan(auth: AuthContext, planId: number, db: Db = this.db): Promise<TreatmentPlan> {
    const [row] = await db
      .select({ plan: treatmentPlans, author: authorName })
      .from(treatmentPlans)
      .leftJoin(users, eq(users.id, treatmentPlans.createdBy))
      .where(and(eq(treatmentPlans.id, planId), eq(treatmentPlans.practiceId, auth.practiceId)))
      .limit(1);
    if (!row) throw notFound(TREATMENT_PLAN_MESSAGES.planNotFound);
    const goals = await db
      .select()
      .from(treatmentPlanGoals)
      .where(and(eq(treatmentPlanGoals.planId, planId), eq(treatmentPlanGoals.practiceId, auth.practiceId)))
      .orderBy(asc(treatmentPlanGoals.position), asc(treatmentPlanGoals.id));
    return {
      ...toSummary(row.plan, goals.length, row.author),
      problems: row.plan.problems,
      notes: row.plan.notes,
      goals: goals.map(toGoal),
    };
  }

  // ---- plan writes --------------------------------------------------------------------------------------------------

  private async insertVersion(
    tx: Db,
    auth: AuthContext,
    clientId: number,
    body: CreatePlanBody,
    basedOnPlanId: number | null,
    version: number,
  ): Promise<number> {
    const [plan] = await tx
      .insert(treatmentPlans)
      .values({
        practiceId: auth.practiceId,
        clientId,
        treatmentPlanVersion: version,
        isCurrentVersion: false,
        title: body.title,
        problems: body.problems,
        startDate: body.startDate,
        reviewDate: body.reviewDate,
        notes: body.notes,
        basedOnPlanId,
        createdBy: auth.userId,
      })
      .returning({ id: treatmentPlans.id });
    const id = plan!.id;
    if (body.goals.length > 0) {
      await tx.insert(treatmentPlanGoals).values(body.goals.map((g, i) => goalValues(auth.practiceId, id, g, i)));
    }
    if (body.markCurrent) await makeCurrent(tx, { id, clientId });
    return id;
  }

  /** Records a write of a plan version, a goal or a review: its own id, its client, and its plan's version or date. */
  private recordWrite(
    request: FastifyRequest,
    route:
      | 'createTreatmentPlan'
      | 'createTreatmentPlanVersion'
      | 'setCurrentTreatmentPlan'
      | 'deleteTreatmentPlan'
      | 'addTreatmentPlanGoal'
      | 'updateTreatmentPlanGoal'
      | 'deleteTreatmentPlanGoal',
    id: number,
    plan: Pick<PlanRow, 'clientId' | 'treatmentPlanVersion'>,
  ): Promise<void> {
    return this.p.audit.recordActivity(request, route, {
      id,
      clientId: plan.clientId,
      facts: { version: plan.treatmentPlanVersion },
    });
  }

  async create(
    auth: AuthContext,
    request: FastifyRequest,
    clientId: number,
    body: CreatePlanBody,
  ): Promise<TreatmentPlan> {
    await clientOfPractice(this.db, auth, clientId);
    const created = await this.db.transaction(async (tx) => {
      await lockClient(tx, auth.practiceId, clientId);
      const version = (await latestVersion(tx, clientId)) + 1;
      const id = await this.insertVersion(tx, auth, clientId, body, null, version);
      return this.plan(auth, id, tx);
    });
    await this.recordWrite(request, 'createTreatmentPlan', created.id, created);
    return created;
  }

  /** treatment-plan-editor: the edit becomes a new version; the plan it came from is left exactly as it was. */
  async newVersion(
    auth: AuthContext,
    request: FastifyRequest,
    planId: number,
    body: NewVersionBody,
  ): Promise<TreatmentPlan> {
    const source = await this.findPlan(this.db, auth, planId);
    const created = await this.db.transaction(async (tx) => {
      await lockClient(tx, auth.practiceId, source.clientId);
      const latest = await latestVersion(tx, source.clientId);
      if (latest !== body.expectedLatestVersion) throw conflict(TREATMENT_PLAN_MESSAGES.newerVersion);
      const id = await this.insertVersion(tx, auth, source.clientId, body, source.id, latest + 1);
      return this.plan(auth, id, tx);
    });
    await this.recordWrite(request, 'createTreatmentPlanVersion', created.id, created);
    return created;
  }

  async setCurrent(auth: AuthContext, request: FastifyRequest, planId: number): Promise<TreatmentPlanSummary> {
    const found = await this.findPlan(this.db, auth, planId);
    const current = await this.db.transaction(async (tx) => {
      await lockClient(tx, auth.practiceId, found.clientId);
      // Re-read under the lock: it may have been deleted meanwhile.
      const plan = await this.findPlan(tx, auth, planId);
      await makeCurrent(tx, plan);
      return this.summary(auth, planId, tx);
    });
    await this.recordWrite(request, 'setCurrentTreatmentPlan', found.id, found);
    return current;
  }

  async remove(auth: AuthContext, request: FastifyRequest, planId: number): Promise<{ detail: string }> {
    const found = await this.findPlan(this.db, auth, planId);
    await this.db.transaction(async (tx) => {
      await lockClient(tx, auth.practiceId, found.clientId);
      const plan = await this.findPlan(tx, auth, planId);
      await tx.delete(treatmentPlans).where(eq(treatmentPlans.id, plan.id));
      if (plan.isCurrentVersion) {
        const [newest] = await tx
          .select({ id: treatmentPlans.id, clientId: treatmentPlans.clientId })
          .from(treatmentPlans)
          .where(eq(treatmentPlans.clientId, plan.clientId))
          .orderBy(desc(treatmentPlans.treatmentPlanVersion), desc(treatmentPlans.id))
          .limit(1);
        if (newest) await makeCurrent(tx, newest);
      }
    });
    await this.recordWrite(request, 'deleteTreatmentPlan', found.id, found);
    return { detail: TREATMENT_PLAN_MESSAGES.deleted };
  }

  // ---- goals --------------------------------------------------------------------------------------------------------

  async addGoal(
    auth: AuthContext,
    request: FastifyRequest,
    planId: number,
    body: SaveGoalBody,
  ): Promise<TreatmentGoal> {
    const plan = await this.findPlan(this.db, auth, planId);
    const goal = await this.db.transaction(async (tx) => {
      await this.findPlan(tx, auth, plan.id, true);
      const [last] = await tx
        .select({ position: max(treatmentPlanGoals.position) })
        .from(treatmentPlanGoals)
        .where(eq(treatmentPlanGoals.planId, plan.id));
      const position = last?.position === null || last?.position === undefined ? 0 : last.position + 1;
      const [row] = await tx
        .insert(treatmentPlanGoals)
        .values(goalValues(auth.practiceId, plan.id, body, position))
        .returning();
      await tx
        .update(treatmentPlans)
        .set({ updatedAt: sql`now()` })
        .where(eq(treatmentPlans.id, plan.id));
      return toGoal(row!);
    });
    await this.recordWrite(request, 'addTreatmentPlanGoal', goal.id, plan);
    return goal;
  }

  private async findGoal(auth: AuthContext, goalId: number): Promise<GoalRow> {
    const [row] = await this.db
      .select()
      .from(treatmentPlanGoals)
      .where(and(eq(treatmentPlanGoals.id, goalId), eq(treatmentPlanGoals.practiceId, auth.practiceId)))
      .limit(1);
    if (!row) throw notFound(TREATMENT_PLAN_MESSAGES.goalNotFound);
    return row;
  }

  /** The plan a goal belongs to (its client and version name the goal's writes). */
  private async planOfGoal(goal: GoalRow): Promise<Pick<PlanRow, 'clientId' | 'treatmentPlanVersion'>> {
    const [plan] = await this.db
      .select({ clientId: treatmentPlans.clientId, treatmentPlanVersion: treatmentPlans.treatmentPlanVersion })
      .from(treatmentPlans)
      .where(eq(treatmentPlans.id, goal.planId))
      .limit(1);
    return plan!;
  }

  async updateGoal(
    auth: AuthContext,
    request: FastifyRequest,
    goalId: number,
    body: SaveGoalBody,
  ): Promise<TreatmentGoal> {
    const goal = await this.findGoal(auth, goalId);
    if (body.version === undefined) {
      throw badRequest(TREATMENT_PLAN_MESSAGES.goalVersionMissing, {
        version: TREATMENT_PLAN_MESSAGES.goalVersionMissing,
      });
    }
    const { practiceId: _p, planId: _plan, position, ...values } = goalValues(auth.practiceId, goal.planId, body, 0);
    void position;
    const [row] = await this.db
      .update(treatmentPlanGoals)
      .set({ ...values, version: sql`${treatmentPlanGoals.version} + 1`, updatedAt: sql`now()` })
      .where(
        and(
          eq(treatmentPlanGoals.id, goal.id),
          eq(treatmentPlanGoals.practiceId, auth.practiceId),
          eq(treatmentPlanGoals.version, body.version),
        ),
      )
      .returning();
    if (!row) throw conflict(TREATMENT_PLAN_MESSAGES.goalChanged);
    await this.recordWrite(request, 'updateTreatmentPlanGoal', goal.id, await this.planOfGoal(goal));
    return toGoal(row);
  }

  async removeGoal(auth: AuthContext, request: FastifyRequest, goalId: number): Promise<{ detail: string }> {
    const goal = await this.findGoal(auth, goalId);
    const plan = await this.planOfGoal(goal);
    await this.db
      .delete(treatmentPlanGoals)
      .where(and(eq(treatmentPlanGoals.id, goal.id), eq(treatmentPlanGoals.practiceId, auth.practiceId)));
    await this.recordWrite(request, 'deleteTreatmentPlanGoal', goal.id, plan);
    return { detail: TREATMENT_PLAN_MESSAGES.goalDeleted };
  }

  // ---- reviews ------------------------------------------------------------------------------------------------------

  /** SPEC.md §5: version reviewed descending, then id descending. */
  async reviews(auth: AuthContext, clientId: number): Promise<{ items: TreatmentPlanReview[] }> {
    await clientOfPractice(this.db, auth, clientId);
    const rows = await this.db
      .select({ review: treatmentPlanReviews, author: authorName })
      .from(treatmentPlanReviews)
      .leftJoin(users, eq(users.id, treatmentPlanReviews.createdBy))
      .where(and(eq(treatmentPlanReviews.clientId, clientId), eq(treatmentPlanReviews.practiceId, auth.practiceId)))
      .orderBy(desc(treatmentPlanReviews.treatmentPlanVersionReviewed), desc(treatmentPlanReviews.id));
    return { items: rows.map((r) => toReview(r.review, r.author)) };
  }

  async review(auth: AuthContext, reviewId: number): Promise<TreatmentPlanReview> {
    const [row] = await this.db
      .select({ review: treatmentPlanReviews, author: authorName })
      .from(treatmentPlanReviews)
      .leftJoin(users, eq(users.id, treatmentPlanReviews.createdBy))
      .where(and(eq(treatmentPlanReviews.id, reviewId), eq(treatmentPlanReviews.practiceId, auth.practiceId)))
      .limit(1);
    if (!row) throw notFound(TREATMENT_PLAN_MESSAGES.reviewNotFound);
    return toReview(row.review, row.author);
  }

  async createReview(
    auth: AuthContext,
    request: FastifyRequest,
    planId: number,
    body: ReviewBody,
  ): Promise<TreatmentPlanReview> {
    const plan = await this.findPlan(this.db, auth, planId);
    if (!dateNotBefore(body.reviewDate, plan.startDate)) {
      const message = dateOrderMessage('the review date', "the plan's start date", plan.startDate);
      throw badRequest(message, { reviewDate: message });
    }
    const ids = [...new Set(body.goalProgress.map((g) => g.goalId))];
    const goals = ids.length
      ? await this.db
          .select({ id: treatmentPlanGoals.id, description: treatmentPlanGoals.description })
          .from(treatmentPlanGoals)
          .where(and(eq(treatmentPlanGoals.planId, plan.id), inArray(treatmentPlanGoals.id, ids)))
      : [];
    const byId = new Map(goals.map((g) => [g.id, g.description]));
    if (byId.size !== ids.length || ids.length !== body.goalProgress.length) {
      throw badRequest(TREATMENT_PLAN_MESSAGES.reviewGoalUnknown, {
        goalProgress: TREATMENT_PLAN_MESSAGES.reviewGoalUnknown,
      });
    }
    const [row] = await this.db
      .insert(treatmentPlanReviews)
      .values({
        practiceId: auth.practiceId,
        clientId: plan.clientId,
        planId: plan.id,
        treatmentPlanVersionReviewed: plan.treatmentPlanVersion,
        reviewDate: body.reviewDate,
        goalProgress: body.goalProgress.map((g) => ({
          goalId: g.goalId,
          goal: byId.get(g.goalId) ?? '',
          progress: g.progress,
          comment: g.comment,
        })),
        outcome: body.outcome,
        summary: body.summary,
        nextReviewDate: body.nextReviewDate,
        createdBy: auth.userId,
      })
      .returning();
    const created = await this.review(auth, row!.id);
    await this.p.audit.recordActivity(request, 'createTreatmentPlanReview', {
      id: created.id,
      clientId: created.clientId,
      facts: { on: created.reviewDate, version: created.treatmentPlanVersionReviewed },
    });
    return created;
  }

  async removeReview(auth: AuthContext, request: FastifyRequest, reviewId: number): Promise<{ detail: string }> {
    const review = await this.review(auth, reviewId);
    await this.db
      .delete(treatmentPlanReviews)
      .where(and(eq(treatmentPlanReviews.id, review.id), eq(treatmentPlanReviews.practiceId, auth.practiceId)));
    await this.p.audit.recordActivity(request, 'deleteTreatmentPlanReview', {
      id: review.id,
      clientId: review.clientId,
      facts: { on: review.reviewDate, version: review.treatmentPlanVersionReviewed },
    });
    return { detail: TREATMENT_PLAN_MESSAGES.reviewDeleted };
  }
}
