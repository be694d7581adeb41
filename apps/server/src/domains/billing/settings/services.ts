import { and, asc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import {
  BILLING_SETTINGS_MESSAGES,
  serviceColour,
  type Message,
  type Service,
  type ServiceColour,
  type ServiceKind,
  type createServiceBodySchema,
  type serviceListQuerySchema,
  type updateServiceBodySchema,
} from '@halcyon/api/contract';
import type { Db } from '../../../platform/db';
import { hasSqlState } from '../../../platform/db/rows';
import { conflict, notFound } from '../../../platform/errors';
import { missedEdit, nextVersion, ownedAt, ownedRow, stampsOf } from './shared';
import { services } from './schema';

type Row = typeof services.$inferSelect;
type CreateBody = z.output<typeof createServiceBodySchema>;
type UpdateBody = z.output<typeof updateServiceBodySchema>;
type ListQuery = z.output<typeof serviceListQuerySchema>;

const M = BILLING_SETTINGS_MESSAGES;

export function toService(row: Row): Service {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as ServiceKind,
    description: row.description,
    durationMinutes: row.durationMinutes,
    priceMinor: row.priceMinor,
    currency: row.currency,
    taxRateBp: row.taxRateBp,
    bookableOnline: row.bookableOnline,
    colour: row.colour as ServiceColour,
    archived: row.archived,
    ...stampsOf(row),
  };
}

/** The columns a body sets: the colour chosen, else the one the diary gives the name. */
const fieldsOf = (body: CreateBody) => ({
  name: body.name,
  kind: body.kind,
  description: body.description,
  durationMinutes: body.durationMinutes,
  priceMinor: body.priceMinor,
  currency: body.currency,
  taxRateBp: body.taxRateBp,
  bookableOnline: body.bookableOnline,
  colour: body.colour ?? (serviceColour(body.name) as ServiceColour),
  archived: body.archived,
});

/** A name taken in the practice (whatever its case) answers 409 with a sentence, not a database error. */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (hasSqlState(error, '23505')) throw conflict(M.serviceNameTaken);
    throw error;
  }
}

/** One service of the practice, or null (for the ledger's lines, the session and onboarding pickers). */
export async function serviceById(db: Db, practiceId: number, id: number): Promise<Service | null> {
  const [row] = await db
    .select()
    .from(services)
    .where(ownedRow(services, practiceId, id))
    .limit(1);
  return row ? toService(row) : null;
}

/** Which services the public booking page offers: sessions marked bookable online and not archived. */
const bookableOf = (practiceId: number | SQLWrapper): SQL | undefined =>
  and(eq(services.practiceId, practiceId), eq(services.bookableOnline, true), eq(services.archived, false));
/** The order the booking page lists them in: by name. */
const BOOKABLE_ORDER = sql`lower(${services.name}), ${services.id}`;

/** A bookable service as the booking page reads it (a service without a length is offered no time). */
export type BookableServiceJson = Pick<Service, 'id' | 'name' | 'durationMinutes' | 'priceMinor' | 'currency'>;

/**
 * The services the public booking page offers (bookableOf), by name, as a JSON array PostgreSQL builds: a column of the
 * page's one statement, whose practice `practiceId` names (a column of it, or a value).
 */
export const bookableServicesJson = (practiceId: number | SQLWrapper): SQL<BookableServiceJson[]> =>
  sql`(select coalesce(json_agg(json_build_object('id', ${services.id}, 'name', ${services.name},
    'durationMinutes', ${services.durationMinutes}, 'priceMinor', ${services.priceMinor}, 'currency', ${services.currency})
    order by ${BOOKABLE_ORDER}), '[]'::json) from ${services} where ${bookableOf(practiceId)})`;

/**
 * The services the public booking page offers (bookableOf), by name. A practice keeps a few dozen services at most, so
 * the page reads them whole.
 */
export async function bookableServices(db: Db, practiceId: number): Promise<Service[]> {
  const rows = await db.select().from(services).where(bookableOf(practiceId)).orderBy(BOOKABLE_ORDER);
  return rows.map(toService);
}

/** Settings > Services: what the practice sells (sessions and other services). */
export class ServicesService {
  constructor(private readonly db: Db) {}

  async list(practiceId: number, query: ListQuery): Promise<{ items: Service[] }> {
    const rows = await this.db
      .select()
      .from(services)
      .where(
        and(
          eq(services.practiceId, practiceId),
          query.archived ? undefined : eq(services.archived, false),
          query.group === undefined
            ? undefined
            : query.group === 'other'
              ? eq(services.kind, 'other')
              : sql`${services.kind} <> 'other'`,
        ),
      )
      // Sessions first, then the other services; each by name.
      .orderBy(asc(sql`${services.kind} = 'other'`), asc(sql`lower(${services.name})`), asc(services.id));
    return { items: rows.map(toService) };
  }

  async one(practiceId: number, id: number): Promise<Service> {
    const service = await serviceById(this.db, practiceId, id);
    if (!service) throw notFound(M.serviceNotFound);
    return service;
  }

  async create(practiceId: number, body: CreateBody): Promise<Service> {
    const [row] = await uniqueName(() =>
      this.db
        .insert(services)
        .values({ practiceId, ...fieldsOf(body) })
        .returning(),
    );
    return toService(row!);
  }

  async update(practiceId: number, id: number, body: UpdateBody): Promise<Service> {
    const [row] = await uniqueName(() =>
      this.db
        .update(services)
        .set({ ...fieldsOf(body), ...nextVersion(services) })
        .where(ownedAt(services, practiceId, id, body.version))
        .returning(),
    );
    if (row) return toService(row);
    return missedEdit(() => serviceById(this.db, practiceId, id), M.serviceNotFound, M.serviceChanged);
  }

  async remove(practiceId: number, id: number): Promise<Message> {
    const deleted = await this.db
      .delete(services)
      .where(ownedRow(services, practiceId, id))
      .returning({ id: services.id });
    if (deleted.length === 0) throw notFound(M.serviceNotFound);
    return { detail: M.serviceDeleted };
  }
}
