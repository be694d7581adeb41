import crypto from 'node:crypto';
import { and, count, eq, gte, lt } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CLINICAL_ROLES,
  SESSION_MESSAGES,
  allows,
  type Appointment,
  type createAppointmentBodySchema,
} from '@halcyon/api/contract';
import { dayBounds } from '@halcyon/api/time';
import type { AuthContext } from '../../platform/auth/guard';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { clientOfPractice } from '../clients/access';
import { appointments, clientSessions } from './schema';
import { assertNoConflicts, practiceOf, therapistFor, SessionsArea } from './shared';
import { occurrences } from './time';

type AppointmentBody = z.output<typeof createAppointmentBodySchema>;

function toAppointment(row: typeof appointments.$inferSelect): Appointment {
  return {
    id: row.id,
    kind: row.kind as Appointment['kind'],
    title: row.title,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    allDay: row.allDay,
    seriesId: row.seriesId,
    recurrence: row.recurrence as Appointment['recurrence'],
    notes: row.notes,
    therapistId: row.therapistId,
    clientId: row.clientId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Appointments and blocked time in a member's calendar (every role), and the count of what is left of today. */
export class AppointmentsService extends SessionsArea {
  async createAppointment(auth: AuthContext, body: AppointmentBody): Promise<{ items: Appointment[] }> {
    const start = new Date(body.startsAt);
    const end = new Date(body.endsAt);
    if (end.getTime() <= start.getTime()) {
      throw badRequest(SESSION_MESSAGES.endBeforeStart, { endsAt: SESSION_MESSAGES.endBeforeStart });
    }
    if (body.clientId !== null) {
      // Only Admin and Therapist may name a client (SPEC.md §6): an Assistant is refused before any lookup, so the answer
      // never says which client ids exist.
      if (!allows(CLINICAL_ROLES, auth.role)) throw forbidden();
      await clientOfPractice(this.db, auth, body.clientId);
    }
    const therapistId = await therapistFor(this.db, auth, body.therapistId);
    const { timeZone } = await practiceOf(this.db, auth.practiceId);
    // An all-day entry covers whole local days, from the start's day to the end's day.
    const first = body.allDay ? dayBounds(start.getTime(), timeZone).start : start;
    const last = body.allDay ? dayBounds(end.getTime() - 1, timeZone).end : end;
    const length = last.getTime() - first.getTime();
    const ranges = occurrences(first, body.recurrence, timeZone).map((s) => ({
      start: s,
      end: new Date(s.getTime() + length),
    }));
    if (!body.ignoreConflicts && body.kind === 'appointment')
      await assertNoConflicts(this.db, auth, therapistId, ranges);
    const seriesId = ranges.length > 1 ? crypto.randomUUID() : null;
    const rows = await this.db
      .insert(appointments)
      .values(
        ranges.map((r) => ({
          practiceId: auth.practiceId,
          kind: body.kind,
          title: body.title,
          startsAt: r.start,
          endsAt: r.end,
          allDay: body.allDay,
          seriesId,
          recurrence: body.recurrence.frequency,
          notes: body.notes,
          therapistId,
          clientId: body.clientId,
          createdBy: auth.userId,
        })),
      )
      .returning();
    return { items: rows.map(toAppointment) };
  }

  async removeAppointment(auth: AuthContext, id: number): Promise<{ detail: string }> {
    const [row] = await this.db
      .delete(appointments)
      .where(and(eq(appointments.id, id), eq(appointments.practiceId, auth.practiceId)))
      .returning({ kind: appointments.kind });
    if (!row) throw notFound(SESSION_MESSAGES.appointmentNotFound);
    return {
      detail: row.kind === 'blocked time' ? SESSION_MESSAGES.blockedTimeDeleted : SESSION_MESSAGES.appointmentDeleted,
    };
  }

  /** The member's sessions (still scheduled) and appointments that start between now and the end of today (practice time). */
  async todayCount(auth: AuthContext, now = new Date()): Promise<{ count: number }> {
    const { timeZone } = await practiceOf(this.db, auth.practiceId);
    const { end } = dayBounds(now.getTime(), timeZone);
    const [sessions] = await this.db
      .select({ n: count() })
      .from(clientSessions)
      .where(
        and(
          eq(clientSessions.practiceId, auth.practiceId),
          eq(clientSessions.therapistId, auth.userId),
          eq(clientSessions.status, 'scheduled'),
          gte(clientSessions.startsAt, now),
          lt(clientSessions.startsAt, end),
        ),
      );
    const [others] = await this.db
      .select({ n: count() })
      .from(appointments)
      .where(
        and(
          eq(appointments.practiceId, auth.practiceId),
          eq(appointments.therapistId, auth.userId),
          eq(appointments.kind, 'appointment'),
          gte(appointments.startsAt, now),
          lt(appointments.startsAt, end),
        ),
      );
    return { count: Number(sessions?.n ?? 0) + Number(others?.n ?? 0) };
  }
}
