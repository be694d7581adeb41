import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { imageSize } from 'image-size';
import {
  ACCOUNT_MESSAGES,
  DEFAULT_CURRENCY,
  DEFAULT_TIME_ZONE,
  IMAGE_MAX_BYTES,
  LOGO_MAX_PIXELS,
  LOGO_TYPES,
  PROFILE_PHOTO_TYPES,
  type NotificationPreferences,
  type PracticeLogo,
  type PracticeSettings,
  type ProfileSettings,
  type SecurityDetails,
  type Subscription,
  countryCodeOf,
} from '@halcyon/api/contract';
import type { z } from 'zod';
import type { updatePracticeSettingsBodySchema, updateProfileBodySchema } from '@halcyon/api/contract';
import type { Platform } from '../../platform/context';
import type { AuthContext } from '../../platform/auth/guard';
import type { Db } from '../../platform/db';
import { HttpError, badRequest, notFound } from '../../platform/errors';
import { readAll } from '../../platform/storage';
import {
  emailTokens,
  invitations,
  memberships,
  notificationPreferences,
  practiceDetails,
  practiceSubscriptions,
  practices,
  storedFiles,
  users,
} from '../../schema';
import { activeSessions } from '../auth/refresh-tokens';
import { countRecoveryCodesLeft, getTotp } from '../auth/two-factor';
import { FilesService } from '../files/service';
import { DEFAULT_STORAGE_LIMIT_BYTES, practiceStorage } from '../files/usage';
import { findMember } from '../users/service';

/** The plan a practice has until its own is recorded (no prices, SPEC.md §1). */
export const DEFAULT_PLAN = {
  name: 'Practice',
  seatLimit: 20,
  storageLimitBytes: DEFAULT_STORAGE_LIMIT_BYTES,
} as const;

// ---- queries
// ----------------------------------------------------------------------------------------------------------

export type PreferencesRow = typeof notificationPreferences.$inferSelect;
export type PreferencesValues = Omit<
  typeof notificationPreferences.$inferInsert,
  'userId' | 'practiceId' | 'updatedAt'
>;

export async function findPreferences(db: Db, userId: number): Promise<PreferencesRow | null> {
  const rows = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId))
    .limit(1);
  return rows[0] ?? null;
}

export async function savePreferences(
  db: Db,
  userId: number,
  practiceId: number,
  values: PreferencesValues,
): Promise<PreferencesRow> {
  const [row] = await db
    .insert(notificationPreferences)
    .values({ userId, practiceId, ...values })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { ...values, practiceId, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

/** The signed-in user's account facts for the security summary. */
export async function findUserSecurity(db: Db, userId: number) {
  const rows = await db
    .select({
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      passwordChangedAt: users.passwordChangedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0] ?? null;
}

/** The newest change of e-mail still waiting for its link to be opened. */
export async function pendingEmailChange(db: Db, userId: number): Promise<string | null> {
  const rows = await db
    .select({ newEmail: emailTokens.newEmail })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.userId, userId),
        eq(emailTokens.purpose, 'email_change'),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(emailTokens.createdAt))
    .limit(1);
  return rows[0]?.newEmail ?? null;
}

export async function updateUser(db: Db, userId: number, changes: Partial<typeof users.$inferInsert>): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.update(users).set(changes).where(eq(users.id, userId));
}

/** A stored file of this practice (null for another practice's or an unknown id). */
export async function findStoredFile(db: Db, practiceId: number, id: string) {
  const rows = await db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.id, id), eq(storedFiles.practiceId, practiceId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function deleteStoredFile(db: Db, practiceId: number, id: string): Promise<void> {
  await db.delete(storedFiles).where(and(eq(storedFiles.id, id), eq(storedFiles.practiceId, practiceId)));
}

/** The practice with its details (details are null until first saved). */
export async function findPractice(db: Db, practiceId: number) {
  const rows = await db
    .select({ practice: practices, details: practiceDetails })
    .from(practices)
    .leftJoin(practiceDetails, eq(practiceDetails.practiceId, practices.id))
    .where(eq(practices.id, practiceId))
    .limit(1);
  return rows[0] ?? null;
}

export type PracticeChanges = Partial<
  Pick<typeof practices.$inferInsert, 'name' | 'idleTimeoutMinutes' | 'requireTwoFactor' | 'logoUrl'>
>;
export type DetailsChanges = Partial<Omit<typeof practiceDetails.$inferInsert, 'practiceId' | 'updatedAt'>>;

/** Saves practice and details changes in one transaction (a partial save never happens). */
export async function updatePractice(
  db: Db,
  practiceId: number,
  practice: PracticeChanges,
  details: DetailsChanges,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (Object.keys(practice).length > 0) {
      await tx.update(practices).set(practice).where(eq(practices.id, practiceId));
    }
    if (Object.keys(details).length > 0) {
      await tx
        .insert(practiceDetails)
        .values({ practiceId, ...details })
        .onConflictDoUpdate({ target: practiceDetails.practiceId, set: { ...details, updatedAt: sql`now()` } });
    }
  });
}

export async function findSubscription(db: Db, practiceId: number) {
  const rows = await db
    .select()
    .from(practiceSubscriptions)
    .where(eq(practiceSubscriptions.practiceId, practiceId))
    .limit(1);
  return rows[0] ?? null;
}

async function count(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const result: unknown = await db.execute(query);
  const rows = (result as { rows?: Array<{ n?: number | string | null }> }).rows ?? [];
  return Number(rows[0]?.n ?? 0);
}

export async function countActiveMembers(db: Db, practiceId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(memberships)
    .where(and(eq(memberships.practiceId, practiceId), eq(memberships.status, 'active')));
  return rows[0]?.n ?? 0;
}

export async function countPendingInvitations(db: Db, practiceId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(invitations)
    .where(
      and(
        eq(invitations.practiceId, practiceId),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, sql`now()`),
      ),
    );
  return rows[0]?.n ?? 0;
}

/**
 * The practice's clients. The clients table arrives with the clients issue; until it exists the count is 0 (a real
 * answer: there is nowhere a client could be).
 */
export async function countClients(db: Db, practiceId: number): Promise<number> {
  const exists = await count(db, sql`select (to_regclass('public.clients') is not null)::int as n`);
  if (!exists) return 0;
  return count(db, sql`select count(*)::int as n from clients where practice_id = ${practiceId}`);
}

/** The download path of a stored file; the web app fetches it with the bearer token. */
export const fileUrl = (id: string) => `/api/files/${id}`;
const FILE_URL = /^\/api\/files\/([0-9a-f-]{36})$/i;
const fileIdOf = (url: string | null): string | null => (url ? (FILE_URL.exec(url)?.[1] ?? null) : null);

type ProfileChanges = z.output<typeof updateProfileBodySchema>;
type PracticeBody = z.output<typeof updatePracticeSettingsBodySchema>;

const PREFERENCE_COLUMNS = {
  sessionRequests: 'sessionRequests',
  messages: 'messages',
  signedDocuments: 'signedDocuments',
  paidInvoices: 'paidInvoices',
  completedMeasures: 'completedMeasures',
  expiringCompliance: 'expiringCompliance',
  failedReminders: 'failedReminders',
} as const satisfies Record<keyof NotificationPreferences, keyof PreferencesValues>;

function toPreferences(row: PreferencesRow | null): NotificationPreferences {
  const entries = Object.entries(PREFERENCE_COLUMNS).map(([key, column]) => [key, row ? row[column] : true]);
  return Object.fromEntries(entries) as NotificationPreferences;
}

function toPracticeSettings(row: NonNullable<Awaited<ReturnType<typeof findPractice>>>): PracticeSettings {
  const { practice, details } = row;
  return {
    id: practice.id,
    name: practice.name,
    addressLine1: details?.addressLine1 ?? null,
    addressLine2: details?.addressLine2 ?? null,
    city: details?.city ?? null,
    region: details?.region ?? null,
    postcode: details?.postcode ?? null,
    country: countryCodeOf(details?.country),
    contactEmail: details?.contactEmail ?? null,
    contactPhone: details?.contactPhone ?? null,
    website: details?.website ?? null,
    timeZone: details?.timeZone ?? DEFAULT_TIME_ZONE,
    currency: details?.currency ?? DEFAULT_CURRENCY,
    taxNumber: details?.taxNumber ?? null,
    idleTimeoutMinutes: practice.idleTimeoutMinutes,
    requireTwoFactor: practice.requireTwoFactor,
    logoUrl: practice.logoUrl,
  };
}

/**
 * Settings of the signed-in member and their practice: profile, notification preferences, the security summary, the
 * practice's details and logo, and the Subscription page's usage. Everything is scoped by the token's practice and user;
 * the platform's hook writes the audit entries.
 */
export class AccountService {
  private readonly files: FilesService;

  constructor(private readonly p: Platform) {
    this.files = new FilesService(p);
  }

  private get db() {
    return this.p.database.db;
  }

  // ---- profile ------------------------------------------------------------------------------------------------------

  async profile(auth: AuthContext): Promise<ProfileSettings> {
    const row = await findMember(this.db, auth.practiceId, auth.userId);
    if (!row) throw notFound();
    return {
      id: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      title: row.title,
      phone: row.phone,
      professionalBody: row.professionalBody,
      registrationNumber: row.registrationNumber,
      photoFileId: fileIdOf(row.photoUrl),
      photoUrl: row.photoUrl,
    };
  }

  /** A photo must be an image of this practice, small enough to show everywhere. */
  private async checkPhoto(auth: AuthContext, fileId: string): Promise<void> {
    const file = await findStoredFile(this.db, auth.practiceId, fileId);
    if (!file) throw badRequest(ACCOUNT_MESSAGES.photoMissing, { photoFileId: ACCOUNT_MESSAGES.photoMissing });
    if (!(PROFILE_PHOTO_TYPES as readonly string[]).includes(file.type)) {
      throw badRequest(ACCOUNT_MESSAGES.photoType, { photoFileId: ACCOUNT_MESSAGES.photoType });
    }
    if (file.size > IMAGE_MAX_BYTES) {
      throw badRequest(ACCOUNT_MESSAGES.photoSize, { photoFileId: ACCOUNT_MESSAGES.photoSize });
    }
  }

  async updateProfile(auth: AuthContext, changes: ProfileChanges): Promise<ProfileSettings> {
    if (changes.photoFileId) await this.checkPhoto(auth, changes.photoFileId);
    const set = {
      ...(changes.firstName !== undefined ? { firstName: changes.firstName } : {}),
      ...(changes.lastName !== undefined ? { lastName: changes.lastName } : {}),
      ...(changes.title !== undefined ? { title: changes.title } : {}),
      ...(changes.phone !== undefined ? { phone: changes.phone } : {}),
      ...(changes.professionalBody !== undefined ? { professionalBody: changes.professionalBody } : {}),
      ...(changes.registrationNumber !== undefined ? { registrationNumber: changes.registrationNumber } : {}),
      ...(changes.photoFileId !== undefined
        ? { photoUrl: changes.photoFileId === null ? null : fileUrl(changes.photoFileId) }
        : {}),
    };
    await updateUser(this.db, auth.userId, set);
    return this.profile(auth);
  }

  // ---- notification preferences -------------------------------------------------------------------------------------

  async preferences(auth: AuthContext): Promise<NotificationPreferences> {
    return toPreferences(await findPreferences(this.db, auth.userId));
  }

  async savePreferences(auth: AuthContext, body: NotificationPreferences): Promise<NotificationPreferences> {
    const values = Object.fromEntries(
      Object.entries(PREFERENCE_COLUMNS).map(([key, column]) => [column, body[key as keyof NotificationPreferences]]),
    ) as PreferencesValues;
    return toPreferences(await savePreferences(this.db, auth.userId, auth.practiceId, values));
  }

  // ---- security summary ---------------------------------------------------------------------------------------------

  async securityDetails(auth: AuthContext): Promise<SecurityDetails> {
    const [user, totp, sessions, pending, found] = await Promise.all([
      findUserSecurity(this.db, auth.userId),
      getTotp(this.db, auth.userId),
      activeSessions(this.db, auth.userId),
      pendingEmailChange(this.db, auth.userId),
      findPractice(this.db, auth.practiceId),
    ]);
    if (!user || !found) throw notFound();
    const enabled = Boolean(totp?.confirmedAt);
    return {
      email: user.email,
      emailValidated: user.emailVerifiedAt !== null,
      pendingEmail: pending,
      twoFactorEnabled: enabled,
      twoFactorRequired: found.practice.requireTwoFactor,
      recoveryCodesLeft: enabled ? await countRecoveryCodesLeft(this.db, auth.userId) : 0,
      passwordChangedAt: user.passwordChangedAt.toISOString(),
      activeSessions: sessions.length,
    };
  }

  // ---- practice -----------------------------------------------------------------------------------------------------

  async practice(auth: AuthContext): Promise<PracticeSettings> {
    const row = await findPractice(this.db, auth.practiceId);
    if (!row) throw notFound();
    return toPracticeSettings(row);
  }

  async updatePractice(auth: AuthContext, body: PracticeBody): Promise<PracticeSettings> {
    const practice: PracticeChanges = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.idleTimeoutMinutes !== undefined ? { idleTimeoutMinutes: body.idleTimeoutMinutes } : {}),
      ...(body.requireTwoFactor !== undefined ? { requireTwoFactor: body.requireTwoFactor } : {}),
    };
    const details: DetailsChanges = {
      ...(body.addressLine1 !== undefined ? { addressLine1: body.addressLine1 } : {}),
      ...(body.addressLine2 !== undefined ? { addressLine2: body.addressLine2 } : {}),
      ...(body.city !== undefined ? { city: body.city } : {}),
      ...(body.region !== undefined ? { region: body.region } : {}),
      ...(body.postcode !== undefined ? { postcode: body.postcode } : {}),
      ...(body.country !== undefined ? { country: body.country } : {}),
      ...(body.contactEmail !== undefined ? { contactEmail: body.contactEmail } : {}),
      ...(body.contactPhone !== undefined ? { contactPhone: body.contactPhone } : {}),
      ...(body.website !== undefined ? { website: body.website } : {}),
      ...(body.timeZone !== undefined ? { timeZone: body.timeZone } : {}),
      ...(body.currency !== undefined ? { currency: body.currency } : {}),
      ...(body.taxNumber !== undefined ? { taxNumber: body.taxNumber } : {}),
    };
    await updatePractice(this.db, auth.practiceId, practice, details);
    return this.practice(auth);
  }

  // ---- logo ---------------------------------------------------------------------------------------------------------

  async logo(auth: AuthContext): Promise<PracticeLogo> {
    const row = await findPractice(this.db, auth.practiceId);
    if (!row) throw notFound();
    const fileId = row.details?.logoFileId ?? fileIdOf(row.practice.logoUrl);
    const file = fileId ? await findStoredFile(this.db, auth.practiceId, fileId) : null;
    if (!file) return { logoUrl: null, file: null };
    return {
      logoUrl: fileUrl(file.id),
      file: { id: file.id, name: file.name, size: file.size, type: file.type },
    };
  }

  /** Removes a stored file: its row and its bytes (the bytes last, so a failure never leaves a row without bytes). */
  private async removeFile(practiceId: number, id: string): Promise<void> {
    const file = await findStoredFile(this.db, practiceId, id);
    if (!file) return;
    await deleteStoredFile(this.db, practiceId, id);
    await this.p.storage.delete(file.storageKey).catch(() => undefined);
  }

  /**
   * What is wrong with a stored logo's pixels, or null: the width and height its header declares (PNG IHDR, JPEG SOF,
   * WebP) must be within LOGO_MAX_PIXELS each. Only the header is parsed; nothing is decoded.
   */
  private async logoPixelsProblem(practiceId: number, id: string): Promise<HttpError | null> {
    const file = await findStoredFile(this.db, practiceId, id);
    const bytes = file ? await readAll(await this.p.storage.get(file.storageKey)) : Buffer.alloc(0);
    let size: { width: number; height: number };
    try {
      size = imageSize(bytes);
    } catch {
      return badRequest(ACCOUNT_MESSAGES.logoUnreadable, { file: ACCOUNT_MESSAGES.logoUnreadable });
    }
    if (size.width > LOGO_MAX_PIXELS || size.height > LOGO_MAX_PIXELS) {
      return badRequest(ACCOUNT_MESSAGES.logoPixels, { file: ACCOUNT_MESSAGES.logoPixels });
    }
    return null;
  }

  /**
   * Stores the upload through the files service, keeps it only if it is a small PNG, JPEG or WebP of sensible pixel
   * size, then swaps logos.
   */
  async uploadLogo(auth: AuthContext, request: FastifyRequest): Promise<PracticeLogo> {
    const stored = await this.files.upload(auth, request);
    const problem = !(LOGO_TYPES as readonly string[]).includes(stored.type)
      ? new HttpError(415, ACCOUNT_MESSAGES.logoType, { file: ACCOUNT_MESSAGES.logoType })
      : stored.size > IMAGE_MAX_BYTES
        ? new HttpError(413, ACCOUNT_MESSAGES.logoSize, { file: ACCOUNT_MESSAGES.logoSize })
        : await this.logoPixelsProblem(auth.practiceId, stored.id);
    if (problem) {
      await this.removeFile(auth.practiceId, stored.id);
      throw problem;
    }
    const previous = (await this.logo(auth)).file?.id ?? null;
    await updatePractice(this.db, auth.practiceId, { logoUrl: fileUrl(stored.id) }, { logoFileId: stored.id });
    if (previous && previous !== stored.id) await this.removeFile(auth.practiceId, previous);
    return { logoUrl: fileUrl(stored.id), file: stored };
  }

  async deleteLogo(auth: AuthContext): Promise<PracticeLogo> {
    const previous = (await this.logo(auth)).file?.id ?? null;
    await updatePractice(this.db, auth.practiceId, { logoUrl: null }, { logoFileId: null });
    if (previous) await this.removeFile(auth.practiceId, previous);
    return { logoUrl: null, file: null };
  }

  // ---- subscription -------------------------------------------------------------------------------------------------

  async subscription(auth: AuthContext): Promise<Subscription> {
    const [plan, seats, pending, clients, storage] = await Promise.all([
      findSubscription(this.db, auth.practiceId),
      countActiveMembers(this.db, auth.practiceId),
      countPendingInvitations(this.db, auth.practiceId),
      countClients(this.db, auth.practiceId),
      practiceStorage(this.db, auth.practiceId),
    ]);
    return {
      planName: plan?.planName ?? DEFAULT_PLAN.name,
      seatsUsed: seats,
      seatsLimit: plan?.seatLimit ?? DEFAULT_PLAN.seatLimit,
      pendingInvitations: pending,
      clientsCount: clients,
      // The same query as the Cloud-storage page's figure (files/usage.ts).
      storageUsedBytes: storage.usedBytes,
      storageLimitBytes: storage.limitBytes,
    };
  }
}
