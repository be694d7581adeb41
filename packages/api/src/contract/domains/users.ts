import { z } from 'zod';
import { ADMIN_ONLY, ALL_ROLES, ROLES, defineRoutes } from '../route';
import { emailField, idParam, messageSchema } from './common';

/** SPEC.md §7: GET /api/user-details reads id, firstName, lastName, email, role (named by SPEC, so the one snake_case shape; every other field is camelCase). */
export const userDetailsSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
});
export type UserDetails = z.infer<typeof userDetailsSchema>;

/** A therapist's profile, fetched by numeric id and cached per id (SPEC.md §3). */
export const therapistSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
  title: z.string().nullable(),
  professionalBody: z.string().nullable(),
  registrationNumber: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  photoUrl: z.string().nullable(),
});
export type Therapist = z.infer<typeof therapistSchema>;

export const memberSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(['active', 'deactivated']),
});
export type Member = z.infer<typeof memberSchema>;

/** An invitation not yet accepted: waiting (its link works until `expiresAt`) or expired (sent again or revoked). */
export const invitationSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(['waiting', 'expired']),
  /** Who sent it: the Admin's name (null once their account is gone). */
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** For how many days an invitation's link works. */
export const INVITATION_TTL_DAYS = 7;

/** The most invitations the team list shows, newest first (a practice has a handful at a time). */
export const INVITATIONS_LISTED = 50;

/** What the server answers and the Team section says about invitations. */
export const INVITATION_MESSAGES = {
  notFound: 'That invitation was not found: it may have been accepted or revoked already. Reload the team list.',
  sent: (email: string) => `Invitation sent to ${email}. The link works for ${INVITATION_TTL_DAYS} days.`,
  revoked: (email: string) => `The invitation to ${email} was revoked: its link no longer works.`,
} as const;

const memberParams = z.strictObject({ id: idParam });
const invitationParams = z.strictObject({ id: idParam });

export const usersRoutes = defineRoutes({
  userDetails: {
    method: 'GET',
    path: '/api/user-details',
    summary: 'The signed-in user',
    access: 'authenticated',
    response: userDetailsSchema,
  },
  therapistRetrieve: {
    method: 'GET',
    path: '/api/therapist/retrieve/:id',
    summary: "A team member's professional profile (404 outside your practice)",
    access: ALL_ROLES,
    params: memberParams,
    response: therapistSchema,
  },
  listMembers: {
    method: 'GET',
    path: '/api/practice/members',
    summary: "The practice's team",
    access: ALL_ROLES,
    response: z.object({ items: z.array(memberSchema) }),
  },
  listInvitations: {
    method: 'GET',
    path: '/api/practice/invitations',
    summary: `The invitations not yet accepted nor revoked, waiting or expired, newest first (at most ${INVITATIONS_LISTED}; Admin only)`,
    access: ADMIN_ONLY,
    response: z.object({ items: z.array(invitationSchema) }),
  },
  inviteMember: {
    method: 'POST',
    path: '/api/practice/invitations',
    summary:
      'Invite a team member with a role (Admin only); sends the invitation e-mail. It replaces an invitation still waiting for the same address.',
    access: ADMIN_ONLY,
    body: z.strictObject({
      email: emailField,
      role: z.enum(ROLES, { error: 'Choose Admin, Therapist or Assistant.' }),
    }),
    response: invitationSchema,
  },
  resendInvitation: {
    method: 'POST',
    path: '/api/practice/invitations/:id/resend',
    summary: 'Send an invitation again with a fresh link (Admin only); the earlier link stops working',
    access: ADMIN_ONLY,
    params: invitationParams,
    response: invitationSchema,
  },
  revokeInvitation: {
    method: 'POST',
    path: '/api/practice/invitations/:id/revoke',
    summary: 'Revoke an invitation (Admin only): its link stops working at once',
    access: ADMIN_ONLY,
    params: invitationParams,
    response: messageSchema,
  },
  changeMemberRole: {
    method: 'PUT',
    path: '/api/practice/members/:id/role',
    summary: "Change a member's role (Admin only)",
    access: ADMIN_ONLY,
    errors: [409],
    params: memberParams,
    body: z.strictObject({ role: z.enum(ROLES, { error: 'Choose Admin, Therapist or Assistant.' }) }),
    response: memberSchema,
  },
  deactivateMember: {
    method: 'POST',
    path: '/api/practice/members/:id/deactivate',
    summary: 'Deactivate a member and sign them out everywhere (Admin only)',
    access: ADMIN_ONLY,
    errors: [409],
    params: memberParams,
    response: memberSchema,
  },
});
