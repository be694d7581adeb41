import { describe, expect, it } from 'vitest';
import { CLIENT_MESSAGES, DATE_RANGES, activityDate, dateRangeMessage } from '@halcyon/api/contract';
import type {
  ClientActivityEntry,
  ClientActivityList,
  ClientAddress,
  ClientDetail,
  ClientDetails,
  ClientInsurance,
  ClientPortalAccess,
  ClientRelationship,
  ClientReminderPreferences,
} from '@halcyon/api/contract';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, memberOf, readOutbox, seedPractice, sessionFor, type Tokens } from '../../test/auth';

async function setup() {
  const t = await createTestApp();
  const practice = await seedPractice(t);
  const admin = await sessionFor(t, memberOf(practice, 'Admin'));
  const therapist = await sessionFor(t, memberOf(practice, 'Therapist'));
  const assistant = await sessionFor(t, memberOf(practice, 'Assistant'));
  const other = await seedPractice(t);
  const otherAdmin = await sessionFor(t, memberOf(other, 'Admin'));
  const client = await createClient(t, admin, { firstName: 'Ada', lastName: 'Byron', email: 'ada@example.com' });
  return { t, practice, admin, therapist, assistant, otherAdmin, client };
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

async function createClient(t: TestApp, tokens: Tokens, body: Record<string, unknown>): Promise<ClientDetail> {
  const response = await send(t, 'POST', '/api/clients', tokens, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ClientDetail>();
}

describe('client details, insurance and address', () => {
  it('given nothing saved yet, then each answers empty values with version 0; saving with version 0 creates, then the loaded version updates, a stale one answers 409', async () => {
    const { t, admin, therapist, client } = await setup();
    const cases = [
      {
        get: `/api/clients/details/retrieve/${client.id}`,
        put: `/api/clients/details/${client.id}`,
        body: { gender: 'Woman', gpName: 'Dr Patel', gpPhone: '020 7946 0000', referralDate: '2026-01-10' },
        check: (v: ClientDetails) =>
          expect(v).toMatchObject({ gender: 'Woman', gpName: 'Dr Patel', referralDate: '2026-01-10' }),
      },
      {
        get: `/api/clients/insurance/retrieve/${client.id}`,
        put: `/api/clients/insurance/${client.id}`,
        body: { providerName: 'Bupa', policyNumber: 'POL-1', sessionsAuthorised: 8, validFrom: '2026-01-01' },
        check: (v: ClientInsurance) => expect(v).toMatchObject({ providerName: 'Bupa', sessionsAuthorised: 8 }),
      },
      {
        get: `/api/clients/address/retrieve/${client.id}`,
        put: `/api/clients/address/${client.id}`,
        body: { line1: '1 High Street', city: 'Leeds', postcode: 'LS1 1AA' },
        check: (v: ClientAddress) => expect(v).toMatchObject({ line1: '1 High Street', city: 'Leeds' }),
      },
    ] as const;
    for (const c of cases) {
      const empty = await send(t, 'GET', c.get, therapist);
      expect(empty.statusCode, c.get).toBe(200);
      expect(empty.json<{ version: number; clientId: number }>()).toMatchObject({ version: 0, clientId: client.id });
      const created = await send(t, 'PUT', c.put, admin, { version: 0, ...c.body });
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json<{ version: number }>().version).toBe(1);
      (c.check as (v: unknown) => void)((await send(t, 'GET', c.get, admin)).json());
      // Two people both saw "nothing saved yet": the second save must not overwrite the first.
      const racing = await send(t, 'PUT', c.put, therapist, { version: 0, ...c.body });
      expect(racing.statusCode).toBe(409);
      expect(racing.json<{ detail: string }>().detail).toBe(CLIENT_MESSAGES.staleRecord);
      const updated = await send(t, 'PUT', c.put, therapist, { version: 1 });
      expect(updated.json<{ version: number }>().version).toBe(2);
      (c.check as (v: unknown) => void)(updated.json());
      const stale = await send(t, 'PUT', c.put, admin, { version: 1 });
      expect(stale.statusCode).toBe(409);
    }
  });

  it('given an empty string, then the field is cleared; bad values answer 400 with field messages', async () => {
    const { t, admin, client } = await setup();
    await send(t, 'PUT', `/api/clients/address/${client.id}`, admin, { version: 0, city: 'Leeds' });
    const cleared = await send(t, 'PUT', `/api/clients/address/${client.id}`, admin, { version: 1, city: '' });
    expect(cleared.json<ClientAddress>().city).toBeNull();
    const dates = await send(t, 'PUT', `/api/clients/insurance/${client.id}`, admin, {
      version: 0,
      validFrom: '2026-05-01',
      validUntil: '2026-01-01',
    });
    expect(dates.statusCode).toBe(400);
    expect(dates.json<{ fields: Record<string, string> }>().fields.validUntil).toBe(
      'The end date must be on or after the start date.',
    );
    const phone = await send(t, 'PUT', `/api/clients/details/${client.id}`, admin, { version: 0, gpPhone: 'call me' });
    expect(phone.statusCode).toBe(400);
    expect(phone.json<{ fields: Record<string, string> }>().fields.gpPhone).toContain('phone number');
    const noVersion = await send(t, 'PUT', `/api/clients/details/${client.id}`, admin, { gender: 'Man' });
    expect(noVersion.statusCode).toBe(400);
  });
});

describe('billing details', () => {
  it('given none saved, then invoices go to the client; saved with a contact, a service and a fee, an Assistant reads them and the log says so', async () => {
    const { t, admin, assistant, client } = await setup();
    const url = `/api/clients/billing/retrieve/${client.id}`;
    const empty = await send(t, 'GET', url, assistant);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toMatchObject({ invoiceTo: 'client', contactId: null, serviceId: null, version: 0 });

    const parent = await send(t, 'POST', `/api/clients/relationships/${client.id}`, admin, {
      name: 'Anne Byron',
      relationshipType: 'parent_guardian',
      consentToContact: true,
      email: 'anne@example.com',
    });
    expect(parent.statusCode, parent.body).toBe(200);
    const service = await send(t, 'POST', '/api/settings/services', admin, {
      name: 'Individual therapy',
      kind: 'individual',
      durationMinutes: 50,
      priceMinor: 8_000,
      currency: 'GBP',
    });
    expect(service.statusCode, service.body).toBe(200);

    const missingContact = await send(t, 'PUT', `/api/clients/billing/${client.id}`, admin, {
      version: 0,
      invoiceTo: 'contact',
    });
    expect(missingContact.statusCode).toBe(400);
    expect(missingContact.body).toContain('Choose the contact invoices go to.');

    const saved = await send(t, 'PUT', `/api/clients/billing/${client.id}`, assistant, {
      version: 0,
      invoiceTo: 'contact',
      contactId: parent.json().id,
      serviceId: service.json().id,
      feeMinor: 6_500,
      notes: 'Her mother pays by bank transfer at the end of each month.',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      invoiceTo: 'contact',
      contactId: parent.json().id,
      serviceId: service.json().id,
      feeMinor: 6_500,
      version: 1,
    });
    const detail = await send(t, 'GET', `/api/clients/single-client/${client.id}`, admin);
    expect(detail.json().defaultService).toMatchObject({ name: 'Individual therapy', feeMinor: 6_500 });

    const stale = await send(t, 'PUT', `/api/clients/billing/${client.id}`, admin, { version: 0, invoiceTo: 'client' });
    expect(stale.statusCode).toBe(409);

    const log = await send(t, 'GET', `/api/clients/activity-log/retrieve/${client.id}`, admin);
    const summaries = log.json<ClientActivityList>().items.map((entry: ClientActivityEntry) => entry.summary);
    expect(summaries.some((summary) => / changed the client's billing details$/.test(summary))).toBe(true);
  });

  it('given invoices to the insurer without an insurer from Settings > Insurance on file, then 400 saying where to choose one', async () => {
    const { t, admin, client } = await setup();
    const response = await send(t, 'PUT', `/api/clients/billing/${client.id}`, admin, {
      version: 0,
      invoiceTo: 'insurer',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors?.invoiceTo ?? response.body).toMatch(/Insurance first/);
    const insurer = await send(t, 'POST', '/api/settings/insurance', admin, { name: 'Bupa' });
    expect(insurer.statusCode, insurer.body).toBe(200);
    await send(t, 'PUT', `/api/clients/insurance/${client.id}`, admin, {
      version: 0,
      insuranceProviderId: insurer.json().id,
      providerName: 'Bupa',
    });
    const saved = await send(t, 'PUT', `/api/clients/billing/${client.id}`, admin, {
      version: 0,
      invoiceTo: 'insurer',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ invoiceTo: 'insurer', insurerId: insurer.json().id });
  });
});

describe('reminder preferences and consent', () => {
  it('given consent recorded, then reminders turn on and the record names who recorded it and when', async () => {
    const { t, practice, therapist, client } = await setup();
    const saved = await send(t, 'PUT', `/api/clients/notifications/${client.id}`, therapist, {
      version: 0,
      emailReminders: true,
      smsReminders: false,
      leadTimeHours: 48,
      consentGiven: true,
      consentMethod: 'written',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const me = memberOf(practice, 'Therapist');
    expect(saved.json<ClientReminderPreferences>()).toMatchObject({
      emailReminders: true,
      leadTimeHours: 48,
      consentGiven: true,
      consentMethod: 'written',
      consentRecordedById: me.userId,
      consentRecordedByName: `${me.firstName} ${me.lastName}`,
      version: 1,
    });
    expect(saved.json<ClientReminderPreferences>().consentRecordedAt).not.toBeNull();
  });

  it('given no consent, or no phone for text messages, then 400 says what is missing', async () => {
    const { t, admin, client } = await setup();
    const base = { version: 0, emailReminders: true, smsReminders: false, leadTimeHours: 24 };
    const noConsent = await send(t, 'PUT', `/api/clients/notifications/${client.id}`, admin, {
      ...base,
      consentGiven: false,
    });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json<{ fields: Record<string, string> }>().fields.consentGiven).toContain('consent');
    const noPhone = await send(t, 'PUT', `/api/clients/notifications/${client.id}`, admin, {
      ...base,
      smsReminders: true,
      consentGiven: true,
      consentMethod: 'verbal',
    });
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json<{ detail: string }>().detail).toBe(CLIENT_MESSAGES.smsRemindersNeedPhone);
    const lead = await send(t, 'PUT', `/api/clients/notifications/${client.id}`, admin, {
      ...base,
      leadTimeHours: 500,
      consentGiven: true,
      consentMethod: 'verbal',
    });
    expect(lead.statusCode).toBe(400);
  });
});

describe('portal access', () => {
  it('given a client with an e-mail, when invited, then the invitation is e-mailed; revoked, then the status says so; re-invited, then invited again', async () => {
    const { t, admin, client } = await setup();
    const before = await send(t, 'GET', `/api/clients/portal/retrieve/${client.id}`, admin);
    expect(before.json<ClientPortalAccess>().status).toBe('not invited');
    const revokeNothing = await send(t, 'POST', `/api/clients/portal/revoke/${client.id}`, admin);
    expect(revokeNothing.statusCode).toBe(409);
    const invited = await send(t, 'POST', `/api/clients/portal/invite/${client.id}`, admin, {
      message: 'See you on Tuesday.',
    });
    expect(invited.statusCode, invited.body).toBe(200);
    expect(invited.json<ClientPortalAccess>()).toMatchObject({ status: 'invited', email: 'ada@example.com' });
    expect(invited.json<ClientPortalAccess>().invitedByName).not.toBeNull();
    const mail = readOutbox(t).filter((m) => m.to.includes('ada@example.com'));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.raw).toContain('See you on Tuesday.');
    const revoked = await send(t, 'POST', `/api/clients/portal/revoke/${client.id}`, admin);
    expect(revoked.json<ClientPortalAccess>()).toMatchObject({ status: 'revoked' });
    expect(revoked.json<ClientPortalAccess>().revokedAt).not.toBeNull();
    const again = await send(t, 'POST', `/api/clients/portal/invite/${client.id}`, admin, {});
    expect(again.json<ClientPortalAccess>()).toMatchObject({ status: 'invited', revokedAt: null });
    expect(readOutbox(t).filter((m) => m.to.includes('ada@example.com'))).toHaveLength(2);
  });

  it('given a client without an e-mail, when invited, then 400 asks for the address and nothing is sent', async () => {
    const { t, admin } = await setup();
    const client = await createClient(t, admin, { firstName: 'No', lastName: 'Mail' });
    const response = await send(t, 'POST', `/api/clients/portal/invite/${client.id}`, admin, {});
    expect(response.statusCode).toBe(400);
    expect(response.json<{ detail: string }>().detail).toBe(CLIENT_MESSAGES.portalNeedsEmail);
    expect(readOutbox(t)).toHaveLength(0);
  });
});

describe('relationships (contacts)', () => {
  it('given contacts added, then the newest is listed first; one can be read, updated with its version (stale 409) and deleted', async () => {
    const { t, admin, therapist, client } = await setup();
    const gp = await send(t, 'POST', `/api/clients/relationships/${client.id}`, admin, {
      name: 'Dr Priya Patel',
      relationshipType: 'gp',
      organisation: 'Leeds Health Centre',
      phone: '0113 496 0000',
      consentToContact: true,
    });
    expect(gp.statusCode, gp.body).toBe(200);
    const sister = await send(t, 'POST', `/api/clients/relationships/${client.id}`, admin, {
      name: 'Mary Byron',
      relationshipType: 'emergency_contact',
      relationshipDetail: 'Sister',
      email: 'mary@example.com',
      consentToContact: false,
    });
    const listed = await send(t, 'GET', `/api/clients/relationships/retrieve/${client.id}`, therapist);
    expect(listed.json<{ items: ClientRelationship[] }>().items.map((r) => r.name)).toEqual([
      'Mary Byron',
      'Dr Priya Patel',
    ]);
    const id = sister.json<ClientRelationship>().id;
    const one = await send(t, 'GET', `/api/clients/single-relationship/retrieve/${id}`, therapist);
    expect(one.json<ClientRelationship>()).toMatchObject({ relationshipDetail: 'Sister', consentToContact: false });
    const body = { name: 'Mary Byron', relationshipType: 'next_of_kin', consentToContact: true };
    const updated = await send(t, 'PUT', `/api/clients/single-relationship/${id}`, admin, { ...body, version: 1 });
    expect(updated.json<ClientRelationship>()).toMatchObject({ relationshipType: 'next_of_kin', version: 2 });
    const stale = await send(t, 'PUT', `/api/clients/single-relationship/${id}`, therapist, { ...body, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ detail: string }>().detail).toBe(CLIENT_MESSAGES.staleContact);
    const deleted = await send(t, 'DELETE', `/api/clients/single-relationship/${id}`, admin);
    expect(deleted.json<{ detail: string }>().detail).toBe('Client contact was successfully deleted.');
    expect((await send(t, 'GET', `/api/clients/single-relationship/retrieve/${id}`, admin)).statusCode).toBe(404);
  });

  it("given another practice's contact, then read, update and delete answer 404; bad input answers 400", async () => {
    const { t, admin, otherAdmin, client } = await setup();
    const created = await send(t, 'POST', `/api/clients/relationships/${client.id}`, admin, {
      name: 'Dr Priya Patel',
      relationshipType: 'gp',
      consentToContact: true,
    });
    const id = created.json<ClientRelationship>().id;
    expect((await send(t, 'GET', `/api/clients/single-relationship/retrieve/${id}`, otherAdmin)).statusCode).toBe(404);
    const put = await send(t, 'PUT', `/api/clients/single-relationship/${id}`, otherAdmin, {
      name: 'Hijack',
      relationshipType: 'gp',
      consentToContact: true,
      version: 1,
    });
    expect(put.statusCode).toBe(404);
    expect((await send(t, 'DELETE', `/api/clients/single-relationship/${id}`, otherAdmin)).statusCode).toBe(404);
    const bad = await send(t, 'POST', `/api/clients/relationships/${client.id}`, admin, {
      name: '',
      relationshipType: 'cousin',
      consentToContact: true,
    });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json<{ fields: Record<string, string> }>().fields;
    expect(fields.name).toBe("Enter the contact's name.");
    expect(fields.relationshipType).toContain('Choose a relationship');
  });
});

describe('activity log', () => {
  it('given manual entries and changes, then the log merges them newest first, filters by kind, and pages', async () => {
    const { t, practice, admin, therapist, client } = await setup();
    const adminName = `${memberOf(practice, 'Admin').firstName} ${memberOf(practice, 'Admin').lastName}`;
    const call = await send(t, 'POST', `/api/clients/activity-log/${client.id}`, therapist, {
      kind: 'call',
      direction: 'outgoing',
      summary: 'Phoned to rebook',
      body: 'Agreed Thursday at 10:00.',
      durationMinutes: 5,
      occurredAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(call.statusCode, call.body).toBe(200);
    expect(call.json<ClientActivityEntry>()).toMatchObject({ source: 'manual', kind: 'call', durationMinutes: 5 });
    await send(t, 'PUT', `/api/clients/address/${client.id}`, admin, { version: 0, city: 'Leeds' });
    await send(t, 'GET', `/api/clients/single-client/${client.id}`, admin);

    const log = await send(t, 'GET', `/api/clients/activity-log/retrieve/${client.id}`, admin);
    expect(log.statusCode, log.body).toBe(200);
    const page = log.json<ClientActivityList>();
    const summaries = page.items.map((e) => e.summary);
    expect(summaries).toContain('Phoned to rebook');
    expect(summaries).toContain(`${adminName} changed the client's address`);
    expect(summaries).not.toContain(`${adminName} opened the client's record`);
    expect(page.items.find((e) => e.action === 'create')?.summary).toBe(`${adminName} added the client`);
    const times = page.items.map((e) => e.at);
    expect(times).toEqual([...times].sort().reverse());

    const views = await send(t, 'GET', `/api/clients/activity-log/retrieve/${client.id}?kind=view`, admin);
    const viewItems = views.json<ClientActivityList>().items;
    expect(viewItems.map((e) => e.summary)).toContain(`${adminName} opened the client's record`);
    expect(viewItems.every((e) => e.kind === 'view')).toBe(true);
    const changes = await send(t, 'GET', `/api/clients/activity-log/retrieve/${client.id}?kind=change`, admin);
    const changeItems = changes.json<ClientActivityList>().items;
    expect(changeItems.length).toBeGreaterThan(0);
    expect(changeItems.every((e) => e.kind === 'change' && e.source === 'audit')).toBe(true);
    const calls = await send(t, 'GET', `/api/clients/activity-log/retrieve/${client.id}?kind=call`, admin);
    expect(calls.json<ClientActivityList>()).toMatchObject({ total: 1 });

    // The call, the address change and the client's creation: three entries, one a page.
    const paged = await send(t, 'GET', `/api/clients/activity-log/retrieve/${client.id}?pageSize=1&page=2`, admin);
    expect(paged.json<ClientActivityList>().items).toHaveLength(1);
    expect(paged.json<ClientActivityList>().total).toBe(3);
  });

  it("given each kind of write of the client's record, then the log says it in plain words with who did it", async () => {
    const { t, practice, therapist, client } = await setup();
    const member = memberOf(practice, 'Therapist');
    const who = `${member.firstName} ${member.lastName}`;
    const ok = async (method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, body?: unknown) => {
      const response = await send(t, method, url, therapist, body);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
      return response.json<{ id: number; version: number; items?: { id: number; version: number }[] }>();
    };
    await ok('PATCH', `/api/clients/single-client/status/${client.id}`, { status: 'on hold', version: client.version });
    const startsAt = '2026-11-03T14:00:00.000Z';
    const [session] = (
      await ok('POST', `/api/clients/sessions/create/${client.id}`, {
        serviceName: 'Individual therapy',
        startsAt,
        durationMinutes: 50,
      })
    ).items!;
    await ok('PATCH', `/api/clients/single-session/attendance/${session!.id}`, {
      status: 'attended',
      version: session!.version,
    });
    const note = await ok('POST', `/api/clients/sessions/note/create/${session!.id}`, {
      contentHtml: '<p>Better.</p>',
    });
    await ok('POST', `/api/clients/sessions/note/sign/${note.id}`, { version: note.version });
    const item = await ok('POST', `/api/clients/risk-log/create/${client.id}`, {
      date: '2026-10-02',
      category: 'self-harm',
      severity: 'low',
      description: 'Mentioned old scars',
    });
    await ok('PATCH', `/api/clients/single-risk-log/status/${item.id}`, { status: 'closed', version: item.version });
    const contact = await ok('POST', `/api/clients/relationships/${client.id}`, {
      name: 'Jo Byron',
      relationshipType: 'emergency_contact',
      consentToContact: true,
    });
    await ok('DELETE', `/api/clients/single-relationship/${contact.id}`);

    const log = await send(t, 'GET', `/api/clients/activity-log/retrieve/${client.id}?pageSize=50`, therapist);
    const entries = log.json<ClientActivityList>().items.filter((e) => e.actorName === who);
    const summaries = entries.map((e) => e.summary);
    const day = (value: string) => activityDate(value, 'Europe/London');
    expect(summaries).toEqual([
      `${who} deleted the contact`,
      `${who} added a contact`,
      `${who} marked the risk log item of ${day('2026-10-02')} as closed`,
      `${who} added a risk log item of ${day('2026-10-02')}`,
      `${who} signed the session note for ${day(startsAt)}`,
      `${who} added a session note for ${day(startsAt)}`,
      `${who} marked the session for ${day(startsAt)} as attended`,
      `${who} scheduled a session for ${day(startsAt)}`,
      `${who} changed the client's status to On hold`,
    ]);
    expect(entries.every((e) => e.kind === 'change' && e.source === 'audit')).toBe(true);
  });

  it('given an entry id, then it reads the manual entry or (source=audit) the audit entry; another practice gets 404', async () => {
    const { t, admin, otherAdmin, client } = await setup();
    const created = await send(t, 'POST', `/api/clients/activity-log/${client.id}`, admin, {
      kind: 'letter',
      summary: 'Sent the discharge letter',
    });
    const id = created.json<ClientActivityEntry>().id;
    const one = await send(t, 'GET', `/api/clients/single-activity-log/retrieve/${id}`, admin);
    expect(one.json<ClientActivityEntry>()).toMatchObject({ id, summary: 'Sent the discharge letter' });
    expect((await send(t, 'GET', `/api/clients/single-activity-log/retrieve/${id}`, otherAdmin)).statusCode).toBe(404);

    const log = await send(t, 'GET', `/api/clients/activity-log/retrieve/${client.id}?kind=change`, admin);
    const audit = log.json<ClientActivityList>().items[0]!;
    const read = await send(t, 'GET', `/api/clients/single-activity-log/retrieve/${audit.id}?source=audit`, admin);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<ClientActivityEntry>()).toMatchObject({ id: audit.id, source: 'audit', clientId: client.id });
    const foreign = await send(
      t,
      'GET',
      `/api/clients/single-activity-log/retrieve/${audit.id}?source=audit`,
      otherAdmin,
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('given a bad manual entry, then 400 says what to fix', async () => {
    const { t, admin, client } = await setup();
    const bad = await send(t, 'POST', `/api/clients/activity-log/${client.id}`, admin, {
      kind: 'fax',
      summary: '',
      occurredAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json<{ fields: Record<string, string> }>().fields;
    expect(fields.kind).toBe('Choose call, e-mail, letter, meeting or note.');
    expect(fields.summary).toBe('Enter a short summary.');
    expect(fields.occurredAt).toBe(dateRangeMessage('the date it happened', DATE_RANGES.happened));
  });
});
