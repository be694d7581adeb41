import { and, asc, eq, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import {
  BOOKING_MESSAGES,
  DEFAULT_BOOKING_RULES,
  slugOf,
  type BookingLink,
  type BookingRules,
  type bookingRulesBodySchema,
} from '@halcyon/api/contract';
import type { AuthContext } from '../../../platform/auth/guard';
import { hasSqlState, rowsOf, type Db } from '../../../platform/db';
import { badRequest, conflict } from '../../../platform/errors';
import { memberships, users } from '../../users/schema';
import { fullName, fullNameSql, practiceOf } from '../diary';
import { BookingArea } from './availability';
import { appointmentAvailability, bookingLinks, bookingRules } from './schema';

type RulesBody = z.output<typeof bookingRulesBodySchema>;
export type RulesRow = Omit<typeof bookingRules.$inferSelect, 'updatedBy' | 'updatedAt'>;

/** The rules of a practice that never saved its own (online booking off). */
export function defaultRules(practiceId: number): RulesRow {
  return {
    practiceId,
    ...DEFAULT_BOOKING_RULES,
    therapistIds: [],
    version: 0,
  };
}

export async function rulesOf(db: Db, practiceId: number): Promise<RulesRow> {
  const [row] = await db.select().from(bookingRules).where(eq(bookingRules.practiceId, practiceId)).limit(1);
  return row ?? defaultRules(practiceId);
}

/**
 * Which members are offered online: the rules' list `therapistIds` (an int[], of still active members), or when it is
 * empty or null every active member with availability. A condition on `memberships` joined with `users`.
 */
export function offeredWhere(practiceId: number | SQLWrapper, therapistIds: SQLWrapper): SQL {
  const withHours = sql`exists (select 1 from ${appointmentAvailability}
    where ${appointmentAvailability.practiceId} = ${practiceId} and ${appointmentAvailability.therapistId} = ${users.id})`;
  return sql`${memberships.practiceId} = ${practiceId} and ${memberships.status} = 'active'
      and case when coalesce(cardinality(${therapistIds}), 0) > 0 then ${users.id} = any(${therapistIds})
        else ${withHours} end`;
}

/**
 * The members offered online (offeredWhere), as a JSON array PostgreSQL builds, with their names, in name order. A
 * column of the booking page's one statement, whose practice `practiceId` names (a column of it, or a value).
 */
export function offeredTherapistsJson(practiceId: number | SQLWrapper, therapistIds: SQLWrapper): SQL<Offered[]> {
  return sql`(select coalesce(json_agg(json_build_object('id', ${users.id},
      'name', coalesce(${fullNameSql(users.firstName, users.lastName)}, 'Therapist'))
      order by ${users.lastName}, ${users.firstName}, ${users.id}), '[]'::json)
    from ${memberships} join ${users} on ${users.id} = ${memberships.userId}
    where ${offeredWhere(practiceId, therapistIds)})`;
}

type Offered = { id: number; name: string };

/** The members offered online under these rules (offeredTherapistsJson). */
export async function offeredTherapists(
  db: Db,
  practiceId: number,
  rules: Pick<RulesRow, 'therapistIds'>,
): Promise<Offered[]> {
  const ids = sql`${sql.param([...rules.therapistIds])}::int[]`;
  const [row] = await rowsOf<{ offered: Offered[] }>(
    db,
    sql`select ${offeredTherapistsJson(practiceId, ids)} as offered`,
  );
  return row?.offered ?? [];
}

/** The practice's booking link, then one per member offered online (those that have one). */
async function linksOf(db: Db, practiceId: number, practiceName: string): Promise<BookingLink[]> {
  const rows = await db
    .select({
      therapistId: bookingLinks.therapistId,
      slug: bookingLinks.slug,
      first: users.firstName,
      last: users.lastName,
    })
    .from(bookingLinks)
    .leftJoin(users, eq(users.id, bookingLinks.therapistId))
    .where(eq(bookingLinks.practiceId, practiceId))
    .orderBy(sql`${bookingLinks.therapistId} nulls first`, asc(users.lastName), asc(users.firstName));
  return rows.map((r) => ({
    therapistId: r.therapistId,
    name: r.therapistId === null ? practiceName : (fullName(r.first, r.last) ?? 'Therapist'),
    slug: r.slug,
    path: `/Book/${r.slug}`,
  }));
}

/** A slug of at least 3 characters from a name, with a fallback. */
function baseSlug(name: string, fallback: string): string {
  const slug = slugOf(name);
  return slug.length >= 3 ? slug : fallback;
}

/**
 * The practice's online-booking rules (Settings > Appointments > Online booking) and the short addresses of its public
 * booking page: the practice's own (chosen, unique) and one per member offered online (made from their name).
 */
export class BookingRulesService extends BookingArea {
  async get(auth: AuthContext): Promise<BookingRules> {
    const [rules, practice] = await Promise.all([
      rulesOf(this.db, auth.practiceId),
      practiceOf(this.db, auth.practiceId),
    ]);
    const links = await linksOf(this.db, auth.practiceId, practice.name);
    const own = links.find((l) => l.therapistId === null);
    return {
      enabled: rules.enabled,
      bufferBeforeMinutes: rules.bufferBeforeMinutes,
      bufferAfterMinutes: rules.bufferAfterMinutes,
      minimumNoticeHours: rules.minimumNoticeHours,
      maxDaysAhead: rules.maxDaysAhead,
      slotStepMinutes: rules.slotStepMinutes,
      therapistIds: rules.therapistIds,
      slug: own?.slug ?? baseSlug(practice.name, `practice-${auth.practiceId}`),
      links,
      version: rules.version,
    };
  }

  async update(auth: AuthContext, body: RulesBody): Promise<BookingRules> {
    const values = {
      enabled: body.enabled,
      bufferBeforeMinutes: body.bufferBeforeMinutes,
      bufferAfterMinutes: body.bufferAfterMinutes,
      minimumNoticeHours: body.minimumNoticeHours,
      maxDaysAhead: body.maxDaysAhead,
      slotStepMinutes: body.slotStepMinutes,
      therapistIds: [...new Set(body.therapistIds)],
      updatedBy: auth.userId,
      updatedAt: new Date(),
    };
    try {
      await this.db.transaction(async (tx) => {
        const saved =
          body.version === 0
            ? await tx
                .insert(bookingRules)
                .values({ practiceId: auth.practiceId, ...values, version: 1 })
                .onConflictDoNothing()
                .returning({ version: bookingRules.version })
            : await tx
                .update(bookingRules)
                .set({ ...values, version: sql`${bookingRules.version} + 1` })
                .where(and(eq(bookingRules.practiceId, auth.practiceId), eq(bookingRules.version, body.version)))
                .returning({ version: bookingRules.version });
        if (saved.length === 0) throw conflict(BOOKING_MESSAGES.rulesChanged);
        const offered = await offeredTherapists(tx, auth.practiceId, values);
        const unknown = values.therapistIds.filter((id) => !offered.some((t) => t.id === id));
        if (unknown.length > 0) {
          throw badRequest(BOOKING_MESSAGES.therapistNotMember, { therapistIds: BOOKING_MESSAGES.therapistNotMember });
        }
        await this.saveSlugs(tx, auth.practiceId, body.slug, offered);
      });
    } catch (error) {
      if (hasSqlState(error, '23505')) throw conflict(BOOKING_MESSAGES.slugTaken);
      throw error;
    }
    return this.get(auth);
  }

  /** The practice's slug as chosen; a member offered online without a link gets one from their name. */
  private async saveSlugs(tx: Db, practiceId: number, slug: string, offered: { id: number; name: string }[]) {
    const updated = await tx
      .update(bookingLinks)
      .set({ slug })
      .where(and(eq(bookingLinks.practiceId, practiceId), isNull(bookingLinks.therapistId)))
      .returning({ id: bookingLinks.id });
    if (updated.length === 0) await tx.insert(bookingLinks).values({ practiceId, therapistId: null, slug });
    const existing = await tx
      .select({ therapistId: bookingLinks.therapistId })
      .from(bookingLinks)
      .where(eq(bookingLinks.practiceId, practiceId));
    const has = new Set(existing.map((l) => l.therapistId));
    for (const member of offered.filter((t) => !has.has(t.id))) {
      await tx.insert(bookingLinks).values({
        practiceId,
        therapistId: member.id,
        slug: await freeSlug(tx, baseSlug(member.name, `therapist-${member.id}`)),
      });
    }
  }
}

/** `base`, or `base-2`, `base-3`... : the first slug no practice uses yet. */
export async function freeSlug(db: Db, name: string): Promise<string> {
  // Room for a "-99" on a slug of at most 60 characters.
  const base = name.slice(0, 56).replace(/-+$/, '');
  const taken = await db
    .select({ slug: bookingLinks.slug })
    .from(bookingLinks)
    .where(sql`${bookingLinks.slug} = ${base} or ${bookingLinks.slug} like ${`${base}-%`}`);
  const used = new Set(taken.map((t) => t.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}
