import { sessionHasStarted, type ClientSession } from '@halcyon/api/contract';
import type { AuthContext } from '../../platform/auth/guard';
import type { Platform } from '../../platform/context';
import { formatWhenForMail } from '../../platform/mail/when';
import { clientOfPractice } from '../clients/access';
import { memberName, practiceOf } from '../scheduling/diary/members';
import { sessionMovedMail } from './mail';
import type { SessionRow } from './shared';

/**
 * E-mails the client a session's new time (asked for when a session is moved, in its modal or on the diary): only when
 * its start changed, it has not started, and the client has an e-mail address. `later`: how many sessions of its series
 * moved with it. Answers whether a message went out.
 */
export async function mailSessionMoved(
  p: Platform,
  auth: AuthContext,
  session: SessionRow,
  previousStart: Date,
  later = 0,
): Promise<boolean> {
  if (session.startsAt.getTime() === previousStart.getTime() || sessionHasStarted(session.startsAt)) return false;
  const client = await clientOfPractice(p.database.db, auth, session.clientId);
  if (!client.email) return false;
  const practice = await practiceOf(p.database.db, auth.practiceId);
  await p.mailer.send(
    sessionMovedMail(
      {
        practiceName: practice.name,
        to: client.email,
        clientName: client.preferredName ?? client.firstName,
        therapistName: session.therapistId ? await memberName(p.database.db, session.therapistId) : practice.name,
        serviceName: session.serviceName,
        when: formatWhenForMail(session.startsAt, practice.timeZone),
        locationKind: session.locationKind as ClientSession['locationKind'],
        location: session.location,
        videoLink: session.videoLink,
      },
      formatWhenForMail(previousStart, practice.timeZone),
      later,
    ),
  );
  return true;
}
