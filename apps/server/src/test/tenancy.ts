import crypto from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { allows, routes, type RouteName, type RouteSpec, ROLES, type Role } from '@halcyon/api/contract';
import { rowsOf as rows, type Db } from '../platform/db';
import type { ZodType } from 'zod';
import type { GeneratedPractice } from '../domains/practice/generator';
import type { TestApp } from './app';
import { bearer, memberOf, sessionFor, sessionIdOf } from './auth';
import { exampleFor } from './examples';

/** Tables that never hold a practice's records (and whose ids say nothing about one). */
const NOT_PRACTICE_DATA = new Set(['audit_log', 'rate_limit_counters', 'app_meta', '__drizzle_migrations']);

interface Column {
  table_name: string;
  column_name: string;
  data_type: string;
}

/** Every table of the schema, with its columns (read from the database, so tables added later are included). */
async function tables(db: Db): Promise<Map<string, Column[]>> {
  const columns = await rows<Column>(
    db,
    sql`select table_name, column_name, data_type from information_schema.columns
        where table_schema = current_schema() order by table_name, ordinal_position`,
  );
  const out = new Map<string, Column[]>();
  for (const column of columns) {
    if (NOT_PRACTICE_DATA.has(column.table_name)) continue;
    out.set(column.table_name, [...(out.get(column.table_name) ?? []), column]);
  }
  return out;
}

const has = (columns: Column[], name: string) => columns.some((c) => c.column_name === name);

/** The WHERE clause picking one practice's rows of a table: its practice_id, or the user_id of one of its members. */
function ownedBy(table: string, columns: Column[], practiceId: number): SQL | null {
  if (table === 'practices') return sql`id = ${practiceId}`;
  if (table === 'users') return sql`id in (select user_id from memberships where practice_id = ${practiceId})`;
  if (has(columns, 'practice_id')) return sql`practice_id = ${practiceId}`;
  if (has(columns, 'user_id'))
    return sql`user_id in (select user_id from memberships where practice_id = ${practiceId})`;
  return null;
}

export interface PracticeFootprint {
  /** Ids (as strings) of the practice's rows in every table: ids, user ids, uuids. */
  ids: Set<string>;
  /** Text values of the practice's rows (8+ characters): names, e-mails, uuids, free text. */
  texts: Set<string>;
  /** Every row of the practice, table by table, to compare before and after. */
  snapshot: string;
}

/** What a practice owns in the database right now. */
export async function footprint(db: Db, practiceId: number): Promise<PracticeFootprint> {
  const ids = new Set<string>();
  const texts = new Set<string>();
  const snapshot: Record<string, string[]> = {};
  for (const [table, columns] of await tables(db)) {
    const where = ownedBy(table, columns, practiceId);
    if (!where) continue;
    const found = await rows<Record<string, unknown>>(
      db,
      sql`select * from ${sql.identifier(table)} where ${where} order by 1`,
    );
    // Each row as text, sorted: `order by 1` leaves ties where the first column is the practice (client_counts,
    // client_balances), and their order could change mid-walk with the plan (autovacuum's analyze) though no row did.
    snapshot[table] = found.map((row) => JSON.stringify(row)).sort();
    for (const row of found) {
      for (const column of columns) {
        const value = row[column.column_name];
        if (value === null || value === undefined) continue;
        const isId = column.column_name === 'id' || column.column_name.endsWith('_id');
        if (isId && (typeof value === 'string' || typeof value === 'number')) ids.add(String(value));
        if (typeof value === 'string' && value.length >= 8 && !column.column_name.endsWith('hash')) texts.add(value);
      }
    }
  }
  return { ids, texts, snapshot: JSON.stringify(snapshot) };
}

/**
 * Ids of rows of shared catalogues (tables with no practice, no user and no reference to another table): a route may
 * rightly answer them to anyone, so they are not aimed at.
 */
async function sharedIds(db: Db): Promise<Set<string>> {
  const referencing = new Set(
    (
      await rows<{ table_name: string }>(
        db,
        sql`select distinct table_name from information_schema.table_constraints
            where table_schema = current_schema() and constraint_type = 'FOREIGN KEY'`,
      )
    ).map((r) => r.table_name),
  );
  const out = new Set<string>();
  for (const [table, columns] of await tables(db)) {
    if (ownedBy(table, columns, 0) || referencing.has(table) || !has(columns, 'id')) continue;
    for (const row of await rows<{ id: unknown }>(db, sql`select id from ${sql.identifier(table)}`))
      out.add(String(row.id));
  }
  return out;
}

/**
 * Texts that say nothing about whose record they are, so they never count as a leak: a bare date (the intruder's own
 * timestamps hold the same days) and a lowercase vocabulary value such as a status or an outcome ("discharge" is inside
 * the intruder's own "discharged"). Names, e-mails, uuids and free text remain markers.
 */
const NOT_A_MARKER = /^(?:\d{4}-\d{2}-\d{2}|[a-z][a-z -]*)$/;

export interface WalkProblem {
  route: string;
  role: Role;
  method: string;
  url: string;
  status: number;
  problem: string;
}

export interface WalkResult {
  /** Requests made. */
  requests: number;
  /** Contract routes walked (every route that is not public). */
  routes: string[];
  /** Routes that were sent one of the owner's ids in their path. */
  targeted: string[];
  problems: WalkProblem[];
}

export interface WalkOptions {
  /** The practice whose records are aimed at. */
  owner: GeneratedPractice;
  /** The practice whose members do the aiming. */
  intruder: GeneratedPractice;
  /** Bodies for routes whose contract schema the example maker cannot satisfy. */
  bodies?: Partial<Record<RouteName, unknown>>;
  /** How many of the owner's ids to try per route (default 6). */
  idsPerRoute?: number;
  /** Walk only these routes (default: every signed-in route of the contract). */
  only?: readonly string[];
}

function fillPath(spec: RouteSpec, values: Record<string, string>): string {
  return spec.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => encodeURIComponent(values[name] ?? '1'));
}

/** For each path parameter: the owner's ids it accepts (an id parameter), or null with an example value (any other). */
function pathPlans(spec: RouteSpec, ownerIds: string[], limit: number, first: string[] = []): Record<string, string>[] {
  const names = [...spec.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!);
  if (names.length === 0) return [{}];
  const shape = (spec.params?.shape ?? {}) as Record<string, ZodType>;
  const fixed: Record<string, string> = {};
  const idNames: string[] = [];
  const accepted = new Set<string>();
  for (const name of names) {
    const schema = shape[name];
    const fits = schema ? ownerIds.filter((id) => schema.safeParse(id).success) : [];
    if (fits.length > 0) {
      idNames.push(name);
      fits.forEach((id) => accepted.add(id));
    } else {
      const example = schema ? exampleFor(schema) : undefined;
      fixed[name] = typeof example === 'string' || typeof example === 'number' ? String(example) : '1';
    }
  }
  if (idNames.length === 0) return [fixed];
  // Spread the tries over the owner's ids of different kinds (numbers and uuids from several tables).
  // The owner's members come first (the ids a cross-practice call most wants), then a spread over the rest: which ids
  // a spread alone reaches depends on how many rows the practice has, so a member route could go untried.
  const ids = [...accepted];
  const step = Math.max(1, Math.floor(ids.length / limit));
  const spread = ids.filter((_, i) => i % step === 0);
  const chosen = [...new Set([...first.filter((id) => accepted.has(id)), ...spread])].slice(0, limit);
  return chosen.map((id) => ({ ...fixed, ...Object.fromEntries(idNames.map((n) => [n, id])) }));
}

/**
 * The tenant walk (QUALITY.md security 8): every route of the contract that is not public is called by each role of
 * another practice, aimed at the owner's ids wherever the path takes an id. Each answer must be 403 when the role may not
 * use the route, else 404 when an owner's id was in the path, never 5xx, and never contain any of the owner's text
 * (names, e-mails, ids that are uuids, free text). Afterwards the owner's rows must be exactly as before.
 * Routes added to the contract later are walked without new code: ids and texts are read from the database, bodies are
 * made from the contract's schemas.
 */
/**
 * Bodies the contract's rules need beyond what a bare example holds: safety-critical records refuse to save empty, and a
 * schedule starts today or later. With a valid body, only the other practice's id can refuse the call.
 */
function ruleBodies(): Partial<Record<RouteName, unknown>> {
  const today = new Date().toISOString().slice(0, 10);
  return {
    saveRiskAssessment: {
      expectedCurrentVersion: 0,
      assessedOn: today,
      areas: [{ area: 'suicide', level: 'low', riskFactors: 'Walk' }],
      overallLevel: 'low',
      managementPlan: 'Walk plan',
    },
    saveSafetyPlan: {
      expectedCurrentVersion: 0,
      warningSigns: ['Walk'],
      helpContacts: [{ name: 'Walk', contact: '07700 900123' }],
    },
    createAssessmentSchedule: { measure: 'phq9', startDate: today, repeatEveryWeeks: null },
    // A valid calendar address the SSRF guard refuses before any request: the walk never reaches the network.
    addExternalCalendar: { name: 'Walk', url: 'https://10.0.0.9/walk.ics' },
    // Hours for a member who is nobody: valid to the contract, refused by the server (400, or 403 for a Therapist), so the
    // walk creates no record whose small id it would then aim at as the owner's.
    // A team conversation with a member who is nobody: valid to the contract, refused by the server (400), so the walk
    // starts no conversation.
    createConversation: { kind: 'team', subject: 'Walk', memberIds: [2_147_483_647], body: 'Walk' },
    createAvailability: { therapistId: 2_147_483_647, days: [{ dayIndex: 0, startTime: '09:00', endTime: '12:00' }] },
    updateAvailability: { days: [{ dayIndex: 0, startTime: '09:00', endTime: '12:00' }], version: 1 },
    updateBookingRules: {
      enabled: true,
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 0,
      minimumNoticeHours: 0,
      maxDaysAhead: 30,
      slotStepMinutes: 30,
      services: [{ name: 'Walk session', durationMinutes: 50 }],
      therapistIds: [],
      slug: `walk-${crypto.randomUUID().slice(0, 8)}`,
      version: 0,
    },
    shareBookingLink: { slug: 'walk-link', email: 'walk@example.com' },
    amendSessionRequest: {
      startsAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      durationMinutes: 50,
      version: 1,
    },
    // A fee needs its amount, an in-person location its address.
    createCancellationRule: { triggerInHoursBeforeStart: 6, feeKind: 'fixed', feeMinor: 1_000, currency: 'GBP' },
    updateCancellationRule: {
      triggerInHoursBeforeStart: 6,
      feeKind: 'fixed',
      feeMinor: 1_000,
      currency: 'GBP',
      version: 1,
    },
    createAppointmentLocation: { name: 'Walk room', kind: 'in person', address: '1 Walk Street' },
    // Billing for a client who is nobody: valid to the contract (a free line has its description and price), refused by
    // the server, so the walk creates no invoice or payment.
    createInvoice: { clientId: 2_147_483_647, lines: [{ sourceKind: 'free', description: 'Walk', unitMinor: 1_000 }] },
    updateDraftInvoice: {
      clientId: 2_147_483_647,
      lines: [{ sourceKind: 'free', description: 'Walk', unitMinor: 1_000 }],
      version: 1,
    },
    recordPayment: { clientId: 2_147_483_647, amountMinor: 1_000, currency: 'GBP', date: today, method: 'card' },
    recordAdvancePayment: { clientId: 2_147_483_647, amountMinor: 1_000, currency: 'GBP', date: today, method: 'card' },
    // An expense's date is today at the latest (the example generator's dates are not).
    createExpense: {
      date: today,
      category: 'rooms',
      supplier: 'Walk Rooms Ltd',
      amountMinor: 1_000,
      currency: 'GBP',
      taxRateBp: 0,
      receiptFileId: null,
    },
    updateExpense: {
      date: today,
      category: 'rooms',
      supplier: 'Walk Rooms Ltd',
      amountMinor: 1_000,
      currency: 'GBP',
      taxRateBp: 0,
      receiptFileId: null,
      version: 1,
    },
    updateAppointmentLocation: { name: 'Walk room', kind: 'in person', address: '1 Walk Street', version: 1 },
    // A session needs its length; an account somewhere to pay; the invoice settings their prefixes.
    createService: {
      name: 'Walk session',
      kind: 'individual',
      durationMinutes: 50,
      priceMinor: 5_000,
      currency: 'GBP',
    },
    updateService: {
      name: 'Walk session',
      kind: 'individual',
      durationMinutes: 50,
      priceMinor: 5_000,
      currency: 'GBP',
      version: 1,
    },
    createInvoiceAccount: { name: 'Walk account', accountCurrency: 'GBP', instructions: 'Pay by cheque.' },
    updateInvoiceAccount: { name: 'Walk account', accountCurrency: 'GBP', instructions: 'Pay by cheque.', version: 1 },
    updateBillingSettings: {
      numberPrefix: 'WALK-',
      creditNotePrefix: 'WCN-',
      numberPadding: 4,
      paymentTermsDays: 30,
      defaultTaxRateBp: 0,
      taxLabel: 'VAT',
      version: 0,
    },
  };
}

export async function walkTenantIsolation(t: TestApp, options: WalkOptions): Promise<WalkResult> {
  const { db } = t.database;
  const owner = await footprint(db, options.owner.practiceId);
  const intruder = await footprint(db, options.intruder.practiceId);
  const shared = await sharedIds(db);
  const ownerIds = [...owner.ids].filter((id) => !intruder.ids.has(id) && !shared.has(id));
  const markers = [...owner.texts].filter((text) => !intruder.texts.has(text) && !NOT_A_MARKER.test(text));
  const limit = options.idsPerRoute ?? 6;
  const members = options.owner.members.map((member) => String(member.userId));
  const result: WalkResult = { requests: 0, routes: [], targeted: [], problems: [] };

  // Routes without an id in their path (creates) go last: a record the intruder creates could otherwise take an id the
  // walk then aims at as the owner's (ids of different tables overlap), and its own record would answer 200.
  const walked = (Object.entries(routes) as [RouteName, RouteSpec][]).sort(
    ([, a], [, b]) => Number(!a.path.includes(':')) - Number(!b.path.includes(':')),
  );
  for (const [name, spec] of walked) {
    if (spec.access === 'public' || (options.only && !options.only.includes(name))) continue;
    result.routes.push(name);
    const plans = pathPlans(spec, ownerIds, limit, members);
    const targeted = plans.some((plan) => Object.values(plan).some((value) => ownerIds.includes(value)));
    if (targeted) result.targeted.push(name);
    const query = spec.query ? exampleFor(spec.query) : undefined;
    const bodies = { ...ruleBodies(), ...options.bodies };
    const body = name in bodies ? bodies[name] : spec.body ? exampleFor(spec.body) : undefined;
    for (const role of ROLES) {
      for (const plan of plans) {
        const url = fillPath(spec, plan);
        const tokens = await sessionFor(t, memberOf(options.intruder, role));
        const response = await t.app.inject({
          method: spec.method,
          url,
          // A CSRF token of the intruder's own session, so routes that check one reach their tenancy check.
          headers: { ...bearer(tokens), 'x-csrf-token': t.platform.tokens.csrfFor(sessionIdOf(tokens)) },
          ...(query && typeof query === 'object' ? { query: query as Record<string, string> } : {}),
          ...(spec.body ? { payload: body ?? {} } : {}),
        });
        result.requests += 1;
        const report = (problem: string) =>
          result.problems.push({ route: name, role, method: spec.method, url, status: response.statusCode, problem });
        const aimed = Object.values(plan).some((value) => ownerIds.includes(value));
        if (response.statusCode >= 500) report('answered a server error');
        else if (!allows(spec.access, role)) {
          if (response.statusCode !== 403) report('role not allowed, expected 403');
        } else if (aimed && response.statusCode !== 404) {
          report("another practice's id, expected 404");
        }
        if (spec.body && body === undefined) {
          report('no valid example body could be made from the contract; pass one in `bodies`');
        }
        const text = response.body;
        const leaked = markers.find((marker) => text.includes(marker));
        if (leaked) report(`leaked the owner's "${leaked.slice(0, 40)}"`);
      }
    }
  }
  const after = await footprint(db, options.owner.practiceId);
  if (after.snapshot !== owner.snapshot) {
    const before = JSON.parse(owner.snapshot) as Record<string, unknown>;
    const now = JSON.parse(after.snapshot) as Record<string, unknown>;
    const changed = [...new Set([...Object.keys(before), ...Object.keys(now)])].filter(
      (table) => JSON.stringify(before[table]) !== JSON.stringify(now[table]),
    );
    result.problems.push({
      route: '*',
      role: 'Admin',
      method: '*',
      url: '*',
      status: 0,
      problem: `the owner's rows changed during the walk (${changed.join(', ')})`,
    });
  }
  return result;
}
