/** What other domains use of the appointment policies: the fee a cancellation or a missed session costs. */
export { chargeSession, type ChargedSession, type RecordedCharge } from './cancellation';
export { policiesRoutes } from './routes';
export { sessionReminderJobs, REMINDERS_DUE_QUEUE, REMINDER_SEND_QUEUE } from './reminders';
