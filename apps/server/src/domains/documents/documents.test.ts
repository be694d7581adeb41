import { eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type {
  ClientDocument,
  ClientDocumentDetails,
  SendToClientResult,
  SignatureRequest,
} from '@halcyon/api/contract';
import { DOCUMENT_MESSAGES, FILE_MESSAGES, SIGNATURE_DUE_RANGE, dateRangeMessage } from '@halcyon/api/contract';
import { dayRange } from '@halcyon/api/time';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, memberOf, readOutbox, seedPractice, sessionFor } from '../../test/auth';
import { clients, notifications, signatureRequests } from '../../schema';

/** A 1x1 PNG (a real one: pdf-lib must be able to embed it). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PNG_DATA_URL = `data:image/png;base64,${PNG.toString('base64')}`;
const EXE = Buffer.concat([Buffer.from('4d5a90000300000004000000ffff0000', 'hex'), Buffer.alloc(400, 0)]);

async function pdfWithPages(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i += 1) doc.addPage([300, 400]).drawText(`Consent page ${i + 1}`, { x: 20, y: 350 });
  return Buffer.from(await doc.save());
}

function multipart(file: { name: string; type: string; bytes: Buffer }) {
  const boundary = '----halcyon-documents-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

interface Setup {
  t: TestApp;
  access: string;
  assistant: string;
  therapistId: number;
  practiceId: number;
  clientId: number;
}

async function setup(): Promise<Setup> {
  const t = await createTestApp();
  const practice = await seedPractice(t);
  const therapist = memberOf(practice, 'Therapist');
  const [client] = await t.database.db
    .insert(clients)
    .values({
      practiceId: practice.practiceId,
      firstName: 'Jane',
      lastName: 'Doe',
      email: 'jane.doe@client.example',
      therapistId: therapist.userId,
    })
    .returning({ id: clients.id });
  return {
    t,
    access: (await sessionFor(t, therapist)).access_token,
    assistant: (await sessionFor(t, memberOf(practice, 'Assistant'))).access_token,
    therapistId: therapist.userId,
    practiceId: practice.practiceId,
    clientId: client!.id,
  };
}

async function uploadFile(s: Setup, file: { name: string; type: string; bytes: Buffer }, access = s.access) {
  const { payload, headers } = multipart(file);
  return s.t.app.inject({ method: 'POST', url: '/api/files', payload, headers: { ...headers, ...bearer(access) } });
}

async function call(s: Setup, method: string, url: string, payload?: unknown, access = s.access) {
  return s.t.app.inject({
    method: method as 'GET',
    url,
    headers: bearer(access),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function addDocument(
  s: Setup,
  options: { name?: string; tags?: string[]; bytes?: Buffer; fileName?: string; type?: string } = {},
): Promise<ClientDocument> {
  const uploaded = await uploadFile(s, {
    name: options.fileName ?? 'consent.pdf',
    type: options.type ?? 'application/pdf',
    bytes: options.bytes ?? (await pdfWithPages(2)),
  });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  const created = await call(s, 'POST', `/api/clients/documents/upload/${s.clientId}`, {
    fileId: uploaded.json().id,
    name: options.name ?? 'Consent form',
    tags: options.tags ?? ['Consent'],
  });
  expect(created.statusCode, created.body).toBe(200);
  return created.json<ClientDocument>();
}

/** The newest e-mail to `to`, and the last link in it to a path starting with `prefix`. */
function lastMail(s: Setup, to: string, prefix: string) {
  const message = readOutbox(s.t)
    .filter((m) => m.to.includes(to))
    .at(-1);
  if (!message) throw new Error(`no e-mail to ${to}`);
  const unfolded = message.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const links = [...unfolded.matchAll(/https?:\/\/[^\s"<>]+/g)].map((m) => m[0]).filter((l) => l.includes(prefix));
  return { message, unfolded, link: links.at(-1) ?? null, token: links.at(-1)?.split('/').at(-1) ?? null };
}

/** Sends a document to the client by e-mail; answers the send and the path of the download link in the e-mail. */
async function emailDocument(s: Setup, documentId: number, message = '') {
  const sent = await call(s, 'POST', `/api/clients/send-to-client/${s.clientId}`, {
    item: { kind: 'document', id: documentId },
    channel: 'email',
    message,
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const { unfolded, link } = lastMail(s, 'jane.doe@client.example', '/api/shared-documents/');
  return { sent: sent.json<SendToClientResult>(), unfolded, path: new URL(link!).pathname };
}

/** Opens an e-mailed download link, as the client does: no session. */
function download(s: Setup, path: string) {
  return s.t.app.inject({ method: 'GET', url: path });
}

async function requestSignature(s: Setup, documentId: number, body: Record<string, unknown> = {}) {
  const response = await call(s, 'POST', `/api/clients/documents/e-signature/${documentId}`, {
    signerName: 'Jane Doe',
    signerEmail: 'jane.doe@client.example',
    message: 'Please sign before our first session.',
    ...body,
  });
  expect(response.statusCode, response.body).toBe(200);
  const { token } = lastMail(s, 'jane.doe@client.example', '/Sign/');
  return { request: response.json<SignatureRequest>(), token: decodeURIComponent(token!) };
}

describe('client documents', { timeout: 120_000 }, () => {
  it('given an uploaded PDF, when added with tags, then the list, the tag filter, the tag counts and both single reads show it', async () => {
    const s = await setup();
    const consent = await addDocument(s, { name: 'Consent form', tags: ['Consent', 'Intake', 'consent'] });
    expect(consent).toMatchObject({
      clientId: s.clientId,
      kind: 'upload',
      name: 'Consent form',
      tags: ['Consent', 'Intake'],
      sharedWithClient: false,
      signatureStatus: 'none',
      signature: null,
      version: 1,
      file: { name: 'consent.pdf', type: 'application/pdf' },
    });
    const letter = await addDocument(s, { name: 'GP letter', tags: ['Letters'] });

    const list = await call(s, 'GET', `/api/clients/documents/retrieve/${s.clientId}`);
    expect(list.statusCode).toBe(200);
    expect(list.json<{ items: ClientDocument[] }>().items.map((d) => d.name)).toEqual(['GP letter', 'Consent form']);

    const filtered = await call(s, 'GET', `/api/clients/documents/retrieve/${s.clientId}?tag=intake`);
    expect(filtered.json<{ items: ClientDocument[] }>().items.map((d) => d.id)).toEqual([consent.id]);

    const tags = await call(s, 'GET', `/api/clients/document-tags/retrieve/${s.clientId}`);
    expect(tags.json().items).toEqual([
      { tag: 'Consent', count: 1 },
      { tag: 'Intake', count: 1 },
      { tag: 'Letters', count: 1 },
    ]);

    const upload = await call(s, 'GET', `/api/clients/documents/upload/retrieve/${letter.id}`);
    expect(upload.json()).toMatchObject({ id: letter.id, name: 'GP letter' });
    const single = await call(s, 'GET', `/api/clients/single-document/retrieve/${consent.id}`);
    expect(single.json<ClientDocumentDetails>()).toMatchObject({ id: consent.id, signatureRequests: [] });
  });

  it('given a forbidden file type, when uploaded for a document, then 415 and nothing to attach; a foreign or reused file id is refused with a sentence', async () => {
    const s = await setup();
    const exe = await uploadFile(s, { name: 'consent.pdf', type: 'application/pdf', bytes: EXE });
    expect(exe.statusCode).toBe(415);

    const missing = await call(s, 'POST', `/api/clients/documents/upload/${s.clientId}`, {
      fileId: '00000000-0000-4000-8000-000000000001',
      name: 'Ghost',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toBe(DOCUMENT_MESSAGES.fileMissing);

    const doc = await addDocument(s);
    const reused = await call(s, 'POST', `/api/clients/documents/upload/${s.clientId}`, {
      fileId: doc.file.id,
      name: 'Same file again',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().detail).toBe(DOCUMENT_MESSAGES.fileInUse);

    const noName = await call(s, 'POST', `/api/clients/documents/upload/${s.clientId}`, {
      fileId: doc.file.id,
      name: '  ',
    });
    expect(noName.statusCode).toBe(400);
  });

  it('given a document, when renamed with the version opened, then saved; with a stale version 409 and nothing changes; deleted, its file goes too', async () => {
    const s = await setup();
    const doc = await addDocument(s);
    const renamed = await call(s, 'PATCH', `/api/clients/single-document/${doc.id}`, {
      name: 'Signed consent',
      tags: ['Consent', 'Signed'],
      sharedWithClient: true,
      version: 1,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'Signed consent',
      tags: ['Consent', 'Signed'],
      sharedWithClient: true,
      version: 2,
    });
    expect(renamed.json().sharedAt).toEqual(expect.any(String));

    const stale = await call(s, 'PATCH', `/api/clients/single-document/${doc.id}`, { name: 'Lost', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toBe(DOCUMENT_MESSAGES.stale);
    const after = await call(s, 'GET', `/api/clients/single-document/retrieve/${doc.id}`);
    expect(after.json().name).toBe('Signed consent');

    const deleted = await call(s, 'DELETE', `/api/clients/single-document/${doc.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await call(s, 'GET', `/api/clients/single-document/retrieve/${doc.id}`)).statusCode).toBe(404);
    expect((await call(s, 'GET', `/api/files/${doc.file.id}`)).statusCode).toBe(404);
  });

  it('given a template uploaded to the practice, when a client document is made from it, then it is a copy of the file of kind template', async () => {
    const s = await setup();
    const bytes = await pdfWithPages(1);
    const file = await uploadFile(s, { name: 'intake.pdf', type: 'application/pdf', bytes });
    const template = await call(s, 'POST', '/api/clients/documents/templates', {
      fileId: file.json().id,
      name: 'Intake form',
      category: 'Intake',
    });
    expect(template.statusCode, template.body).toBe(200);
    expect(template.json()).toMatchObject({ name: 'Intake form', category: 'Intake' });
    const badCategory = await call(s, 'POST', '/api/clients/documents/templates', {
      fileId: file.json().id,
      name: 'X',
      category: 'Nonsense',
    });
    expect(badCategory.statusCode).toBe(400);

    const templates = await call(s, 'GET', '/api/clients/documents/templates/retrieve');
    expect(templates.json().items).toHaveLength(1);
    const one = await call(s, 'GET', `/api/clients/documents/template/retrieve/${template.json().id}`);
    expect(one.json().file.id).toBe(file.json().id);

    const made = await call(s, 'POST', `/api/clients/documents/from-template/${s.clientId}`, {
      templateId: template.json().id,
      tags: ['Intake'],
    });
    expect(made.statusCode, made.body).toBe(200);
    const doc = made.json<ClientDocument>();
    expect(doc).toMatchObject({
      kind: 'template',
      name: 'Intake form',
      category: 'Intake',
      templateId: template.json().id,
    });
    expect(doc.file.id).not.toBe(file.json().id);
    const download = await call(s, 'GET', `/api/files/${doc.file.id}`);
    expect(download.rawPayload.equals(bytes)).toBe(true);
    // Only uploads answer on the upload route.
    expect((await call(s, 'GET', `/api/clients/documents/upload/retrieve/${doc.id}`)).statusCode).toBe(404);
  });
});

describe('e-signature', { timeout: 120_000 }, () => {
  it('given a signature request, when the signer opens the link and signs, then a signed PDF of the original pages plus one is kept, the therapist is notified and the link stops working', async () => {
    const s = await setup();
    const original = await pdfWithPages(3);
    const doc = await addDocument(s, { bytes: original });
    const { request, token } = await requestSignature(s, doc.id);
    expect(request).toMatchObject({ documentId: doc.id, status: 'pending', signedFile: null });

    const mail = lastMail(s, 'jane.doe@client.example', '/Sign/');
    expect(mail.unfolded).toContain('has asked you to read and sign "Consent form"');
    expect(mail.unfolded).toContain('Please sign before our first session.');
    // Only the hash of the token is kept.
    const [stored] = await s.t.database.db
      .select()
      .from(signatureRequests)
      .where(eq(signatureRequests.id, request.requestId));
    expect(stored!.tokenHash).not.toBe(token);
    expect(JSON.stringify(stored)).not.toContain(token);

    const open = await s.t.app.inject({ method: 'GET', url: `/api/e-signature/${encodeURIComponent(token)}` });
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json()).toMatchObject({
      documentName: 'Consent form',
      signerName: 'Jane Doe',
      message: 'Please sign before our first session.',
      fileType: 'application/pdf',
    });
    const file = await s.t.app.inject({ method: 'GET', url: `/api/e-signature/${encodeURIComponent(token)}/file` });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(original)).toBe(true);

    const unchecked = await s.t.app.inject({
      method: 'POST',
      url: `/api/e-signature/${encodeURIComponent(token)}`,
      payload: { typedName: 'Jane Doe', agree: false },
    });
    expect(unchecked.statusCode).toBe(400);

    const signed = await s.t.app.inject({
      method: 'POST',
      url: `/api/e-signature/${encodeURIComponent(token)}`,
      payload: { typedName: 'Jane Doe', drawnSignature: PNG_DATA_URL, agree: true },
      headers: { 'user-agent': 'vitest-browser' },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().signedAt).toEqual(expect.any(String));

    const details = (
      await call(s, 'GET', `/api/clients/single-document/retrieve/${doc.id}`)
    ).json<ClientDocumentDetails>();
    expect(details.signatureStatus).toBe('signed');
    const signedFile = details.signature!.signedFile!;
    expect(signedFile).toMatchObject({ type: 'application/pdf', name: 'Consent form (signed).pdf' });
    const download = await call(s, 'GET', `/api/files/${signedFile.id}`);
    expect(download.statusCode).toBe(200);
    const pdf = await PDFDocument.load(download.rawPayload);
    expect(pdf.getPageCount()).toBe(3 + 1);

    const [row] = await s.t.database.db
      .select()
      .from(signatureRequests)
      .where(eq(signatureRequests.id, request.requestId));
    expect(row).toMatchObject({
      status: 'signed',
      typedName: 'Jane Doe',
      drawn: true,
      signerUserAgent: 'vitest-browser',
    });
    expect(row!.signerIp).toEqual(expect.any(String));

    const notes = await s.t.database.db.select().from(notifications).where(eq(notifications.userId, s.therapistId));
    expect(notes).toEqual([expect.objectContaining({ title: 'Document signed', practiceId: s.practiceId })]);
    expect(notes[0]!.content).toContain('Consent form');
    // Opening it goes to the client's documents, where the signed PDF is.
    expect(notes[0]!.link).toBe(`/Clients/${s.clientId}?tab=documents`);

    // Single use: the same link answers a clear "already signed" everywhere.
    for (const attempt of [
      s.t.app.inject({ method: 'GET', url: `/api/e-signature/${encodeURIComponent(token)}` }),
      s.t.app.inject({ method: 'GET', url: `/api/e-signature/${encodeURIComponent(token)}/file` }),
      s.t.app.inject({
        method: 'POST',
        url: `/api/e-signature/${encodeURIComponent(token)}`,
        payload: { typedName: 'Someone Else', agree: true },
      }),
    ]) {
      const response = await attempt;
      expect(response.statusCode).toBe(410);
      expect(response.json().detail).toBe(DOCUMENT_MESSAGES.linkUsed);
    }
  });

  it('given a picture signed with the typed name only, then the signed PDF is a cover page plus the signature page', async () => {
    const s = await setup();
    const doc = await addDocument(s, { bytes: PNG, fileName: 'scan.png', type: 'image/png', name: 'Scanned form' });
    const { token } = await requestSignature(s, doc.id);
    const signed = await s.t.app.inject({
      method: 'POST',
      url: `/api/e-signature/${encodeURIComponent(token)}`,
      payload: { typedName: 'Jane Doe', agree: true },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const list = (await call(s, 'GET', `/api/clients/documents/retrieve/${s.clientId}`)).json()
      .items as ClientDocument[];
    const download = await call(s, 'GET', `/api/files/${list[0]!.signature!.signedFile!.id}`);
    expect((await PDFDocument.load(download.rawPayload)).getPageCount()).toBe(2);
  });

  it('given an expired link, an unknown link or a drawing that is not a PNG, then a clear sentence and nothing is signed', async () => {
    const s = await setup();
    const doc = await addDocument(s);
    const { request, token } = await requestSignature(s, doc.id);

    const fake = await s.t.app.inject({
      method: 'POST',
      url: `/api/e-signature/${encodeURIComponent(token)}`,
      payload: {
        typedName: 'Jane Doe',
        drawnSignature: `data:image/png;base64,${Buffer.from('not a png at all').toString('base64')}`,
        agree: true,
      },
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().detail).toBe(DOCUMENT_MESSAGES.signatureImage);

    await s.t.database.db
      .update(signatureRequests)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(signatureRequests.id, request.requestId));
    const expired = await s.t.app.inject({ method: 'GET', url: `/api/e-signature/${encodeURIComponent(token)}` });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().detail).toBe(DOCUMENT_MESSAGES.linkExpired);
    const late = await s.t.app.inject({
      method: 'POST',
      url: `/api/e-signature/${encodeURIComponent(token)}`,
      payload: { typedName: 'Jane Doe', agree: true },
    });
    expect(late.statusCode).toBe(410);
    const listed = (await call(s, 'GET', `/api/clients/documents/retrieve/${s.clientId}`)).json().items[0];
    expect(listed.signatureStatus).toBe('expired');

    const unknown = await s.t.app.inject({ method: 'GET', url: '/api/e-signature/not-a-real-token' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe(DOCUMENT_MESSAGES.linkInvalid);
  });

  it('given a due date, then the link works until the end of that day in the practice time zone; a past date is refused', async () => {
    const s = await setup();
    const doc = await addDocument(s);
    const past = await call(s, 'POST', `/api/clients/documents/e-signature/${doc.id}`, {
      signerName: 'Jane Doe',
      signerEmail: 'jane.doe@client.example',
      dueDate: '2020-01-01',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().fields.dueDate).toBe(dateRangeMessage('the due date', SIGNATURE_DUE_RANGE));

    const due = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const { request } = await requestSignature(s, doc.id, { dueDate: due });
    expect(request.expiresAt).toBe(dayRange(due, 'Europe/London').endIso);
  });
});

describe('send to client', { timeout: 120_000 }, () => {
  it('given a document sent by e-mail, then the client gets a download link that works, and the document shows as shared', async () => {
    const s = await setup();
    const doc = await addDocument(s);
    const { sent, unfolded, path } = await emailDocument(s, doc.id, 'Here is the consent form we discussed.');
    expect(sent).toMatchObject({ itemKind: 'document', itemId: doc.id, channel: 'email', emailed: true });
    expect(unfolded).toContain('Here is the consent form we discussed.');
    // The e-mail promises no more than the link keeps: un-sharing ends it early.
    expect(unfolded).toMatch(
      /The download link works until .+, or until .+ stops sharing it with you, whichever comes first\./,
    );
    const downloaded = await download(s, path);
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.headers['content-disposition']).toMatch(/^attachment;/);
    const after = (await call(s, 'GET', `/api/clients/single-document/retrieve/${doc.id}`)).json();
    expect(after.sharedWithClient).toBe(true);
  });

  it('given a document shared through the client portal, then its e-mail carries the same working download link', async () => {
    const s = await setup();
    const doc = await addDocument(s);
    const sent = await call(s, 'POST', `/api/clients/send-to-client/${s.clientId}`, {
      item: { kind: 'document', id: doc.id },
      channel: 'portal',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const { unfolded, link } = lastMail(s, 'jane.doe@client.example', '/api/shared-documents/');
    expect(unfolded).toContain('with you through your client portal.');
    expect(unfolded).not.toContain('find it in your client portal');
    expect((await download(s, new URL(link!).pathname)).statusCode).toBe(200);
  });

  it('given an e-mailed download link that works, when the document is un-shared, then the link is refused at once and sharing again does not revive it', async () => {
    const s = await setup();
    const doc = await addDocument(s);
    const other = await addDocument(s, { name: 'Welcome letter' });
    const { path } = await emailDocument(s, doc.id);
    const { path: otherPath } = await emailDocument(s, other.id);
    expect((await download(s, path)).statusCode).toBe(200);

    const { version } = (
      await call(s, 'GET', `/api/clients/single-document/retrieve/${doc.id}`)
    ).json<ClientDocument>();
    const unshared = await call(s, 'PATCH', `/api/clients/single-document/${doc.id}`, {
      sharedWithClient: false,
      version,
    });
    expect(unshared.statusCode, unshared.body).toBe(200);
    const refused = await download(s, path);
    expect(refused.statusCode).toBe(410);
    expect(refused.json().detail).toBe(DOCUMENT_MESSAGES.shareEnded);
    expect((await download(s, otherPath)).statusCode).toBe(200);

    const reshared = await call(s, 'PATCH', `/api/clients/single-document/${doc.id}`, {
      sharedWithClient: true,
      version: version + 1,
    });
    expect(reshared.statusCode, reshared.body).toBe(200);
    expect((await download(s, path)).statusCode).toBe(410);
  });

  it("given an e-mailed download link that works, when the client's portal access is revoked, then the link is refused at once; a document e-mailed afterwards can be downloaded", async () => {
    const s = await setup();
    const doc = await addDocument(s);
    expect((await call(s, 'POST', `/api/clients/portal/invite/${s.clientId}`, {})).statusCode).toBe(200);
    const { path } = await emailDocument(s, doc.id);
    expect((await download(s, path)).statusCode).toBe(200);

    const revoked = await call(s, 'POST', `/api/clients/portal/revoke/${s.clientId}`, {});
    expect(revoked.statusCode, revoked.body).toBe(200);
    const refused = await download(s, path);
    expect(refused.statusCode).toBe(410);
    expect(refused.json().detail).toBe(DOCUMENT_MESSAGES.shareEnded);

    const { path: sentAfter } = await emailDocument(s, doc.id);
    expect((await download(s, sentAfter)).statusCode).toBe(200);
    expect((await call(s, 'POST', `/api/clients/portal/revoke/${s.clientId}`, {})).statusCode).toBe(200);
    expect((await download(s, sentAfter)).statusCode).toBe(200);
  });

  it('given an e-mailed download link that works, when the document is deleted, then the link is refused at once', async () => {
    const s = await setup();
    const doc = await addDocument(s);
    const { path } = await emailDocument(s, doc.id);
    expect((await download(s, path)).statusCode).toBe(200);

    expect((await call(s, 'DELETE', `/api/clients/single-document/${doc.id}`)).statusCode).toBe(200);
    const refused = await download(s, path);
    expect(refused.statusCode).toBe(410);
    expect(refused.json().detail).toBe(DOCUMENT_MESSAGES.shareEnded);
  });

  it('given a measure sent to the client, then they get a single-use link to answer it and no second e-mail', async () => {
    const s = await setup();
    const before = readOutbox(s.t).length;
    const sent = await call(s, 'POST', `/api/clients/send-to-client/${s.clientId}`, {
      item: { kind: 'measure', measure: 'phq9' },
      channel: 'portal',
      message: 'Before Thursday, please.',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ itemKind: 'measure', channel: 'portal', emailed: true });
    expect(readOutbox(s.t)).toHaveLength(before + 1);
    const { unfolded, token } = lastMail(s, 'jane.doe@client.example', '/Measure/');
    expect(unfolded).toContain('Before Thursday, please.');
    const page = await s.t.app.inject({ method: 'GET', url: `/api/measure-links/${token!}` });
    expect(page.statusCode, page.body).toBe(200);

    const unknown = await call(s, 'POST', `/api/clients/send-to-client/${s.clientId}`, {
      item: { kind: 'measure', measure: 'bdi' },
      channel: 'email',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('Choose the measure to send');
  });

  it('given a client without an e-mail address, when sent by e-mail, then 400 says to add one; through the portal it is recorded', async () => {
    const s = await setup();
    await s.t.database.db.update(clients).set({ email: null }).where(eq(clients.id, s.clientId));
    const doc = await addDocument(s);
    const byEmail = await call(s, 'POST', `/api/clients/send-to-client/${s.clientId}`, {
      item: { kind: 'document', id: doc.id },
      channel: 'email',
    });
    expect(byEmail.statusCode).toBe(400);
    expect(byEmail.json().detail).toBe(DOCUMENT_MESSAGES.noClientEmail);
    const byPortal = await call(s, 'POST', `/api/clients/send-to-client/${s.clientId}`, {
      item: { kind: 'invoice', id: 42 },
      channel: 'portal',
    });
    expect(byPortal.statusCode, byPortal.body).toBe(200);
    expect(byPortal.json()).toMatchObject({ itemKind: 'invoice', emailed: false });
    const measure = await call(s, 'POST', `/api/clients/send-to-client/${s.clientId}`, {
      item: { kind: 'measure', measure: 'gad7' },
      channel: 'portal',
    });
    expect(measure.statusCode).toBe(400);
    expect(measure.json().detail).toBe(DOCUMENT_MESSAGES.noClientEmail);
  });
});

describe('access', { timeout: 120_000 }, () => {
  it("given an Assistant, then every documents route answers 403; given another practice's ids, then 404", async () => {
    const s = await setup();
    const doc = await addDocument(s);
    const routes: [string, string, unknown?][] = [
      ['GET', `/api/clients/documents/retrieve/${s.clientId}`],
      ['GET', `/api/clients/documents/upload/retrieve/${doc.id}`],
      ['GET', `/api/clients/single-document/retrieve/${doc.id}`],
      ['GET', `/api/clients/document-tags/retrieve/${s.clientId}`],
      ['GET', '/api/clients/documents/templates/retrieve'],
      ['PATCH', `/api/clients/single-document/${doc.id}`, { name: 'x', version: 1 }],
      ['DELETE', `/api/clients/single-document/${doc.id}`],
      [
        'POST',
        `/api/clients/documents/e-signature/${doc.id}`,
        { signerName: 'Jane', signerEmail: 'jane@client.example' },
      ],
      [
        'POST',
        `/api/clients/send-to-client/${s.clientId}`,
        { item: { kind: 'document', id: doc.id }, channel: 'portal' },
      ],
    ];
    for (const [method, url, body] of routes) {
      const response = await call(s, method, url, body, s.assistant);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    // The document's file is part of the record too; a file the Assistant uploaded and nobody attached is not.
    const documentFile = await call(s, 'GET', `/api/files/${doc.file.id}`, undefined, s.assistant);
    expect(documentFile.statusCode).toBe(403);
    expect(documentFile.json()).toEqual({ detail: FILE_MESSAGES.clinicalFile });
    expect((await call(s, 'GET', `/api/files/${doc.file.id}`)).statusCode).toBe(200);
    const own = await uploadFile(s, { name: 'rota.txt', type: 'text/plain', bytes: Buffer.from('Rota') }, s.assistant);
    expect(
      (await call(s, 'GET', `/api/files/${own.json<{ id: string }>().id}`, undefined, s.assistant)).statusCode,
    ).toBe(200);

    const other = await seedPractice(s.t);
    const intruder = (await sessionFor(s.t, memberOf(other, 'Admin'))).access_token;
    for (const [method, url, body] of routes.filter(([, url]) => !url.endsWith('/templates/retrieve'))) {
      const response = await call(s, method, url, body, intruder);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.body).not.toContain('Consent form');
    }
    // The intruder's own file cannot be attached to the owner's client either.
    const theirs = await uploadFile(
      s,
      { name: 'x.pdf', type: 'application/pdf', bytes: await pdfWithPages(1) },
      intruder,
    );
    const attach = await call(
      s,
      'POST',
      `/api/clients/documents/upload/${s.clientId}`,
      { fileId: theirs.json().id, name: 'x' },
      intruder,
    );
    expect(attach.statusCode).toBe(404);
    // Nothing of the owner's changed.
    expect((await call(s, 'GET', `/api/clients/single-document/retrieve/${doc.id}`)).json().version).toBe(1);
  });
});
