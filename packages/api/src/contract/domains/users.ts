import { z } from 'zod';
import { ADMIN_ONLY, ALL_ROLES, ROLES, defineRoutes } from '../route';
import { emailField, idParam } from './common';

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

export const invitationSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: z.enum(ROLES),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

const memberParams = z.strictObject({ id: idParam });

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
  inviteMember: {
    method: 'POST',
    path: '/api/practice/invitations',
    summary: 'Invite a team member with a role (Admin only); sends the invitation e-mail',
    access: ADMIN_ONLY,
    body: z.strictObject({
      email: emailField,
      role: z.enum(ROLES, { error: 'Choose Admin, Therapist or Assistant.' }),
    }),
    response: invitationSchema,
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
