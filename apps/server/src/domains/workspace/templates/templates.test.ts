import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  BUILT_IN_EMAIL_TEMPLATES,
  BUILT_IN_FORM_TEMPLATES,
  EMAIL_USAGE_CONTEXTS,
  FORM_USAGE_CONTEXTS,
  TEMPLATE_MESSAGES,
  type CreateFormTemplateBody,
  type EmailTemplate,
  type EmailTemplateList,
  type FormTemplate,
  type FormTemplateList,
} from '@halcyon/api/contract';
import { auditLog } from '../../../platform/audit/schema';
import { createTestApp } from '../../../test/app';
import { bearer, memberOf, readOutbox, seedPractice, sessionFor, type Tokens } from '../../../test/auth';
import { clients } from '../../clients/schema';

// Each test builds the app on a fresh database; the first one in a worker pays for the embedded database's start-up,
// which takes longer than the default 30 s on a loaded machine (as learning.test.ts found).
vi.setConfig({ testTimeout: 120_000 });

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function setup() {
  const t = await createTestApp();
  const practice = await seedPractice(t);
  const other = await seedPractice(t);
  const admin = await sessionFor(t, memberOf(practice, 'Admin'));
  const therapist = await sessionFor(t, memberOf(practice, 'Therapist'));
  const assistant = await sessionFor(t, memberOf(practice, 'Assistant'));
  const outsider = await sessionFor(t, memberOf(other, 'Admin'));
  const send = (method: Method, url: string, tokens: Tokens = therapist, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: bearer(tokens),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const ok = async <T>(method: Method, url: string, tokens: Tokens = therapist, payload?: unknown): Promise<T> => {
    const response = await send(method, url, tokens, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
  return { t, practice, admin, therapist, assistant, outsider, send, ok };
}

const intake: CreateFormTemplateBody = {
  name: '  Adult intake  ',
  templateCategory: 'intake',
  usageContext: 'before-first-session',
  definition: {
    sections: [
      {
        key: 'about',
        title: 'About you',
        fields: [
          { key: 'name', type: 'text', label: 'Your name', required: true },
          {
            key: 'mood',
            type: 'scale',
            label: 'Mood today',
            scale: { min: 1, max: 5, minLabel: 'Low', maxLabel: 'High' },
          },
          { key: 'contact', type: 'multipleChoice', label: 'Contact me by', options: ['E-mail', 'Phone'] },
          { key: 'sign', type: 'signature', label: 'Signature', helpText: 'Type your name.', required: true },
        ],
      },
    ],
  },
};

describe('form templates', () => {
  it('given a new practice, when it reads the library, then each usage context has its built-in default, read-only', async () => {
    const c = await setup();
    const library = await c.ok<FormTemplateList>('GET', '/api/settings/template-library/forms');
    expect(library.items).toHaveLength(FORM_USAGE_CONTEXTS.length);
    expect(library.items.every((template) => template.builtIn && template.id === null && !template.overridden)).toBe(
      true,
    );
    const forContext = await c.ok<FormTemplateList>('GET', '/api/settings/forms/usage-context/before-first-session');
    expect(forContext.items.map((template) => template.name)).toEqual([
      BUILT_IN_FORM_TEMPLATES['before-first-session'].name,
    ]);
  });

  it('given a Therapist, when they add a template, then it is stored trimmed, overrides the built-in for its usage context, and an audit line names it', async () => {
    const c = await setup();
    const created = await c.ok<FormTemplate>('POST', '/api/settings/forms', c.therapist, intake);
    expect(created).toMatchObject({ id: expect.any(Number), name: 'Adult intake', builtIn: false, version: 1 });
    expect(created.definition.sections[0]!.fields[2]!.options).toEqual(['E-mail', 'Phone']);

    const forContext = await c.ok<FormTemplateList>(
      'GET',
      '/api/settings/forms/usage-context/%20before-first-session%20',
    );
    expect(forContext.items.map((template) => template.id)).toEqual([created.id]);
    const library = await c.ok<FormTemplateList>('GET', '/api/settings/template-library/forms');
    expect(library.items[0]!.id).toBe(created.id);
    expect(library.items.find((t) => t.builtIn && t.usageContext === 'before-first-session')?.overridden).toBe(true);
    const ofCategory = await c.ok<FormTemplateList>('GET', '/api/settings/forms/category/intake');
    expect(ofCategory.items.map((t) => t.name)).toEqual(['Adult intake', 'Intake questionnaire']);
    expect(await c.ok<FormTemplate>('GET', `/api/settings/forms/single-template/${created.id}`)).toEqual(created);

    const rows = await c.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.practiceId, c.practice.practiceId), eq(auditLog.entity, 'form_template')));
    expect(rows.map((row) => [row.action, row.details])).toEqual([['create', { name: 'Adult intake' }]]);
  });

  it('given a form with a one-answer choice and a scale from 5 to 1, when saved, then the server names each fault and stores nothing', async () => {
    const c = await setup();
    const response = await c.send('POST', '/api/settings/forms', c.therapist, {
      ...intake,
      definition: {
        sections: [
          {
            key: 'a',
            title: 'A',
            fields: [
              { key: 'x', type: 'choice', label: 'Pick', options: ['Only'] },
              { key: 'y', type: 'scale', label: 'Rate', scale: { min: 5, max: 1 } },
            ],
          },
          { key: 'b', title: 'Empty', fields: [] },
        ],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(TEMPLATE_MESSAGES.tooFewOptions);
    expect(response.body).toContain(TEMPLATE_MESSAGES.scaleOrder);
    expect(response.body).toContain(TEMPLATE_MESSAGES.noFields);
    const library = await c.ok<FormTemplateList>('GET', '/api/settings/template-library/forms');
    expect(library.items.some((t) => !t.builtIn)).toBe(false);
  });

  it('given an edit against an old version, then 409 with a sentence, and a delete says SPEC.md’s words', async () => {
    const c = await setup();
    const created = await c.ok<FormTemplate>('POST', '/api/settings/forms', c.therapist, intake);
    const updated = await c.ok<FormTemplate>('PUT', `/api/settings/forms/${created.id}`, c.admin, {
      ...intake,
      name: 'Intake (adults)',
      version: created.version,
    });
    expect(updated).toMatchObject({ name: 'Intake (adults)', version: 2 });
    const stale = await c.send('PUT', `/api/settings/forms/${created.id}`, c.therapist, {
      ...intake,
      version: created.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ detail: TEMPLATE_MESSAGES.changed });
    expect(await c.ok('DELETE', `/api/settings/forms/${created.id}`)).toEqual({
      detail: 'Template successfully deleted.',
    });
    expect((await c.send('GET', `/api/settings/forms/single-template/${created.id}`)).statusCode).toBe(404);
  });

  it('given an Assistant or another practice, then the library refuses them (403) or hides the template (404)', async () => {
    const c = await setup();
    const created = await c.ok<FormTemplate>('POST', '/api/settings/forms', c.therapist, intake);
    for (const [method, url, payload] of [
      ['GET', '/api/settings/template-library/forms'],
      ['GET', '/api/settings/template-library/emails'],
      ['GET', `/api/settings/forms/single-template/${created.id}`],
      ['POST', '/api/settings/forms', intake],
      ['DELETE', `/api/settings/forms/${created.id}`],
    ] as const) {
      expect((await c.send(method, url, c.assistant, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await c.send('GET', `/api/settings/forms/single-template/${created.id}`, c.outsider)).statusCode).toBe(404);
    expect(
      (await c.send('PUT', `/api/settings/forms/${created.id}`, c.outsider, { ...intake, version: 1 })).statusCode,
    ).toBe(404);
    expect((await c.send('DELETE', `/api/settings/forms/${created.id}`, c.outsider)).statusCode).toBe(404);
    const theirs = await c.ok<FormTemplateList>('GET', '/api/settings/template-library/forms', c.outsider);
    expect(theirs.items.some((t) => t.id === created.id)).toBe(false);
  });
});

describe('e-mail templates', () => {
  it('given no template of its own, then every usage context answers with the built-in default', async () => {
    const c = await setup();
    const list = await c.ok<EmailTemplateList>('GET', '/api/settings/template-library/emails');
    expect(list.items.map((t) => [t.usageContext, t.builtIn])).toEqual(EMAIL_USAGE_CONTEXTS.map((u) => [u, true]));
    const reminder = await c.ok<EmailTemplate>('GET', '/api/settings/emails/session-reminder');
    expect(reminder.subject).toBe(BUILT_IN_EMAIL_TEMPLATES['session-reminder'].subject);
  });

  it('given a template with a merge field that does not exist, then the message names it and nothing is saved', async () => {
    const c = await setup();
    const response = await c.send('POST', '/api/settings/emails', c.therapist, {
      usageContext: 'session-reminder',
      subject: 'See you soon, {{client.fistName}}',
      body: 'Your invoice {{invoice.number}} and session on {{session.start}}.',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(TEMPLATE_MESSAGES.unknownMergeField('client.fistName'));
    expect(response.body).toContain(TEMPLATE_MESSAGES.unavailableMergeField('invoice.number', 'session-reminder'));
    const list = await c.ok<EmailTemplateList>('GET', '/api/settings/template-library/emails');
    expect(list.items.every((t) => t.builtIn)).toBe(true);
  });

  it('given the practice’s own reminder, then it answers for its context, a second one is refused, and deleting it brings the default back', async () => {
    const c = await setup();
    const body = {
      usageContext: 'session-reminder',
      subject: 'Your session on {{session.start}}',
      body: 'Hi {{client.firstName}},\n\nSee you on {{session.start}}.',
    };
    const own = await c.ok<EmailTemplate>('POST', '/api/settings/emails', c.admin, body);
    expect(own).toMatchObject({ builtIn: false, subject: body.subject });
    expect(await c.ok<EmailTemplate>('GET', '/api/settings/emails/session-reminder')).toEqual(own);
    expect(await c.ok<EmailTemplate>('GET', `/api/settings/emails/single-template/${own.id}`)).toEqual(own);
    const again = await c.send('POST', '/api/settings/emails', c.therapist, body);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ detail: TEMPLATE_MESSAGES.emailExists('session-reminder') });
    expect((await c.send('GET', `/api/settings/emails/single-template/${own.id}`, c.outsider)).statusCode).toBe(404);
    expect((await c.ok<EmailTemplate>('GET', '/api/settings/emails/session-reminder', c.outsider)).builtIn).toBe(true);
    expect((await c.send('DELETE', `/api/settings/emails/single-template/${own.id}`, c.outsider)).statusCode).toBe(404);
    expect(await c.ok('DELETE', `/api/settings/emails/single-template/${own.id}`)).toEqual({
      detail: 'Template successfully deleted.',
    });
    expect((await c.ok<EmailTemplate>('GET', '/api/settings/emails/session-reminder')).builtIn).toBe(true);
  });
});

describe('the e-mails Halcyon sends, in the practice’s words', () => {
  it('given the practice’s own measure-link e-mail, when a measure is sent, then the client gets its words with their values (before it, the built-in ones)', async () => {
    const c = await setup();
    const [client] = await c.t.database.db
      .insert(clients)
      .values({ practiceId: c.practice.practiceId, firstName: 'Jane', lastName: 'Doe', email: 'jane@client.example' })
      .returning({ id: clients.id });
    const send = () =>
      c.ok('POST', `/api/clients/assessments/send/${client!.id}`, c.therapist, { measure: 'phq9', message: '' });

    await send();
    const builtIn = readOutbox(c.t).at(-1)!;
    expect(builtIn.subject).toMatch(/has sent you a short questionnaire$/);
    expect(builtIn.text).toContain('Hello Jane,');

    await c.ok('POST', '/api/settings/emails', c.therapist, {
      usageContext: 'measure-link',
      subject: 'A few questions before we meet, {{client.firstName}}',
      body: 'Dear {{client.fullName}},\n\nPlease fill in the {{measure.title}} within {{link.expiresInDays}} days.',
    });
    await send();
    const own = readOutbox(c.t).at(-1)!;
    expect(own.subject).toBe('A few questions before we meet, Jane');
    expect(own.text).toContain('Dear Jane Doe,');
    expect(own.text).toMatch(/Please fill in the .+ within 7 days\./);
    expect(own.text).toMatch(/Fill in the questionnaire: http.+\/Measure\//);
  });
});
