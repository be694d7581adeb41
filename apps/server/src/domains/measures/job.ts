import type { JobDefinition } from '../../platform/jobs';
import type { Platform } from '../../platform/context';
import { MeasuresService } from './service';

export const MEASURE_SCHEDULE_QUEUE = 'measure-schedules';

/**
 * Sends the scheduled measures that are due (ARCHITECTURE.md: scheduled measures run on the job queue). Enqueued every
 * 15 minutes; each schedule is claimed with a conditional update, so several instances never send a link twice.
 * `platform` is read when the job runs (the app is built after the job queue is defined).
 */
export function measureScheduleJob(platform: () => Platform | undefined): JobDefinition<object> {
  return {
    name: MEASURE_SCHEDULE_QUEUE,
    retryLimit: 3,
    retryDelaySeconds: 60,
    retryBackoff: true,
    expireInSeconds: 10 * 60,
    cron: '*/15 * * * *',
    handler: async () => {
      const p = platform();
      if (!p) throw new Error('the app is not ready yet');
      await new MeasuresService(p).sendDue(new Date().toISOString().slice(0, 10));
    },
  };
}
