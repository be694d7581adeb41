/** What other domains use of cloud storage: the table and the routes. */
export { storageFolders } from './schema';
export { storageRoutes } from './routes';
