import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  AUTH_MESSAGES,
  INVITATIONS_LISTED,
  INVITATION_MESSAGES,
  type Invitation,
  type Member,
  type Message,
  type Role,
  type Therapist,
  type TokenPair,
  type UserDetails,
} from '@halcyon/api/contract';
import type { Platform } from '../../platform/context';
import type { AuthContext } from '../../platform/auth/guard';
import { preparedOnce, type Db } from '../../platform/db';
import { invitations, memberships, practices, users } from '../../schema';
import { conflict, notFound, badRequest } from '../../platform/errors';
import { hashPassword, weakPasswordReason } from '../../platform/auth/passwords';
import { hashToken, randomToken } from '../../platform/auth/tokens';
import { mailTemplates } from '../../platform/mail/templates';
import { consumeEmailToken, findAccountByEmail, insertEmailToken, peekEmailToken } from '../auth/accounts';
import { revokeUserFamilies } from '../auth/refresh-tokens';
import { type AuthService, INVITATION_TTL_MS } from '../auth/service';
import { NotificationService } from '../notifications/service';

const MEMBER_NOT_FOUND = 'That team member was not found.';

// ---- invitations ----------------------------------------------------------------------------------------------------

const invitationColumns = {
  id: invitations.id,
  email: invitations.email,
  role: invitations.role,
  createdAt: invitations.createdAt,
  expiresAt: invitations.expiresAt,
};
const invitedByName = sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`;

function toInvitation(row: {
  id: number;
  email: string;
  role: Role;
  createdAt: Date;
  expiresAt: Date;
  invitedByName: string | null;
}): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status: row.expiresAt.getTime() > Date.now() ? 'waiting' : 'expired',
    invitedBy: row.invitedByName,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

// ---- the practice's members (account reads them too) ----------------------------------------------------------------

const memberColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: memberships.role,
  status: memberships.status,
  title: users.title,
  professionalBody: users.professionalBody,
  registrationNumber: users.registrationNumber,
  phone: users.phone,
  photoUrl: users.photoUrl,
};

/** A member of this practice by user id; null for anyone outside it (the caller answers 404). */
/** A member of the practice with their user, prepared once: every page load reads the signed-in member (user-details). */
const memberStatement = preparedOnce((db) =>
  db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(eq(memberships.practiceId, sql.placeholder('practiceId')), eq(memberships.userId, sql.placeholder('userId'))),
    )
    .limit(1)
    .prepare('member_of_practice'),
);

export async function findMember(db: Db, practiceId: number, userId: number) {
  const rows = await memberStatement(db).execute({ practiceId, userId });
  return rows[0] ?? null;
}

export async function listMembers(db: Db, practiceId: number) {
  return db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.practiceId, practiceId))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

export async function countOtherActiveAdmins(db: Db, practiceId: number, userId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(memberships)
    .where(
      and(
        eq(memberships.practiceId, practiceId),
        eq(memberships.role, 'Admin'),
        eq(memberships.status, 'active'),
        ne(memberships.userId, userId),
      ),
    );
  return rows[0]?.n ?? 0;
}

export type MemberRow = NonNullable<Awaited<ReturnType<typeof findMember>>>;

function toMember(row: MemberRow): Member {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    role: row.role,
    status: row.status,
  };
}

export class UsersService {
  constructor(
    private readonly p: Platform,
    private readonly auth: AuthService,
  ) {}

  private get db() {
    return this.p.database.db;
  }

  async userDetails(auth: AuthContext, request: FastifyRequest): Promise<UserDetails> {
    const row = await findMember(this.db, auth.practiceId, auth.userId);
    if (!row) throw notFound();
    await this.p.audit.record(request, { action: 'read', entity: 'user', entityId: auth.userId });
    return { id: row.id, first_name: row.firstName, last_name: row.lastName, email: row.email, role: row.role };
  }

  async therapist(auth: AuthContext, id: number, request: FastifyRequest): Promise<Therapist> {
    const row = await findMember(this.db, auth.practiceId, id);
    if (!row) throw notFound(MEMBER_NOT_FOUND);
    await this.p.audit.record(request, { action: 'read', entity: 'therapist', entityId: id });
    return {
      id: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      role: row.role,
      title: row.title,
      professionalBody: row.professionalBody,
      registrationNumber: row.registrationNumber,
      email: row.email,
      phone: row.phone,
      photoUrl: row.photoUrl,
    };
  }

  async listMembers(auth: AuthContext, request: FastifyRequest) {
    const rows = await listMembers(this.db, auth.practiceId);
    await this.p.audit.record(request, { action: 'list', entity: 'member', entityId: null });
    return { items: rows.map(toMember) };
  }

  /** The invitations not yet accepted nor revoked, newest first: waiting ones and expired ones (to send again). */
  async listInvitations(auth: AuthContext, request: FastifyRequest): Promise<{ items: Invitation[] }> {
    const rows = await this.db
      .select({ ...invitationColumns, invitedByName: invitedByName })
      .from(invitations)
      .leftJoin(users, eq(users.id, invitations.invitedBy))
      .where(
        and(eq(invitations.practiceId, auth.practiceId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)),
      )
      .orderBy(desc(invitations.id))
      .limit(INVITATIONS_LISTED);
    await this.p.audit.record(request, { action: 'list', entity: 'invitation', entityId: null });
    return { items: rows.map(toInvitation) };
  }

  async invite(auth: AuthContext, email: string, role: Role, request: FastifyRequest): Promise<Invitation> {
    return this.sendInvitation(auth, { email, role, replacing: null }, request);
  }

  /** A fresh link for an invitation not yet accepted: the earlier one is revoked in the same transaction. */
  async resendInvitation(auth: AuthContext, id: number, request: FastifyRequest): Promise<Invitation> {
    const earlier = await this.openInvitation(auth, id);
    return this.sendInvitation(auth, { email: earlier.email, role: earlier.role, replacing: earlier.id }, request);
  }

  async revokeInvitation(auth: AuthContext, id: number, request: FastifyRequest): Promise<Message> {
    const invitation = await this.openInvitation(auth, id);
    const [revoked] = await this.db
      .update(invitations)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
      .returning({ id: invitations.id });
    if (!revoked) throw notFound(INVITATION_MESSAGES.notFound);
    await this.p.audit.record(request, { action: 'revoke', entity: 'invitation', entityId: id });
    return { detail: INVITATION_MESSAGES.revoked(invitation.email) };
  }

  /** An invitation of this practice still open (not accepted, not revoked); 404 otherwise. */
  private async openInvitation(auth: AuthContext, id: number) {
    const [row] = await this.db
      .select()
      .from(invitations)
      .where(and(eq(invitations.id, id), eq(invitations.practiceId, auth.practiceId)))
      .limit(1);
    if (!row || row.acceptedAt || row.revokedAt) throw notFound(INVITATION_MESSAGES.notFound);
    return row;
  }

  /**
   * Writes an invitation and its one-time link, and e-mails it. Any invitation still open for the same address in the
   * practice (the one sent again, or an earlier one) is revoked in the same transaction: one working link per person.
   */
  private async sendInvitation(
    auth: AuthContext,
    { email, role, replacing }: { email: string; role: Role; replacing: number | null },
    request: FastifyRequest,
  ): Promise<Invitation> {
    const [practice] = await this.db.select().from(practices).where(eq(practices.id, auth.practiceId)).limit(1);
    const inviter = await findMember(this.db, auth.practiceId, auth.userId);
    if (!practice || !inviter) throw notFound();
    const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
    const token = randomToken();
    const invitation = await this.db.transaction(async (tx) => {
      await tx
        .update(invitations)
        .set({ revokedAt: sql`now()` })
        .where(
          and(
            eq(invitations.practiceId, auth.practiceId),
            sql`lower(${invitations.email}) = lower(${email})`,
            isNull(invitations.acceptedAt),
            isNull(invitations.revokedAt),
          ),
        );
      const [row] = await tx
        .insert(invitations)
        .values({ practiceId: auth.practiceId, email, role, invitedBy: auth.userId, expiresAt })
        .returning();
      await insertEmailToken(tx, {
        purpose: 'invite',
        tokenHash: hashToken(token),
        invitationId: row!.id,
        expiresAt,
      });
      return row!;
    });
    const inviterName = `${inviter.firstName} ${inviter.lastName}`;
    await this.p.mailer.send(
      mailTemplates.invitation(
        { name: practice.name, logoUrl: practice.logoUrl },
        email,
        inviterName,
        role,
        this.auth.link('/Register/Accept-invitation', token),
      ),
    );
    await this.p.audit.record(request, {
      action: replacing === null ? 'create' : 'resend',
      entity: 'invitation',
      entityId: invitation.id,
      details: replacing === null ? { role } : { role, replacing },
    });
    return toInvitation({ ...invitation, invitedByName: inviterName });
  }

  async acceptInvitation(
    body: { token: string; firstName: string; lastName: string; password: string },
    request: FastifyRequest,
  ): Promise<TokenPair> {
    const tokenHash = hashToken(body.token);
    const peek = await peekEmailToken(this.db, 'invite', tokenHash);
    if (!peek?.invitationId) throw badRequest(AUTH_MESSAGES.badLink);
    const [invitation] = await this.db.select().from(invitations).where(eq(invitations.id, peek.invitationId)).limit(1);
    if (!invitation || invitation.acceptedAt || invitation.revokedAt) throw badRequest(AUTH_MESSAGES.badLink);
    const reason = weakPasswordReason(body.password, [
      invitation.email.split('@')[0] ?? '',
      body.firstName,
      body.lastName,
    ]);
    if (reason) throw badRequest(reason, { password: reason });
    if (await findAccountByEmail(this.db, invitation.email)) {
      throw conflict(
        'An account with this e-mail address already exists. A person can belong to one practice; ask the practice to invite another address.',
      );
    }
    const passwordHash = await hashPassword(body.password);
    const userId = await this.db.transaction(async (tx) => {
      const used = await consumeEmailToken(tx, 'invite', tokenHash);
      if (!used) throw badRequest(AUTH_MESSAGES.badLink);
      const [user] = await tx
        .insert(users)
        .values({
          email: invitation.email,
          passwordHash,
          firstName: body.firstName,
          lastName: body.lastName,
          emailVerifiedAt: sql`now()`,
        })
        .returning({ id: users.id });
      await tx
        .insert(memberships)
        .values({ practiceId: invitation.practiceId, userId: user!.id, role: invitation.role });
      await tx
        .update(invitations)
        .set({ acceptedAt: sql`now()` })
        .where(eq(invitations.id, invitation.id));
      return user!.id;
    });
    await this.notifyAdminsOfJoin(invitation.practiceId, userId, `${body.firstName} ${body.lastName}`, invitation.role);
    await this.p.audit.record(request, {
      action: 'accept_invitation',
      entity: 'invitation',
      entityId: invitation.id,
      userId,
      practiceId: invitation.practiceId,
      role: invitation.role,
    });
    return this.auth.startSession(userId, invitation.practiceId, request, 'invitation');
  }

  /** Tells every active Admin of the practice (but the newcomer) that someone accepted an invitation. */
  private async notifyAdminsOfJoin(practiceId: number, newUserId: number, name: string, role: Role): Promise<void> {
    const admins = await this.db
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(
        and(
          eq(memberships.practiceId, practiceId),
          eq(memberships.role, 'Admin'),
          eq(memberships.status, 'active'),
          ne(memberships.userId, newUserId),
        ),
      );
    const notifications = new NotificationService(this.db);
    for (const admin of admins) {
      await notifications.create({
        practiceId,
        userId: admin.userId,
        title: `${name} joined your practice`,
        content: `${name} accepted the invitation and can now sign in as ${role === 'Assistant' ? 'an' : 'a'} ${role}.`,
        category: 'info',
      });
    }
  }

  private async guardLastAdmin(auth: AuthContext, target: MemberRow): Promise<void> {
    if (target.role === 'Admin' && (await countOtherActiveAdmins(this.db, auth.practiceId, target.id)) === 0) {
      throw conflict('A practice needs at least one active Admin. Make someone else an Admin first.');
    }
  }

  async changeRole(auth: AuthContext, id: number, role: Role, request: FastifyRequest): Promise<Member> {
    const target = await findMember(this.db, auth.practiceId, id);
    if (!target) throw notFound(MEMBER_NOT_FOUND);
    if (target.role !== role && role !== 'Admin') await this.guardLastAdmin(auth, target);
    await this.db
      .update(memberships)
      .set({ role })
      .where(and(eq(memberships.practiceId, auth.practiceId), eq(memberships.userId, id)));
    await this.p.audit.record(request, {
      action: 'change_role',
      entity: 'member',
      entityId: id,
      details: { from: target.role, to: role },
    });
    return toMember({ ...target, role });
  }

  async deactivate(auth: AuthContext, id: number, request: FastifyRequest): Promise<Member> {
    const target = await findMember(this.db, auth.practiceId, id);
    if (!target) throw notFound(MEMBER_NOT_FOUND);
    if (id === auth.userId) throw conflict('You cannot deactivate your own account. Ask another Admin.');
    await this.guardLastAdmin(auth, target);
    await this.db
      .update(memberships)
      .set({ status: 'deactivated', deactivatedAt: sql`now()` })
      .where(and(eq(memberships.practiceId, auth.practiceId), eq(memberships.userId, id)));
    await revokeUserFamilies(this.db, id, 'deactivated');
    await this.p.audit.record(request, { action: 'deactivate', entity: 'member', entityId: id });
    return toMember({ ...target, status: 'deactivated' });
  }
}
