import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  DELETABLE_CLAIM_STATUSES,
  INSURANCE_CLAIM_MESSAGES,
  canMoveClaim,
  type InsuranceClaim,
  type InsuranceClaimDetails,
  type InsuranceClaimLine,
  type InsuranceClaimList,
  type InsuranceClaimStatus,
  type Message,
  type Routes,
} from '@halcyon/api/contract';
import { invoiceTotals } from '@halcyon/api/money';
import type { AuthContext } from '../../../platform/auth/guard';
import type { Platform } from '../../../platform/context';
import { hasSqlState, iso, isoOrNull, rowsOf, type Db } from '../../../platform/db';
import { cappedPage, cappedTotalSql } from '../../../platform/db/paging';
import { badRequest, conflict, notFound } from '../../../platform/errors';
import type { RouteInput } from '../../../platform/http/contract';
import { clientInsurance, clients } from '../../clients/schema';
import { users } from '../../users/schema';
import { insuranceClaimLines, insuranceClaims } from './schema';

type In<N extends keyof Routes> = RouteInput<Routes[N]>['body'];
type Query = RouteInput<Routes['listInsuranceClaims']>['query'];
type ClaimRow = typeof insuranceClaims.$inferSelect;
type LineRow = typeof insuranceClaimLines.$inferSelect;

/** What a claim copies of an invoice line (the ledger's invoice line). */
export interface ClaimableLine {
  readonly description: string;
  readonly serviceDate: string | null;
  readonly quantity: number;
  readonly unitMinor: number;
  readonly taxRateBp: number;
  readonly netMinor: number;
  readonly taxMinor: number;
  readonly grossMinor: number;
  /** The credit note that credited the line: a credited line is not claimed. */
  readonly creditedByInvoiceId: number | null;
}

/** What a claim reads of an invoice (the ledger's `invoiceById`). */
export interface ClaimableInvoice {
  readonly id: number;
  readonly number: string | null;
  readonly kind: 'invoice' | 'credit_note';
  readonly status: 'draft' | 'saved' | 'sent' | 'void';
  readonly clientId: number;
  readonly clientName: string;
  readonly currency: string;
  readonly billTo: { readonly kind: 'client' | 'contact' | 'insurer'; readonly insurerId: number | null };
  readonly lines: readonly ClaimableLine[];
}

/** What a claim reads of an insurer (Settings > Insurance: billing settings' `insuranceProviderById`). */
export interface ClaimInsurer {
  readonly id: number;
  readonly name: string;
  readonly payerId: string;
  readonly healthcodeProviderCode: string;
}

/** The other billing areas a claim reads, given by the composition (billing/routes.ts). */
export interface ClaimSources {
  invoiceById(db: Db, practiceId: number, id: number): Promise<ClaimableInvoice | null>;
  insuranceProviderById(db: Db, practiceId: number, id: number): Promise<ClaimInsurer | null>;
}

export function toClaim(row: ClaimRow, clientName: string): InsuranceClaim {
  return {
    id: row.id,
    invoiceId: row.invoiceId,
    invoiceNumber: row.invoiceNumber,
    clientId: row.clientId,
    clientName,
    insuranceProviderId: row.insuranceProviderId,
    providerName: row.providerName,
    payerId: row.payerId,
    healthcodeProviderCode: row.healthcodeProviderCode,
    policyNumber: row.policyNumber,
    membershipNumber: row.membershipNumber,
    authorisationCode: row.authorisationCode,
    status: row.status as InsuranceClaimStatus,
    currency: row.currency,
    netMinor: row.netMinor,
    taxMinor: row.taxMinor,
    totalMinor: row.totalMinor,
    submittedAt: isoOrNull(row.submittedAt),
    settledAt: isoOrNull(row.settledAt),
    rejectionReason: row.rejectionReason,
    notes: row.notes,
    version: row.version,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

function toLine(row: LineRow): InsuranceClaimLine {
  return {
    id: row.id,
    description: row.description,
    serviceDate: row.serviceDate,
    quantity: row.quantity,
    unitMinor: row.unitMinor,
    taxRateBp: row.taxRateBp,
    netMinor: row.netMinor,
    taxMinor: row.taxMinor,
    grossMinor: row.grossMinor,
  };
}

/** A name from its first and last parts (a couple or group has its name in the first). */
const nameOf = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ').trim();

/** The claim list's conditions: practice, statuses, client, the day it was made. */
function claimFilter(practiceId: number, q: Query): SQL {
  const parts: SQL[] = [eq(insuranceClaims.practiceId, practiceId)];
  if (q.status && q.status.length > 0)
    parts.push(sql`${insuranceClaims.status} = any(${sql.param([...q.status])}::text[])`);
  if (q.clientId !== undefined) parts.push(eq(insuranceClaims.clientId, q.clientId));
  if (q.from) parts.push(sql`${insuranceClaims.createdAt} >= ${q.from}::date`);
  if (q.to) parts.push(sql`${insuranceClaims.createdAt} < ${q.to}::date + 1`);
  return and(...parts)!;
}

/** A claim with its client's name and who made it, as one select. */
const CLAIM_WITH_NAMES = {
  row: insuranceClaims,
  clientFirst: clients.firstName,
  clientLast: clients.lastName,
  byFirst: users.firstName,
  byLast: users.lastName,
};

/**
 * Insurance claims (Billing > Insurance claims): made from an issued invoice billed to an insurer or to a client whose
 * insurance names one, with the invoice's lines (those not credited) and the insurer's and the client's policy details
 * copied as they are then, so the claim reads the same whatever changes later. Status moves draft -> submitted -> paid or
 * rejected; a draft or rejected claim may be deleted. Each write is a write of the client's record: its row in the
 * client's activity log says it in the therapist's words ("Maya Patel marked the insurance claim as submitted").
 */
export class ClaimsService {
  private readonly db: Db;

  constructor(
    private readonly p: Platform,
    private readonly sources: ClaimSources,
  ) {
    this.db = p.database.db;
  }

  async list(auth: AuthContext, query: Query): Promise<InsuranceClaimList> {
    const where = claimFilter(auth.practiceId, query);
    const offset = (query.page - 1) * query.pageSize;
    const [rows, counted] = await Promise.all([
      this.withNames(where)
        .orderBy(desc(insuranceClaims.createdAt), desc(insuranceClaims.id))
        .limit(query.pageSize)
        .offset(offset),
      rowsOf<{ n: number | string }>(
        this.db,
        sql`select ${cappedTotalSql(sql`from ${insuranceClaims} where ${where}`, offset)} as n`,
      ),
    ]);
    const items = rows.map((r) => toClaim(r.row, nameOf(r.clientFirst, r.clientLast)));
    return cappedPage(items, Number(counted[0]?.n ?? 0), query, offset);
  }

  private withNames(where: SQL) {
    return this.db
      .select(CLAIM_WITH_NAMES)
      .from(insuranceClaims)
      .innerJoin(clients, eq(clients.id, insuranceClaims.clientId))
      .leftJoin(users, eq(users.id, insuranceClaims.createdBy))
      .where(where);
  }

  private async found(auth: AuthContext, id: number) {
    const [found] = await this.withNames(
      and(eq(insuranceClaims.id, id), eq(insuranceClaims.practiceId, auth.practiceId))!,
    ).limit(1);
    if (!found) throw notFound(INSURANCE_CLAIM_MESSAGES.notFound);
    return {
      row: found.row,
      clientName: nameOf(found.clientFirst, found.clientLast),
      createdByName: nameOf(found.byFirst, found.byLast) || null,
    };
  }

  async one(auth: AuthContext, id: number): Promise<InsuranceClaim> {
    const { row, clientName } = await this.found(auth, id);
    return toClaim(row, clientName);
  }

  async details(auth: AuthContext, id: number): Promise<InsuranceClaimDetails> {
    const { row, clientName, createdByName } = await this.found(auth, id);
    return { ...toClaim(row, clientName), lines: await this.lines(auth, id), createdByName };
  }

  async lines(auth: AuthContext, claimId: number): Promise<InsuranceClaimLine[]> {
    const rows = await this.db
      .select()
      .from(insuranceClaimLines)
      .where(and(eq(insuranceClaimLines.practiceId, auth.practiceId), eq(insuranceClaimLines.claimId, claimId)))
      .orderBy(asc(insuranceClaimLines.position), asc(insuranceClaimLines.id));
    return rows.map(toLine);
  }

  /** The insurer a claim goes to: the one asked for, else the invoice's, else the client's insurance's. */
  private async insurerOf(
    auth: AuthContext,
    asked: number | null | undefined,
    invoice: ClaimableInvoice,
    policy: typeof clientInsurance.$inferSelect | undefined,
  ): Promise<Omit<ClaimInsurer, 'id'> & { id: number | null }> {
    const id =
      asked ??
      (invoice.billTo.kind === 'insurer' ? invoice.billTo.insurerId : null) ??
      policy?.insuranceProviderId ??
      null;
    if (id !== null) {
      const insurer = await this.sources.insuranceProviderById(this.db, auth.practiceId, id);
      if (insurer) return insurer;
      if (asked)
        throw badRequest(INSURANCE_CLAIM_MESSAGES.insurerNotFound, {
          insuranceProviderId: INSURANCE_CLAIM_MESSAGES.insurerNotFound,
        });
    }
    // An insurer typed into the client's insurance without choosing one of Settings > Insurance: its name only.
    const name = policy?.providerName?.trim();
    if (name) return { id: null, name, payerId: '', healthcodeProviderCode: '' };
    throw badRequest(INSURANCE_CLAIM_MESSAGES.noInsurer, { invoiceId: INSURANCE_CLAIM_MESSAGES.noInsurer });
  }

  async create(auth: AuthContext, body: In<'createInsuranceClaim'>, request: FastifyRequest): Promise<InsuranceClaim> {
    const invoice = await this.sources.invoiceById(this.db, auth.practiceId, body.invoiceId);
    const refuse = (message: string) => badRequest(message, { invoiceId: message });
    if (!invoice) throw refuse(INSURANCE_CLAIM_MESSAGES.invoiceNotFound);
    if (invoice.kind === 'credit_note') throw refuse(INSURANCE_CLAIM_MESSAGES.creditNote);
    if (invoice.status === 'draft') throw refuse(INSURANCE_CLAIM_MESSAGES.invoiceDraft);
    if (invoice.status === 'void') throw refuse(INSURANCE_CLAIM_MESSAGES.invoiceVoid);
    const lines = invoice.lines.filter((line) => line.creditedByInvoiceId === null);
    if (lines.length === 0) throw refuse(INSURANCE_CLAIM_MESSAGES.nothingToClaim);
    const [policy] = await this.db
      .select()
      .from(clientInsurance)
      .where(and(eq(clientInsurance.practiceId, auth.practiceId), eq(clientInsurance.clientId, invoice.clientId)))
      .limit(1);
    const insurer = await this.insurerOf(auth, body.insuranceProviderId, invoice, policy);
    const totals = invoiceTotals(lines);
    let row: ClaimRow;
    try {
      row = await this.db.transaction(async (tx) => {
        const [claim] = await tx
          .insert(insuranceClaims)
          .values({
            practiceId: auth.practiceId,
            invoiceId: invoice.id,
            invoiceNumber: invoice.number,
            clientId: invoice.clientId,
            insuranceProviderId: insurer.id,
            providerName: insurer.name,
            payerId: insurer.payerId,
            healthcodeProviderCode: insurer.healthcodeProviderCode,
            policyNumber: policy?.policyNumber ?? '',
            membershipNumber: policy?.membershipNumber ?? '',
            authorisationCode: policy?.authorisationCode ?? '',
            currency: invoice.currency,
            netMinor: totals.netMinor,
            taxMinor: totals.taxMinor,
            totalMinor: totals.grossMinor,
            notes: body.notes,
            createdBy: auth.userId,
          })
          .returning();
        await tx.insert(insuranceClaimLines).values(
          lines.map((line, position) => ({
            practiceId: auth.practiceId,
            claimId: claim!.id,
            position,
            description: line.description,
            serviceDate: line.serviceDate,
            quantity: line.quantity,
            unitMinor: line.unitMinor,
            taxRateBp: line.taxRateBp,
            netMinor: line.netMinor,
            taxMinor: line.taxMinor,
            grossMinor: line.grossMinor,
          })),
        );
        return claim!;
      });
    } catch (error) {
      if (hasSqlState(error, '23505')) throw conflict(INSURANCE_CLAIM_MESSAGES.alreadyClaimed);
      throw error;
    }
    await this.p.audit.recordActivity(request, 'createInsuranceClaim', { id: row.id, clientId: row.clientId });
    return toClaim(row, invoice.clientName);
  }

  async changeStatus(
    auth: AuthContext,
    id: number,
    body: In<'updateInsuranceClaimStatus'>,
    request: FastifyRequest,
  ): Promise<InsuranceClaim> {
    const { row: before, clientName } = await this.found(auth, id);
    if (before.version !== body.version) throw conflict(INSURANCE_CLAIM_MESSAGES.changed);
    const from = before.status as InsuranceClaimStatus;
    if (!canMoveClaim(from, body.status)) throw conflict(INSURANCE_CLAIM_MESSAGES.transition(from, body.status));
    const now = new Date();
    const [row] = await this.db
      .update(insuranceClaims)
      .set({
        status: body.status,
        ...(body.status === 'submitted' ? { submittedAt: now } : { settledAt: now }),
        rejectionReason: body.status === 'rejected' ? body.reason : '',
        version: sql`${insuranceClaims.version} + 1`,
        updatedAt: now,
      })
      .where(
        and(
          eq(insuranceClaims.id, id),
          eq(insuranceClaims.practiceId, auth.practiceId),
          eq(insuranceClaims.version, body.version),
        ),
      )
      .returning();
    if (!row) throw conflict(INSURANCE_CLAIM_MESSAGES.changed);
    await this.p.audit.recordActivity(request, 'updateInsuranceClaimStatus', {
      id,
      clientId: row.clientId,
      facts: { status: body.status },
    });
    return toClaim(row, clientName);
  }

  async remove(auth: AuthContext, id: number, request: FastifyRequest): Promise<Message> {
    const { row } = await this.found(auth, id);
    if (!DELETABLE_CLAIM_STATUSES.includes(row.status as InsuranceClaimStatus)) {
      throw conflict(INSURANCE_CLAIM_MESSAGES.notDeletable);
    }
    const [deleted] = await this.db
      .delete(insuranceClaims)
      .where(
        and(
          eq(insuranceClaims.id, id),
          eq(insuranceClaims.practiceId, auth.practiceId),
          sql`${insuranceClaims.status} = any(${sql.param([...DELETABLE_CLAIM_STATUSES])}::text[])`,
        ),
      )
      .returning({ id: insuranceClaims.id });
    if (!deleted) throw conflict(INSURANCE_CLAIM_MESSAGES.notDeletable);
    await this.p.audit.recordActivity(request, 'deleteInsuranceClaim', { id, clientId: row.clientId });
    return { detail: INSURANCE_CLAIM_MESSAGES.deleted };
  }
}
