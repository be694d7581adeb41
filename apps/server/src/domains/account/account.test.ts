import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, LOGO_MAX_PIXELS, NOTIFICATION_PREFERENCE_EVENTS } from '@halcyon/api/contract';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, enableTwoFactor, memberOf, seedPractice, sessionFor, type Tokens } from '../../test/auth';
import { practiceSubscriptions } from '../../schema';
import { DEFAULT_PLAN } from './service';

const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
  Buffer.alloc(64, 7),
]);
const PDF = Buffer.from('%PDF-1.4\n% a letter, not a picture\n');

/** A small PNG whose header (IHDR) declares `width` x `height` pixels: a few bytes can claim a huge image. */
function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
    ihdr,
    Buffer.from('00000000', 'hex'),
    Buffer.alloc(64, 7),
  ]);
}

/** A small JPEG whose frame header (SOF0, after a JFIF APP0 segment) declares `width` x `height` pixels. */
function jpegDeclaring(width: number, height: number): Buffer {
  const sof = Buffer.from('ffc0001108000000000301220002110103110100', 'hex');
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'), sof, Buffer.alloc(64, 7)]);
}

function multipart(file: { name: string; type: string; bytes: Buffer }) {
  const boundary = '----halcyon-account-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function setup() {
  const t = await createTestApp();
  const practice = await seedPractice(t);
  const admin = await sessionFor(t, memberOf(practice, 'Admin'));
  const therapist = await sessionFor(t, memberOf(practice, 'Therapist'));
  const assistant = await sessionFor(t, memberOf(practice, 'Assistant'));
  return { t, practice, admin, therapist, assistant };
}

const send = (
  t: TestApp,
  method: 'GET' | 'PATCH' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  tokens: Tokens,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: bearer(tokens),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function uploadTo(
  t: TestApp,
  url: string,
  method: 'POST' | 'PUT',
  tokens: Tokens,
  file: { name: string; type: string; bytes: Buffer },
) {
  const { payload, headers } = multipart(file);
  return t.app.inject({ method, url, payload, headers: { ...headers, ...bearer(tokens) } });
}

async function storedFileCount(t: TestApp): Promise<number> {
  const result = (await t.database.db.execute(sql`select count(*)::int as n from stored_files`)) as {
    rows: { n: number }[];
  };
  return result.rows[0]!.n;
}

function filesOnDisk(t: TestApp): string[] {
  const root = path.join(t.config.DATA_DIR, 'files');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((p) =>
    fs.statSync(path.join(root, p)).isFile(),
  );
}

describe('GET/PATCH /api/settings/profile', { timeout: 90_000 }, () => {
  it('given a therapist, when the profile is read and changed, then the answer has the new values and empty text clears a field', async () => {
    const { t, practice, therapist } = await setup();
    const me = memberOf(practice, 'Therapist');
    const before = await send(t, 'GET', '/api/settings/profile', therapist);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toMatchObject({
      id: me.userId,
      firstName: me.firstName,
      lastName: me.lastName,
      email: me.email,
      phone: expect.any(String),
      photoUrl: null,
      photoFileId: null,
    });

    const changed = await send(t, 'PATCH', '/api/settings/profile', therapist, {
      firstName: '  Rowan ',
      title: 'Integrative Counsellor',
      phone: '',
      professionalBody: 'UKCP',
      registrationNumber: 'UKCP-0042',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      firstName: 'Rowan',
      lastName: me.lastName,
      title: 'Integrative Counsellor',
      phone: null,
      professionalBody: 'UKCP',
      registrationNumber: 'UKCP-0042',
    });
    // The colleague's view of this therapist shows the same profile.
    const seen = await send(t, 'GET', `/api/therapist/retrieve/${me.userId}`, therapist);
    expect(seen.json()).toMatchObject({ firstName: 'Rowan', title: 'Integrative Counsellor', phone: null });
  });

  it('given bad input, then 400 names each field in words and nothing changes', async () => {
    const { t, therapist } = await setup();
    const before = (await send(t, 'GET', '/api/settings/profile', therapist)).json<Record<string, unknown>>();
    const bad = await send(t, 'PATCH', '/api/settings/profile', therapist, {
      firstName: '   ',
      phone: 'call me maybe',
      title: 'x'.repeat(101),
    });
    expect(bad.statusCode).toBe(400);
    const { fields } = bad.json<{ fields: Record<string, string> }>();
    expect(fields).toMatchObject({
      firstName: 'Enter a name.',
      phone: 'Enter a phone number with 6 to 20 digits; spaces, brackets, dashes and a leading + are fine.',
      title: 'Use at most 100 characters for the title.',
    });
    const unknown = await send(t, 'PATCH', '/api/settings/profile', therapist, { email: 'new@example.com' });
    expect(unknown.statusCode).toBe(400);
    const after = (await send(t, 'GET', '/api/settings/profile', therapist)).json<Record<string, unknown>>();
    expect(after).toStrictEqual(before);
  });

  it("given an uploaded PNG, when set as the photo, then the photo url is its download path; a PDF, another practice's file or an unknown id is refused", async () => {
    const { t, therapist } = await setup();
    const png = (
      await uploadTo(t, '/api/files', 'POST', therapist, { name: 'me.png', type: 'image/png', bytes: PNG })
    ).json<{
      id: string;
    }>();
    const set = await send(t, 'PATCH', '/api/settings/profile', therapist, { photoFileId: png.id });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ photoFileId: png.id, photoUrl: `/api/files/${png.id}` });
    const download = await send(t, 'GET', `/api/files/${png.id}`, therapist);
    expect(download.statusCode).toBe(200);

    const pdf = (
      await uploadTo(t, '/api/files', 'POST', therapist, { name: 'cv.pdf', type: 'application/pdf', bytes: PDF })
    ).json<{
      id: string;
    }>();
    const wrongType = await send(t, 'PATCH', '/api/settings/profile', therapist, { photoFileId: pdf.id });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().fields).toEqual({ photoFileId: ACCOUNT_MESSAGES.photoType });

    const other = await seedPractice(t);
    const outsider = await sessionFor(t, memberOf(other, 'Admin'));
    const theirs = (
      await uploadTo(t, '/api/files', 'POST', outsider, { name: 'x.png', type: 'image/png', bytes: PNG })
    ).json<{
      id: string;
    }>();
    for (const id of [theirs.id, '7d8f4c55-8a43-4a55-9b0c-2f1e5a6b7c8d']) {
      const refused = await send(t, 'PATCH', '/api/settings/profile', therapist, { photoFileId: id });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields).toEqual({ photoFileId: ACCOUNT_MESSAGES.photoMissing });
    }
    const removed = await send(t, 'PATCH', '/api/settings/profile', therapist, { photoFileId: null });
    expect(removed.json()).toMatchObject({ photoFileId: null, photoUrl: null });
  });

  it('given an Assistant or no token, then every Settings route is refused (403 / 401)', async () => {
    const { t, assistant } = await setup();
    const urls = [
      '/api/settings/profile',
      '/api/settings/notifications',
      '/api/settings/profile/security-details',
      '/api/settings/practice',
      '/api/settings/practice/logo',
      '/api/settings/subscription',
    ];
    for (const url of urls) {
      expect((await send(t, 'GET', url, assistant)).statusCode, url).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });
});

describe('GET/PUT /api/settings/notifications', { timeout: 90_000 }, () => {
  it('given no choice yet, then every event e-mails; a saved choice is kept per member', async () => {
    const { t, admin, therapist } = await setup();
    const defaults = await send(t, 'GET', '/api/settings/notifications', therapist);
    expect(defaults.statusCode).toBe(200);
    expect(defaults.json()).toStrictEqual(Object.fromEntries(NOTIFICATION_PREFERENCE_EVENTS.map((e) => [e, true])));

    const choice = { ...defaults.json<Record<string, boolean>>(), messages: false, paidInvoices: false };
    const saved = await send(t, 'PUT', '/api/settings/notifications', therapist, choice);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toStrictEqual(choice);
    expect((await send(t, 'GET', '/api/settings/notifications', therapist)).json()).toStrictEqual(choice);
    // The Admin's preferences are their own.
    expect((await send(t, 'GET', '/api/settings/notifications', admin)).json<{ messages: boolean }>().messages).toBe(
      true,
    );
  });

  it('given a missing event or a non-boolean, then 400 names the field', async () => {
    const { t, therapist } = await setup();
    const missing = await send(t, 'PUT', '/api/settings/notifications', therapist, { messages: true });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toMatchObject({ sessionRequests: 'Choose on or off.' });
    const all = Object.fromEntries(NOTIFICATION_PREFERENCE_EVENTS.map((e) => [e, true]));
    const wrong = await send(t, 'PUT', '/api/settings/notifications', therapist, { ...all, messages: 'yes' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toMatchObject({ messages: 'Choose on or off.' });
  });
});

describe('GET /api/settings/profile/security-details', { timeout: 90_000 }, () => {
  it('given a member, then e-mail, validation, 2-step state, recovery codes left, password age and session count', async () => {
    const { t, practice, therapist } = await setup();
    const me = memberOf(practice, 'Therapist');
    const first = await send(t, 'GET', '/api/settings/profile/security-details', therapist);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toStrictEqual({
      email: me.email,
      emailValidated: true,
      pendingEmail: null,
      twoFactorEnabled: false,
      twoFactorRequired: false,
      recoveryCodesLeft: 0,
      passwordChangedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      activeSessions: 1,
    });

    await sessionFor(t, me);
    const { recoveryCodes } = await enableTwoFactor(t, therapist);
    const change = await send(t, 'POST', '/api/auth/change-email', therapist, {
      password: 'violet-harbour-lantern-42',
      newEmail: 'rowan.new@example.org',
    });
    expect(change.statusCode, change.body).toBe(200);
    const after = (await send(t, 'GET', '/api/settings/profile/security-details', therapist)).json();
    expect(after).toMatchObject({
      email: me.email,
      pendingEmail: 'rowan.new@example.org',
      twoFactorEnabled: true,
      recoveryCodesLeft: recoveryCodes.length,
      activeSessions: 2,
    });
  });
});

describe('GET/PATCH /api/settings/practice', { timeout: 90_000 }, () => {
  it('given a new practice, then its name, idle sign-out and the default time zone and currency', async () => {
    const { t, practice, therapist } = await setup();
    const response = await send(t, 'GET', '/api/settings/practice', therapist);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toStrictEqual({
      id: practice.practiceId,
      name: practice.name,
      addressLine1: null,
      addressLine2: null,
      city: null,
      region: null,
      postcode: null,
      country: null,
      contactEmail: null,
      contactPhone: null,
      website: null,
      timeZone: 'Europe/London',
      currency: 'GBP',
      taxNumber: null,
      idleTimeoutMinutes: 30,
      requireTwoFactor: false,
      logoUrl: null,
    });
  });

  it('given an Admin, when details are saved, then they are kept, /api/practice agrees and another practice is untouched', async () => {
    const { t, admin, therapist } = await setup();
    const other = await seedPractice(t);
    const outsider = await sessionFor(t, memberOf(other, 'Admin'));
    const saved = await send(t, 'PATCH', '/api/settings/practice', admin, {
      name: 'Harbour Light Therapy',
      addressLine1: '12 Quay Street',
      city: 'Bristol',
      postcode: 'BS1 4DB',
      country: 'gb',
      contactEmail: 'Hello@HarbourLight.example',
      contactPhone: '+44 117 496 0000',
      website: 'https://harbourlight.example',
      timeZone: 'America/Toronto',
      currency: 'cad',
      taxNumber: 'GB123456789',
      idleTimeoutMinutes: 60,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      name: 'Harbour Light Therapy',
      addressLine1: '12 Quay Street',
      addressLine2: null,
      country: 'GB',
      contactEmail: 'hello@harbourlight.example',
      timeZone: 'America/Toronto',
      currency: 'CAD',
      idleTimeoutMinutes: 60,
    });
    expect((await send(t, 'GET', '/api/settings/practice', therapist)).json()).toStrictEqual(saved.json());
    expect((await send(t, 'GET', '/api/practice', therapist)).json()).toMatchObject({
      name: 'Harbour Light Therapy',
      idleTimeoutMinutes: 60,
    });
    expect((await send(t, 'GET', '/api/settings/practice', outsider)).json()).toMatchObject({
      name: other.name,
      city: null,
      currency: 'GBP',
    });
  });

  it('given a Therapist, when they try to change the practice, then 403 and nothing changes', async () => {
    const { t, practice, therapist } = await setup();
    const response = await send(t, 'PATCH', '/api/settings/practice', therapist, { name: 'Mine now' });
    expect(response.statusCode).toBe(403);
    expect((await send(t, 'GET', '/api/settings/practice', therapist)).json().name).toBe(practice.name);
  });

  it('given bad values, then 400 with a message per field and nothing is saved', async () => {
    const { t, practice, admin } = await setup();
    const response = await send(t, 'PATCH', '/api/settings/practice', admin, {
      name: 'Changed',
      timeZone: 'Mars/Olympus_Mons',
      currency: 'ZZZ',
      idleTimeoutMinutes: 10,
      contactEmail: 'not-an-address',
      website: 'harbourlight',
      country: 'Atlantis',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({
      timeZone: 'Choose a time zone from the list, such as Europe/London.',
      currency: 'Choose a currency from the list, such as GBP.',
      idleTimeoutMinutes: 'Use at least 15 minutes.',
      contactEmail: 'Enter a valid e-mail address.',
      website: 'Enter a full web address starting with https://',
      country: 'Choose a country from the list, such as United Kingdom.',
    });
    const tooLong = await send(t, 'PATCH', '/api/settings/practice', admin, { idleTimeoutMinutes: 721 });
    expect(tooLong.json().fields).toMatchObject({ idleTimeoutMinutes: 'Use at most 720 minutes (12 hours).' });
    expect((await send(t, 'GET', '/api/settings/practice', admin)).json()).toMatchObject({
      name: practice.name,
      idleTimeoutMinutes: 30,
    });
  });
});

describe('GET/PUT/DELETE /api/settings/practice/logo', { timeout: 90_000 }, () => {
  it('given an Admin uploads a PNG, then it is the logo for everyone in the practice; a new one replaces and removes the old', async () => {
    const { t, admin, therapist } = await setup();
    expect((await send(t, 'GET', '/api/settings/practice/logo', therapist)).json()).toStrictEqual({
      logoUrl: null,
      file: null,
    });
    const first = await uploadTo(t, '/api/settings/practice/logo', 'PUT', admin, {
      name: 'logo.png',
      type: 'image/png',
      bytes: PNG,
    });
    expect(first.statusCode, first.body).toBe(200);
    const logo = first.json<{ logoUrl: string; file: { id: string } }>();
    expect(logo).toMatchObject({
      logoUrl: `/api/files/${logo.file.id}`,
      file: { name: 'logo.png', type: 'image/png', size: PNG.length },
    });
    expect((await send(t, 'GET', '/api/settings/practice/logo', therapist)).json()).toStrictEqual(logo);
    expect((await send(t, 'GET', '/api/settings/practice', therapist)).json().logoUrl).toBe(logo.logoUrl);

    const second = await uploadTo(t, '/api/settings/practice/logo', 'PUT', admin, {
      name: 'logo-2.png',
      type: 'image/png',
      bytes: PNG,
    });
    expect(second.statusCode).toBe(200);
    expect(await storedFileCount(t)).toBe(1);
    expect(filesOnDisk(t)).toHaveLength(1);

    const removed = await send(t, 'DELETE', '/api/settings/practice/logo', admin);
    expect(removed.json()).toStrictEqual({ logoUrl: null, file: null });
    expect(await storedFileCount(t)).toBe(0);
  });

  it('given an image whose header declares more than the pixel limit, then 400 says the maximum, nothing is kept and the logo stays', async () => {
    const { t, admin } = await setup();
    const put = (name: string, type: string, bytes: Buffer) =>
      uploadTo(t, '/api/settings/practice/logo', 'PUT', admin, { name, type, bytes });
    const kept = await put('logo.png', 'image/png', pngDeclaring(LOGO_MAX_PIXELS, LOGO_MAX_PIXELS));
    expect(kept.statusCode, kept.body).toBe(200);
    const logo = kept.json<{ file: { id: string } }>();

    for (const [name, type, bytes] of [
      ['huge.png', 'image/png', pngDeclaring(50_000, 50_000)],
      ['tall.png', 'image/png', pngDeclaring(1, LOGO_MAX_PIXELS + 1)],
      ['wide.jpg', 'image/jpeg', jpegDeclaring(60_000, 200)],
    ] as const) {
      const refused = await put(name, type, bytes);
      expect(refused.statusCode, name).toBe(400);
      expect(refused.json()).toMatchObject({
        detail: ACCOUNT_MESSAGES.logoPixels,
        fields: { file: ACCOUNT_MESSAGES.logoPixels },
      });
    }
    expect(ACCOUNT_MESSAGES.logoPixels).toContain(`${LOGO_MAX_PIXELS} × ${LOGO_MAX_PIXELS} pixels`);
    // A JPEG (by its first bytes) without a frame header: its size cannot be told, so it is not taken on trust.
    const noFrame = Buffer.concat([jpegDeclaring(1, 1).subarray(0, 20), Buffer.alloc(64, 7)]);
    const unreadable = await put('broken.jpg', 'image/jpeg', noFrame);
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().detail).toBe(ACCOUNT_MESSAGES.logoUnreadable);
    expect(await storedFileCount(t)).toBe(1);
    expect(filesOnDisk(t)).toHaveLength(1);
    expect((await send(t, 'GET', '/api/settings/practice/logo', admin)).json().file.id).toBe(logo.file.id);

    const jpeg = await put('small.jpg', 'image/jpeg', jpegDeclaring(640, 480));
    expect(jpeg.statusCode, jpeg.body).toBe(200);
    expect(jpeg.json()).toMatchObject({ file: { type: 'image/jpeg' } });
  });

  it('given a PDF, then 415 says which images are accepted and nothing is kept; a Therapist cannot upload', async () => {
    const { t, admin, therapist } = await setup();
    const pdf = await uploadTo(t, '/api/settings/practice/logo', 'PUT', admin, {
      name: 'logo.pdf',
      type: 'image/png',
      bytes: PDF,
    });
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json()).toMatchObject({
      detail: ACCOUNT_MESSAGES.logoType,
      fields: { file: ACCOUNT_MESSAGES.logoType },
    });
    expect(await storedFileCount(t)).toBe(0);
    expect(filesOnDisk(t)).toEqual([]);

    const refused = await uploadTo(t, '/api/settings/practice/logo', 'PUT', therapist, {
      name: 'logo.png',
      type: 'image/png',
      bytes: PNG,
    });
    expect(refused.statusCode).toBe(403);
    expect((await send(t, 'DELETE', '/api/settings/practice/logo', therapist)).statusCode).toBe(403);
  });

  it("given another practice's logo, then this practice never sees it", async () => {
    const { t, therapist } = await setup();
    const other = await seedPractice(t);
    const outsider = await sessionFor(t, memberOf(other, 'Admin'));
    const theirs = await uploadTo(t, '/api/settings/practice/logo', 'PUT', outsider, {
      name: 'their-logo.png',
      type: 'image/png',
      bytes: PNG,
    });
    expect(theirs.statusCode).toBe(200);
    const mine = await send(t, 'GET', '/api/settings/practice/logo', therapist);
    expect(mine.json()).toStrictEqual({ logoUrl: null, file: null });
    const id = theirs.json<{ file: { id: string } }>().file.id;
    expect((await send(t, 'GET', `/api/files/${id}`, therapist)).statusCode).toBe(404);
  });
});

describe('GET /api/settings/subscription', { timeout: 90_000 }, () => {
  it('given a practice, then the plan name and usage come from its members, invitations and files; no price anywhere', async () => {
    const { t, practice, admin, therapist } = await setup();
    const first = await send(t, 'GET', '/api/settings/subscription', therapist);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toStrictEqual({
      planName: DEFAULT_PLAN.name,
      seatsUsed: practice.members.length,
      seatsLimit: DEFAULT_PLAN.seatLimit,
      pendingInvitations: 0,
      clientsCount: 0,
      storageUsedBytes: 0,
      storageLimitBytes: DEFAULT_PLAN.storageLimitBytes,
    });
    expect(first.body).not.toMatch(/price|amount|cost/i);

    await uploadTo(t, '/api/files', 'POST', therapist, { name: 'a.png', type: 'image/png', bytes: PNG });
    const invite = await send(t, 'POST', '/api/practice/invitations', admin, {
      email: 'new.colleague@example.org',
      role: 'Therapist',
    });
    expect(invite.statusCode, invite.body).toBe(200);
    const deactivate = await send(
      t,
      'POST',
      `/api/practice/members/${memberOf(practice, 'Assistant').userId}/deactivate`,
      admin,
    );
    expect(deactivate.statusCode).toBe(200);
    await t.database.db
      .insert(practiceSubscriptions)
      .values({ practiceId: practice.practiceId, planName: 'Group practice', seatLimit: 8, storageLimitBytes: 5e9 });

    expect((await send(t, 'GET', '/api/settings/subscription', therapist)).json()).toStrictEqual({
      planName: 'Group practice',
      seatsUsed: practice.members.length - 1,
      seatsLimit: 8,
      pendingInvitations: 1,
      clientsCount: 0,
      storageUsedBytes: PNG.length,
      storageLimitBytes: 5e9,
    });

    // Another practice's usage is its own.
    const other = await seedPractice(t);
    const outsider = await sessionFor(t, memberOf(other, 'Admin'));
    expect((await send(t, 'GET', '/api/settings/subscription', outsider)).json()).toMatchObject({
      planName: DEFAULT_PLAN.name,
      pendingInvitations: 0,
      storageUsedBytes: 0,
    });
  });
});
