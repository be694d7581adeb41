import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  describeActivity,
  FILE_MESSAGES,
  STORAGE_FOLDER_DEPTH_MAX,
  STORAGE_MESSAGES,
  TEXT_CONTROL_MESSAGE,
  type StorageClientDocumentList,
  type StorageClientList,
  type StorageFile,
  type StorageFolder,
  type StorageListing,
  type StoragePreview,
  type StorageUsage,
  type Subscription,
} from '@halcyon/api/contract';
import { createTestApp } from '../../../test/app';
import { bearer, memberOf, seedPractice, sessionFor, type Tokens } from '../../../test/auth';
import { multipart, SAMPLE_FILES, upload } from '../../../test/upload';
import { auditLog, clientDocuments, clients, practiceSubscriptions, storedFiles } from '../../../schema';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

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
  const folder = async (name: string, parentId: number | null = null, tokens: Tokens = therapist) => {
    const response = await send('POST', '/api/cloud-storage/folders', tokens, { name, parentId });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<StorageFolder>();
  };
  const put = async (name: string, bytes: Buffer, folderId?: number, tokens: Tokens = therapist) => {
    const { payload, headers } = multipart({ name, type: 'application/octet-stream', bytes });
    return t.app.inject({
      method: 'POST',
      url: `/api/cloud-storage/files${folderId === undefined ? '' : `?folderId=${folderId}`}`,
      payload,
      headers: { ...headers, ...bearer(tokens) },
    });
  };
  const file = async (name: string, bytes: Buffer, folderId?: number) => {
    const response = await put(name, bytes, folderId);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<StorageFile>();
  };
  const listing = async (query = '', tokens: Tokens = therapist) => {
    const response = await send('GET', `/api/cloud-storage/items${query}`, tokens);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<StorageListing>();
  };
  return { t, practice, other, admin, therapist, assistant, outsider, send, folder, put, file, listing };
}

const names = (page: StorageListing) => page.items.map((item) => `${item.kind}:${item.name}`);

describe('cloud storage: folders', { timeout: 90_000 }, () => {
  it('given folders and files, when a folder is listed, then its folders come first by name, then its files, with the path from the top', async () => {
    const c = await setup();
    const policies = await c.folder('Policies');
    await c.folder('admin');
    const gdpr = await c.folder('GDPR', policies.id);
    await c.folder('Safeguarding', policies.id);
    await c.file('zeta.pdf', SAMPLE_FILES.pdf, policies.id);
    await c.file('Alpha notes.txt', SAMPLE_FILES.text, policies.id);
    await c.file('Top level.png', SAMPLE_FILES.png);

    expect(names(await c.listing())).toEqual(['folder:admin', 'folder:Policies', 'file:Top level.png']);
    const inside = await c.listing(`?folderId=${policies.id}`);
    expect(names(inside)).toEqual(['folder:GDPR', 'folder:Safeguarding', 'file:Alpha notes.txt', 'file:zeta.pdf']);
    expect(inside).toMatchObject({ total: 4, totalCapped: false, folder: { id: policies.id, name: 'Policies' } });
    expect(inside.path).toEqual([{ id: policies.id, name: 'Policies' }]);
    const deeper = await c.listing(`?folderId=${gdpr.id}`);
    expect(deeper.path.map((step) => step.name)).toEqual(['Policies', 'GDPR']);

    const paged = await c.listing(`?folderId=${policies.id}&pageSize=3&page=2`);
    expect(names(paged)).toEqual(['file:zeta.pdf']);
    expect(paged.total).toBe(4);
  });

  it('given a folder name that is empty, has a control character or a slash, or is already used there, then each is refused in words and nothing is made', async () => {
    const c = await setup();
    await c.folder('Letters');
    const cases: [unknown, number, string][] = [
      ['   ', 400, STORAGE_MESSAGES.folderName],
      ['Bad\u0007name', 400, TEXT_CONTROL_MESSAGE],
      ['a/b', 400, STORAGE_MESSAGES.nameSlash],
      ['..', 400, STORAGE_MESSAGES.nameDots],
      ['letters', 409, STORAGE_MESSAGES.folderExists],
    ];
    for (const [name, status, message] of cases) {
      const response = await c.send('POST', '/api/cloud-storage/folders', c.therapist, { name });
      expect(response.statusCode, String(name)).toBe(status);
      expect(response.body).toContain(JSON.stringify(message).slice(1, -1));
    }
    expect(names(await c.listing())).toEqual(['folder:Letters']);
  });

  it('given a folder, when renamed and moved, then it shows in its new place; it cannot go inside itself or too deep', async () => {
    const c = await setup();
    const a = await c.folder('A');
    const b = await c.folder('B');
    const inner = await c.folder('Inner', a.id);

    const renamed = await c.send('PATCH', `/api/cloud-storage/folders/${a.id}/name`, c.therapist, {
      name: ' Archive ',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<StorageFolder>().name).toBe('Archive');

    const moved = await c.send('PATCH', `/api/cloud-storage/folders/${a.id}/parent`, c.therapist, { parentId: b.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(names(await c.listing(`?folderId=${b.id}`))).toEqual(['folder:Archive']);
    expect((await c.listing(`?folderId=${inner.id}`)).path.map((s) => s.name)).toEqual(['B', 'Archive', 'Inner']);

    const loop = await c.send('PATCH', `/api/cloud-storage/folders/${b.id}/parent`, c.therapist, {
      parentId: inner.id,
    });
    expect(loop.statusCode).toBe(409);
    expect(loop.json()).toMatchObject({ detail: STORAGE_MESSAGES.folderIntoItself });
    const self = await c.send('PATCH', `/api/cloud-storage/folders/${b.id}/parent`, c.therapist, { parentId: b.id });
    expect(self.statusCode).toBe(409);

    let parent = inner.id;
    for (let depth = 4; depth <= STORAGE_FOLDER_DEPTH_MAX; depth += 1)
      parent = (await c.folder(`L${depth}`, parent)).id;
    const tooDeep = await c.send('POST', '/api/cloud-storage/folders', c.therapist, {
      name: 'Too deep',
      parentId: parent,
    });
    expect(tooDeep.statusCode).toBe(409);
    expect(tooDeep.json()).toMatchObject({ detail: STORAGE_MESSAGES.folderTooDeep });

    const back = await c.send('PATCH', `/api/cloud-storage/folders/${a.id}/parent`, c.therapist, { parentId: null });
    expect(back.statusCode, back.body).toBe(200);
    expect(names(await c.listing())).toEqual(['folder:Archive', 'folder:B']);
  });

  it('given a folder with folders and files inside, when deleted, then all of it goes, its bytes too, and the storage used drops', async () => {
    const c = await setup();
    const top = await c.folder('Old');
    const inner = await c.folder('Older', top.id);
    await c.file('a.pdf', SAMPLE_FILES.pdf, top.id);
    await c.file('b.png', SAMPLE_FILES.png, inner.id);
    const kept = await c.file('kept.txt', SAMPLE_FILES.text);
    const before = (await c.send('GET', '/api/cloud-storage/usage')).json<StorageUsage>();
    expect(before.usedBytes).toBe(SAMPLE_FILES.pdf.length + SAMPLE_FILES.png.length + SAMPLE_FILES.text.length);

    const removed = await c.send('DELETE', `/api/cloud-storage/folders/${top.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ detail: STORAGE_MESSAGES.folderDeleted });
    expect(names(await c.listing())).toEqual(['file:kept.txt']);
    expect((await c.send('GET', `/api/cloud-storage/items?folderId=${inner.id}`)).statusCode).toBe(404);
    const after = (await c.send('GET', '/api/cloud-storage/usage')).json<StorageUsage>();
    expect(after.usedBytes).toBe(kept.size);
  });
});

describe('cloud storage: files', { timeout: 90_000 }, () => {
  it('given an upload into a folder, then its type is read from its content and its name cleaned; rename, move, download and delete work', async () => {
    const c = await setup();
    const folder = await c.folder('Receipts');
    const stored = await c.file('../../Scan\u0001 1.png', SAMPLE_FILES.png, folder.id);
    expect(stored).toMatchObject({
      name: 'Scan 1.png',
      type: 'image/png',
      size: SAMPLE_FILES.png.length,
      folderId: folder.id,
      previewable: true,
    });
    expect(stored.uploadedByName).toBeTruthy();

    const renamed = await c.send('PATCH', `/api/cloud-storage/files/${stored.id}/name`, c.therapist, {
      name: 'Receipt March.png',
    });
    expect(renamed.json<StorageFile>().name).toBe('Receipt March.png');
    const badName = await c.send('PATCH', `/api/cloud-storage/files/${stored.id}/name`, c.therapist, { name: '' });
    expect(badName.statusCode).toBe(400);
    expect(badName.body).toContain(STORAGE_MESSAGES.fileName);

    const moved = await c.send('PATCH', `/api/cloud-storage/files/${stored.id}/folder`, c.therapist, {
      folderId: null,
    });
    expect(moved.json<StorageFile>().folderId).toBeNull();
    expect(names(await c.listing())).toEqual(['folder:Receipts', 'file:Receipt March.png']);

    const download = await c.send('GET', `/api/files/${stored.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="Receipt March.png"/);

    const removed = await c.send('DELETE', `/api/cloud-storage/files/${stored.id}`);
    expect(removed.json()).toEqual({ detail: STORAGE_MESSAGES.fileDeleted });
    expect((await c.send('GET', `/api/files/${stored.id}`)).statusCode).toBe(404);
    expect(names(await c.listing())).toEqual(['folder:Receipts']);
  });

  it('given a file of another kind or an executable, then the upload is refused by content', async () => {
    const c = await setup();
    const exe = Buffer.concat([Buffer.from('4d5a90000300000004000000ffff0000', 'hex'), Buffer.alloc(400, 0)]);
    const response = await c.put('notes.pdf', exe);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ detail: FILE_MESSAGES.forbiddenType });
    expect(names(await c.listing())).toEqual([]);
  });

  it('given a practice near its storage allowance, when a file would take it over, then the upload is refused in words and nothing is kept; the Subscription page shows the same figure', async () => {
    const c = await setup();
    await c.file('first.pdf', SAMPLE_FILES.pdf);
    const used = SAMPLE_FILES.pdf.length;
    await c.t.database.db.insert(practiceSubscriptions).values({
      practiceId: c.practice.practiceId,
      planName: 'Tiny',
      seatLimit: 5,
      storageLimitBytes: used + 10,
    });
    const usage = (await c.send('GET', '/api/cloud-storage/usage')).json<StorageUsage>();
    expect(usage).toMatchObject({ usedBytes: used, limitBytes: used + 10 });
    expect(usage.maxUploadBytes).toBeGreaterThan(0);
    const subscription = (await c.send('GET', '/api/settings/subscription', c.admin)).json<Subscription>();
    expect(subscription).toMatchObject({ storageUsedBytes: usage.usedBytes, storageLimitBytes: usage.limitBytes });

    const over = await c.put('big.png', SAMPLE_FILES.png);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ detail: FILE_MESSAGES.overQuota });
    // Any upload counts against the allowance, not only cloud storage's.
    const elsewhere = await upload(c.t, c.therapist, { name: 'x.png', type: 'image/png', bytes: SAMPLE_FILES.png });
    expect(elsewhere.statusCode).toBe(413);
    expect(names(await c.listing())).toEqual(['file:first.pdf']);
    const rows = await c.t.database.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.practiceId, c.practice.practiceId));
    expect(rows).toHaveLength(1);
  });

  it('given a file larger than the upload limit, then it is refused as too large', async () => {
    const t = await createTestApp({ UPLOAD_MAX_MB: '1' });
    const practice = await seedPractice(t);
    const tokens = await sessionFor(t, memberOf(practice, 'Therapist'));
    const bytes = Buffer.concat([SAMPLE_FILES.pdf, Buffer.alloc(1024 * 1024 + 10, 32)]);
    const { payload, headers } = multipart({ name: 'huge.pdf', type: 'application/pdf', bytes });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/cloud-storage/files',
      payload,
      headers: { ...headers, ...bearer(tokens) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ detail: FILE_MESSAGES.tooLarge(1) });
  });
});

describe('cloud storage: previews', { timeout: 90_000 }, () => {
  it('given a PDF, when a preview is asked for, then a same-origin link shows it inline, framed only by Halcyon; a tampered or expired link does not', async () => {
    const c = await setup();
    const pdf = await c.file('Policy.pdf', SAMPLE_FILES.pdf);
    const response = await c.send('POST', `/api/cloud-storage/previews/${pdf.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json<StoragePreview>();
    expect(preview.url).toMatch(/^\/api\/cloud-storage\/preview\//);
    expect(preview.type).toBe('application/pdf');

    const shown = await c.t.app.inject({ method: 'GET', url: preview.url });
    expect(shown.statusCode).toBe(200);
    expect(shown.rawPayload.equals(SAMPLE_FILES.pdf)).toBe(true);
    expect(shown.headers['content-disposition']).toMatch(/^inline; filename="Policy.pdf"/);
    expect(shown.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(shown.headers['content-security-policy']).toContain("default-src 'none'");
    expect(shown.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(shown.headers['cache-control']).toBe('no-store');

    const tampered = preview.url.replace(/.$/, (ch) => (ch === 'A' ? 'B' : 'A'));
    expect((await c.t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(404);
    const [practiceId, id, , mac] = preview.url.split('/').pop()!.split('.');
    const past = `/api/cloud-storage/preview/${practiceId}.${id}.${Date.now() - 1000}.${mac}`;
    expect((await c.t.app.inject({ method: 'GET', url: past })).statusCode).toBe(404);

    const text = await c.file('notes.txt', SAMPLE_FILES.text);
    const refused = await c.send('POST', `/api/cloud-storage/previews/${text.id}`);
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toMatchObject({ detail: STORAGE_MESSAGES.notPreviewable });
  });
});

describe('cloud storage: clients’ documents', { timeout: 90_000 }, () => {
  it('given clients with documents, then they are listed by name with their documents, the same stored files (no copies), and previewable', async () => {
    const c = await setup();
    const db = c.t.database.db;
    const [morgan, robin] = await db
      .insert(clients)
      .values([
        { practiceId: c.practice.practiceId, firstName: 'Morgan', lastName: 'Adeyemi' },
        { practiceId: c.practice.practiceId, firstName: 'Robin', lastName: 'Baker' },
        { practiceId: c.practice.practiceId, firstName: 'Sam', lastName: 'Nodocs' },
      ])
      .returning({ id: clients.id });
    const uploaded = await upload(c.t, c.therapist, {
      name: 'consent.pdf',
      type: 'application/pdf',
      bytes: SAMPLE_FILES.pdf,
    });
    const fileId = uploaded.json<{ id: string }>().id;
    const added = await c.send('POST', `/api/clients/documents/upload/${morgan!.id}`, c.therapist, {
      fileId,
      name: 'Signed consent',
    });
    expect(added.statusCode, added.body).toBe(200);
    const second = await upload(c.t, c.therapist, { name: 'letter.png', type: 'image/png', bytes: SAMPLE_FILES.png });
    await c.send('POST', `/api/clients/documents/upload/${robin!.id}`, c.therapist, {
      fileId: second.json<{ id: string }>().id,
      name: 'GP letter',
    });

    const list = (await c.send('GET', '/api/cloud-storage/clients')).json<StorageClientList>();
    expect(list.items).toEqual([
      { clientId: morgan!.id, clientName: 'Morgan Adeyemi', documentCount: 1 },
      { clientId: robin!.id, clientName: 'Robin Baker', documentCount: 1 },
    ]);
    const docs = (
      await c.send('GET', `/api/cloud-storage/clients/${morgan!.id}/documents`)
    ).json<StorageClientDocumentList>();
    expect(docs).toMatchObject({ clientId: morgan!.id, clientName: 'Morgan Adeyemi', total: 1 });
    expect(docs.items[0]).toMatchObject({ id: fileId, documentName: 'Signed consent', previewable: true });
    const [row] = await db.select().from(clientDocuments).where(eq(clientDocuments.fileId, fileId));
    expect(docs.items[0]!.documentId).toBe(row!.id);
    // Not in the practice's own files: a client's document lives under its client.
    expect(names(await c.listing())).toEqual([]);
    expect((await c.send('POST', `/api/cloud-storage/previews/${fileId}`)).statusCode).toBe(200);
    // Nor renamed or deleted as a practice file.
    expect((await c.send('DELETE', `/api/cloud-storage/files/${fileId}`)).statusCode).toBe(404);
  });
});

describe('cloud storage: roles, tenancy and the audit log', { timeout: 90_000 }, () => {
  it('given the Assistant, then every cloud-storage route answers 403, so no client document reaches them through it', async () => {
    const c = await setup();
    const folder = await c.folder('Team');
    const stored = await c.file('a.pdf', SAMPLE_FILES.pdf, folder.id);
    const calls: [Method, string, unknown?][] = [
      ['GET', '/api/cloud-storage/usage'],
      ['GET', '/api/cloud-storage/items'],
      ['GET', '/api/cloud-storage/clients'],
      ['GET', '/api/cloud-storage/clients/1/documents'],
      ['POST', '/api/cloud-storage/folders', { name: 'X' }],
      ['PATCH', `/api/cloud-storage/folders/${folder.id}/name`, { name: 'Y' }],
      ['PATCH', `/api/cloud-storage/folders/${folder.id}/parent`, { parentId: null }],
      ['DELETE', `/api/cloud-storage/folders/${folder.id}`],
      ['PATCH', `/api/cloud-storage/files/${stored.id}/name`, { name: 'b.pdf' }],
      ['PATCH', `/api/cloud-storage/files/${stored.id}/folder`, { folderId: null }],
      ['DELETE', `/api/cloud-storage/files/${stored.id}`],
      ['POST', `/api/cloud-storage/previews/${stored.id}`],
    ];
    for (const [method, url, body] of calls) {
      expect((await c.send(method, url, c.assistant, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await c.put('b.pdf', SAMPLE_FILES.pdf, undefined, c.assistant)).statusCode).toBe(403);
    expect(names(await c.listing(`?folderId=${folder.id}`))).toEqual(['file:a.pdf']);
  });

  it('given another practice, then its folders and files answer 404 and nothing of theirs changes', async () => {
    const c = await setup();
    const folder = await c.folder('Private');
    const stored = await c.file('a.pdf', SAMPLE_FILES.pdf, folder.id);
    const calls: [Method, string, unknown?][] = [
      ['GET', `/api/cloud-storage/items?folderId=${folder.id}`],
      ['POST', '/api/cloud-storage/folders', { name: 'X', parentId: folder.id }],
      ['PATCH', `/api/cloud-storage/folders/${folder.id}/name`, { name: 'Y' }],
      ['PATCH', `/api/cloud-storage/folders/${folder.id}/parent`, { parentId: null }],
      ['DELETE', `/api/cloud-storage/folders/${folder.id}`],
      ['PATCH', `/api/cloud-storage/files/${stored.id}/name`, { name: 'b.pdf' }],
      ['PATCH', `/api/cloud-storage/files/${stored.id}/folder`, { folderId: null }],
      ['DELETE', `/api/cloud-storage/files/${stored.id}`],
      ['POST', `/api/cloud-storage/previews/${stored.id}`],
    ];
    for (const [method, url, body] of calls) {
      expect((await c.send(method, url, c.outsider, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await c.put('b.pdf', SAMPLE_FILES.pdf, folder.id, c.outsider)).statusCode).toBe(404);
    const theirs = await c.send('POST', '/api/cloud-storage/folders', c.outsider, { name: 'Mine' });
    expect(
      (
        await c.send('PATCH', `/api/cloud-storage/files/${stored.id}/folder`, c.therapist, {
          folderId: theirs.json<StorageFolder>().id,
        })
      ).statusCode,
    ).toBe(404);
    expect(names(await c.listing(`?folderId=${folder.id}`))).toEqual(['file:a.pdf']);
    expect((await c.listing()).items.map((item) => item.name)).toEqual(['Private']);
  });

  it('given writes, then each records one audit row that reads in a practitioner’s words', async () => {
    const c = await setup();
    const folder = await c.folder('Forms');
    await c.send('PATCH', `/api/cloud-storage/folders/${folder.id}/name`, c.therapist, { name: 'Blank forms' });
    const stored = await c.file('f.pdf', SAMPLE_FILES.pdf);
    await c.send('PATCH', `/api/cloud-storage/files/${stored.id}/folder`, c.therapist, { folderId: folder.id });
    await c.send('DELETE', `/api/cloud-storage/folders/${folder.id}`);
    const therapist = memberOf(c.practice, 'Therapist');
    const rows = await c.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.practiceId, c.practice.practiceId), eq(auditLog.userId, therapist.userId)));
    const said = rows
      .filter((row) => row.entity === 'folder' || row.entity === 'stored_file')
      .map((row) => describeActivity({ actorName: 'Maya Patel', action: row.action, record: row.entity }));
    expect(said).toEqual([
      'Maya Patel added a folder',
      'Maya Patel renamed the folder',
      'Maya Patel uploaded a file',
      'Maya Patel moved the file',
      'Maya Patel deleted the folder',
    ]);
  });
});
