import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Platform } from '../../../platform/context';
import { requireAuth, type AuthContext } from '../../../platform/auth/guard';
import { registerRoutes } from '../../../platform/http/contract';
import { practices } from '../../practice/schema';
import { users } from '../../users/schema';
import { ComplianceService } from './compliance';
import { CpdService } from './cpd';
import { cpdLogCsv, cpdLogFileName, cpdLogPdf, type CpdLog } from './export';
import { SupervisionService } from './supervision';

/** The year asked for, or this year (UTC). */
const yearOr = (year: number | undefined) => year ?? new Date().getUTCFullYear();

/**
 * Learning and compliance (issue 16 item 3): the member's CPD log and yearly target, supervision sessions, licence and
 * compliance records (SPEC.md §7 `profile-compliance`), and the CPD log's CSV and PDF exports. Every record is the
 * signed-in member's own; the Assistant is refused by the contract's access rule.
 */
export function learningRoutes(app: FastifyInstance, platform: Platform): void {
  const db = platform.database.db;
  const cpd = new CpdService(db);
  const supervision = new SupervisionService(db);
  const compliance = new ComplianceService(db);

  async function log(auth: AuthContext, year: number): Promise<CpdLog> {
    const [[member], [practice], activities, sessions, target] = await Promise.all([
      db.select().from(users).where(eq(users.id, auth.userId)).limit(1),
      db.select({ name: practices.name }).from(practices).where(eq(practices.id, auth.practiceId)).limit(1),
      cpd.activities(auth, year),
      supervision.sessions(auth, year),
      cpd.target(auth),
    ]);
    return {
      memberName: member ? `${member.firstName} ${member.lastName}`.trim() : '',
      professionalBody: member?.professionalBody ?? null,
      registrationNumber: member?.registrationNumber ?? null,
      practiceName: practice?.name ?? '',
      year,
      targetHours: target.targetHours,
      activities,
      supervision: sessions,
      madeAt: new Date(),
    };
  }

  const attachment = (reply: FastifyReply, type: string, name: string, body: string | Uint8Array) =>
    reply
      .header('Content-Type', type)
      .header('Content-Disposition', `attachment; filename="${name}"`)
      .header('X-Content-Type-Options', 'nosniff')
      .send(typeof body === 'string' ? body : Buffer.from(body));

  registerRoutes(app, {
    listCpdActivities: ({ query }, { request }) => cpd.year(requireAuth(request), yearOr(query.year)),
    getCpdActivity: ({ params }, { request }) => cpd.one(requireAuth(request), params.id),
    createCpdActivity: ({ body }, { request }) => cpd.create(requireAuth(request), body),
    updateCpdActivity: ({ params, body }, { request }) => cpd.update(requireAuth(request), params.id, body),
    deleteCpdActivity: ({ params }, { request }) => cpd.remove(requireAuth(request), params.id),
    getCpdTarget: (_input, { request }) => cpd.target(requireAuth(request)),
    updateCpdTarget: ({ body }, { request }) => cpd.setTarget(requireAuth(request), body.targetHours),
    exportCpdCsv: async ({ query }, { request, reply }) => {
      const year = yearOr(query.year);
      const csv = cpdLogCsv(await log(requireAuth(request), year));
      return attachment(reply, 'text/csv; charset=utf-8', cpdLogFileName(year, 'csv'), csv);
    },
    exportCpdPdf: async ({ query }, { request, reply }) => {
      const year = yearOr(query.year);
      const pdf = await cpdLogPdf(await log(requireAuth(request), year));
      return attachment(reply, 'application/pdf', cpdLogFileName(year, 'pdf'), pdf);
    },
    listSupervisionSessions: ({ query }, { request }) => supervision.year(requireAuth(request), yearOr(query.year)),
    getSupervisionSession: ({ params }, { request }) => supervision.one(requireAuth(request), params.id),
    createSupervisionSession: ({ body }, { request }) => supervision.create(requireAuth(request), body),
    updateSupervisionSession: ({ params, body }, { request }) =>
      supervision.update(requireAuth(request), params.id, body),
    deleteSupervisionSession: ({ params }, { request }) => supervision.remove(requireAuth(request), params.id),
    listComplianceItems: (_input, { request }) => compliance.list(requireAuth(request)),
    getComplianceItem: ({ params }, { request }) => compliance.one(requireAuth(request), params.id),
    createComplianceItem: ({ body }, { request }) => compliance.create(requireAuth(request), body),
    updateComplianceItem: ({ params, body }, { request }) => compliance.update(requireAuth(request), params.id, body),
    deleteComplianceItem: ({ params }, { request }) => compliance.remove(requireAuth(request), params.id),
  });
}
