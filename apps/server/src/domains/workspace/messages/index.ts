/** What other domains use of messages: the tables (the dashboard's unread card reads the count) and the routes. */
export { conversationParticipants } from './schema';
export { messagesRoutes } from './routes';
