/**
 * The measures domain's way in for the other domains: documents send a measure by link through it, and sessions tell
 * it when a client attended, for the schedules that repeat every few sessions.
 */
export { MeasuresService } from './service';
