import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  BILLING_SETTINGS_MESSAGES,
  DEFAULT_BILLING_SETTINGS,
  type BillingSettings,
  type HealthcodeAccount,
  type updateBillingSettingsBodySchema,
  type updateHealthcodeAccountBodySchema,
} from '@halcyon/api/contract';
import type { Db } from '../../../platform/db';
import { conflict } from '../../../platform/errors';
import { nextVersion } from './shared';
import { billingSettings, healthcodeAccounts } from './schema';

type SettingsBody = z.output<typeof updateBillingSettingsBodySchema>;
type HealthcodeBody = z.output<typeof updateHealthcodeAccountBodySchema>;

const M = BILLING_SETTINGS_MESSAGES;

/** How the practice's invoices are numbered and worded: its saved settings, or the defaults (version 0). */
export async function billingSettingsOf(db: Db, practiceId: number): Promise<BillingSettings> {
  const [row] = await db.select().from(billingSettings).where(eq(billingSettings.practiceId, practiceId)).limit(1);
  if (!row) return DEFAULT_BILLING_SETTINGS;
  return {
    numberPrefix: row.numberPrefix,
    creditNotePrefix: row.creditNotePrefix,
    numberPadding: row.numberPadding,
    paymentTermsDays: row.paymentTermsDays,
    defaultTaxRateBp: row.defaultTaxRateBp,
    taxLabel: row.taxLabel,
    footer: row.footer,
    version: row.version,
  };
}

/** The practice's Healthcode account, or an empty one (version 0). */
export async function healthcodeAccountOf(db: Db, practiceId: number): Promise<HealthcodeAccount> {
  const [row] = await db
    .select()
    .from(healthcodeAccounts)
    .where(eq(healthcodeAccounts.practiceId, practiceId))
    .limit(1);
  if (!row) return { practitionerId: '', username: '', enabled: false, version: 0 };
  return { practitionerId: row.practitionerId, username: row.username, enabled: row.enabled, version: row.version };
}

/**
 * Saves a one-row-per-practice setting opened at `version`: 0 inserts the first row (a row someone else inserted
 * meanwhile makes it stale), any other version updates that version. False when the version was stale.
 */
async function saveSingleton(
  version: number,
  insert: () => Promise<unknown[]>,
  update: () => Promise<unknown[]>,
): Promise<boolean> {
  const saved = version === 0 ? await insert() : await update();
  return saved.length > 0;
}

export async function saveBillingSettings(db: Db, practiceId: number, body: SettingsBody): Promise<BillingSettings> {
  const { version, ...fields } = body;
  const saved = await saveSingleton(
    version,
    () =>
      db
        .insert(billingSettings)
        .values({ practiceId, ...fields })
        .onConflictDoNothing()
        .returning({ practiceId: billingSettings.practiceId }),
    () =>
      db
        .update(billingSettings)
        .set({ ...fields, ...nextVersion(billingSettings) })
        .where(and(eq(billingSettings.practiceId, practiceId), eq(billingSettings.version, version)))
        .returning({ practiceId: billingSettings.practiceId }),
  );
  if (!saved) throw conflict(M.settingsChanged);
  return billingSettingsOf(db, practiceId);
}

export async function saveHealthcodeAccount(
  db: Db,
  practiceId: number,
  body: HealthcodeBody,
): Promise<HealthcodeAccount> {
  const { version, ...fields } = body;
  const saved = await saveSingleton(
    version,
    () =>
      db
        .insert(healthcodeAccounts)
        .values({ practiceId, ...fields })
        .onConflictDoNothing()
        .returning({ practiceId: healthcodeAccounts.practiceId }),
    () =>
      db
        .update(healthcodeAccounts)
        .set({ ...fields, ...nextVersion(healthcodeAccounts) })
        .where(and(eq(healthcodeAccounts.practiceId, practiceId), eq(healthcodeAccounts.version, version)))
        .returning({ practiceId: healthcodeAccounts.practiceId }),
  );
  if (!saved) throw conflict(M.healthcodeChanged);
  return healthcodeAccountOf(db, practiceId);
}
