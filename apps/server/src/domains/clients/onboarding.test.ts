import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  BUILT_IN_FORM_TEMPLATES,
  CLIENT_INTAKE_FORMS_MAX,
  CLIENT_MESSAGES,
  type ClientDetail,
  type CreateFormTemplateBody,
  type FormTemplate,
  type Service,
} from '@halcyon/api/contract';
import { AMOUNT_MINOR_MAX } from '@halcyon/api/money';
import { createTestApp } from '../../test/app';
import { bearer, memberOf, readOutbox, seedPractice, sessionFor, type Tokens } from '../../test/auth';
import { formLinks } from '../documents/schema';
import { clientIntakeForms, clients } from './schema';

// The first test in a worker pays for the embedded database's start-up (see templates.test.ts).
vi.setConfig({ testTimeout: 120_000 });

type Method = 'GET' | 'POST' | 'PUT';

async function setup() {
  const t = await createTestApp();
  const practice = await seedPractice(t);
  const other = await seedPractice(t);
  const therapist = await sessionFor(t, memberOf(practice, 'Therapist'));
  const outsider = await sessionFor(t, memberOf(other, 'Admin'));
  const send = (method: Method, url: string, tokens: Tokens, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: bearer(tokens),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const ok = async <T>(method: Method, url: string, tokens: Tokens, payload?: unknown): Promise<T> => {
    const response = await send(method, url, tokens, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
  const service = (tokens: Tokens, name: string, priceMinor = 7_500) =>
    ok<Service>('POST', '/api/settings/services', tokens, {
      name,
      kind: 'individual',
      durationMinutes: 50,
      priceMinor,
      currency: 'GBP',
    });
  const form = (tokens: Tokens, usageContext: CreateFormTemplateBody['usageContext'], name = 'Adult intake') =>
    ok<FormTemplate>('POST', '/api/settings/forms', tokens, {
      name,
      templateCategory: 'intake',
      usageContext,
      definition: {
        sections: [{ key: 'about', title: 'About you', fields: [{ key: 'name', type: 'text', label: 'Your name' }] }],
      },
    } satisfies CreateFormTemplateBody);
  const client = { firstName: 'Nell', lastName: 'Gwynne', email: 'nell@example.com' };
  const nells = () => t.database.db.select().from(clients).where(eq(clients.firstName, 'Nell'));
  return { t, therapist, outsider, send, ok, service, form, client, nells };
}

describe('client onboarding: service, fee and intake forms', () => {
  it('given a service and no fee, when a client is created with it, then the client keeps the service with its price as the fee', async () => {
    const c = await setup();
    const service = await c.service(c.therapist, 'Individual session', 8_000);
    const created = await c.ok<ClientDetail>('POST', '/api/clients', c.therapist, {
      ...c.client,
      serviceId: service.id,
    });
    expect(created.defaultService).toEqual({
      id: service.id,
      name: 'Individual session',
      feeMinor: 8_000,
      currency: 'GBP',
    });
    const read = await c.ok<ClientDetail>('GET', `/api/clients/single-client/${created.id}`, c.therapist);
    expect(read.defaultService).toEqual(created.defaultService);
  });

  it('given a changed fee, when the client is created, then the agreed fee is kept, and a renamed service shows its new name', async () => {
    const c = await setup();
    const service = await c.service(c.therapist, 'Individual session', 8_000);
    const created = await c.ok<ClientDetail>('POST', '/api/clients', c.therapist, {
      ...c.client,
      serviceId: service.id,
      feeMinor: 6_000,
    });
    expect(created.defaultService).toMatchObject({ id: service.id, feeMinor: 6_000 });
    await c.ok('PUT', `/api/settings/services/${service.id}`, c.therapist, {
      name: 'Standard session',
      kind: 'individual',
      durationMinutes: 50,
      priceMinor: 9_000,
      currency: 'GBP',
      version: service.version,
    });
    const read = await c.ok<ClientDetail>('GET', `/api/clients/single-client/${created.id}`, c.therapist);
    expect(read.defaultService).toMatchObject({ name: 'Standard session', feeMinor: 6_000 });
  });

  it('given no service, then the client has none', async () => {
    const c = await setup();
    const created = await c.ok<ClientDetail>('POST', '/api/clients', c.therapist, c.client);
    expect(created.defaultService).toBeNull();
  });

  it.each([
    [{ feeMinor: -1 }, 'feeMinor', 'The fee cannot be negative.'],
    [{ feeMinor: AMOUNT_MINOR_MAX + 1 }, 'feeMinor', 'The fee is too large.'],
    [{ feeMinor: 12.5 }, 'feeMinor', 'Enter the fee in whole pence or cents.'],
    [{ feeMinor: 5_000 }, 'serviceId', CLIENT_MESSAGES.feeNeedsService],
    [{ serviceId: 0 }, 'serviceId', CLIENT_MESSAGES.service],
    [{ intakeForms: [{ id: 1 }] }, 'intakeForms', CLIENT_MESSAGES.intakeFormsNeedInvite],
    [
      {
        sendPortalInvite: true,
        intakeForms: Array.from({ length: CLIENT_INTAKE_FORMS_MAX + 1 }, (_, i) => ({ id: i + 1 })),
      },
      'intakeForms',
      CLIENT_MESSAGES.intakeFormsMax,
    ],
    [
      { sendPortalInvite: true, intakeForms: [{ builtIn: 'onboarding' }, { builtIn: 'onboarding' }] },
      'intakeForms',
      CLIENT_MESSAGES.intakeForms,
    ],
    [
      { sendPortalInvite: true, intakeForms: [{ builtIn: 'after-session' }] },
      'intakeForms',
      CLIENT_MESSAGES.intakeForms,
    ],
  ])('given bad onboarding input %j, then 400 names %s and nothing is saved', async (body, field, message) => {
    const c = await setup();
    const response = await c.send('POST', '/api/clients', c.therapist, { ...c.client, ...body });
    expect(response.statusCode, response.body).toBe(400);
    expect(JSON.stringify(response.json())).toContain(message);
    expect(JSON.stringify(response.json())).toContain(field);
    expect(await c.nells()).toHaveLength(0);
  });

  it("given another practice's service or an archived one, then 400 names the service and no client is saved", async () => {
    const c = await setup();
    const theirs = await c.service(c.outsider, 'Their session');
    const archived = await c.service(c.therapist, 'Old session');
    await c.ok('PUT', `/api/settings/services/${archived.id}`, c.therapist, {
      name: 'Old session',
      kind: 'individual',
      durationMinutes: 50,
      priceMinor: 7_500,
      currency: 'GBP',
      archived: true,
      version: archived.version,
    });
    for (const serviceId of [theirs.id, archived.id]) {
      const response = await c.send('POST', '/api/clients', c.therapist, { ...c.client, serviceId });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ detail: CLIENT_MESSAGES.service });
    }
    expect(await c.nells()).toHaveLength(0);
  });

  it('given intake forms of the practice with a portal invitation, then each is e-mailed to the client on a form link and marked sent', async () => {
    const c = await setup();
    const consent = await c.form(c.therapist, 'onboarding', 'Consent');
    const intake = await c.form(c.therapist, 'before-first-session', 'Adult intake');
    const created = await c.ok<ClientDetail>('POST', '/api/clients', c.therapist, {
      ...c.client,
      sendPortalInvite: true,
      intakeForms: [{ id: consent.id }, { id: intake.id }],
    });
    const stored = await c.t.database.db
      .select()
      .from(clientIntakeForms)
      .where(eq(clientIntakeForms.clientId, created.id));
    expect(stored.map((row) => row.formTemplateId).sort()).toEqual([consent.id, intake.id].sort());
    expect(stored.every((row) => row.sentAt !== null)).toBe(true);
    const links = await c.t.database.db.select().from(formLinks).where(eq(formLinks.clientId, created.id));
    expect(links.map((link) => link.name).sort()).toEqual(['Adult intake', 'Consent']);
    const mails = readOutbox(c.t).filter((mail) => mail.to.includes(c.client.email));
    // The portal invitation and one e-mail per form.
    expect(mails).toHaveLength(3);
  });

  it("given a new practice with no forms of its own, when Halcyon's built-in intake forms are chosen, then each is e-mailed on a form link with the built-in form's questions", async () => {
    const c = await setup();
    const created = await c.ok<ClientDetail>('POST', '/api/clients', c.therapist, {
      ...c.client,
      sendPortalInvite: true,
      intakeForms: [{ builtIn: 'onboarding' }, { builtIn: 'before-first-session' }],
    });
    const links = await c.t.database.db.select().from(formLinks).where(eq(formLinks.clientId, created.id));
    expect(links.map((link) => link.name).sort()).toEqual(
      [BUILT_IN_FORM_TEMPLATES.onboarding.name, BUILT_IN_FORM_TEMPLATES['before-first-session'].name].sort(),
    );
    expect(links.every((link) => link.definition.sections.length > 0)).toBe(true);
    // Built-in forms have no template row to record; their links are the record.
    expect(await c.t.database.db.select().from(clientIntakeForms)).toHaveLength(0);
    const mails = readOutbox(c.t).filter((mail) => mail.to.includes(c.client.email));
    expect(mails).toHaveLength(3);
  });

  it("given another practice's form or a form used after sessions, then 400 names the intake forms and nothing is saved", async () => {
    const c = await setup();
    const theirs = await c.form(c.outsider, 'onboarding');
    const feedback = await c.form(c.therapist, 'after-session');
    for (const id of [theirs.id, feedback.id]) {
      const response = await c.send('POST', '/api/clients', c.therapist, {
        ...c.client,
        sendPortalInvite: true,
        intakeForms: [{ id }],
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ detail: CLIENT_MESSAGES.intakeForms });
    }
    expect(await c.nells()).toHaveLength(0);
    expect(await c.t.database.db.select().from(clientIntakeForms)).toHaveLength(0);
  });
});
