import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  APPOINTMENT_POLICY_MESSAGES,
  DEFAULT_CURRENCY,
  feeOf,
  hoursBefore,
  matchingRule,
  noticeHours,
  type CancellationFee,
  type CancellationRule,
  type ChargeKind,
  type Message,
  type createCancellationRuleBodySchema,
  type updateCancellationRuleBodySchema,
} from '@halcyon/api/contract';
import type { AuthContext } from '../../../platform/auth/guard';
import { hasSqlState, type Db } from '../../../platform/db';
import { conflict, notFound } from '../../../platform/errors';
import { practiceDetails } from '../../account/schema';
import { cancellationRules, chargeableItems } from './schema';

type Row = typeof cancellationRules.$inferSelect;
type CreateBody = z.output<typeof createCancellationRuleBodySchema>;
type UpdateBody = z.output<typeof updateCancellationRuleBodySchema>;

function toRule(row: Row): CancellationRule {
  return {
    id: row.id,
    triggerInHoursBeforeStart: row.triggerHours,
    feeKind: row.feeKind as CancellationRule['feeKind'],
    feePercent: row.feePercent,
    feeMinor: row.feeMinor,
    currency: row.currency,
    message: row.message,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function fieldsOf(body: CreateBody) {
  return {
    triggerHours: body.triggerInHoursBeforeStart,
    feeKind: body.feeKind,
    feePercent: body.feePercent,
    feeMinor: body.feeMinor,
    currency: body.currency,
    message: body.message,
  };
}

/** The practice's rules in SPEC.md §5 order: hours ascending, rules without hours last, then id. */
export async function orderedRules(db: Db, practiceId: number): Promise<CancellationRule[]> {
  const rows = await db
    .select()
    .from(cancellationRules)
    .where(eq(cancellationRules.practiceId, practiceId))
    .orderBy(sql`${cancellationRules.triggerHours} asc nulls last`, asc(cancellationRules.id));
  return rows.map(toRule);
}

/** The practice's currency (Settings > Practice): the currency of a session's price and of a percentage fee. */
async function practiceCurrency(db: Db, practiceId: number): Promise<string> {
  const [row] = await db
    .select({ currency: practiceDetails.currency })
    .from(practiceDetails)
    .where(eq(practiceDetails.practiceId, practiceId))
    .limit(1);
  return row?.currency ?? DEFAULT_CURRENCY;
}

/** What the policy needs to know of a session. */
export interface ChargedSession {
  id: number;
  clientId: number;
  startsAt: Date;
  priceMinor: number | null;
}

/** The fee the practice's policy sets for this session, cancelled `at` a moment (or missed), before anything is saved. */
export async function cancellationFee(
  db: Db,
  practiceId: number,
  session: ChargedSession,
  kind: ChargeKind,
  at: Date,
): Promise<CancellationFee> {
  const [rules, currency] = await Promise.all([orderedRules(db, practiceId), practiceCurrency(db, practiceId)]);
  const rule = matchingRule(rules, noticeHours(kind, session.startsAt, at));
  const fee = rule ? feeOf(rule, { minor: session.priceMinor, currency }) : null;
  return {
    sessionId: session.id,
    kind,
    hoursBeforeStart: kind === 'did not attend' ? 0 : Math.round(hoursBefore(session.startsAt, at) * 10) / 10,
    rule,
    priceMinor: session.priceMinor,
    feeMinor: fee?.minor ?? null,
    currency: fee?.currency ?? currency,
  };
}

/** A fee recorded on the client's account (see chargeSession). */
export interface RecordedCharge {
  id: number;
  kind: ChargeKind;
  amountMinor: number;
  currency: string;
}

/**
 * Records on the client's account the fee the policy sets for a late cancellation or a missed session (`charge`), or
 * takes a fee recorded before back (`charge` false, or no rule applies any more): one item per session, written with
 * the cancellation or attendance in the caller's transaction `tx`. Answers the fee recorded, or null.
 */
export async function chargeSession(
  tx: Db,
  auth: AuthContext,
  session: ChargedSession,
  charge: { kind: ChargeKind; at: Date } | null,
): Promise<RecordedCharge | null> {
  const fee = charge ? await cancellationFee(tx, auth.practiceId, session, charge.kind, charge.at) : null;
  if (!charge || !fee || fee.feeMinor === null || fee.feeMinor === 0) {
    await tx
      .delete(chargeableItems)
      .where(and(eq(chargeableItems.sessionId, session.id), eq(chargeableItems.practiceId, auth.practiceId)));
    return null;
  }
  const values = {
    kind: charge.kind,
    amountMinor: fee.feeMinor,
    currency: fee.currency,
    ruleId: fee.rule?.id ?? null,
    createdBy: auth.userId,
    updatedAt: new Date(),
  };
  const [item] = await tx
    .insert(chargeableItems)
    .values({ practiceId: auth.practiceId, clientId: session.clientId, sessionId: session.id, ...values })
    .onConflictDoUpdate({ target: chargeableItems.sessionId, set: values })
    .returning({ id: chargeableItems.id });
  return { id: item!.id, kind: charge.kind, amountMinor: fee.feeMinor, currency: fee.currency };
}

/** The practice's cancellation policy rules (Settings > Appointments). */
export class CancellationRulesService {
  constructor(private readonly db: Db) {}

  async list(auth: AuthContext): Promise<{ items: CancellationRule[] }> {
    return { items: await orderedRules(this.db, auth.practiceId) };
  }

  async one(auth: AuthContext, id: number): Promise<CancellationRule> {
    const [row] = await this.db
      .select()
      .from(cancellationRules)
      .where(and(eq(cancellationRules.id, id), eq(cancellationRules.practiceId, auth.practiceId)))
      .limit(1);
    if (!row) throw notFound(APPOINTMENT_POLICY_MESSAGES.ruleNotFound);
    return toRule(row);
  }

  async create(auth: AuthContext, body: CreateBody): Promise<CancellationRule> {
    const [row] = await this.db
      .insert(cancellationRules)
      .values({ practiceId: auth.practiceId, ...fieldsOf(body) })
      .returning()
      .catch(this.periodTaken(body));
    return toRule(row!);
  }

  async update(auth: AuthContext, id: number, body: UpdateBody): Promise<CancellationRule> {
    const [row] = await this.db
      .update(cancellationRules)
      .set({ ...fieldsOf(body), version: sql`${cancellationRules.version} + 1`, updatedAt: new Date() })
      .where(
        and(
          eq(cancellationRules.id, id),
          eq(cancellationRules.practiceId, auth.practiceId),
          eq(cancellationRules.version, body.version),
        ),
      )
      .returning()
      .catch(this.periodTaken(body));
    if (row) return toRule(row);
    await this.one(auth, id);
    throw conflict(APPOINTMENT_POLICY_MESSAGES.ruleChanged);
  }

  async remove(auth: AuthContext, id: number): Promise<Message> {
    const deleted = await this.db
      .delete(cancellationRules)
      .where(and(eq(cancellationRules.id, id), eq(cancellationRules.practiceId, auth.practiceId)))
      .returning({ id: cancellationRules.id });
    if (deleted.length === 0) throw notFound(APPOINTMENT_POLICY_MESSAGES.ruleNotFound);
    return { detail: APPOINTMENT_POLICY_MESSAGES.ruleDeleted };
  }

  /** One rule per notice period: the unique index refuses a second, which answers 409 in words. */
  private periodTaken(body: CreateBody) {
    return (error: unknown): never => {
      if (hasSqlState(error, '23505')) {
        throw conflict(APPOINTMENT_POLICY_MESSAGES.ruleExists(body.triggerInHoursBeforeStart));
      }
      throw error;
    };
  }
}
