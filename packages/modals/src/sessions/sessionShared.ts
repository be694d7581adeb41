import type { ClientSession } from '@halcyon/api/contract';
import { SESSION_STATUS_LABELS } from '@halcyon/api/contract';
import { formatWhen } from '@halcyon/api/time';

/** "Mon 12 Jan 2026, 10:00 · Individual therapy · Attended", in the practice's time zone. */
export function describeSession(session: ClientSession, timeZone: string | undefined): string {
  return [formatWhen(session.startsAt, timeZone), session.serviceName, SESSION_STATUS_LABELS[session.status]].join(
    ' · ',
  );
}
