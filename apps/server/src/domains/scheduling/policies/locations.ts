import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  APPOINTMENT_POLICY_MESSAGES,
  type AppointmentLocation,
  type Message,
  type createAppointmentLocationBodySchema,
  type updateAppointmentLocationBodySchema,
} from '@halcyon/api/contract';
import type { AuthContext } from '../../../platform/auth/guard';
import type { Db } from '../../../platform/db';
import { conflict, notFound } from '../../../platform/errors';
import { appointmentLocations } from './schema';

type Row = typeof appointmentLocations.$inferSelect;
type CreateBody = z.output<typeof createAppointmentLocationBodySchema>;
type UpdateBody = z.output<typeof updateAppointmentLocationBodySchema>;

function toLocation(row: Row): AppointmentLocation {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as AppointmentLocation['kind'],
    address: row.address,
    room: row.room,
    videoLink: row.videoLink,
    instructions: row.instructions,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What a location keeps of its kind: an address and room in person, a link by video, neither by phone. */
function fieldsOf(body: CreateBody) {
  return {
    name: body.name,
    kind: body.kind,
    address: body.kind === 'in person' ? body.address : '',
    room: body.kind === 'in person' ? body.room : '',
    videoLink: body.kind === 'video' ? body.videoLink : '',
    instructions: body.instructions,
  };
}

/** The practice's appointment locations (Settings > Appointments): where sessions happen. */
export class LocationsService {
  constructor(private readonly db: Db) {}

  async list(auth: AuthContext): Promise<{ items: AppointmentLocation[] }> {
    const rows = await this.db
      .select()
      .from(appointmentLocations)
      .where(eq(appointmentLocations.practiceId, auth.practiceId))
      .orderBy(asc(sql`lower(${appointmentLocations.name})`), asc(appointmentLocations.id));
    return { items: rows.map(toLocation) };
  }

  async one(auth: AuthContext, id: number): Promise<AppointmentLocation> {
    const [row] = await this.db
      .select()
      .from(appointmentLocations)
      .where(and(eq(appointmentLocations.id, id), eq(appointmentLocations.practiceId, auth.practiceId)))
      .limit(1);
    if (!row) throw notFound(APPOINTMENT_POLICY_MESSAGES.locationNotFound);
    return toLocation(row);
  }

  async create(auth: AuthContext, body: CreateBody): Promise<AppointmentLocation> {
    const [row] = await this.db
      .insert(appointmentLocations)
      .values({ practiceId: auth.practiceId, ...fieldsOf(body) })
      .returning();
    return toLocation(row!);
  }

  async update(auth: AuthContext, id: number, body: UpdateBody): Promise<AppointmentLocation> {
    const [row] = await this.db
      .update(appointmentLocations)
      .set({ ...fieldsOf(body), version: sql`${appointmentLocations.version} + 1`, updatedAt: new Date() })
      .where(
        and(
          eq(appointmentLocations.id, id),
          eq(appointmentLocations.practiceId, auth.practiceId),
          eq(appointmentLocations.version, body.version),
        ),
      )
      .returning();
    if (row) return toLocation(row);
    await this.one(auth, id);
    throw conflict(APPOINTMENT_POLICY_MESSAGES.locationChanged);
  }

  async remove(auth: AuthContext, id: number): Promise<Message> {
    const deleted = await this.db
      .delete(appointmentLocations)
      .where(and(eq(appointmentLocations.id, id), eq(appointmentLocations.practiceId, auth.practiceId)))
      .returning({ id: appointmentLocations.id });
    if (deleted.length === 0) throw notFound(APPOINTMENT_POLICY_MESSAGES.locationNotFound);
    return { detail: APPOINTMENT_POLICY_MESSAGES.locationDeleted };
  }
}
