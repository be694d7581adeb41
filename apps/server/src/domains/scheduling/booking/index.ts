/** Online booking's way in for the rest of the scheduling domain (the appointments count, the diary's routes). */
export { bookingRoutes } from './routes';
export { openRequestsCount } from './requests';
