import { and, eq, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  SESSION_MESSAGES,
  SESSION_NOT_STARTED,
  sessionHasStarted,
  type ClientSession,
  type SessionCancellation,
  type cancelSessionBodySchema,
  type markAttendanceBodySchema,
} from '@halcyon/api/contract';
import type { AuthContext } from '../../platform/auth/guard';
import { badRequest, conflict } from '../../platform/errors';
import { clientOfPractice } from '../clients/access';
import { bookThroughDiary, holdsTime } from '../scheduling/diary';
import { users } from '../users/schema';
import { sessionCancelledMail } from './mail';
import { clientSessions, sessionCancellations } from './schema';
import {
  fullName,
  memberName,
  practiceOf,
  sessionOf,
  sessionRow,
  toCancellation,
  SessionsArea,
  saveSession,
} from './shared';
import { formatWhenForClient } from './time';

type AttendanceBody = z.output<typeof markAttendanceBodySchema>;
type CancelBody = z.output<typeof cancelSessionBodySchema>;

/** Whether a session happened: attendance (once it has started), and cancellation, which releases the time slot. */
export class AttendanceService extends SessionsArea {
  async markAttendance(
    auth: AuthContext,
    request: FastifyRequest,
    id: number,
    body: AttendanceBody,
  ): Promise<ClientSession> {
    const row = await sessionRow(this.db, auth, id);
    if (row.status === 'cancelled') throw conflict(SESSION_MESSAGES.cancelledLocked);
    if (body.status !== 'scheduled' && !sessionHasStarted(row.startsAt)) {
      throw badRequest(SESSION_NOT_STARTED.attendance, { status: SESSION_NOT_STARTED.attendance });
    }
    const save = () => saveSession(this.db, auth, id, body.version, { status: body.status, chargeFee: body.chargeFee });
    // Back from "did not attend" or "late cancellation" the session holds its time again: through the diary's guard.
    if (row.therapistId !== null && !holdsTime(row.status) && holdsTime(body.status) && !row.doubleBooked) {
      const booking = {
        therapistId: row.therapistId,
        ranges: [{ start: row.startsAt, end: row.endsAt }],
        exclude: { source: 'session' as const, ids: [id] },
      };
      await bookThroughDiary(this.db, auth, booking, false, save);
    } else await save();
    await this.p.audit.recordActivity(request, 'markSessionAttendance', {
      id,
      clientId: row.clientId,
      facts: { on: row.startsAt.toISOString(), status: body.status },
    });
    return sessionOf(this.db, auth, id);
  }

  /** Cancels: status 'cancelled' (the slot is free again) and a cancellation row, in one transaction; then the e-mail. */
  async cancel(auth: AuthContext, request: FastifyRequest, id: number, body: CancelBody): Promise<ClientSession> {
    const row = await sessionRow(this.db, auth, id);
    if (row.status === 'cancelled') throw conflict(SESSION_MESSAGES.alreadyCancelled);
    const client = await clientOfPractice(this.db, auth, row.clientId);
    const notify = body.notifyClient && Boolean(client.email);
    await this.db.transaction(async (tx) => {
      await saveSession(
        tx,
        auth,
        id,
        body.version,
        { status: 'cancelled', chargeFee: body.lateFee },
        ne(clientSessions.status, 'cancelled'),
      );
      await tx.insert(sessionCancellations).values({
        practiceId: auth.practiceId,
        clientId: row.clientId,
        sessionId: id,
        cancelledBy: body.cancelledBy,
        reason: body.reason,
        lateFee: body.lateFee,
        notifyClient: body.notifyClient,
        notifiedAt: notify ? new Date() : null,
        recordedBy: auth.userId,
      });
    });
    await this.p.audit.recordActivity(request, 'cancelSession', {
      id,
      clientId: row.clientId,
      facts: { on: row.startsAt.toISOString() },
    });
    if (notify) {
      const practice = await practiceOf(this.db, auth.practiceId);
      await this.p.mailer.send(
        sessionCancelledMail(
          {
            practiceName: practice.name,
            to: client.email!,
            clientName: client.preferredName ?? client.firstName,
            therapistName: row.therapistId ? await memberName(this.db, row.therapistId) : practice.name,
            serviceName: row.serviceName,
            when: formatWhenForClient(row.startsAt, practice.timeZone),
            locationKind: row.locationKind as ClientSession['locationKind'],
            location: row.location,
            videoLink: row.videoLink,
          },
          body.lateFee,
        ),
      );
    }
    return sessionOf(this.db, auth, id);
  }

  async cancellation(auth: AuthContext, sessionId: number): Promise<SessionCancellation | null> {
    await sessionRow(this.db, auth, sessionId);
    const [row] = await this.db
      .select({ cancellation: sessionCancellations, first: users.firstName, last: users.lastName })
      .from(sessionCancellations)
      .leftJoin(users, eq(users.id, sessionCancellations.recordedBy))
      .where(and(eq(sessionCancellations.sessionId, sessionId), eq(sessionCancellations.practiceId, auth.practiceId)))
      .limit(1);
    return row ? toCancellation(row.cancellation, fullName(row.first, row.last)) : null;
  }
}
