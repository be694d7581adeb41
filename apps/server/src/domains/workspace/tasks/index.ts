/** What other domains use of tasks: the table (the dashboard's card reads a member's due tasks) and the routes. */
export { tasks } from './schema';
export { priorityOf, priorityRank } from './service';
export { tasksRoutes } from './routes';
