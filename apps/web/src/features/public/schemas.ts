import { authRoutes as routes } from '@halcyon/api/contract/auth';

/** Request bodies of the public auth routes, straight from the contract (the server validates with the same). */
export const resendValidationBodySchema = routes.resendValidation.body;
export const forgotPasswordBodySchema = routes.forgotPassword.body;
export const resetPasswordBodySchema = routes.resetPassword.body;
export const acceptInvitationBodySchema = routes.acceptInvitation.body;
