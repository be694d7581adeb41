import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ITEM_SHARED_MESSAGE,
  MEASURES,
  MEASURES_MESSAGES,
  MEASURE_CODES,
  MEASURE_LINK_TTL_DAYS,
  answerProblems,
  reliableChange,
  inClinicalRange,
  scoreMeasure,
  type Assessment,
  type AssessmentInsights,
  type AssessmentSchedule,
  type AssessmentStatus,
  type AssessmentSummary,
  type ClinicalProfileSection,
  type ClinicalProfileSectionType,
  type Diagnosis,
  type InitialAssessment,
  type MeasureCode,
  type MeasureInsight,
  type PublicMeasure,
  type createAssessmentBodySchema,
  type createAssessmentScheduleBodySchema,
  type createDiagnosisBodySchema,
  type saveClinicalProfileSectionBodySchema,
  type saveInitialAssessmentBodySchema,
  type sendMeasureBodySchema,
  type updateAssessmentBodySchema,
  type updateDiagnosisBodySchema,
  shiftDate,
} from '@halcyon/api/contract';
import { todayIn } from '@halcyon/api/time';
import type { AuthContext } from '../../platform/auth/guard';
import { hashToken, randomToken } from '../../platform/auth/tokens';
import type { Platform } from '../../platform/context';
import type { Db } from '../../platform/db';
import { clientSessions, notificationPreferences, practiceDetails, practices, users } from '../../schema';
import { HttpError, badRequest, conflict, notFound } from '../../platform/errors';
import { clientOfPractice } from '../clients/access';
import type { clients } from '../clients/schema';
import { NotificationService } from '../notifications/service';
import { templatedMail } from '../workspace/templates';
import { completedMeasureMail, measureLinkSmallPrint } from './mail';
import {
  assessmentSchedules,
  assessments,
  clinicalProfileSections,
  diagnoses,
  initialAssessments,
  measureLinks,
} from './schema';

const DAY_MS = 24 * 60 * 60 * 1000;

type AssessmentRow = typeof assessments.$inferSelect;
type ScheduleRow = typeof assessmentSchedules.$inferSelect;
type ClientRow = typeof clients.$inferSelect;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function bandOf(row: AssessmentRow) {
  return row.band === null || row.bandLevel === null ? null : { label: row.band, level: row.bandLevel };
}

function toSummary(row: AssessmentRow): AssessmentSummary {
  const measure = row.measure as MeasureCode;
  const scored = scoreMeasure(measure, row.answers);
  return {
    id: row.id,
    clientId: row.clientId,
    measure,
    status: row.status as AssessmentStatus,
    score: row.score,
    band: bandOf(row),
    aboveCutoff: row.score === null ? null : inClinicalRange(measure, row.score),
    completedOn: row.completedOn,
    source: row.source === 'client' ? 'client' : 'therapist',
    riskFlags: scored.riskFlags,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toAssessment(row: AssessmentRow): Assessment {
  return { ...toSummary(row), answers: row.answers, notes: row.notes };
}

function toSchedule(row: ScheduleRow): AssessmentSchedule {
  return {
    id: row.id,
    clientId: row.clientId,
    measure: row.measure as MeasureCode,
    startDate: row.startDate,
    repeatEveryWeeks: row.repeatEveryWeeks,
    repeatEverySessions: row.repeatEverySessions,
    nextSendOn: row.nextSendOn,
    lastSentAt: iso(row.lastSentAt),
    active: row.active,
    sendTo: row.sendTo,
    createdAt: row.createdAt.toISOString(),
  };
}

function toInitial(row: typeof initialAssessments.$inferSelect): InitialAssessment {
  return {
    id: row.id,
    clientId: row.clientId,
    presentingProblem: row.presentingProblem,
    history: row.history,
    mentalState: row.mentalState,
    riskScreen: row.riskScreen,
    goals: row.goals,
    formulation: row.formulation,
    assessedOn: row.assessedOn,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toSection(row: typeof clinicalProfileSections.$inferSelect): ClinicalProfileSection {
  return {
    id: row.id,
    clientId: row.clientId,
    sectionType: row.sectionType as ClinicalProfileSectionType,
    content: row.content,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toDiagnosis(row: typeof diagnoses.$inferSelect): Diagnosis {
  return {
    id: row.id,
    clientId: row.clientId,
    system: row.system as Diagnosis['system'],
    code: row.code,
    description: row.description,
    isPrimary: row.isPrimary,
    diagnosedOn: row.diagnosedOn,
    notes: row.notes,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The score, band and submitted time stored with a set of answers. */
function scoredColumns(measure: MeasureCode, answers: (number | null)[], status: AssessmentStatus) {
  const score = scoreMeasure(measure, answers);
  return {
    score: score.complete ? score.total : null,
    band: score.band?.label ?? null,
    bandLevel: score.band?.level ?? null,
    submittedAt: status === 'submitted' ? new Date() : null,
  };
}

/** 400 naming every unanswered or invalid question (fields `answers.N`). */
function checkAnswers(measure: MeasureCode, answers: (number | null)[], status: AssessmentStatus): void {
  const problems = answerProblems(measure, answers, { complete: status === 'submitted' });
  if (problems.length === 0) return;
  const fields = Object.fromEntries(
    problems.map((p) => [p.index < 0 ? 'answers' : `answers.${p.index}`, p.message] as const),
  );
  const detail =
    problems.length === 1
      ? problems[0]!.message
      : `${problems.length} questions need an answer or a listed choice: ${problems
          .slice(0, 5)
          .map((p) => p.index + 1)
          .join(', ')}${problems.length > 5 ? '…' : ''}.`;
  throw badRequest(detail, fields);
}

/** "Jane D.": enough for the therapist to know whom a notification is about. */
function shortName(client: ClientRow): string {
  const first = client.preferredName ?? client.firstName;
  return client.lastName ? `${first} ${client.lastName.charAt(0)}.` : first;
}

/**
 * Outcome measures and a client's assessment records. Every per-client call loads the client through
 * `clientOfPractice` (404 for another practice's); records fetched by their own id are scoped by practice_id too.
 */
export class MeasuresService {
  constructor(private readonly p: Platform) {}

  private get db(): Db {
    return this.p.database.db;
  }

  private async practiceOf(practiceId: number) {
    const [row] = await this.db
      .select({ name: practices.name, timeZone: practiceDetails.timeZone })
      .from(practices)
      .leftJoin(practiceDetails, eq(practiceDetails.practiceId, practices.id))
      .where(eq(practices.id, practiceId))
      .limit(1);
    return { name: row?.name ?? 'Your practice', timeZone: row?.timeZone ?? 'Europe/London' };
  }

  private link(token: string): string {
    const base = this.p.config.PUBLIC_URL ?? `http://localhost:${this.p.config.PORT}`;
    return `${base.replace(/\/$/, '')}/Measure/${encodeURIComponent(token)}`;
  }

  // ---- assessments --------------------------------------------------------------------------------------------------

  async list(auth: AuthContext, clientId: number): Promise<AssessmentSummary[]> {
    await clientOfPractice(this.db, auth, clientId);
    const rows = await this.db
      .select()
      .from(assessments)
      .where(and(eq(assessments.practiceId, auth.practiceId), eq(assessments.clientId, clientId)))
      .orderBy(desc(assessments.completedOn), desc(assessments.id));
    return rows.map(toSummary);
  }

  private async row(auth: AuthContext, id: number): Promise<AssessmentRow> {
    const [row] = await this.db
      .select()
      .from(assessments)
      .where(and(eq(assessments.id, id), eq(assessments.practiceId, auth.practiceId)))
      .limit(1);
    if (!row) throw notFound(MEASURES_MESSAGES.assessmentNotFound);
    return row;
  }

  async get(auth: AuthContext, id: number): Promise<Assessment> {
    return toAssessment(await this.row(auth, id));
  }

  async create(
    auth: AuthContext,
    clientId: number,
    body: z.output<typeof createAssessmentBodySchema>,
  ): Promise<Assessment> {
    await clientOfPractice(this.db, auth, clientId);
    checkAnswers(body.measure, body.answers, body.status);
    const completedOn = body.completedOn ?? todayIn((await this.practiceOf(auth.practiceId)).timeZone);
    const [row] = await this.db
      .insert(assessments)
      .values({
        practiceId: auth.practiceId,
        clientId,
        measure: body.measure,
        status: body.status,
        answers: body.answers,
        ...scoredColumns(body.measure, body.answers, body.status),
        completedOn,
        source: 'therapist',
        notes: body.notes ?? null,
        createdBy: auth.userId,
      })
      .returning();
    return toAssessment(row!);
  }

  async update(auth: AuthContext, id: number, body: z.output<typeof updateAssessmentBodySchema>): Promise<Assessment> {
    const current = await this.row(auth, id);
    if (current.status === 'submitted') throw conflict(MEASURES_MESSAGES.submittedFinal);
    if (current.version !== body.version) throw conflict(MEASURES_MESSAGES.assessmentStale);
    const measure = current.measure as MeasureCode;
    checkAnswers(measure, body.answers, body.status);
    const [row] = await this.db
      .update(assessments)
      .set({
        status: body.status,
        answers: body.answers,
        ...scoredColumns(measure, body.answers, body.status),
        ...(body.completedOn ? { completedOn: body.completedOn } : {}),
        ...(body.notes !== undefined ? { notes: body.notes } : {}),
        version: sql`${assessments.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(assessments.id, id),
          eq(assessments.practiceId, auth.practiceId),
          eq(assessments.version, body.version),
          eq(assessments.status, 'draft'),
        ),
      )
      .returning();
    if (!row) throw conflict(MEASURES_MESSAGES.assessmentStale);
    return toAssessment(row);
  }

  async remove(auth: AuthContext, id: number): Promise<{ detail: string }> {
    const [row] = await this.db
      .delete(assessments)
      .where(and(eq(assessments.id, id), eq(assessments.practiceId, auth.practiceId)))
      .returning({ id: assessments.id });
    if (!row) throw notFound(MEASURES_MESSAGES.assessmentNotFound);
    return { detail: MEASURES_MESSAGES.deleted };
  }

  async insights(auth: AuthContext, clientId: number): Promise<AssessmentInsights> {
    await clientOfPractice(this.db, auth, clientId);
    const rows = await this.db
      .select()
      .from(assessments)
      .where(
        and(
          eq(assessments.practiceId, auth.practiceId),
          eq(assessments.clientId, clientId),
          eq(assessments.status, 'submitted'),
        ),
      )
      .orderBy(asc(assessments.completedOn), asc(assessments.id));
    const measures: MeasureInsight[] = [];
    for (const code of MEASURE_CODES) {
      const series = rows
        .filter((row) => row.measure === code && row.score !== null)
        .map((row) => ({ assessmentId: row.id, date: row.completedOn, score: row.score!, band: row.band }));
      const first = series[0];
      const last = series.at(-1);
      if (!first || !last) continue;
      const definition = MEASURES[code];
      measures.push({
        measure: code,
        name: definition.name,
        minScore: definition.minScore,
        maxScore: definition.maxScore,
        clinicalCutoff: definition.clinicalCutoff,
        better: definition.better,
        reliableChangeThreshold: definition.reliableChange,
        series,
        baseline: first.score,
        latest: last.score,
        change: last.score - first.score,
        outcome: series.length > 1 ? reliableChange(code, first.score, last.score) : null,
        latestBand: last.band,
        latestAboveCutoff: inClinicalRange(code, last.score),
      });
    }
    return { measures };
  }

  // ---- links, sending and schedules ---------------------------------------------------------------------------------

  /** Makes a single-use link (stored hashed) and e-mails it; answers the address and when the link expires. */
  private async sendLink(
    practiceId: number,
    client: ClientRow,
    measure: MeasureCode,
    to: string,
    options: { requestedBy: number | null; scheduleId?: number; message?: string | null },
  ): Promise<{ linkId: number; sentTo: string; expiresAt: string }> {
    const token = randomToken();
    const expiresAt = new Date(Date.now() + MEASURE_LINK_TTL_DAYS * DAY_MS);
    const [link] = await this.db
      .insert(measureLinks)
      .values({
        practiceId,
        clientId: client.id,
        measure,
        tokenHash: hashToken(token),
        expiresAt,
        requestedBy: options.requestedBy,
        scheduleId: options.scheduleId ?? null,
      })
      .returning({ id: measureLinks.id });
    const practice = await this.practiceOf(practiceId);
    const firstName = client.preferredName ?? client.firstName;
    // The practice's measure-link e-mail (Settings > Template-library), or the built-in one; the button and the small
    // print are Halcyon's.
    await this.p.mailer.send(
      await templatedMail(this.db, practiceId, 'measure-link', {
        to,
        brand: { name: practice.name, logoUrl: null },
        values: {
          'client.firstName': firstName,
          'client.lastName': client.lastName,
          'client.fullName': `${firstName} ${client.lastName}`.trim(),
          'practice.name': practice.name,
          'measure.title': MEASURES[measure].title,
          'link.url': this.link(token),
          'link.expiresInDays': String(MEASURE_LINK_TTL_DAYS),
        },
        action: { label: 'Fill in the questionnaire', url: this.link(token) },
        after: measureLinkSmallPrint(MEASURE_LINK_TTL_DAYS),
        message: options.message ?? null,
      }),
    );
    return { linkId: link!.id, sentTo: to, expiresAt: expiresAt.toISOString() };
  }

  private addressFor(client: ClientRow, email: string | undefined): string {
    const to = email ?? client.email;
    if (!to) throw badRequest(MEASURES_MESSAGES.noEmail, { email: MEASURES_MESSAGES.noEmail });
    return to;
  }

  async sendNow(auth: AuthContext, clientId: number, body: z.output<typeof sendMeasureBodySchema>) {
    const client = await clientOfPractice(this.db, auth, clientId);
    const { linkId: _linkId, ...sent } = await this.sendLinkTo(auth, client, body.measure, body.email, body.message);
    return { detail: ITEM_SHARED_MESSAGE, ...sent };
  }

  /** E-mails the client (or `email`) a single-use link to complete `measure` now; send-to-client uses it too. */
  async sendLinkTo(
    auth: AuthContext,
    client: ClientRow,
    measure: MeasureCode,
    email?: string | null,
    message?: string | null,
  ): Promise<{ linkId: number; sentTo: string; expiresAt: string }> {
    const to = this.addressFor(client, email ?? undefined);
    return this.sendLink(auth.practiceId, client, measure, to, { requestedBy: auth.userId, message: message ?? null });
  }

  async schedules(auth: AuthContext, clientId: number): Promise<AssessmentSchedule[]> {
    await clientOfPractice(this.db, auth, clientId);
    const rows = await this.db
      .select()
      .from(assessmentSchedules)
      .where(and(eq(assessmentSchedules.practiceId, auth.practiceId), eq(assessmentSchedules.clientId, clientId)))
      .orderBy(desc(assessmentSchedules.active), desc(assessmentSchedules.id));
    return rows.map(toSchedule);
  }

  async schedule(
    auth: AuthContext,
    clientId: number,
    body: z.output<typeof createAssessmentScheduleBodySchema>,
  ): Promise<AssessmentSchedule> {
    const client = await clientOfPractice(this.db, auth, clientId);
    this.addressFor(client, body.email);
    const [row] = await this.db
      .insert(assessmentSchedules)
      .values({
        practiceId: auth.practiceId,
        clientId,
        measure: body.measure,
        startDate: body.startDate,
        repeatEveryWeeks: body.repeatEveryWeeks,
        repeatEverySessions: body.repeatEverySessions,
        nextSendOn: body.startDate,
        sendTo: body.email ?? null,
        createdBy: auth.userId,
      })
      .returning();
    // A schedule starting today (or earlier) sends its first link at once.
    const today = todayIn((await this.practiceOf(auth.practiceId)).timeZone);
    if (body.startDate <= today) await this.sendDue(today, row!.id);
    const [fresh] = await this.db.select().from(assessmentSchedules).where(eq(assessmentSchedules.id, row!.id));
    return toSchedule(fresh!);
  }

  async cancelSchedule(auth: AuthContext, id: number): Promise<{ detail: string }> {
    const [row] = await this.db
      .update(assessmentSchedules)
      .set({ active: false, nextSendOn: null, updatedAt: sql`now()` })
      .where(and(eq(assessmentSchedules.id, id), eq(assessmentSchedules.practiceId, auth.practiceId)))
      .returning({ id: assessmentSchedules.id });
    if (!row) throw notFound(MEASURES_MESSAGES.scheduleNotFound);
    return { detail: MEASURES_MESSAGES.scheduleCancelled };
  }

  /**
   * Sends every scheduled measure due on or before `today` (the job runs this; so does creating a schedule that starts
   * today). Each schedule is claimed by moving its next date with a conditional update, so two server instances never
   * send the same link twice. Answers how many links were sent.
   */
  async sendDue(today: string, onlyScheduleId?: number): Promise<number> {
    const due = await this.db
      .select()
      .from(assessmentSchedules)
      .where(
        and(
          eq(assessmentSchedules.active, true),
          lte(assessmentSchedules.nextSendOn, today),
          ...(onlyScheduleId ? [eq(assessmentSchedules.id, onlyScheduleId)] : []),
        ),
      )
      .orderBy(asc(assessmentSchedules.id))
      .limit(500);
    let sent = 0;
    for (const schedule of due) {
      const current = schedule.nextSendOn!;
      let next: string | null = null;
      if (schedule.repeatEveryWeeks) {
        next = current;
        while (next <= today) next = shiftDate(next, { days: schedule.repeatEveryWeeks * 7 });
      }
      // A schedule by sessions stays active once its first link is out: attendance sends the next ones.
      const active = next !== null || schedule.repeatEverySessions !== null;
      const [claimed] = await this.db
        .update(assessmentSchedules)
        .set({ nextSendOn: next, active, lastSentAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(assessmentSchedules.id, schedule.id), eq(assessmentSchedules.nextSendOn, current)))
        .returning({ id: assessmentSchedules.id });
      if (!claimed) continue;
      if (await this.sendScheduled(schedule)) sent += 1;
    }
    return sent;
  }

  /**
   * After a session of the client is marked attended (or late): each of the client's schedules that repeats by
   * sessions, once its first link is out, sends again when the client has attended that many sessions since the last
   * send. Claimed by moving `lastSentAt` with a conditional update, so marking two sessions at once sends one link.
   */
  async sessionAttended(practiceId: number, clientId: number): Promise<number> {
    const schedules = await this.db
      .select()
      .from(assessmentSchedules)
      .where(
        and(
          eq(assessmentSchedules.practiceId, practiceId),
          eq(assessmentSchedules.clientId, clientId),
          eq(assessmentSchedules.active, true),
          isNotNull(assessmentSchedules.repeatEverySessions),
          isNull(assessmentSchedules.nextSendOn),
          isNotNull(assessmentSchedules.lastSentAt),
        ),
      );
    let sent = 0;
    for (const schedule of schedules) {
      const since = schedule.lastSentAt!;
      const [{ attended } = { attended: 0 }] = await this.db
        .select({ attended: sql<number>`count(*)::int` })
        .from(clientSessions)
        .where(
          and(
            eq(clientSessions.practiceId, practiceId),
            eq(clientSessions.clientId, clientId),
            inArray(clientSessions.status, ['attended', 'late']),
            gt(clientSessions.startsAt, since),
          ),
        );
      if (Number(attended) < schedule.repeatEverySessions!) continue;
      const [claimed] = await this.db
        .update(assessmentSchedules)
        .set({ lastSentAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(assessmentSchedules.id, schedule.id), eq(assessmentSchedules.lastSentAt, since)))
        .returning({ id: assessmentSchedules.id });
      if (claimed && (await this.sendScheduled(schedule))) sent += 1;
    }
    return sent;
  }

  /** E-mails a scheduled measure's link to its address (or the client's); false when there is no one to send it to. */
  private async sendScheduled(schedule: ScheduleRow): Promise<boolean> {
    const client = await clientOfPractice(
      this.db,
      { practiceId: schedule.practiceId, userId: 0, role: 'Admin', sessionId: '' },
      schedule.clientId,
    ).catch(() => null);
    const to = schedule.sendTo ?? client?.email ?? null;
    if (!client || !to) return false;
    await this.sendLink(schedule.practiceId, client, schedule.measure as MeasureCode, to, {
      requestedBy: schedule.createdBy,
      scheduleId: schedule.id,
    });
    return true;
  }

  /** The link's row when it can still be used; otherwise the reason, as an error the client's page shows. */
  private async usableLink(token: string) {
    const [link] = await this.db
      .select()
      .from(measureLinks)
      .where(eq(measureLinks.tokenHash, hashToken(token)))
      .limit(1);
    if (!link) throw notFound(MEASURES_MESSAGES.linkInvalid);
    if (link.usedAt) throw new HttpError(410, MEASURES_MESSAGES.linkUsed);
    if (link.expiresAt.getTime() <= Date.now()) throw new HttpError(410, MEASURES_MESSAGES.linkExpired);
    return link;
  }

  async publicMeasure(token: string): Promise<PublicMeasure> {
    const link = await this.usableLink(token);
    const practice = await this.practiceOf(link.practiceId);
    return {
      measure: link.measure as MeasureCode,
      practiceName: practice.name,
      expiresAt: link.expiresAt.toISOString(),
    };
  }

  /** Stores the client's answers as a submitted assessment, uses up the link, and tells the therapist. */
  async submitPublic(token: string, answers: (number | null)[], request: FastifyRequest): Promise<{ detail: string }> {
    const link = await this.usableLink(token);
    const measure = link.measure as MeasureCode;
    checkAnswers(measure, answers, 'submitted');
    const practice = await this.practiceOf(link.practiceId);
    const saved = await this.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(measureLinks)
        .set({ usedAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(measureLinks.id, link.id), isNull(measureLinks.usedAt), gt(measureLinks.expiresAt, sql`now()`)))
        .returning({ id: measureLinks.id });
      if (!claimed) return null;
      const [row] = await tx
        .insert(assessments)
        .values({
          practiceId: link.practiceId,
          clientId: link.clientId,
          measure,
          status: 'submitted',
          answers,
          ...scoredColumns(measure, answers, 'submitted'),
          completedOn: todayIn(practice.timeZone),
          source: 'client',
          createdBy: null,
        })
        .returning();
      await tx.update(measureLinks).set({ assessmentId: row!.id }).where(eq(measureLinks.id, link.id));
      return row!;
    });
    // Another tab submitted first, or the link expired in between: the same answer as a used or expired link.
    if (!saved) await this.usableLink(token);
    if (!saved) throw new HttpError(410, MEASURES_MESSAGES.linkUsed);

    await this.p.audit.record(request, {
      action: 'submit',
      entity: 'assessment',
      entityId: saved.id,
      practiceId: link.practiceId,
      role: 'client',
      details: { measure, source: 'link' },
    });
    const [client] = await this.clientRows(link.practiceId, link.clientId);
    const recipient = link.requestedBy ?? client?.therapistId ?? null;
    if (recipient && client) {
      const score = scoreMeasure(measure, answers);
      const flag = score.riskFlags.length > 0 ? ` ${score.riskFlags.join(' ')} Please review risk.` : '';
      await new NotificationService(this.db).create({
        practiceId: link.practiceId,
        userId: recipient,
        title: `${MEASURES[measure].name} completed`,
        content: `${shortName(client)} completed the ${MEASURES[measure].name}: score ${score.total} (${score.band?.label ?? 'no band'}).${flag}`,
        category: flag ? 'warning' : 'info',
        link: `/Clients/${link.clientId}?tab=assessments`,
      });
      await this.emailTherapist(recipient, practice.name, MEASURES[measure].name);
    }
    return { detail: MEASURES_MESSAGES.thanks };
  }

  /**
   * E-mails the therapist that a measure came in, when their "Outcome measures completed by clients" preference is on (it
   * is on until they turn it off). The e-mail names no client and no score: those stay behind the sign-in.
   */
  private async emailTherapist(userId: number, practiceName: string, measureName: string): Promise<void> {
    const [row] = await this.db
      .select({ email: users.email, firstName: users.firstName, wanted: notificationPreferences.completedMeasures })
      .from(users)
      .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
      .where(eq(users.id, userId))
      .limit(1);
    if (!row || row.wanted === false) return;
    const base = this.p.config.PUBLIC_URL ?? `http://localhost:${this.p.config.PORT}`;
    await this.p.mailer.send(
      completedMeasureMail({
        to: row.email,
        firstName: row.firstName,
        practiceName,
        measureName,
        url: `${base.replace(/\/$/, '')}/Login`,
      }),
    );
  }

  private clientRows(practiceId: number, clientId: number) {
    return clientOfPractice(this.db, { practiceId, userId: 0, role: 'Admin', sessionId: '' }, clientId)
      .then((client) => [client])
      .catch(() => []);
  }

  // ---- initial assessment -------------------------------------------------------------------------------------------

  async initial(auth: AuthContext, clientId: number): Promise<InitialAssessment | null> {
    await clientOfPractice(this.db, auth, clientId);
    const [row] = await this.db
      .select()
      .from(initialAssessments)
      .where(and(eq(initialAssessments.practiceId, auth.practiceId), eq(initialAssessments.clientId, clientId)))
      .limit(1);
    return row ? toInitial(row) : null;
  }

  async saveInitial(
    auth: AuthContext,
    clientId: number,
    body: z.output<typeof saveInitialAssessmentBodySchema>,
  ): Promise<InitialAssessment> {
    await clientOfPractice(this.db, auth, clientId);
    const values = {
      ...(body.presentingProblem !== undefined ? { presentingProblem: body.presentingProblem } : {}),
      ...(body.history !== undefined ? { history: body.history } : {}),
      ...(body.mentalState !== undefined ? { mentalState: body.mentalState } : {}),
      ...(body.riskScreen !== undefined ? { riskScreen: body.riskScreen } : {}),
      ...(body.goals !== undefined ? { goals: body.goals } : {}),
      ...(body.formulation !== undefined ? { formulation: body.formulation } : {}),
      ...(body.assessedOn !== undefined ? { assessedOn: body.assessedOn } : {}),
      updatedBy: auth.userId,
    };
    if (body.version === null) {
      const [row] = await this.db
        .insert(initialAssessments)
        .values({ practiceId: auth.practiceId, clientId, ...values })
        .onConflictDoNothing()
        .returning();
      if (!row) throw conflict(MEASURES_MESSAGES.initialStale);
      return toInitial(row);
    }
    const [row] = await this.db
      .update(initialAssessments)
      .set({ ...values, version: sql`${initialAssessments.version} + 1`, updatedAt: sql`now()` })
      .where(
        and(
          eq(initialAssessments.practiceId, auth.practiceId),
          eq(initialAssessments.clientId, clientId),
          eq(initialAssessments.version, body.version),
        ),
      )
      .returning();
    if (!row) throw conflict(MEASURES_MESSAGES.initialStale);
    return toInitial(row);
  }

  // ---- clinical profile ---------------------------------------------------------------------------------------------

  async profile(auth: AuthContext, clientId: number): Promise<ClinicalProfileSection[]> {
    await clientOfPractice(this.db, auth, clientId);
    const rows = await this.db
      .select()
      .from(clinicalProfileSections)
      .where(
        and(eq(clinicalProfileSections.practiceId, auth.practiceId), eq(clinicalProfileSections.clientId, clientId)),
      )
      .orderBy(asc(clinicalProfileSections.id));
    return rows.map(toSection);
  }

  async section(auth: AuthContext, id: number): Promise<ClinicalProfileSection> {
    const [row] = await this.db
      .select()
      .from(clinicalProfileSections)
      .where(and(eq(clinicalProfileSections.id, id), eq(clinicalProfileSections.practiceId, auth.practiceId)))
      .limit(1);
    if (!row) throw notFound(MEASURES_MESSAGES.sectionNotFound);
    return toSection(row);
  }

  async sectionByType(
    auth: AuthContext,
    clientId: number,
    type: ClinicalProfileSectionType,
  ): Promise<ClinicalProfileSection | null> {
    await clientOfPractice(this.db, auth, clientId);
    const [row] = await this.db
      .select()
      .from(clinicalProfileSections)
      .where(
        and(
          eq(clinicalProfileSections.practiceId, auth.practiceId),
          eq(clinicalProfileSections.clientId, clientId),
          eq(clinicalProfileSections.sectionType, type),
        ),
      )
      .limit(1);
    return row ? toSection(row) : null;
  }

  async saveSection(
    auth: AuthContext,
    clientId: number,
    type: ClinicalProfileSectionType,
    body: z.output<typeof saveClinicalProfileSectionBodySchema>,
  ): Promise<ClinicalProfileSection> {
    await clientOfPractice(this.db, auth, clientId);
    if (body.version === null) {
      const [row] = await this.db
        .insert(clinicalProfileSections)
        .values({
          practiceId: auth.practiceId,
          clientId,
          sectionType: type,
          content: body.content,
          updatedBy: auth.userId,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw conflict(MEASURES_MESSAGES.sectionStale);
      return toSection(row);
    }
    const [row] = await this.db
      .update(clinicalProfileSections)
      .set({
        content: body.content,
        updatedBy: auth.userId,
        version: sql`${clinicalProfileSections.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(clinicalProfileSections.practiceId, auth.practiceId),
          eq(clinicalProfileSections.clientId, clientId),
          eq(clinicalProfileSections.sectionType, type),
          eq(clinicalProfileSections.version, body.version),
        ),
      )
      .returning();
    if (!row) throw conflict(MEASURES_MESSAGES.sectionStale);
    return toSection(row);
  }

  // ---- diagnosis ----------------------------------------------------------------------------------------------------

  async diagnoses(auth: AuthContext, clientId: number): Promise<Diagnosis[]> {
    await clientOfPractice(this.db, auth, clientId);
    const rows = await this.db
      .select()
      .from(diagnoses)
      .where(and(eq(diagnoses.practiceId, auth.practiceId), eq(diagnoses.clientId, clientId)))
      .orderBy(desc(diagnoses.isPrimary), desc(diagnoses.id));
    return rows.map(toDiagnosis);
  }

  async addDiagnosis(
    auth: AuthContext,
    clientId: number,
    body: z.output<typeof createDiagnosisBodySchema>,
  ): Promise<Diagnosis> {
    await clientOfPractice(this.db, auth, clientId);
    const row = await this.db.transaction(async (tx) => {
      if (body.isPrimary) {
        await tx
          .update(diagnoses)
          .set({ isPrimary: false, version: sql`${diagnoses.version} + 1`, updatedAt: sql`now()` })
          .where(
            and(
              eq(diagnoses.practiceId, auth.practiceId),
              eq(diagnoses.clientId, clientId),
              eq(diagnoses.isPrimary, true),
            ),
          );
      }
      const [inserted] = await tx
        .insert(diagnoses)
        .values({
          practiceId: auth.practiceId,
          clientId,
          system: body.system,
          code: body.code ?? null,
          description: body.description,
          isPrimary: body.isPrimary ?? false,
          diagnosedOn: body.diagnosedOn ?? null,
          notes: body.notes ?? null,
        })
        .returning();
      return inserted!;
    });
    return toDiagnosis(row);
  }

  async updateDiagnosis(
    auth: AuthContext,
    id: number,
    body: z.output<typeof updateDiagnosisBodySchema>,
  ): Promise<Diagnosis> {
    const [current] = await this.db
      .select()
      .from(diagnoses)
      .where(and(eq(diagnoses.id, id), eq(diagnoses.practiceId, auth.practiceId)))
      .limit(1);
    if (!current) throw notFound(MEASURES_MESSAGES.diagnosisNotFound);
    if (current.version !== body.version) throw conflict(MEASURES_MESSAGES.diagnosisStale);
    const row = await this.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(diagnoses)
        .set({
          system: body.system,
          code: body.code ?? null,
          description: body.description,
          ...(body.isPrimary !== undefined ? { isPrimary: body.isPrimary } : {}),
          ...(body.diagnosedOn !== undefined ? { diagnosedOn: body.diagnosedOn } : {}),
          ...(body.notes !== undefined ? { notes: body.notes } : {}),
          version: sql`${diagnoses.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(
          and(eq(diagnoses.id, id), eq(diagnoses.practiceId, auth.practiceId), eq(diagnoses.version, body.version)),
        )
        .returning();
      if (!updated) return null;
      if (body.isPrimary) {
        await tx
          .update(diagnoses)
          .set({ isPrimary: false, version: sql`${diagnoses.version} + 1`, updatedAt: sql`now()` })
          .where(
            and(
              eq(diagnoses.practiceId, auth.practiceId),
              eq(diagnoses.clientId, current.clientId),
              eq(diagnoses.isPrimary, true),
              sql`${diagnoses.id} <> ${id}`,
            ),
          );
      }
      return updated;
    });
    if (!row) throw conflict(MEASURES_MESSAGES.diagnosisStale);
    return toDiagnosis(row);
  }

  async deleteDiagnosis(auth: AuthContext, id: number): Promise<{ detail: string }> {
    const [row] = await this.db
      .delete(diagnoses)
      .where(and(eq(diagnoses.id, id), eq(diagnoses.practiceId, auth.practiceId)))
      .returning({ id: diagnoses.id });
    if (!row) throw notFound(MEASURES_MESSAGES.diagnosisNotFound);
    return { detail: MEASURES_MESSAGES.diagnosisDeleted };
  }
}
