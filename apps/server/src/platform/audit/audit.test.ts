import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, memberOf, seedPractice, sessionFor } from '../../test/auth';
import { auditLog } from '../db/schema';
import { PgDialect } from 'drizzle-orm/pg-core';
import { Audit, insertAuditRows } from './index';

async function setup() {
  const t = await createTestApp();
  const practice = await seedPractice(t);
  return { t, practice };
}

async function entries(t: TestApp, action: string) {
  return t.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id));
}

describe('audit log (QUALITY.md security 10)', () => {
  it('given a read of a colleague profile, then one entry names user, role, practice, action, entity, id, time, IP and outcome', async () => {
    const { t, practice } = await setup();
    const assistant = memberOf(practice, 'Assistant');
    const therapist = memberOf(practice, 'Therapist');
    const before = Date.now();
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/therapist/retrieve/${therapist.userId}`,
      headers: { ...bearer(await sessionFor(t, assistant)), 'x-forwarded-for': '203.0.113.9' },
      remoteAddress: '198.51.100.7',
    });
    expect(response.statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'therapist'), eq(auditLog.action, 'read')));
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({
      userId: assistant.userId,
      role: 'Assistant',
      practiceId: practice.practiceId,
      action: 'read',
      entity: 'therapist',
      entityId: String(therapist.userId),
      outcome: 'success',
      // X-Forwarded-For is not trusted unless TRUST_PROXY names the proxy: a caller cannot choose the IP recorded.
      ip: '198.51.100.7',
    });
    expect(row!.at.getTime()).toBeGreaterThanOrEqual(before - 5_000);
  });

  it('given a write (a role change), then an entry records who changed what, with from and to', async () => {
    const { t, practice } = await setup();
    const admin = memberOf(practice, 'Admin');
    const therapist = memberOf(practice, 'Therapist');
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/practice/members/${therapist.userId}/role`,
      headers: bearer(await sessionFor(t, admin)),
      payload: { role: 'Assistant' },
    });
    expect(response.statusCode).toBe(200);
    const [row] = await entries(t, 'change_role');
    expect(row).toMatchObject({
      userId: admin.userId,
      role: 'Admin',
      practiceId: practice.practiceId,
      entity: 'member',
      entityId: String(therapist.userId),
      outcome: 'success',
      ip: '127.0.0.1',
      details: { from: 'Therapist', to: 'Assistant' },
    });
  });

  it('given refused and not-found calls, then they are recorded with their outcome', async () => {
    const { t, practice } = await setup();
    const other = await seedPractice(t);
    const therapistTokens = await sessionFor(t, memberOf(practice, 'Therapist'));
    await t.app.inject({
      method: 'POST',
      url: '/api/practice/invitations',
      headers: bearer(therapistTokens),
      payload: { email: 'x@example.com', role: 'Admin' },
    });
    const outsider = memberOf(other, 'Therapist').userId;
    await t.app.inject({ method: 'GET', url: `/api/therapist/retrieve/${outsider}`, headers: bearer(therapistTokens) });
    const denied = await entries(t, 'inviteMember');
    expect(denied[0]).toMatchObject({ outcome: 'denied', role: 'Therapist', practiceId: practice.practiceId });
    const missing = await entries(t, 'therapistRetrieve');
    expect(missing[0]).toMatchObject({
      outcome: 'not_found',
      entityId: String(outsider),
      practiceId: practice.practiceId,
    });
  });

  it('given a signed-in route whose handler records nothing itself, then the safety net records the read', async () => {
    const { t, practice } = await setup();
    const tokens = await sessionFor(t, memberOf(practice, 'Therapist'));
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/two-factor', headers: bearer(tokens) });
    expect(response.statusCode).toBe(200);
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'twoFactorStatus'));
    expect(rows[0]).toMatchObject({ action: 'read', outcome: 'success', practiceId: practice.practiceId });
  });

  it("given a write of a client's record whose handler records no row of its own, then the safety net's row says the row is missing", async () => {
    const { t, practice } = await setup();
    const tokens = await sessionFor(t, memberOf(practice, 'Therapist'));
    // A handler that forgets its row, registered under a clinical write route's name (as a new route would be).
    t.app.post(
      '/api/test/forgetful-note-save',
      { config: { routeName: 'updateSessionNote', access: ['Therapist'] } },
      () => ({ saved: true }),
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/forgetful-note-save',
      headers: bearer(tokens),
    });
    expect(response.statusCode).toBe(200);
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'updateSessionNote'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'write', outcome: 'success', clientId: null });
    expect(rows[0]!.details).toMatchObject({ ownRowMissing: true });
  });

  it('given a failed sign-in, then it is recorded as denied, without the password', async () => {
    const { t, practice } = await setup();
    const therapist = memberOf(practice, 'Therapist');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: therapist.email, password: 'wrong-password-123' },
    });
    const rows = await entries(t, 'login');
    expect(rows[0]).toMatchObject({ outcome: 'denied', userId: therapist.userId, details: { reason: 'bad_password' } });
    expect(JSON.stringify(rows)).not.toContain('wrong-password-123');
  });

  it('given the audit table, then UPDATE, DELETE and TRUNCATE are refused by the database', async () => {
    const { t, practice } = await setup();
    await t.app.inject({
      method: 'GET',
      url: '/api/user-details',
      headers: bearer(await sessionFor(t, memberOf(practice, 'Admin'))),
    });
    const [row] = await t.database.db.select().from(auditLog).limit(1);
    expect(row).toBeDefined();
    await expect(
      t.database.db.update(auditLog).set({ outcome: 'denied' }).where(eq(auditLog.id, row!.id)),
    ).rejects.toThrow();
    await expect(t.database.db.delete(auditLog).where(eq(auditLog.id, row!.id))).rejects.toThrow();
    await expect(t.database.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const [still] = await t.database.db.select().from(auditLog).where(eq(auditLog.id, row!.id));
    expect(still).toEqual(row);
    // Appending still works.
    await t.platform.audit.record(null, { action: 'test', entity: 'test' });
    expect((await entries(t, 'test')).length).toBe(1);
  });

  it('given 60 entries recorded at once, then every one is stored, in fewer INSERTs than entries, each with its own time', async () => {
    const { t, practice } = await setup();
    const audit = new Audit(t.database.db);
    const insert = vi.spyOn(t.database.db, 'execute');
    await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        audit.record(null, { action: 'burst', entity: 'client', entityId: i, practiceId: practice.practiceId }),
      ),
    );
    const rows = await entries(t, 'burst');
    expect(rows.map((row) => Number(row.entityId)).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 60 }, (_, i) => i),
    );
    expect(insert.mock.calls.length).toBeGreaterThan(0);
    expect(insert.mock.calls.length).toBeLessThan(60);
    for (const row of rows) expect(row.at.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('given batches of one row and of many, then the INSERT is one statement text, with each column as one array', () => {
    const row = (i: number) => ({
      at: new Date(),
      action: 'a',
      entity: 'client',
      entityId: String(i),
      outcome: 'success',
    });
    const dialect = new PgDialect();
    const one = dialect.sqlToQuery(insertAuditRows([row(1)]));
    const many = dialect.sqlToQuery(insertAuditRows(Array.from({ length: 37 }, (_, i) => row(i))));
    expect(many.sql).toBe(one.sql);
    expect(many.params).toHaveLength(one.params.length);
  });

  it('given details, nulls, quotes and a time, then each stored row reads back as it was recorded', async () => {
    const { t, practice } = await setup();
    const audit = new Audit(t.database.db);
    const details = { status: 200, method: 'GET', note: 'a "quoted", {braced} \\ value', flag: true, none: null };
    await Promise.all([
      audit.record(null, {
        action: 'odd',
        entity: 'client',
        entityId: 'x,"y"',
        practiceId: practice.practiceId,
        details,
      }),
      audit.record(null, { action: 'odd', entity: 'client', entityId: null, clientId: 7, role: 'Admin', userId: 3 }),
    ]);
    const rows = await entries(t, 'odd');
    const byEntity = new Map(rows.map((stored) => [stored.entityId, stored]));
    expect(byEntity.get('x,"y"')).toMatchObject({
      practiceId: practice.practiceId,
      details,
      clientId: null,
      role: null,
    });
    expect(byEntity.get(null)).toMatchObject({
      clientId: 7,
      role: 'Admin',
      userId: 3,
      details: null,
      outcome: 'success',
    });
    for (const stored of rows) expect(Math.abs(stored.at.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('given one entry the database refuses among others, then only that one fails and the rest are stored', async () => {
    const { t, practice } = await setup();
    const audit = new Audit(t.database.db);
    const results = await Promise.allSettled([
      audit.record(null, { action: 'mixed', entity: 'client', entityId: 1, practiceId: practice.practiceId }),
      audit.record(null, { action: 'mixed', entity: 'client', entityId: 2, practiceId: practice.practiceId }),
      audit.record(null, { action: null as unknown as string, entity: 'client', entityId: 3 }),
      audit.record(null, { action: 'mixed', entity: 'client', entityId: 4, practiceId: practice.practiceId }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((await entries(t, 'mixed')).map((row) => row.entityId).sort()).toEqual(['1', '2', '4']);
  });
});
