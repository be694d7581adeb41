import { and, eq, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  SESSION_MESSAGES,
  SESSION_NOT_STARTED,
  formatAmount,
  holdsTime,
  sessionHasStarted,
  type ChargeKind,
  type ClientSession,
  type SessionCancellation,
  type cancelSessionBodySchema,
  type markAttendanceBodySchema,
} from '@halcyon/api/contract';
import type { AuthContext } from '../../platform/auth/guard';
import { badRequest, conflict } from '../../platform/errors';
import { clientOfPractice } from '../clients/access';
import { MeasuresService } from '../measures';
import { bookThroughDiary } from '../scheduling/diary';
import { chargeSession, type RecordedCharge } from '../scheduling/policies';
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
  type SessionRow,
} from './shared';
import { formatWhenForMail } from '../../platform/mail/when';

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
    // A missed or late-cancelled session charged per the policy: the fee is recorded with the attendance, in one
    // transaction (a late cancellation marked afterwards is taken as given at the start: the least notice).
    const chargeable = body.chargeFee && (body.status === 'did not attend' || body.status === 'late cancellation');
    const save = () =>
      this.db.transaction(async (tx) => {
        await saveSession(tx, auth, id, body.version, { status: body.status, chargeFee: body.chargeFee });
        return chargeSession(tx, auth, row, chargeable ? { kind: body.status as ChargeKind, at: row.startsAt } : null);
      });
    // Back from "did not attend" or "late cancellation" the session holds its time again: through the diary's guard.
    let charge: RecordedCharge | null;
    if (row.therapistId !== null && !holdsTime(row.status) && holdsTime(body.status) && !row.doubleBooked) {
      const booking = {
        therapistId: row.therapistId,
        ranges: [{ start: row.startsAt, end: row.endsAt }],
        exclude: { source: 'session' as const, ids: [id] },
      };
      charge = await bookThroughDiary(this.db, auth, booking, false, save);
    } else charge = await save();
    await this.p.audit.recordActivity(request, 'markSessionAttendance', {
      id,
      clientId: row.clientId,
      facts: { on: row.startsAt.toISOString(), status: body.status },
    });
    await this.recordCharge(request, row, charge);
    if ((body.status === 'attended' || body.status === 'late') && row.status !== body.status) {
      // A measure scheduled every few sessions goes out once enough were attended; the attendance stands either way.
      await new MeasuresService(this.p).sessionAttended(auth.practiceId, row.clientId).catch((error: unknown) => {
        request.log.error({ err: error, clientId: row.clientId }, 'scheduled measures after attendance failed');
      });
    }
    return sessionOf(this.db, auth, id);
  }

  /** Cancels: status 'cancelled' (the slot is free again) and a cancellation row, in one transaction; then the e-mail. */
  async cancel(auth: AuthContext, request: FastifyRequest, id: number, body: CancelBody): Promise<ClientSession> {
    const row = await sessionRow(this.db, auth, id);
    if (row.status === 'cancelled') throw conflict(SESSION_MESSAGES.alreadyCancelled);
    const client = await clientOfPractice(this.db, auth, row.clientId);
    const notify = body.notifyClient && Boolean(client.email);
    const charge = await this.db.transaction(async (tx) => {
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
      // The late fee per the cancellation policy, for the notice given now, recorded with the cancellation (the
      // client's fee: never when the therapist or the practice cancels).
      const charged = body.lateFee && body.cancelledBy === 'client';
      return chargeSession(tx, auth, row, charged ? { kind: 'late cancellation', at: new Date() } : null);
    });
    await this.p.audit.recordActivity(request, 'cancelSession', {
      id,
      clientId: row.clientId,
      facts: { on: row.startsAt.toISOString() },
    });
    await this.recordCharge(request, row, charge);
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
            when: formatWhenForMail(row.startsAt, practice.timeZone),
            locationKind: row.locationKind as ClientSession['locationKind'],
            location: row.location,
            videoLink: row.videoLink,
          },
          charge ? formatAmount(charge.amountMinor, charge.currency) : null,
        ),
      );
    }
    return sessionOf(this.db, auth, id);
  }

  /** The client's activity log names a recorded fee: "Late cancellation fee of £30.00 recorded for the session on 3 Nov". */
  private async recordCharge(request: FastifyRequest, row: SessionRow, charge: RecordedCharge | null): Promise<void> {
    if (!charge) return;
    await this.p.audit.record(request, {
      action: 'charge',
      entity: 'chargeable_item',
      entityId: charge.id,
      clientId: row.clientId,
      details: {
        on: row.startsAt.toISOString(),
        kind: charge.kind,
        amountMinor: charge.amountMinor,
        currency: charge.currency,
      },
    });
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
