import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  BOOKING_MESSAGES,
  compareDays,
  type Availability,
  type createAvailabilityBodySchema,
  type updateAvailabilityBodySchema,
} from '@halcyon/api/contract';
import type { AuthContext } from '../../../platform/auth/guard';
import type { Platform } from '../../../platform/context';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors';
import { services } from '../../../schema';
import { users } from '../../users/schema';
import { fullName, practiceOf, therapistFor } from '../diary';
import { appointmentAvailability } from './schema';

type CreateBody = z.output<typeof createAvailabilityBodySchema>;
type UpdateBody = z.output<typeof updateAvailabilityBodySchema>;
type Row = typeof appointmentAvailability.$inferSelect;

/** What every area of online booking starts from: the platform (its database, audit log and mailer). */
export abstract class BookingArea {
  constructor(protected readonly p: Platform) {}

  protected get db() {
    return this.p.database.db;
  }
}

/** The practice's services by id, as the hours name them now. */
type ServiceNames = ReadonlyMap<number, string>;

function toAvailability(row: Row, therapistName: string | null, timeZone: string, names: ServiceNames): Availability {
  // By name, as the modal lists them; an id no service has any more (deleted) is left out.
  const offered = row.serviceIds
    .flatMap((id) => {
      const name = names.get(id);
      return name === undefined ? [] : [{ id, name }];
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  return {
    id: row.id,
    therapistId: row.therapistId,
    therapistName,
    days: row.days,
    serviceIds: offered.map((service) => service.id),
    serviceNames: offered.map((service) => service.name),
    location: row.location,
    timeZone,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Members' weekly hours (Settings > Appointments > Availability). Every role reads them (the Schedule shades them, the
 * Assistant books by them); a Therapist sets their own, an Admin anyone's. Listed by the first day's dayIndex (SPEC.md
 * §5), then member and id: `days` is stored in week order, so its first element is the earliest day.
 */
export class AvailabilityService extends BookingArea {
  async list(auth: AuthContext): Promise<{ items: Availability[] }> {
    const [rows, { timeZone }] = await Promise.all([
      this.select(auth).orderBy(
        sql`(${appointmentAvailability.days} -> 0 ->> 'dayIndex')::int asc nulls last`,
        asc(appointmentAvailability.therapistId),
        asc(appointmentAvailability.id),
      ),
      practiceOf(this.db, auth.practiceId),
    ]);
    const names = await this.serviceNames(
      auth,
      rows.map((r) => r.row),
    );
    return { items: rows.map((r) => toAvailability(r.row, fullName(r.first, r.last), timeZone, names)) };
  }

  async get(auth: AuthContext, id: number): Promise<Availability> {
    const [[found], { timeZone }] = await Promise.all([
      this.select(auth, eq(appointmentAvailability.id, id)).limit(1),
      practiceOf(this.db, auth.practiceId),
    ]);
    if (!found) throw notFound(BOOKING_MESSAGES.availabilityNotFound);
    const names = await this.serviceNames(auth, [found.row]);
    return toAvailability(found.row, fullName(found.first, found.last), timeZone, names);
  }

  async create(auth: AuthContext, body: CreateBody): Promise<Availability> {
    const therapistId = await this.memberFor(auth, body.therapistId);
    await this.checkServices(auth, body.serviceIds);
    const [row] = await this.db
      .insert(appointmentAvailability)
      .values({
        practiceId: auth.practiceId,
        therapistId,
        days: [...body.days].sort(compareDays),
        serviceIds: body.serviceIds,
        location: body.location,
        createdBy: auth.userId,
      })
      .returning({ id: appointmentAvailability.id });
    return this.get(auth, row!.id);
  }

  async update(auth: AuthContext, id: number, body: UpdateBody): Promise<Availability> {
    const current = await this.get(auth, id);
    this.assertMayChange(auth, current.therapistId);
    const therapistId = await this.memberFor(auth, body.therapistId ?? current.therapistId);
    await this.checkServices(auth, body.serviceIds);
    const updated = await this.db
      .update(appointmentAvailability)
      .set({
        therapistId,
        days: [...body.days].sort(compareDays),
        serviceIds: body.serviceIds,
        location: body.location,
        version: sql`${appointmentAvailability.version} + 1`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(appointmentAvailability.id, id),
          eq(appointmentAvailability.practiceId, auth.practiceId),
          eq(appointmentAvailability.version, body.version),
        ),
      )
      .returning({ id: appointmentAvailability.id });
    if (updated.length === 0) throw conflict(BOOKING_MESSAGES.availabilityChanged);
    return this.get(auth, id);
  }

  async remove(auth: AuthContext, id: number): Promise<{ detail: string }> {
    const current = await this.get(auth, id);
    this.assertMayChange(auth, current.therapistId);
    await this.db
      .delete(appointmentAvailability)
      .where(and(eq(appointmentAvailability.id, id), eq(appointmentAvailability.practiceId, auth.practiceId)));
    return { detail: BOOKING_MESSAGES.availabilityDeleted };
  }

  private select(auth: AuthContext, where?: ReturnType<typeof eq>) {
    return this.db
      .select({ row: appointmentAvailability, first: users.firstName, last: users.lastName })
      .from(appointmentAvailability)
      .leftJoin(users, eq(users.id, appointmentAvailability.therapistId))
      .where(and(eq(appointmentAvailability.practiceId, auth.practiceId), where))
      .$dynamic();
  }

  /** The names of the services these hours offer: one read of the practice's services they name. */
  private async serviceNames(auth: AuthContext, rows: readonly Row[]): Promise<ServiceNames> {
    const ids = [...new Set(rows.flatMap((row) => row.serviceIds))];
    if (ids.length === 0) return new Map();
    const found = await this.db
      .select({ id: services.id, name: services.name })
      .from(services)
      .where(and(eq(services.practiceId, auth.practiceId), inArray(services.id, ids)));
    return new Map(found.map((service) => [service.id, service.name]));
  }

  /** The services chosen are the practice's own, or 400 naming the field. */
  private async checkServices(auth: AuthContext, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    const found = await this.db
      .select({ id: services.id })
      .from(services)
      .where(and(eq(services.practiceId, auth.practiceId), inArray(services.id, [...ids])));
    if (found.length !== ids.length) {
      throw badRequest(BOOKING_MESSAGES.availabilityService, { serviceIds: BOOKING_MESSAGES.availabilityService });
    }
  }

  /** A Therapist changes only their own hours; an Admin anyone's. */
  private assertMayChange(auth: AuthContext, therapistId: number): void {
    if (auth.role !== 'Admin' && therapistId !== auth.userId) throw forbidden(BOOKING_MESSAGES.availabilityOthers);
  }

  /** The member the hours are for (an active member of the practice), which the caller may set. */
  private async memberFor(auth: AuthContext, therapistId: number | null): Promise<number> {
    if (therapistId !== null && therapistId !== auth.userId && auth.role !== 'Admin') {
      throw forbidden(BOOKING_MESSAGES.availabilityOthers);
    }
    return therapistFor(this.db, auth, therapistId);
  }
}
