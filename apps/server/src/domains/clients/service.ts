import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  CLIENT_PORTAL_INVITE_TTL_DAYS,
  CLIENT_MESSAGES,
  INTAKE_FORM_USAGE_CONTEXTS,
  PORTAL_INVITATION_MESSAGES,
  type PortalAcceptance,
  type PortalInvitation,
  type PortalInvitationState,
  type ClientAddress,
  type ClientDetail,
  type ClientDetails,
  type ClientInsurance,
  type ClientBilling,
  type ClientList,
  type ClientPortalAccess,
  type ClientPortalStatus,
  type ClientReminderPreferences,
  type ClientRelationship,
  type IntakeForm,
  type RouteName,
  type createClientBodySchema,
  type listClientsQuerySchema,
  type updateClientAddressBodySchema,
  type updateClientBodySchema,
  type updateClientDetailsBodySchema,
  type updateClientInsuranceBodySchema,
  type updateClientBillingBodySchema,
  type updateClientReminderPreferencesBodySchema,
  type updateClientRelationshipBodySchema,
  type createClientRelationshipBodySchema,
  type inviteClientPortalBodySchema,
  type updateClientStatusBodySchema,
} from '@halcyon/api/contract';
import type { AuthContext } from '../../platform/auth/guard';
import { hashToken, randomToken } from '../../platform/auth/tokens';
import type { Platform } from '../../platform/context';
import type { Db } from '../../platform/db';
import { memberships, practices, users } from '../../schema';
import { HttpError, badRequest, conflict, notFound } from '../../platform/errors';
import { serviceById } from '../billing/settings';
import { NotificationService } from '../notifications/service';
import { formTemplates, practiceEmailTemplate, renderTemplatedMail } from '../workspace/templates';
import { FormLinksService } from '../documents/form-links';
import { endShareLinks } from '../documents/share-links';
import { CLIENT_NOT_FOUND, clientOfPractice, isClientId } from './access';
import { portalInvitationMail, portalInvitationSmallPrint } from './mail';
import * as list from './list';
import {
  clientAddresses,
  clientBilling,
  clientDetails,
  clientInsurance,
  clientIntakeForms,
  clientMembers,
  clientPortalAccess,
  clientRelationships,
  clientReminderPreferences,
  clients,
} from './schema';

type Out<T extends z.ZodType> = z.output<T>;

/** Fields of the form that explain a 400. */
const invalid = (field: string, message: string) => badRequest(message, { [field]: message });

/** Every write of a 1:1 record: version 0 makes the row, any other version updates that version; otherwise 409. */
async function versionedSave<R>(
  version: number,
  insert: () => Promise<R[]>,
  update: () => Promise<R[]>,
  stale: string,
): Promise<R> {
  const rows = version === 0 ? await insert() : await update();
  const row = rows[0];
  if (!row) throw conflict(stale);
  return row;
}

/** Drops undefined values (a field left out of a PUT/PATCH stays as it is). */
function defined<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}

const isoOrNull = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const fullName = (first: string | null | undefined, last: string | null | undefined) =>
  [first, last].filter(Boolean).join(' ') || null;

export class ClientsService {
  private readonly db: Db;
  private readonly notifications: NotificationService;

  constructor(private readonly p: Platform) {
    this.db = p.database.db;
    this.notifications = new NotificationService(p.database.db);
  }

  private audit(
    request: FastifyRequest,
    action: RouteName,
    clientId: number,
    details?: Record<string, string | number | boolean | null>,
  ) {
    return this.p.audit.record(request, {
      action,
      entity: 'client',
      entityId: clientId,
      ...(details ? { details } : {}),
    });
  }

  // ---- list and client ------------------------------------------------------------------------------------------

  async list(auth: AuthContext, query: Out<typeof listClientsQuerySchema>): Promise<ClientList> {
    const page = await list.findClients(
      this.db,
      auth.practiceId,
      {
        // Archived clients stay out of the list unless a status filter asks for them.
        statuses:
          query.status && query.status.length > 0
            ? query.status
            : ['enquiry', 'waitlist', 'active', 'on hold', 'discharged'],
        ...(query.kind ? { kinds: query.kind } : {}),
        ...(query.riskLevel ? { riskLevels: query.riskLevel } : {}),
        ...(query.riskReviewOverdue ? { riskReviewOverdue: true } : {}),
        ...(query.therapistId !== undefined ? { therapistId: query.therapistId } : {}),
        ...(query.tag ? { tag: query.tag } : {}),
        ...(query.search ? { search: query.search } : {}),
      },
      query.sort,
      query.pageSize,
      (query.page - 1) * query.pageSize,
    );
    return {
      items: page.items,
      total: page.total,
      totalCapped: page.totalCapped,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  /** The client with its members, groups and portal status, or 404 (also for a client of another practice). */
  private async detail(auth: AuthContext, clientId: number): Promise<ClientDetail> {
    if (!isClientId(clientId)) throw notFound(CLIENT_NOT_FOUND);
    const found = await list.findClient(this.db, auth.practiceId, clientId);
    if (!found) throw notFound(CLIENT_NOT_FOUND);
    const { client, members, memberOf, portalStatus, defaultService } = found;
    return {
      ...client,
      members,
      memberOf,
      portalStatus: (portalStatus ?? 'not invited') as ClientPortalStatus,
      defaultService,
    };
  }

  async get(auth: AuthContext, request: FastifyRequest, id: number): Promise<ClientDetail> {
    const detail = await this.detail(auth, id);
    await this.audit(request, 'getClient', id);
    return detail;
  }

  /** A therapist of the practice (Admin or Therapist, active), or 400. */
  private async checkTherapist(db: Db, auth: AuthContext, therapistId: number | null | undefined) {
    if (therapistId === null || therapistId === undefined) return;
    const [member] = await db
      .select({ id: memberships.id })
      .from(memberships)
      .where(
        and(
          eq(memberships.practiceId, auth.practiceId),
          eq(memberships.userId, therapistId),
          eq(memberships.status, 'active'),
          inArray(memberships.role, ['Admin', 'Therapist']),
        ),
      )
      .limit(1);
    if (!member) throw invalid('therapistId', CLIENT_MESSAGES.therapist);
  }

  /** Member ids must be individual clients of the practice (never the group itself), or 400. */
  private async checkMembers(db: Db, auth: AuthContext, memberIds: readonly number[], groupId?: number) {
    if (memberIds.length === 0) return;
    if (groupId !== undefined && memberIds.includes(groupId)) throw invalid('memberIds', CLIENT_MESSAGES.members);
    const found = await db
      .select({ id: clients.id })
      .from(clients)
      .where(
        and(
          eq(clients.practiceId, auth.practiceId),
          inArray(clients.id, [...memberIds]),
          eq(clients.kind, 'individual'),
        ),
      );
    if (found.length !== memberIds.length) throw invalid('memberIds', CLIENT_MESSAGES.members);
  }

  /**
   * The client's usual service and fee: a service of the practice that is not archived, or 400; the fee sent, else the
   * service's price. Nothing when no service was chosen.
   */
  private async defaultService(
    auth: AuthContext,
    serviceId: number | null | undefined,
    feeMinor: number | null | undefined,
  ) {
    if (serviceId === null || serviceId === undefined) return { defaultServiceId: null, defaultFeeMinor: null };
    const service = await serviceById(this.db, auth.practiceId, serviceId);
    if (!service || service.archived) throw invalid('serviceId', CLIENT_MESSAGES.service);
    return { defaultServiceId: service.id, defaultFeeMinor: feeMinor ?? service.priceMinor };
  }

  /** The practice's own intake forms chosen (built-in ones are checked by the contract): its templates of the intake usage contexts, or 400. */
  private async checkIntakeForms(auth: AuthContext, ids: readonly number[]) {
    if (ids.length === 0) return;
    const found = await this.db
      .select({ id: formTemplates.id })
      .from(formTemplates)
      .where(
        and(
          eq(formTemplates.practiceId, auth.practiceId),
          inArray(formTemplates.id, [...ids]),
          inArray(formTemplates.usageContext, [...INTAKE_FORM_USAGE_CONTEXTS]),
        ),
      );
    if (found.length !== ids.length) throw invalid('intakeForms', CLIENT_MESSAGES.intakeForms);
  }

  /**
   * E-mails the intake forms chosen at onboarding to the client, each on its own form link (the documents domain's
   * one sending path), and marks them sent.
   */
  private async sendIntakeForms(auth: AuthContext, clientId: number, to: string, forms: readonly IntakeForm[]) {
    if (forms.length === 0) return;
    const [row] = await this.db.select().from(clients).where(eq(clients.id, clientId)).limit(1);
    if (!row) return;
    const links = new FormLinksService(this.p);
    for (const form of forms) await links.send(auth, row, to, form, '');
    await this.db
      .update(clientIntakeForms)
      .set({ sentAt: new Date() })
      .where(and(eq(clientIntakeForms.practiceId, auth.practiceId), eq(clientIntakeForms.clientId, clientId)));
  }

  async create(
    auth: AuthContext,
    request: FastifyRequest,
    body: Out<typeof createClientBodySchema>,
  ): Promise<ClientDetail> {
    // Left out: the caller when they are a Therapist; null clears it.
    const therapistId =
      body.therapistId === undefined ? (auth.role === 'Therapist' ? auth.userId : null) : body.therapistId;
    await this.checkTherapist(this.db, auth, therapistId);
    const memberIds = body.kind === 'individual' ? [] : (body.memberIds ?? []);
    await this.checkMembers(this.db, auth, memberIds);
    const billing = await this.defaultService(auth, body.serviceId, body.feeMinor);
    const intakeForms = body.intakeForms ?? [];
    const intakeFormIds = intakeForms.flatMap((form) => ('id' in form ? [form.id] : []));
    await this.checkIntakeForms(auth, intakeFormIds);
    const token = body.sendPortalInvite && body.email ? randomToken() : null;
    const created = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(clients)
        .values({
          practiceId: auth.practiceId,
          kind: body.kind,
          status: body.status,
          firstName: body.firstName,
          lastName: body.lastName,
          preferredName: body.preferredName ?? null,
          pronouns: body.pronouns ?? null,
          dateOfBirth: body.dateOfBirth ?? null,
          email: body.email ?? null,
          phone: body.phone ?? null,
          therapistId,
          tags: body.tags ?? [],
          ...billing,
        })
        .returning({ id: clients.id });
      const id = row!.id;
      if (intakeFormIds.length > 0) {
        // Sent with the portal invitation below (sent_at marks them sent); a built-in form chosen is recorded by its link.
        await tx.insert(clientIntakeForms).values(
          intakeFormIds.map((formTemplateId) => ({
            practiceId: auth.practiceId,
            clientId: id,
            formTemplateId,
            chosenBy: auth.userId,
          })),
        );
      }
      if (memberIds.length > 0) {
        await tx
          .insert(clientMembers)
          .values(
            memberIds.map((memberClientId) => ({ practiceId: auth.practiceId, groupClientId: id, memberClientId })),
          );
      }
      if (token && body.email) {
        await tx.insert(clientPortalAccess).values({
          practiceId: auth.practiceId,
          clientId: id,
          status: 'invited',
          email: body.email,
          inviteTokenHash: hashToken(token),
          invitedAt: new Date(),
          invitedBy: auth.userId,
          inviteExpiresAt: new Date(Date.now() + CLIENT_PORTAL_INVITE_TTL_DAYS * 86_400_000),
        });
      }
      return id;
    });
    if (token && body.email) {
      await this.sendPortalInvitation(
        auth,
        body.email,
        { firstName: fullName(body.preferredName ?? body.firstName, null) ?? '', lastName: body.lastName },
        token,
        null,
      );
      await this.sendIntakeForms(auth, created, body.email, intakeForms);
    }
    await this.audit(request, 'createClient', created, {
      kind: body.kind,
      portalInvite: Boolean(token),
      serviceId: billing.defaultServiceId,
      intakeForms: intakeForms.length,
    });
    return this.detail(auth, created);
  }

  async update(
    auth: AuthContext,
    request: FastifyRequest,
    id: number,
    body: Out<typeof updateClientBodySchema>,
  ): Promise<ClientDetail> {
    const current = await clientOfPractice(this.db, auth, id);
    if (current.version !== body.version) throw conflict(CLIENT_MESSAGES.staleClient);
    const kind = body.kind ?? current.kind;
    const lastName = body.lastName ?? current.lastName;
    if (kind === 'individual' && lastName === '') throw invalid('lastName', CLIENT_MESSAGES.lastName);
    if (body.therapistId !== undefined) await this.checkTherapist(this.db, auth, body.therapistId);
    if (kind === 'individual' && (body.memberIds?.length ?? 0) > 0) {
      throw invalid('memberIds', CLIENT_MESSAGES.membersOfIndividual);
    }
    if (current.kind === 'individual' && kind !== 'individual') {
      const [asMember] = await this.db
        .select({ id: clientMembers.groupClientId })
        .from(clientMembers)
        .where(eq(clientMembers.memberClientId, id))
        .limit(1);
      if (asMember) {
        throw invalid(
          'kind',
          'This client is a member of a couple, family or group; remove them from it before changing the kind.',
        );
      }
    }
    if (body.memberIds) await this.checkMembers(this.db, auth, body.memberIds, id);
    await this.db.transaction(async (tx) => {
      const { version, memberIds, ...fields } = body;
      const [row] = await tx
        .update(clients)
        .set({ ...defined(fields), version: sql`${clients.version} + 1`, updatedAt: new Date() })
        .where(and(eq(clients.id, id), eq(clients.practiceId, auth.practiceId), eq(clients.version, version)))
        .returning({ id: clients.id });
      if (!row) throw conflict(CLIENT_MESSAGES.staleClient);
      // An individual has no members; a new member list replaces the old one.
      const replace = kind === 'individual' ? [] : memberIds;
      if (replace !== undefined) {
        await tx.delete(clientMembers).where(eq(clientMembers.groupClientId, id));
        if (replace.length > 0) {
          await tx
            .insert(clientMembers)
            .values(
              replace.map((memberClientId) => ({ practiceId: auth.practiceId, groupClientId: id, memberClientId })),
            );
        }
      }
    });
    await this.audit(request, 'updateClient', id, {
      fields: Object.keys(defined(body))
        .filter((k) => k !== 'version')
        .join(','),
    });
    return this.detail(auth, id);
  }

  async updateStatus(
    auth: AuthContext,
    request: FastifyRequest,
    id: number,
    body: Out<typeof updateClientStatusBodySchema>,
  ): Promise<ClientDetail> {
    const current = await clientOfPractice(this.db, auth, id);
    const [row] = await this.db
      .update(clients)
      .set({ status: body.status, version: sql`${clients.version} + 1`, updatedAt: new Date() })
      .where(and(eq(clients.id, id), eq(clients.practiceId, auth.practiceId), eq(clients.version, body.version)))
      .returning({ id: clients.id });
    if (!row) throw conflict(CLIENT_MESSAGES.staleClient);
    await this.audit(request, 'updateClientStatus', id, { from: current.status, to: body.status });
    return this.detail(auth, id);
  }

  /** Only an enquiry (no clinical record yet) can be deleted; everyone else is archived so the record is kept. */
  async remove(auth: AuthContext, request: FastifyRequest, id: number) {
    const current = await clientOfPractice(this.db, auth, id);
    if (current.status !== 'enquiry') throw conflict(CLIENT_MESSAGES.deleteOnlyEnquiry);
    await this.db.delete(clients).where(and(eq(clients.id, id), eq(clients.practiceId, auth.practiceId)));
    await this.audit(request, 'deleteClient', id);
    return { detail: CLIENT_MESSAGES.deleted };
  }

  // ---- details, insurance, address ------------------------------------------------------------------------------

  async details(auth: AuthContext, request: FastifyRequest, id: number): Promise<ClientDetails> {
    await clientOfPractice(this.db, auth, id);
    const [row] = await this.db.select().from(clientDetails).where(eq(clientDetails.clientId, id)).limit(1);
    await this.audit(request, 'getClientDetails', id);
    return toDetails(id, row);
  }

  async saveDetails(
    auth: AuthContext,
    request: FastifyRequest,
    id: number,
    body: Out<typeof updateClientDetailsBodySchema>,
  ): Promise<ClientDetails> {
    await clientOfPractice(this.db, auth, id);
    const { version, ...fields } = body;
    const values = defined(fields);
    const row = await versionedSave(
      version,
      () =>
        this.db
          .insert(clientDetails)
          .values({ ...values, practiceId: auth.practiceId, clientId: id })
          .onConflictDoNothing()
          .returning(),
      () =>
        this.db
          .update(clientDetails)
          .set({ ...values, version: sql`${clientDetails.version} + 1`, updatedAt: new Date() })
          .where(
            and(
              eq(clientDetails.clientId, id),
              eq(clientDetails.practiceId, auth.practiceId),
              eq(clientDetails.version, version),
            ),
          )
          .returning(),
      CLIENT_MESSAGES.staleRecord,
    );
    await this.audit(request, 'updateClientDetails', id);
    return toDetails(id, row);
  }

  async insurance(auth: AuthContext, request: FastifyRequest, id: number): Promise<ClientInsurance> {
    await clientOfPractice(this.db, auth, id);
    const [row] = await this.db.select().from(clientInsurance).where(eq(clientInsurance.clientId, id)).limit(1);
    await this.audit(request, 'getClientInsurance', id);
    return toInsurance(id, row);
  }

  async saveInsurance(
    auth: AuthContext,
    request: FastifyRequest,
    id: number,
    body: Out<typeof updateClientInsuranceBodySchema>,
  ): Promise<ClientInsurance> {
    await clientOfPractice(this.db, auth, id);
    const { version, ...fields } = body;
    const values = defined(fields);
    const row = await versionedSave(
      version,
      () =>
        this.db
          .insert(clientInsurance)
          .values({ ...values, practiceId: auth.practiceId, clientId: id })
          .onConflictDoNothing()
          .returning(),
      () =>
        this.db
          .update(clientInsurance)
          .set({ ...values, version: sql`${clientInsurance.version} + 1`, updatedAt: new Date() })
          .where(
            and(
              eq(clientInsurance.clientId, id),
              eq(clientInsurance.practiceId, auth.practiceId),
              eq(clientInsurance.version, version),
            ),
          )
          .returning(),
      CLIENT_MESSAGES.staleRecord,
    );
    if (row.validFrom && row.validUntil && row.validFrom > row.validUntil) {
      // Only one of the two dates was sent: the pair stored would be the wrong way round.
      throw invalid('validUntil', 'The end date must be on or after the start date.');
    }
    await this.audit(request, 'updateClientInsurance', id);
    return toInsurance(id, row);
  }

  async billing(auth: AuthContext, request: FastifyRequest, id: number): Promise<ClientBilling> {
    await clientOfPractice(this.db, auth, id);
    const billing = await this.readBilling(id);
    await this.audit(request, 'getClientBilling', id);
    return billing;
  }

  /** The billing row with the client's usual service and fee, and the insurer of their insurance. */
  private async readBilling(id: number): Promise<ClientBilling> {
    const [row] = await this.db
      .select({
        billing: clientBilling,
        serviceId: clients.defaultServiceId,
        feeMinor: clients.defaultFeeMinor,
        insurerId: clientInsurance.insuranceProviderId,
        insurerName: clientInsurance.providerName,
        contactName: clientRelationships.name,
      })
      .from(clients)
      .leftJoin(clientBilling, eq(clientBilling.clientId, clients.id))
      .leftJoin(clientInsurance, eq(clientInsurance.clientId, clients.id))
      .leftJoin(clientRelationships, eq(clientRelationships.id, clientBilling.contactId))
      .where(eq(clients.id, id))
      .limit(1);
    const billing = row?.billing ?? null;
    return {
      clientId: id,
      invoiceTo: (billing?.invoiceTo ?? 'client') as ClientBilling['invoiceTo'],
      contactId: billing?.contactId ?? null,
      contactName: billing?.contactId ? (row?.contactName ?? null) : null,
      insurerId: row?.insurerId ?? null,
      insurerName: row?.insurerName ?? null,
      serviceId: row?.serviceId ?? null,
      feeMinor: row?.serviceId ? (row.feeMinor ?? null) : null,
      notes: billing?.notes ?? null,
      version: billing?.version ?? 0,
      updatedAt: isoOrNull(billing?.updatedAt),
    };
  }

  /**
   * Saves how the client is billed: whom invoices go to (a contact of theirs, or the insurer of their insurance, which
   * must be one of Settings > Insurance), the usual service and fee (on the client), and the notes.
   */
  async saveBilling(
    auth: AuthContext,
    request: FastifyRequest,
    id: number,
    body: Out<typeof updateClientBillingBodySchema>,
  ): Promise<ClientBilling> {
    await clientOfPractice(this.db, auth, id);
    const contactId = body.invoiceTo === 'contact' ? (body.contactId ?? null) : null;
    if (contactId !== null) {
      const [contact] = await this.db
        .select({ id: clientRelationships.id })
        .from(clientRelationships)
        .where(and(eq(clientRelationships.id, contactId), eq(clientRelationships.clientId, id)))
        .limit(1);
      if (!contact) throw invalid('contactId', "Choose one of the client's contacts (Contacts tab).");
    }
    if (body.invoiceTo === 'insurer') {
      const [insurance] = await this.db
        .select({ insurerId: clientInsurance.insuranceProviderId })
        .from(clientInsurance)
        .where(eq(clientInsurance.clientId, id))
        .limit(1);
      if (!insurance?.insurerId) {
        throw invalid(
          'invoiceTo',
          "Choose the client's insurer from the list under Insurance first: invoices to an insurer need one from Settings > Insurance.",
        );
      }
    }
    const service =
      body.serviceId === undefined ? undefined : await this.defaultService(auth, body.serviceId, body.feeMinor);
    const values = { invoiceTo: body.invoiceTo, contactId, ...defined({ notes: body.notes }) };
    await this.db.transaction(async (tx) => {
      await versionedSave(
        body.version,
        () =>
          tx
            .insert(clientBilling)
            .values({ ...values, practiceId: auth.practiceId, clientId: id })
            .onConflictDoNothing()
            .returning({ id: clientBilling.id }),
        () =>
          tx
            .update(clientBilling)
            .set({ ...values, version: sql`${clientBilling.version} + 1`, updatedAt: new Date() })
            .where(
              and(
                eq(clientBilling.clientId, id),
                eq(clientBilling.practiceId, auth.practiceId),
                eq(clientBilling.version, body.version),
              ),
            )
            .returning({ id: clientBilling.id }),
        CLIENT_MESSAGES.staleRecord,
      );
      if (service) {
        await tx
          .update(clients)
          .set({ ...service, updatedAt: new Date() })
          .where(and(eq(clients.id, id), eq(clients.practiceId, auth.practiceId)));
      }
    });
    await this.audit(request, 'updateClientBilling', id);
    return this.readBilling(id);
  }

  async address(auth: AuthContext, request: FastifyRequest, id: number): Promise<ClientAddress> {
    await clientOfPractice(this.db, auth, id);
    const [row] = await this.db.select().from(clientAddresses).where(eq(clientAddresses.clientId, id)).limit(1);
    await this.audit(request, 'getClientAddress', id);
    return toAddress(id, row);
  }

  async saveAddress(
    auth: AuthContext,
    request: FastifyRequest,
    id: number,
    body: Out<typeof updateClientAddressBodySchema>,
  ): Promise<ClientAddress> {
    await clientOfPractice(this.db, auth, id);
    const { version, ...fields } = body;
    const values = defined(fields);
    const row = await versionedSave(
      version,
      () =>
        this.db
          .insert(clientAddresses)
          .values({ ...values, practiceId: auth.practiceId, clientId: id })
          .onConflictDoNothing()
          .returning(),
      () =>
        this.db
          .update(clientAddresses)
          .set({ ...values, version: sql`${clientAddresses.version} + 1`, updatedAt: new Date() })
          .where(
            and(
              eq(clientAddresses.clientId, id),
              eq(clientAddresses.practiceId, auth.practiceId),
              eq(clientAddresses.version, version),
            ),
          )
          .returning(),
      CLIENT_MESSAGES.staleRecord,
    );
    await this.audit(request, 'updateClientAddress', id);
    return toAddress(id, row);
  }

  // ---- reminder preferences -------------------------------------------------------------------------------------

  private async reminderRow(id: number) {
    const [row] = await this.db
      .select({ prefs: clientReminderPreferences, firstName: users.firstName, lastName: users.lastName })
      .from(clientReminderPreferences)
      .leftJoin(users, eq(users.id, clientReminderPreferences.consentRecordedBy))
      .where(eq(clientReminderPreferences.clientId, id))
      .limit(1);
    return row;
  }

  async reminders(auth: AuthContext, request: FastifyRequest, id: number): Promise<ClientReminderPreferences> {
    await clientOfPractice(this.db, auth, id);
    const row = await this.reminderRow(id);
    await this.audit(request, 'getClientNotifications', id);
    return toReminders(id, row);
  }

  async saveReminders(
    auth: AuthContext,
    request: FastifyRequest,
    id: number,
    body: Out<typeof updateClientReminderPreferencesBodySchema>,
  ): Promise<ClientReminderPreferences> {
    const client = await clientOfPractice(this.db, auth, id);
    if (body.emailReminders && !client.email) throw invalid('emailReminders', CLIENT_MESSAGES.emailRemindersNeedEmail);
    if (body.smsReminders && !client.phone) throw invalid('smsReminders', CLIENT_MESSAGES.smsRemindersNeedPhone);
    const before = await this.reminderRow(id);
    const consentMethod = body.consentGiven ? (body.consentMethod ?? null) : (body.consentMethod ?? null);
    // The consent record names who recorded it and when, each time the consent itself changes.
    const consentChanged =
      !before || before.prefs.consentGiven !== body.consentGiven || before.prefs.consentMethod !== consentMethod;
    const values = {
      emailReminders: body.emailReminders,
      smsReminders: body.smsReminders,
      leadTimeHours: body.leadTimeHours,
      consentGiven: body.consentGiven,
      consentMethod,
      ...(body.consentNotes !== undefined ? { consentNotes: body.consentNotes } : {}),
      ...(consentChanged ? { consentRecordedAt: new Date(), consentRecordedBy: auth.userId } : {}),
    };
    await versionedSave(
      body.version,
      () =>
        this.db
          .insert(clientReminderPreferences)
          .values({ ...values, practiceId: auth.practiceId, clientId: id })
          .onConflictDoNothing()
          .returning({ id: clientReminderPreferences.id }),
      () =>
        this.db
          .update(clientReminderPreferences)
          .set({ ...values, version: sql`${clientReminderPreferences.version} + 1`, updatedAt: new Date() })
          .where(
            and(
              eq(clientReminderPreferences.clientId, id),
              eq(clientReminderPreferences.practiceId, auth.practiceId),
              eq(clientReminderPreferences.version, body.version),
            ),
          )
          .returning({ id: clientReminderPreferences.id }),
      CLIENT_MESSAGES.staleRecord,
    );
    await this.audit(request, 'updateClientNotifications', id, { consentChanged });
    return toReminders(id, await this.reminderRow(id));
  }

  // ---- portal ---------------------------------------------------------------------------------------------------

  private async portalRow(practiceId: number, id: number) {
    const inviter = sql<
      string | null
    >`(select nullif(trim(u.first_name || ' ' || u.last_name), '') from users u where u.id = ${clientPortalAccess.invitedBy})`;
    const revoker = sql<
      string | null
    >`(select nullif(trim(u.first_name || ' ' || u.last_name), '') from users u where u.id = ${clientPortalAccess.revokedBy})`;
    const [row] = await this.db
      .select({ portal: clientPortalAccess, invitedByName: inviter, revokedByName: revoker })
      .from(clientPortalAccess)
      .where(and(eq(clientPortalAccess.clientId, id), eq(clientPortalAccess.practiceId, practiceId)))
      .limit(1);
    return row;
  }

  async portal(auth: AuthContext, request: FastifyRequest, id: number): Promise<ClientPortalAccess> {
    await clientOfPractice(this.db, auth, id);
    const row = await this.portalRow(auth.practiceId, id);
    await this.audit(request, 'getClientPortal', id);
    return toPortal(id, row);
  }

  /**
   * The portal invitation: the practice's own words when it wrote a portal-invitation e-mail (Settings >
   * Template-library), else Halcyon's; the button and how long the link works are Halcyon's either way.
   */
  private async sendPortalInvitation(
    auth: AuthContext,
    to: string,
    client: { firstName: string; lastName: string },
    token: string,
    message: string | null,
  ) {
    const [practice] = await this.db
      .select({ name: practices.name, logoUrl: practices.logoUrl })
      .from(practices)
      .where(eq(practices.id, auth.practiceId))
      .limit(1);
    const [me] = await this.db
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, auth.userId))
      .limit(1);
    const base = (this.p.config.PUBLIC_URL ?? `http://localhost:${this.p.config.PORT}`).replace(/\/$/, '');
    const practiceName = practice?.name ?? 'Your practice';
    const logoUrl = practice?.logoUrl ?? null;
    const therapistName = fullName(me?.firstName, me?.lastName) ?? 'Your therapist';
    const url = `${base}/Portal/Accept-invitation/${encodeURIComponent(token)}`;
    const own = await practiceEmailTemplate(this.db, auth.practiceId, 'portal-invitation');
    await this.p.mailer.send(
      own
        ? renderTemplatedMail(own, {
            to,
            brand: { name: practiceName, logoUrl },
            values: {
              'client.firstName': client.firstName,
              'client.lastName': client.lastName,
              'client.fullName': `${client.firstName} ${client.lastName}`.trim(),
              'practice.name': practiceName,
              'therapist.name': therapistName,
              'link.url': url,
              'link.expiresInDays': String(CLIENT_PORTAL_INVITE_TTL_DAYS),
            },
            action: { label: 'Set up portal access', url },
            after: portalInvitationSmallPrint(CLIENT_PORTAL_INVITE_TTL_DAYS, `${base}/Portal`),
            message,
          })
        : portalInvitationMail({
            practiceName,
            logoUrl,
            to,
            clientName: client.firstName,
            therapistName,
            url,
            signInUrl: `${base}/Portal`,
            ttlDays: CLIENT_PORTAL_INVITE_TTL_DAYS,
            message,
          }),
    );
  }

  async invitePortal(
    auth: AuthContext,
    request: FastifyRequest,
    id: number,
    body: Out<typeof inviteClientPortalBodySchema>,
  ): Promise<ClientPortalAccess> {
    const client = await clientOfPractice(this.db, auth, id);
    if (!client.email) throw invalid('email', CLIENT_MESSAGES.portalNeedsEmail);
    const before = await this.portalRow(auth.practiceId, id);
    if (before?.portal.status === 'active') throw conflict(CLIENT_MESSAGES.portalActive);
    const token = randomToken();
    const values = {
      status: 'invited',
      email: client.email,
      inviteTokenHash: hashToken(token),
      invitedAt: new Date(),
      invitedBy: auth.userId,
      inviteExpiresAt: new Date(Date.now() + CLIENT_PORTAL_INVITE_TTL_DAYS * 86_400_000),
      revokedAt: null,
      revokedBy: null,
      updatedAt: new Date(),
    };
    await this.db
      .insert(clientPortalAccess)
      .values({ ...values, practiceId: auth.practiceId, clientId: id })
      .onConflictDoUpdate({ target: clientPortalAccess.clientId, set: values });
    await this.sendPortalInvitation(
      auth,
      client.email,
      { firstName: client.preferredName ?? client.firstName, lastName: client.lastName },
      token,
      body.message ?? null,
    );
    await this.audit(request, 'inviteClientPortal', id);
    return toPortal(id, await this.portalRow(auth.practiceId, id));
  }

  async revokePortal(auth: AuthContext, request: FastifyRequest, id: number): Promise<ClientPortalAccess> {
    await clientOfPractice(this.db, auth, id);
    const before = await this.portalRow(auth.practiceId, id);
    if (!before || before.portal.status === 'not invited') throw conflict(CLIENT_MESSAGES.portalNotInvited);
    if (before.portal.status !== 'revoked') {
      await this.db.transaction(async (tx) => {
        await tx
          .update(clientPortalAccess)
          .set({
            // The link's hash stays, so the link says the invitation was withdrawn (a new invitation replaces it).
            status: 'revoked',
            revokedAt: new Date(),
            revokedBy: auth.userId,
            updatedAt: new Date(),
          })
          .where(and(eq(clientPortalAccess.clientId, id), eq(clientPortalAccess.practiceId, auth.practiceId)));
        // Whatever was e-mailed to them to download stops working too (a document e-mailed afterwards is a new choice).
        await endShareLinks(tx, auth.practiceId, { clientId: id });
      });
    }
    await this.audit(request, 'revokeClientPortal', id);
    return toPortal(id, await this.portalRow(auth.practiceId, id));
  }

  // ---- the public invitation link (/Portal/Accept-invitation/{token}) -------------------------------------------

  /** The portal access a link's token is for (its hash is kept after acceptance and revocation), or 404. */
  private async invitationOf(token: string) {
    const [row] = await this.db
      .select({
        portal: clientPortalAccess,
        firstName: clients.firstName,
        preferredName: clients.preferredName,
        lastName: clients.lastName,
        therapistId: clients.therapistId,
        practiceName: practices.name,
      })
      .from(clientPortalAccess)
      .innerJoin(clients, eq(clients.id, clientPortalAccess.clientId))
      .innerJoin(practices, eq(practices.id, clientPortalAccess.practiceId))
      .where(eq(clientPortalAccess.inviteTokenHash, hashToken(token)))
      .limit(1);
    if (!row) throw notFound(PORTAL_INVITATION_MESSAGES.unknown);
    return row;
  }

  private auditInvitation(
    request: FastifyRequest,
    row: { portal: typeof clientPortalAccess.$inferSelect },
    action: RouteName,
    entity: string,
    entityId: number,
    outcome: 'success' | 'failed' = 'success',
    details: Record<string, string | number | boolean | null> = {},
  ) {
    return this.p.audit.record(request, {
      action,
      entity,
      entityId,
      practiceId: row.portal.practiceId,
      role: 'client',
      outcome,
      details,
    });
  }

  async portalInvitation(token: string, request: FastifyRequest): Promise<PortalInvitation> {
    const row = await this.invitationOf(token);
    const state = invitationState(row.portal);
    await this.auditInvitation(
      request,
      row,
      'portalInvitationRetrieve',
      'client_portal_access',
      row.portal.id,
      'success',
      {
        client_id: row.portal.clientId,
        state,
      },
    );
    return {
      practiceName: row.practiceName,
      clientFirstName: row.preferredName ?? row.firstName,
      state,
      expiresAt: isoOrNull(row.portal.inviteExpiresAt),
    };
  }

  /** Single use: only an invited, unexpired access turns active; used, expired and withdrawn links answer 410. */
  async acceptPortalInvitation(token: string, request: FastifyRequest): Promise<PortalAcceptance> {
    const row = await this.invitationOf(token);
    const gone = (state: Exclude<PortalInvitationState, 'valid'>) => {
      throw new HttpError(410, PORTAL_INVITATION_MESSAGES[state]);
    };
    const before = invitationState(row.portal);
    if (before !== 'valid') return gone(before);
    const acceptedAt = new Date();
    const [updated] = await this.db
      .update(clientPortalAccess)
      .set({ status: 'active', activatedAt: acceptedAt, updatedAt: acceptedAt })
      .where(
        and(
          eq(clientPortalAccess.id, row.portal.id),
          eq(clientPortalAccess.status, 'invited'),
          eq(clientPortalAccess.inviteTokenHash, hashToken(token)),
          sql`${clientPortalAccess.inviteExpiresAt} > now()`,
        ),
      )
      .returning({ id: clientPortalAccess.id });
    if (!updated) {
      // Accepted, withdrawn or expired between the read and the write: answer what it is now.
      const now = await this.invitationOf(token);
      const state = invitationState(now.portal);
      return gone(state === 'valid' ? 'used' : state);
    }
    // The client's activity log: "The client accepted the portal invitation".
    await this.p.audit.record(request, {
      action: 'accept',
      entity: 'portal',
      entityId: row.portal.id,
      clientId: row.portal.clientId,
      practiceId: row.portal.practiceId,
      role: 'client',
      outcome: 'success',
      details: {},
    });
    const notify = row.therapistId ?? row.portal.invitedBy;
    if (notify) {
      const name = fullName(row.preferredName ?? row.firstName, row.lastName) ?? 'Your client';
      await this.notifications.create({
        practiceId: row.portal.practiceId,
        userId: notify,
        title: 'Portal invitation accepted',
        content: `${name} accepted the invitation to the client portal. Their portal access is now active.`,
        category: 'info',
      });
    }
    return { detail: PORTAL_INVITATION_MESSAGES.accepted, acceptedAt: acceptedAt.toISOString() };
  }

  // ---- relationships --------------------------------------------------------------------------------------------

  async relationships(auth: AuthContext, request: FastifyRequest, clientId: number) {
    await clientOfPractice(this.db, auth, clientId);
    const rows = await this.db
      .select()
      .from(clientRelationships)
      .where(and(eq(clientRelationships.clientId, clientId), eq(clientRelationships.practiceId, auth.practiceId)))
      .orderBy(sql`${clientRelationships.createdAt} desc, ${clientRelationships.id} desc`);
    await this.audit(request, 'listClientRelationships', clientId);
    return { items: rows.map(toRelationship) };
  }

  private async relationshipOfPractice(auth: AuthContext, id: number) {
    const [row] = await this.db
      .select()
      .from(clientRelationships)
      .where(and(eq(clientRelationships.id, id), eq(clientRelationships.practiceId, auth.practiceId)))
      .limit(1);
    if (!row) throw notFound(CLIENT_MESSAGES.contactNotFound);
    return row;
  }

  async relationship(auth: AuthContext, request: FastifyRequest, id: number): Promise<ClientRelationship> {
    const row = await this.relationshipOfPractice(auth, id);
    await this.audit(request, 'getClientRelationship', row.clientId, { relationshipId: id });
    return toRelationship(row);
  }

  async createRelationship(
    auth: AuthContext,
    request: FastifyRequest,
    clientId: number,
    body: Out<typeof createClientRelationshipBodySchema>,
  ): Promise<ClientRelationship> {
    await clientOfPractice(this.db, auth, clientId);
    const [row] = await this.db
      .insert(clientRelationships)
      .values({ ...body, practiceId: auth.practiceId, clientId })
      .returning();
    await this.audit(request, 'createClientRelationship', clientId, {
      relationshipId: row!.id,
      type: body.relationshipType,
    });
    return toRelationship(row!);
  }

  async updateRelationship(
    auth: AuthContext,
    request: FastifyRequest,
    id: number,
    body: Out<typeof updateClientRelationshipBodySchema>,
  ): Promise<ClientRelationship> {
    const current = await this.relationshipOfPractice(auth, id);
    const { version, ...fields } = body;
    const [row] = await this.db
      .update(clientRelationships)
      .set({ ...defined(fields), version: sql`${clientRelationships.version} + 1`, updatedAt: new Date() })
      .where(
        and(
          eq(clientRelationships.id, id),
          eq(clientRelationships.practiceId, auth.practiceId),
          eq(clientRelationships.version, version),
        ),
      )
      .returning();
    if (!row) throw conflict(CLIENT_MESSAGES.staleContact);
    await this.audit(request, 'updateClientRelationship', current.clientId, { relationshipId: id });
    return toRelationship(row);
  }

  async deleteRelationship(auth: AuthContext, request: FastifyRequest, id: number) {
    const current = await this.relationshipOfPractice(auth, id);
    await this.db
      .delete(clientRelationships)
      .where(and(eq(clientRelationships.id, id), eq(clientRelationships.practiceId, auth.practiceId)));
    await this.audit(request, 'deleteClientRelationship', current.clientId, { relationshipId: id });
    return { detail: CLIENT_MESSAGES.contactDeleted };
  }
}

// ---- row -> contract ----------------------------------------------------------------------------------------------

type DetailsRow = typeof clientDetails.$inferSelect;
type InsuranceRow = typeof clientInsurance.$inferSelect;
type AddressRow = typeof clientAddresses.$inferSelect;
type RelationshipRow = typeof clientRelationships.$inferSelect;

function toDetails(clientId: number, row: DetailsRow | undefined): ClientDetails {
  return {
    clientId,
    gender: row?.gender ?? null,
    occupation: row?.occupation ?? null,
    language: row?.language ?? null,
    interpreterNeeded: row?.interpreterNeeded ?? false,
    accessibilityNeeds: row?.accessibilityNeeds ?? null,
    referralSource: row?.referralSource ?? null,
    referralDate: row?.referralDate ?? null,
    gpName: row?.gpName ?? null,
    gpPractice: row?.gpPractice ?? null,
    gpPhone: row?.gpPhone ?? null,
    gpAddress: row?.gpAddress ?? null,
    emergencyNotes: row?.emergencyNotes ?? null,
    version: row?.version ?? 0,
    updatedAt: isoOrNull(row?.updatedAt),
  };
}

function toInsurance(clientId: number, row: InsuranceRow | undefined): ClientInsurance {
  return {
    clientId,
    insuranceProviderId: row?.insuranceProviderId ?? null,
    providerName: row?.providerName ?? null,
    policyNumber: row?.policyNumber ?? null,
    membershipNumber: row?.membershipNumber ?? null,
    authorisationCode: row?.authorisationCode ?? null,
    policyHolderName: row?.policyHolderName ?? null,
    policyHolderRelationship: (row?.policyHolderRelationship ?? null) as ClientInsurance['policyHolderRelationship'],
    sessionsAuthorised: row?.sessionsAuthorised ?? null,
    excessMinor: row?.excessMinor ?? null,
    validFrom: row?.validFrom ?? null,
    validUntil: row?.validUntil ?? null,
    notes: row?.notes ?? null,
    version: row?.version ?? 0,
    updatedAt: isoOrNull(row?.updatedAt),
  };
}

function toAddress(clientId: number, row: AddressRow | undefined): ClientAddress {
  return {
    clientId,
    line1: row?.line1 ?? null,
    line2: row?.line2 ?? null,
    city: row?.city ?? null,
    region: row?.region ?? null,
    postcode: row?.postcode ?? null,
    country: row?.country ?? null,
    version: row?.version ?? 0,
    updatedAt: isoOrNull(row?.updatedAt),
  };
}

function toReminders(
  clientId: number,
  row:
    | { prefs: typeof clientReminderPreferences.$inferSelect; firstName: string | null; lastName: string | null }
    | undefined,
): ClientReminderPreferences {
  const p = row?.prefs;
  return {
    clientId,
    emailReminders: p?.emailReminders ?? false,
    smsReminders: p?.smsReminders ?? false,
    leadTimeHours: p?.leadTimeHours ?? 24,
    consentGiven: p?.consentGiven ?? false,
    consentMethod: (p?.consentMethod ?? null) as ClientReminderPreferences['consentMethod'],
    consentRecordedAt: isoOrNull(p?.consentRecordedAt),
    consentRecordedById: p?.consentRecordedBy ?? null,
    consentRecordedByName: fullName(row?.firstName, row?.lastName),
    consentNotes: p?.consentNotes ?? null,
    version: p?.version ?? 0,
    updatedAt: isoOrNull(p?.updatedAt),
  };
}

function toPortal(
  clientId: number,
  row:
    | { portal: typeof clientPortalAccess.$inferSelect; invitedByName: string | null; revokedByName: string | null }
    | undefined,
): ClientPortalAccess {
  const p = row?.portal;
  return {
    clientId,
    status: (p?.status ?? 'not invited') as ClientPortalStatus,
    email: p?.email ?? null,
    invitedAt: isoOrNull(p?.invitedAt),
    invitedByName: row?.invitedByName ?? null,
    inviteExpiresAt: isoOrNull(p?.inviteExpiresAt),
    activatedAt: isoOrNull(p?.activatedAt),
    lastSignInAt: isoOrNull(p?.lastSignInAt),
    revokedAt: isoOrNull(p?.revokedAt),
    revokedByName: row?.revokedByName ?? null,
  };
}

/** What a portal invitation link answers now: still open, already accepted, past its expiry, or withdrawn. */
function invitationState(portal: typeof clientPortalAccess.$inferSelect): PortalInvitationState {
  if (portal.status === 'revoked') return 'revoked';
  if (portal.status === 'active') return 'used';
  if (!portal.inviteExpiresAt || portal.inviteExpiresAt.getTime() <= Date.now()) return 'expired';
  return 'valid';
}

function toRelationship(row: RelationshipRow): ClientRelationship {
  return {
    id: row.id,
    clientId: row.clientId,
    name: row.name,
    relationshipType: row.relationshipType as ClientRelationship['relationshipType'],
    relationshipDetail: row.relationshipDetail,
    organisation: row.organisation,
    phone: row.phone,
    email: row.email,
    address: row.address,
    consentToContact: row.consentToContact,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}
