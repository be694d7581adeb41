import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  BILLING_SETTINGS_MESSAGES,
  type InsuranceProvider,
  type Message,
  type createInsuranceProviderBodySchema,
  type updateInsuranceProviderBodySchema,
} from '@halcyon/api/contract';
import type { Db } from '../../../platform/db';
import { hasSqlState } from '../../../platform/db/rows';
import { conflict, notFound } from '../../../platform/errors';
import { missedEdit, nextVersion, ownedAt, ownedRow, stampsOf } from './shared';
import { insuranceProviders } from './schema';

type Row = typeof insuranceProviders.$inferSelect;
type CreateBody = z.output<typeof createInsuranceProviderBodySchema>;
type UpdateBody = z.output<typeof updateInsuranceProviderBodySchema>;

const M = BILLING_SETTINGS_MESSAGES;

function toProvider(row: Row): InsuranceProvider {
  return {
    id: row.id,
    name: row.name,
    payerId: row.payerId,
    address: row.address,
    contactName: row.contactName,
    email: row.email,
    phone: row.phone,
    healthcodeProviderCode: row.healthcodeProviderCode,
    ...stampsOf(row),
  };
}

/** One insurer of the practice, or null (an invoice billed to an insurer, a claim). */
export async function insuranceProviderById(db: Db, practiceId: number, id: number): Promise<InsuranceProvider | null> {
  const [row] = await db
    .select()
    .from(insuranceProviders)
    .where(ownedRow(insuranceProviders, practiceId, id))
    .limit(1);
  return row ? toProvider(row) : null;
}

/** Settings > Insurance: the insurers the practice bills. */
export class InsuranceProvidersService {
  constructor(private readonly db: Db) {}

  async list(practiceId: number): Promise<{ items: InsuranceProvider[] }> {
    const rows = await this.db
      .select()
      .from(insuranceProviders)
      .where(eq(insuranceProviders.practiceId, practiceId))
      .orderBy(asc(sql`lower(${insuranceProviders.name})`), asc(insuranceProviders.id));
    return { items: rows.map(toProvider) };
  }

  async one(practiceId: number, id: number): Promise<InsuranceProvider> {
    const provider = await insuranceProviderById(this.db, practiceId, id);
    if (!provider) throw notFound(M.providerNotFound);
    return provider;
  }

  async create(practiceId: number, body: CreateBody): Promise<InsuranceProvider> {
    const [row] = await this.db
      .insert(insuranceProviders)
      .values({ practiceId, ...body })
      .returning();
    return toProvider(row!);
  }

  async update(practiceId: number, id: number, body: UpdateBody): Promise<InsuranceProvider> {
    const { version, ...fields } = body;
    const [row] = await this.db
      .update(insuranceProviders)
      .set({ ...fields, ...nextVersion(insuranceProviders) })
      .where(ownedAt(insuranceProviders, practiceId, id, version))
      .returning();
    if (row) return toProvider(row);
    return missedEdit(() => insuranceProviderById(this.db, practiceId, id), M.providerNotFound, M.providerChanged);
  }

  async remove(practiceId: number, id: number): Promise<Message> {
    try {
      const deleted = await this.db
        .delete(insuranceProviders)
        .where(ownedRow(insuranceProviders, practiceId, id))
        .returning({ id: insuranceProviders.id });
      if (deleted.length === 0) throw notFound(M.providerNotFound);
    } catch (error) {
      // An invoice or a claim names the insurer (a foreign key of the ledger or the claims): it stays.
      if (hasSqlState(error, '23503')) throw conflict(M.providerInUse);
      throw error;
    }
    return { detail: M.providerDeleted };
  }
}
