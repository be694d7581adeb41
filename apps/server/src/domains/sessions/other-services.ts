import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  SESSION_MESSAGES,
  type OtherService,
  type createOtherServiceBodySchema,
  type updateOtherServiceBodySchema,
} from '@halcyon/api/contract';
import type { AuthContext } from '../../platform/auth/guard';
import { conflict, notFound } from '../../platform/errors';
import { clientOfPractice } from '../clients/access';
import { users } from '../users/schema';
import { otherServices } from './schema';
import { fullName, SessionsArea } from './shared';

type CreateOtherBody = z.output<typeof createOtherServiceBodySchema>;
type UpdateOtherBody = z.output<typeof updateOtherServiceBodySchema>;

/** A client's other services: work that is not a session (report writing, a letter), with its date, time and fee. */
export class OtherServicesService extends SessionsArea {
  /** Records a write of an other service: its id, its client and its date. */
  private recordWrite(
    request: FastifyRequest,
    route: 'createOtherService' | 'updateOtherService' | 'deleteOtherService',
    service: OtherService,
  ): Promise<void> {
    return this.p.audit.recordActivity(request, route, {
      id: service.id,
      clientId: service.clientId,
      facts: { on: service.date },
    });
  }

  private async otherServicesWhere(auth: AuthContext, where: SQL): Promise<OtherService[]> {
    const rows = await this.db
      .select({ service: otherServices, first: users.firstName, last: users.lastName })
      .from(otherServices)
      .leftJoin(users, eq(users.id, otherServices.createdBy))
      .where(and(eq(otherServices.practiceId, auth.practiceId), where))
      .orderBy(desc(otherServices.date), desc(otherServices.id));
    return rows.map(({ service, first, last }) => ({
      id: service.id,
      clientId: service.clientId,
      name: service.name,
      date: service.date,
      durationMinutes: service.durationMinutes,
      feeMinor: service.feeMinor,
      currency: service.currency,
      notes: service.notes,
      version: service.version,
      createdByName: fullName(first, last),
      createdAt: service.createdAt.toISOString(),
      updatedAt: service.updatedAt.toISOString(),
    }));
  }

  async otherServices(auth: AuthContext, clientId: number): Promise<{ items: OtherService[] }> {
    await clientOfPractice(this.db, auth, clientId);
    return { items: await this.otherServicesWhere(auth, eq(otherServices.clientId, clientId)) };
  }

  async otherService(auth: AuthContext, id: number): Promise<OtherService> {
    const [found] = await this.otherServicesWhere(auth, eq(otherServices.id, id));
    if (!found) throw notFound(SESSION_MESSAGES.otherServiceNotFound);
    return found;
  }

  async createOtherService(
    auth: AuthContext,
    request: FastifyRequest,
    clientId: number,
    body: CreateOtherBody,
  ): Promise<OtherService> {
    await clientOfPractice(this.db, auth, clientId);
    const [row] = await this.db
      .insert(otherServices)
      .values({ practiceId: auth.practiceId, clientId, ...body, createdBy: auth.userId })
      .returning({ id: otherServices.id });
    const created = await this.otherService(auth, row!.id);
    await this.recordWrite(request, 'createOtherService', created);
    return created;
  }

  async updateOtherService(
    auth: AuthContext,
    request: FastifyRequest,
    id: number,
    body: UpdateOtherBody,
  ): Promise<OtherService> {
    await this.otherService(auth, id);
    const { version, ...fields } = body;
    const updated = await this.db
      .update(otherServices)
      .set({ ...fields, version: sql`${otherServices.version} + 1`, updatedAt: new Date() })
      .where(
        and(
          eq(otherServices.id, id),
          eq(otherServices.practiceId, auth.practiceId),
          eq(otherServices.version, version),
        ),
      )
      .returning({ id: otherServices.id });
    if (updated.length === 0) throw conflict(SESSION_MESSAGES.otherServiceChanged);
    const saved = await this.otherService(auth, id);
    await this.recordWrite(request, 'updateOtherService', saved);
    return saved;
  }

  async removeOtherService(auth: AuthContext, request: FastifyRequest, id: number): Promise<{ detail: string }> {
    const existing = await this.otherService(auth, id);
    await this.db
      .delete(otherServices)
      .where(and(eq(otherServices.id, id), eq(otherServices.practiceId, auth.practiceId)));
    await this.recordWrite(request, 'deleteOtherService', existing);
    return { detail: SESSION_MESSAGES.otherServiceDeleted };
  }
}
