/** What the rest of the server uses of learning and compliance: its routes, the expiry reminder job, its seed. */
export { learningRoutes } from './routes';
export { complianceExpiryJob, notifyExpiringCompliance, COMPLIANCE_EXPIRY_QUEUE } from './expiry';
export { generateLearning } from './generate';
