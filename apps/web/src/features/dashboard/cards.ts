/** The filled dashboard cards, loaded together after the /Dashboard page itself. */
export { HighRiskCard } from './HighRiskCard';
export { NotesDueCard } from './NotesDueCard';
export { TodaySessionsCard } from './TodaySessionsCard';
export { TasksDueCard } from './TasksDueCard';
