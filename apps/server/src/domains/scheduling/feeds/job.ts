import type { JobDefinition } from '../../../platform/jobs';
import type { Platform } from '../../../platform/context';
import { ExternalCalendarsService } from './external';

export const EXTERNAL_CALENDAR_QUEUE = 'external-calendar-import';

/**
 * Imports the external calendars that are due (issue 14 item 7: busy times on a schedule), every 15 minutes; each
 * calendar is fetched about once an hour (EXTERNAL_CALENDAR_REFRESH_MINUTES). A calendar that fails keeps its error for
 * the page and does not fail the job; only a fault of Halcyon's own (the database) does, and is retried.
 * `platform` is read when the job runs (the app is built after the job queue is defined).
 */
export function externalCalendarJob(platform: () => Platform | undefined): JobDefinition<object> {
  return {
    name: EXTERNAL_CALENDAR_QUEUE,
    retryLimit: 2,
    retryDelaySeconds: 120,
    retryBackoff: true,
    expireInSeconds: 15 * 60,
    cron: '*/15 * * * *',
    handler: async () => {
      const p = platform();
      if (!p) throw new Error('the app is not ready yet');
      await new ExternalCalendarsService(p).importDue();
    },
  };
}
