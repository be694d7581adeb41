/** The filled dashboard cards, loaded together after the /Dashboard page itself. */
export { ComplianceExpiringCard } from './ComplianceExpiringCard';
export { HighRiskCard } from './HighRiskCard';
export { NotesDueCard } from './NotesDueCard';
export { OverdueInvoicesCard } from './OverdueInvoicesCard';
export { PendingRequestsCard } from './PendingRequestsCard';
export { TodaySessionsCard } from './TodaySessionsCard';
export { TasksDueCard } from './TasksDueCard';
export { UnreadMessagesCard } from './UnreadMessagesCard';
