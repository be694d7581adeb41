import { sql } from 'drizzle-orm';
import type { Role } from '@halcyon/api/contract';
import type { Db } from '../../platform/db';
import { GENERATED_BASE_DAY, dayOf, rngFrom, seededRandom } from '../../platform/db/generate-helpers';
import { memberships, practiceDetails, practices, users } from '../../schema';
import { generateClients, type ClinicalGeneration } from '../clients/generate';
import { generateDocuments } from '../documents/generate';
import { generateMeasures } from '../measures/generate';
import { generateRisk } from '../risk/generate';
import { generateBooking } from '../scheduling/booking/generate';
import { generateSessions } from '../sessions/generate';
import { generateDiary } from '../scheduling/diary/generate';
import { generateTreatmentPlans } from '../treatment-plans/generate';
import { generateCalendarSettings } from '../scheduling/feeds/generate';
import { generatePolicies } from '../scheduling/policies/generate';
import { generateOnlinePayments } from '../billing/online/generate';
import { generateBillingSettings } from '../billing/settings/generate';
import { generateStorage } from '../workspace/storage/generate';
import { generateTemplates } from '../workspace/templates/generate';
import { generateTasks } from '../workspace/tasks/generate';
import { generateMessages } from '../workspace/messages/generate';
import { generateLearning } from '../workspace/learning';
import { generateLedger } from '../billing/ledger/generate';
import { generateExpenses } from '../billing/expenses/generate';
import { generateClaims } from '../billing/claims/generate';

const FIRST = [
  'Amelia',
  'Noah',
  'Priya',
  'Oliver',
  'Grace',
  'Samuel',
  'Aisha',
  'Leo',
  'Hannah',
  'Tomasz',
  'Chloe',
  'Daniel',
  'Maya',
  'Ewan',
  'Sofia',
  'Kwame',
  'Isla',
  'Rohan',
  'Freya',
  'Mateo',
];
const LAST = [
  'Hughes',
  'Okafor',
  'Patel',
  'Nowak',
  'Bennett',
  'Fraser',
  'Khan',
  'Lindqvist',
  'Moreau',
  'Reid',
  'Santos',
  'Walsh',
  'Yilmaz',
  'Abbott',
  'Chen',
  'Doyle',
  'Evans',
  'Ferreira',
  'Gallagher',
  'Ibrahim',
];
const TITLES = ['Counselling Psychologist', 'Psychotherapist', 'Clinical Psychologist', 'CBT Therapist', 'Counsellor'];
const BODIES = ['BACP', 'UKCP', 'HCPC', 'BABCP', 'BPS'];
const PRACTICE_WORDS = ['Willow', 'Harbour', 'Cedar', 'Meadow', 'Lantern', 'Riverside', 'Oak', 'Stillwater'];

export interface GeneratedMember {
  userId: number;
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
}

export interface GeneratedPractice {
  practiceId: number;
  name: string;
  members: GeneratedMember[];
  /** The clients' ids in creation order (individuals first, then couples, families and groups). */
  clientIds: number[];
}

export interface GenerateOptions {
  /** The number of clients; the team grows with it (3 members up to 20 for 5,000 clients). Clients come with their issue. */
  clients: number;
  seed: number;
  /** One scrypt hash shared by every generated member (hashing per member would take seconds). */
  passwordHash: string;
  /** E-mail domain; kept unique per seed so several generated practices fit in one database. */
  emailDomain?: string;
  demo?: boolean;
  name?: string;
  /**
   * The day the practice's records lead up to: sessions before it are past (attended, noted), after it scheduled. Default
   * a fixed day, so a seed always makes the same rows; the demo passes today so its diary is current.
   */
  today?: Date;
  /**
   * False: only the team and the clients with their contact details, no clinical records (sessions, notes, plans, risk,
   * measures, documents). For tests that need many clients quickly. Default true.
   */
  clinicalRecords?: boolean;
}

/** The password of every member `pnpm generate` makes (never used by demo or production accounts). */
export const GENERATED_PASSWORD = 'generated-practice-password';

/** The e-mail domain of a generated practice: unique per seed, so several fit in one database. */
export function generatedEmailDomain(seed: number): string {
  return `seed${seed}.halcyon.test`;
}

export function teamSize(clients: number): number {
  return Math.max(3, Math.min(20, Math.ceil(clients / 250)));
}

/**
 * Makes a repeatable practice, in one transaction: the same options give the same team, clients and clinical records
 * (sessions and notes, treatment plans, risk, measures, documents; each domain's `generate.ts` makes its own).
 */
export async function generatePractice(db: Db, options: GenerateOptions): Promise<GeneratedPractice> {
  const rng = rngFrom(seededRandom(options.seed));
  const { random, pick } = rng;
  const base = options.today ? dayOf(options.today.getTime()) : GENERATED_BASE_DAY;
  const name = options.name ?? `${pick(PRACTICE_WORDS)} ${pick(['Therapy', 'Counselling', 'Wellbeing'])} Practice`;
  const domain = options.emailDomain ?? generatedEmailDomain(options.seed);
  const size = teamSize(options.clients);
  return db.transaction(async (tx) => {
    const [practice] = await tx
      .insert(practices)
      .values({ name, isDemo: options.demo ?? false })
      .returning();
    // The demo practice's details, which its invoices print under its name (no draw from the sequence: nothing below
    // shifts). Other generated practices keep none, as a new practice does until an Admin fills them in.
    if (options.demo)
      await tx.insert(practiceDetails).values({
        practiceId: practice!.id,
        addressLine1: '12 Harbour Street',
        city: 'Bristol',
        postcode: 'BS1 4RN',
        country: 'GB',
        contactEmail: `hello@${domain}`,
        contactPhone: '+44 117 496 0123',
        website: `https://${domain}`,
        timeZone: 'Europe/London',
        currency: 'GBP',
        taxNumber: 'GB 123 4567 89',
      });
    const members: GeneratedMember[] = [];
    const clinicianProfiles: { userId: number; professionalBody: string | null }[] = [];
    for (let i = 0; i < size; i += 1) {
      const role: Role = i === 0 ? 'Admin' : i === size - 1 || i % 5 === 4 ? 'Assistant' : 'Therapist';
      const firstName = pick(FIRST);
      const lastName = pick(LAST);
      const email = `${role.toLowerCase()}${i === 0 ? '' : i}@${domain}`;
      const [user] = await tx
        .insert(users)
        .values({
          email,
          passwordHash: options.passwordHash,
          firstName,
          lastName,
          title: role === 'Assistant' ? 'Practice Assistant' : pick(TITLES),
          professionalBody: role === 'Assistant' ? null : pick(BODIES),
          registrationNumber: role === 'Assistant' ? null : `${pick(BODIES)}-${100000 + Math.floor(random() * 899999)}`,
          phone: `+44 7700 9${String(Math.floor(random() * 100000)).padStart(5, '0')}`,
          emailVerifiedAt: new Date('2026-01-01T00:00:00Z'),
        })
        .returning({ id: users.id, professionalBody: users.professionalBody });
      await tx.insert(memberships).values({ practiceId: practice!.id, userId: user!.id, role });
      members.push({ userId: user!.id, email, role, firstName, lastName });
      if (role !== 'Assistant') clinicianProfiles.push({ userId: user!.id, professionalBody: user!.professionalBody });
    }
    const clients = await generateClients(tx, rng, {
      practiceId: practice!.id,
      count: options.clients,
      members,
      emailDomain: domain,
      base,
    });
    if (options.clinicalRecords !== false && clients.length > 0) {
      // Each domain draws from its own sequence, forked in a fixed order: a change in one never shifts another's rows.
      const clinical = rng.fork();
      const generation = (): ClinicalGeneration => ({
        db: tx,
        rng: clinical.fork(),
        practiceId: practice!.id,
        base,
        clients,
        clinicians: members.filter((m) => m.role !== 'Assistant').map((m) => m.userId),
      });
      await generateSessions(generation());
      await generateTreatmentPlans(generation());
      await generateRisk(generation());
      await generateMeasures(generation());
      await generateDocuments(generation());
      await generateDiary(generation(), { demo: options.demo ?? false });
      // Services, invoice settings and accounts, reminders and insurers (no draw from the sequence): before booking,
      // whose page offers the services marked "Booked online".
      await generateBillingSettings(tx, practice!.id, base);
      await generateBooking(generation(), { name });
      await generatePolicies(generation());
      await generateLedger(generation());
      await generateExpenses(generation());
      await generateClaims(generation());
    }
    // Video defaults of the clinicians, from a sequence of their own (drawn last: nothing above shifts).
    await generateCalendarSettings(
      tx,
      rng.fork(),
      practice!.id,
      members.filter((m) => m.role !== 'Assistant').map((m) => m.userId),
    );
    // The demo takes card payments through the sandbox provider (no draw from the sequence).
    if (options.demo) await generateOnlinePayments(tx, practice!.id, base);
    // The team's tasks (every member, Assistants too), from a sequence of their own drawn after the above.
    const taskRng = rng.fork();
    if (options.clinicalRecords !== false && clients.length > 0) {
      await generateTasks({
        db: tx,
        rng: taskRng,
        practiceId: practice!.id,
        base,
        members,
        clientIds: clients.map((c) => c.id),
      });
    }
    // Each clinician's CPD, supervision and compliance records, from a sequence of their own (drawn after the above).
    await generateLearning(tx, rng.fork(), practice!.id, clinicianProfiles, base);
    // A few team and client conversations, from a sequence of their own (drawn last: nothing above shifts).
    const messageRng = rng.fork();
    if (options.clinicalRecords !== false && clients.length > 0) {
      await generateMessages({ db: tx, rng: messageRng, practiceId: practice!.id, base, members });
    }
    // A few folders with files in cloud storage, from a sequence of their own (drawn after the above), for a practice
    // with clients (the demo's, the benches'); the tests' empty practices start with empty storage.
    const storageRng = rng.fork();
    if (clients.length > 0) await generateStorage(tx, storageRng, practice!.id, members[0]?.userId ?? null, base);
    // The demo's own forms and session reminder in its template library (no draw from any sequence); other generated
    // practices, the tests' included, keep Halcyon's built-in templates.
    if (options.demo) await generateTemplates(tx, practice!.id, members[0]?.userId ?? null, base);
    return { practiceId: practice!.id, name, members, clientIds: clients.map((c) => c.id) };
  });
}

/** The tables a generated practice fills, clients first, in the order the generators fill them. */
export const GENERATED_TABLES = [
  'clients',
  'client_members',
  'client_details',
  'client_insurance',
  'client_addresses',
  'client_reminder_preferences',
  'client_relationships',
  'client_activity_entries',
  'client_sessions',
  'session_notes',
  'session_cancellations',
  'private_session_notes',
  'session_note_addenda',
  'other_services',
  'treatment_plans',
  'treatment_plan_goals',
  'treatment_plan_reviews',
  'risk_assessments',
  'risk_log_items',
  'safety_plans',
  'assessments',
  'initial_assessments',
  'clinical_profile_sections',
  'diagnoses',
  'stored_files',
  'client_documents',
  'appointments',
  'appointment_availability',
  'session_requests',
  'appointment_locations',
  'cancellation_rules',
  'chargeable_items',
  'invoices',
  'invoice_lines',
  'payments',
  'payment_allocations',
  'invoice_events',
  'tasks',
  'services',
  'invoice_accounts',
  'invoice_reminder_rules',
  'insurance_providers',
  'expenses',
  'insurance_claims',
  'insurance_claim_lines',
  'form_templates',
  'email_templates',
] as const;

/** Rows per table of one practice, for the generator's report and its tests. */
export async function practiceRowCounts(db: Db, practiceId: number): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of GENERATED_TABLES) {
    const result: unknown = await db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} where practice_id = ${practiceId}`,
    );
    out[table] = (result as { rows: { n: number }[] }).rows[0]!.n;
  }
  return out;
}
