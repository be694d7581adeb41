import { eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  FORM_LINK_MESSAGES,
  type ClientActivityList,
  type ClientDocument,
  type FormTemplate,
  type PublicForm,
  type SendToClientResult,
} from '@halcyon/api/contract';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, memberOf, readOutbox, seedPractice, sessionFor } from '../../test/auth';
import { clients, formLinks, notifications } from '../../schema';

interface Setup {
  t: TestApp;
  access: string;
  therapistId: number;
  clientId: number;
  /** A second practice's therapist and client. */
  other: { access: string; clientId: number };
}

async function addClient(t: TestApp, practiceId: number, therapistId: number, email: string | null) {
  const [client] = await t.database.db
    .insert(clients)
    .values({ practiceId, firstName: 'Jane', lastName: 'Doe', email, therapistId })
    .returning({ id: clients.id });
  return client!.id;
}

async function setup(): Promise<Setup> {
  const t = await createTestApp();
  const practice = await seedPractice(t);
  const therapist = memberOf(practice, 'Therapist');
  const second = await seedPractice(t, { name: 'Second Practice', seed: 2 });
  const secondTherapist = memberOf(second, 'Therapist');
  return {
    t,
    access: (await sessionFor(t, therapist)).access_token,
    therapistId: therapist.userId,
    clientId: await addClient(t, practice.practiceId, therapist.userId, 'jane.doe@client.example'),
    other: {
      access: (await sessionFor(t, secondTherapist)).access_token,
      clientId: await addClient(t, second.practiceId, secondTherapist.userId, 'someone@client.example'),
    },
  };
}

function call(s: Setup, method: string, url: string, payload?: unknown, access: string | null = s.access) {
  return s.t.app.inject({
    method: method as 'GET',
    url,
    headers: access ? bearer(access) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const OWN_FORM = {
  name: 'Getting to know you',
  description: 'A few questions before we meet.',
  templateCategory: 'intake',
  usageContext: 'before-first-session',
  definition: {
    sections: [
      {
        key: 'about',
        title: 'About you',
        fields: [
          { key: 'hopes', type: 'longText', label: 'What do you hope to get from therapy?', required: true },
          { key: 'sleep', type: 'scale', label: 'How well do you sleep?', scale: { min: 0, max: 5 } },
          { key: 'contact', type: 'choice', label: 'How may we contact you?', options: ['E-mail', 'Phone'] },
        ],
      },
    ],
  },
};

async function ownForm(s: Setup): Promise<FormTemplate> {
  const created = await call(s, 'POST', '/api/settings/forms', OWN_FORM);
  expect(created.statusCode, created.body).toBe(200);
  return created.json<FormTemplate>();
}

/** Sends a form to the client; answers the send and the token of the link in the e-mail. */
async function sendForm(s: Setup, form: { id: number } | { builtIn: string }, message = '') {
  const sent = await call(s, 'POST', `/api/clients/send-to-client/${s.clientId}`, {
    item: { kind: 'form', form },
    channel: 'email',
    message,
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const mail = readOutbox(s.t)
    .filter((m) => m.to.includes('jane.doe@client.example'))
    .at(-1)!;
  const unfolded = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const link = [...unfolded.matchAll(/https?:\/\/[^\s"<>]+\/Form\/[A-Za-z0-9_%-]+/g)].at(-1)?.[0];
  expect(link).toBeDefined();
  return { sent: sent.json<SendToClientResult>(), mail, token: decodeURIComponent(link!.split('/').at(-1)!) };
}

describe('forms filled in by a client from a link', { timeout: 120_000 }, () => {
  it('given a form sent from the library, when the client fills it in, then a PDF of the answers lands in their documents, the therapist is told and the log says so', async () => {
    const s = await setup();
    const form = await ownForm(s);
    const { sent, mail, token } = await sendForm(s, { id: form.id! }, 'Please fill this in before Tuesday.');
    expect(sent).toMatchObject({ itemKind: 'form', channel: 'email', emailed: true });
    // The built-in form-link e-mail: the form's name, the therapist's message and the button.
    expect(mail.subject).toContain('has sent you a form to fill in');
    expect(mail.text).toContain('Getting to know you');
    expect(mail.text).toContain('Please fill this in before Tuesday.');
    expect(mail.text).toContain('Fill in the form');

    const opened = await call(s, 'GET', `/api/form-links/${encodeURIComponent(token)}`, undefined, null);
    expect(opened.statusCode, opened.body).toBe(200);
    const publicForm = opened.json<PublicForm>();
    expect(publicForm).toMatchObject({ name: 'Getting to know you', description: 'A few questions before we meet.' });
    expect(publicForm.definition.sections[0]!.fields.map((f) => f.key)).toEqual(['hopes', 'sleep', 'contact']);
    // No client data travels with the link.
    expect(opened.body).not.toContain('Jane');

    // A required question left empty: a clear message by question, and the link still works.
    const missing = await call(s, 'POST', `/api/form-links/${encodeURIComponent(token)}`, { answers: {} }, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('Answer this question.');
    const wrongChoice = await call(
      s,
      'POST',
      `/api/form-links/${encodeURIComponent(token)}`,
      { answers: { hopes: 'Sleep better', sleep: 9, contact: 'Post' } },
      null,
    );
    expect(wrongChoice.statusCode).toBe(400);

    const answered = await call(
      s,
      'POST',
      `/api/form-links/${encodeURIComponent(token)}`,
      { answers: { hopes: 'Sleep better and worry less', sleep: 2, contact: 'Phone' } },
      null,
    );
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toEqual({ detail: FORM_LINK_MESSAGES.thanks });

    // The document: kind form, named as the form, its category, a PDF holding the answers.
    const list = await call(s, 'GET', `/api/clients/documents/retrieve/${s.clientId}`);
    const [document] = list.json<{ items: ClientDocument[] }>().items;
    expect(document).toMatchObject({
      kind: 'form',
      name: 'Getting to know you',
      category: 'Intake',
      file: { type: 'application/pdf' },
    });
    expect(document!.file.name).toMatch(/^Getting to know you \(completed \d{4}-\d{2}-\d{2}\)\.pdf$/);
    const file = await call(s, 'GET', `/api/files/${document!.file.id}`);
    expect(file.statusCode).toBe(200);
    const pdf = await PDFDocument.load(file.rawPayload);
    expect(pdf.getTitle()).toBe('Getting to know you');

    // Used once: opening or sending again says so plainly.
    const again = await call(s, 'GET', `/api/form-links/${encodeURIComponent(token)}`, undefined, null);
    expect(again.statusCode).toBe(410);
    expect(again.json().detail).toBe(FORM_LINK_MESSAGES.linkUsed);
    const twice = await call(
      s,
      'POST',
      `/api/form-links/${encodeURIComponent(token)}`,
      { answers: { hopes: 'Again' } },
      null,
    );
    expect(twice.statusCode).toBe(410);

    const [note] = await s.t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, s.therapistId))
      .orderBy(sql`${notifications.id} desc`)
      .limit(1);
    expect(note).toMatchObject({
      title: 'Form completed',
      content: `Jane D. completed "Getting to know you". Their answers are in the client's documents.`,
      link: `/Clients/${s.clientId}?tab=documents`,
    });

    const log = await call(s, 'GET', `/api/clients/activity-log/retrieve/${s.clientId}`);
    const summaries = log.json<ClientActivityList>().items.map((entry) => entry.summary);
    expect(summaries).toContain('The client completed the form “Getting to know you”');
    expect(summaries.some((line) => /shared the form with the client$/.test(line))).toBe(true);
  });

  it('given a built-in form, when sent, then the client fills in that form', async () => {
    const s = await setup();
    const { token } = await sendForm(s, { builtIn: 'onboarding' });
    const opened = await call(s, 'GET', `/api/form-links/${encodeURIComponent(token)}`, undefined, null);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json<PublicForm>().name).toBe('Consent to therapy');
  });

  it('given an expired link or a wrong token, then the page is told so plainly', async () => {
    const s = await setup();
    const { token } = await sendForm(s, { builtIn: 'review' });
    await s.t.database.db.update(formLinks).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await call(s, 'GET', `/api/form-links/${encodeURIComponent(token)}`, undefined, null);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().detail).toBe(FORM_LINK_MESSAGES.linkExpired);
    const wrong = await call(s, 'GET', `/api/form-links/not-a-real-token`, undefined, null);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().detail).toBe(FORM_LINK_MESSAGES.linkInvalid);
    const wrongSubmit = await call(s, 'POST', `/api/form-links/not-a-real-token`, { answers: {} }, null);
    expect(wrongSubmit.statusCode).toBe(404);
  });

  it("given another practice's client or form template, then sending answers 404, and a client without an e-mail address is told what to fix", async () => {
    const s = await setup();
    const form = await ownForm(s);
    const theirClient = await call(s, 'POST', `/api/clients/send-to-client/${s.other.clientId}`, {
      item: { kind: 'form', form: { id: form.id } },
      channel: 'email',
    });
    expect(theirClient.statusCode).toBe(404);
    const theirForm = await call(
      s,
      'POST',
      `/api/clients/send-to-client/${s.other.clientId}`,
      { item: { kind: 'form', form: { id: form.id } }, channel: 'email' },
      s.other.access,
    );
    expect(theirForm.statusCode).toBe(404);
    expect(await s.t.database.db.select().from(formLinks)).toHaveLength(0);

    const [row] = await s.t.database.db
      .update(clients)
      .set({ email: null })
      .where(eq(clients.id, s.clientId))
      .returning({ id: clients.id });
    const noEmail = await call(s, 'POST', `/api/clients/send-to-client/${row!.id}`, {
      item: { kind: 'form', form: { builtIn: 'onboarding' } },
      channel: 'portal',
    });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.body).toContain("This client has no e-mail address. Add one in the client's details");
  });

  it("given the practice's own form-link e-mail, then the form goes out in its words", async () => {
    const s = await setup();
    const template = await call(s, 'POST', '/api/settings/emails', {
      usageContext: 'form-link',
      subject: 'A form from us: {{form.title}}',
      body: 'Dear {{client.firstName}},\n\nWhen you have a moment, please complete {{form.title}}.',
    });
    expect(template.statusCode, template.body).toBe(200);
    const { mail } = await sendForm(s, { builtIn: 'onboarding' });
    expect(mail.subject).toBe('A form from us: Consent to therapy');
    expect(mail.text).toContain('When you have a moment, please complete Consent to therapy.');
  });
});
