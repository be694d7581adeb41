import { describe, expect, it } from 'vitest';
import {
  shiftDate,
  todayDate,
  type ClientActivityList,
  type Task,
  type TaskList,
  type TasksDue,
} from '@halcyon/api/contract';
import { createTestApp } from '../../../test/app';
import { bearer, memberOf, seedPractice, sessionFor, type Tokens } from '../../../test/auth';
import { clients } from '../../clients/schema';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function setup() {
  const t = await createTestApp();
  const practice = await seedPractice(t);
  const other = await seedPractice(t);
  const admin = await sessionFor(t, memberOf(practice, 'Admin'));
  const therapist = await sessionFor(t, memberOf(practice, 'Therapist'));
  const assistant = await sessionFor(t, memberOf(practice, 'Assistant'));
  const outsider = await sessionFor(t, memberOf(other, 'Admin'));
  const send = (method: Method, url: string, tokens: Tokens = admin, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: bearer(tokens),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const [client] = await t.database.db
    .insert(clients)
    .values({ practiceId: practice.practiceId, firstName: 'Morgan', lastName: 'Adeyemi' })
    .returning({ id: clients.id });
  const [otherClient] = await t.database.db
    .insert(clients)
    .values({ practiceId: other.practiceId, firstName: 'Robin', lastName: 'Okoro' })
    .returning({ id: clients.id });
  const create = async (body: object, tokens: Tokens = admin): Promise<Task> => {
    const response = await send('POST', '/api/tasks', tokens, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Task>();
  };
  const list = async (query: string, tokens: Tokens = admin): Promise<TaskList> => {
    const response = await send('GET', `/api/tasks?${query}`, tokens);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TaskList>();
  };
  return {
    t,
    practice,
    other,
    admin,
    therapist,
    assistant,
    outsider,
    send,
    create,
    list,
    clientId: client!.id,
    otherClientId: otherClient!.id,
    assistantId: memberOf(practice, 'Assistant').userId,
    therapistId: memberOf(practice, 'Therapist').userId,
  };
}

const today = () => todayDate();
const daysFromToday = (days: number) => shiftDate(todayDate(), { days });
const titles = (page: TaskList) => page.items.map((task) => task.title);

describe('tasks: create, read, change, delete', () => {
  it('given a Therapist, when they add a task about a client for the Assistant, then it is first in To do with the names, and the client’s activity log says so', async () => {
    const c = await setup();
    const older = await c.create({ title: 'Renew insurance' });
    const task = await c.create(
      {
        title: '  Send the intake forms  ',
        description: 'Use the new template.',
        dueDate: daysFromToday(2),
        priority: 'high',
        assigneeId: c.assistantId,
        clientId: c.clientId,
      },
      c.therapist,
    );
    expect(task).toMatchObject({
      title: 'Send the intake forms',
      description: 'Use the new template.',
      dueDate: daysFromToday(2),
      overdue: false,
      priority: 'high',
      status: 'to do',
      assigneeId: c.assistantId,
      clientId: c.clientId,
      clientName: 'Morgan Adeyemi',
      completedAt: null,
      version: 1,
    });
    expect(task.assigneeName).toBeTruthy();
    expect(task.position).toBeLessThan(older.position);
    expect(titles(await c.list('status=to do&sort=position'))).toEqual(['Send the intake forms', 'Renew insurance']);

    const single = await c.send('GET', `/api/tasks/${task.id}`);
    expect(single.json()).toEqual(task);

    const log = await c.send('GET', `/api/clients/activity-log/retrieve/${c.clientId}`, c.admin);
    expect(log.json<ClientActivityList>().items.map((entry) => entry.summary)).toEqual(
      expect.arrayContaining([expect.stringMatching(/ added a task$/)]),
    );
  });

  it('given a task, when it is changed with the version it was opened at, then it saves; a stale version is refused with 409 and nothing changes', async () => {
    const c = await setup();
    const task = await c.create({ title: 'Book supervision', dueDate: daysFromToday(5) });
    const body = { title: 'Book supervision for May', dueDate: daysFromToday(6), priority: 'low', version: 1 };
    const changed = await c.send('PUT', `/api/tasks/${task.id}`, c.therapist, body);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ title: 'Book supervision for May', priority: 'low', version: 2 });

    const stale = await c.send('PUT', `/api/tasks/${task.id}`, c.admin, { ...body, title: 'Lost edit' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ detail: expect.stringContaining('changed elsewhere') });
    expect((await c.send('GET', `/api/tasks/${task.id}`)).json()).toMatchObject({ title: 'Book supervision for May' });
  });

  it('given a task, when it is deleted, then the SPEC message answers and it is gone', async () => {
    const c = await setup();
    const task = await c.create({ title: 'Order appointment cards', clientId: c.clientId });
    const deleted = await c.send('DELETE', `/api/tasks/${task.id}`, c.therapist);
    expect(deleted.json()).toEqual({ detail: 'Task was successfully deleted.' });
    expect((await c.send('GET', `/api/tasks/${task.id}`)).statusCode).toBe(404);
    expect((await c.send('DELETE', `/api/tasks/${task.id}`)).statusCode).toBe(404);
  });

  it('given a past due date on an open task, then it is overdue until it is done', async () => {
    const c = await setup();
    const task = await c.create({ title: 'Chase the authorisation', dueDate: daysFromToday(-3) });
    expect(task.overdue).toBe(true);
    const done = await c.send('PATCH', `/api/tasks/${task.id}/move`, c.admin, { status: 'done' });
    expect(done.json()).toMatchObject({ status: 'done', overdue: false, completedAt: expect.any(String) });
    const reopened = await c.send('PATCH', `/api/tasks/${task.id}/move`, c.admin, { status: 'to do' });
    expect(reopened.json()).toMatchObject({ status: 'to do', overdue: true, completedAt: null });
  });
});

describe('tasks: bad input is refused with a clear message and nothing is saved', () => {
  it.each([
    ['an empty title', { title: '   ' }, 'title', 'Give the task a title.'],
    ['a 10,000-character title', { title: 'x'.repeat(10_000) }, 'title', 'Use at most 200 characters.'],
    [
      'a due date 10 years ahead',
      { title: 'Later', dueDate: shiftDate(todayDate(), { years: 10 }) },
      'dueDate',
      'Choose the due date between',
    ],
    ['a due date 20 years back', { title: 'Earlier', dueDate: '2006-01-01' }, 'dueDate', 'Choose the due date between'],
    ['a due date that is no date', { title: 'Never', dueDate: '2026-02-30' }, 'dueDate', 'as a full date'],
    ['an unknown priority', { title: 'Odd', priority: 'urgent' }, 'priority', 'Choose low, normal or high priority.'],
  ])('given %s, then 400 names the field', async (_what, body, field, message) => {
    const c = await setup();
    const response = await c.send('POST', '/api/tasks', c.admin, body);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fields: Record<string, string> }>().fields[field]).toContain(message);
    expect((await c.list('')).items).toEqual([]);
  });

  it("given another practice's member or client, then 400 on the field and nothing saved", async () => {
    const c = await setup();
    const assignee = await c.send('POST', '/api/tasks', c.admin, {
      title: 'Wrong person',
      assigneeId: memberOf(c.other, 'Therapist').userId,
    });
    expect(assignee.statusCode).toBe(400);
    expect(assignee.json()).toMatchObject({
      fields: { assigneeId: expect.stringContaining('member of your practice') },
    });
    const client = await c.send('POST', '/api/tasks', c.admin, { title: 'Wrong client', clientId: c.otherClientId });
    expect(client.statusCode).toBe(400);
    expect(client.json()).toMatchObject({ fields: { clientId: expect.stringContaining('client of your practice') } });
    expect((await c.list('')).items).toEqual([]);
  });
});

describe('tasks: the board order', () => {
  it('given tasks, then the list searches their title and description, every word, whatever the case; another practice finds none', async () => {
    const c = await setup();
    await c.create({ title: 'Write to the GP', description: 'About the medication review' });
    await c.create({ title: 'Book supervision', description: 'Ask about the group' });
    await c.create({ title: 'Renew the 100% insurance', description: '' });
    expect(titles(await c.list('search=gp'))).toEqual(['Write to the GP']);
    expect(titles(await c.list('search=ABOUT'))).toEqual(
      expect.arrayContaining(['Write to the GP', 'Book supervision']),
    );
    expect(titles(await c.list('search=about%20group'))).toEqual(['Book supervision']);
    // Wildcards are searched as themselves.
    expect(titles(await c.list('search=100%25'))).toEqual(['Renew the 100% insurance']);
    expect(titles(await c.list('search=gp', c.outsider))).toEqual([]);
    expect((await c.send('GET', `/api/tasks?search=${'x'.repeat(101)}`)).statusCode).toBe(400);
  });

  it('given three tasks in To do, when one is moved after another and then to another column, then each column keeps the order asked for', async () => {
    const c = await setup();
    const a = await c.create({ title: 'A' });
    const b = await c.create({ title: 'B' });
    const d = await c.create({ title: 'C' });
    expect(titles(await c.list('status=to do&sort=position'))).toEqual(['C', 'B', 'A']);

    await c.send('PATCH', `/api/tasks/${d.id}/move`, c.admin, { status: 'to do', afterId: a.id });
    expect(titles(await c.list('status=to do&sort=position'))).toEqual(['B', 'A', 'C']);
    await c.send('PATCH', `/api/tasks/${d.id}/move`, c.admin, { status: 'to do', afterId: b.id });
    expect(titles(await c.list('status=to do&sort=position'))).toEqual(['B', 'C', 'A']);

    const moved = await c.send('PATCH', `/api/tasks/${b.id}/move`, c.therapist, { status: 'in progress' });
    expect(moved.json()).toMatchObject({ status: 'in progress', version: 2 });
    await c.send('PATCH', `/api/tasks/${a.id}/move`, c.therapist, { status: 'in progress', afterId: b.id });
    expect(titles(await c.list('status=in progress&sort=position'))).toEqual(['B', 'A']);
    expect(titles(await c.list('status=to do&sort=position'))).toEqual(['C']);
  });

  it('given many moves into the same gap, then the column is numbered afresh and the order still holds', async () => {
    const c = await setup();
    const first = await c.create({ title: 'first' });
    const last = await c.create({ title: 'last' });
    await c.send('PATCH', `/api/tasks/${last.id}/move`, c.admin, { status: 'to do', afterId: first.id });
    const order = ['first'];
    let after = first.id;
    for (let i = 0; i < 60; i += 1) {
      const task = await c.create({ title: `t${i}` });
      const response = await c.send('PATCH', `/api/tasks/${task.id}/move`, c.admin, {
        status: 'to do',
        afterId: after,
      });
      expect(response.statusCode).toBe(200);
      order.push(`t${i}`);
      after = task.id;
    }
    const page = await c.list('status=to do&sort=position&pageSize=100');
    expect(titles(page)).toEqual([...order, 'last']);
  });

  it('given an afterId in another column, then 409 says to reload and nothing moves', async () => {
    const c = await setup();
    const a = await c.create({ title: 'A' });
    const b = await c.create({ title: 'B', status: 'done' });
    const response = await c.send('PATCH', `/api/tasks/${a.id}/move`, c.admin, {
      status: 'in progress',
      afterId: b.id,
    });
    expect(response.statusCode).toBe(409);
    expect((await c.send('GET', `/api/tasks/${a.id}`)).json()).toMatchObject({ status: 'to do', version: 1 });
  });
});

describe('tasks: the list sorts, filters and pages', () => {
  it('given tasks of every kind, then each filter and sort answers what it says, a page at a time', async () => {
    const c = await setup();
    await c.create({ title: 'Overdue high', dueDate: daysFromToday(-2), priority: 'high', assigneeId: c.therapistId });
    await c.create({ title: 'Due today', dueDate: today(), priority: 'low', clientId: c.clientId });
    await c.create({ title: 'Next week', dueDate: daysFromToday(5) });
    await c.create({ title: 'Later on', dueDate: daysFromToday(30), assigneeId: c.assistantId });
    await c.create({ title: 'Whenever' });
    await c.create({ title: 'Done late', dueDate: daysFromToday(-9), status: 'done' });

    expect(titles(await c.list(''))).toEqual([
      'Done late',
      'Overdue high',
      'Due today',
      'Next week',
      'Later on',
      'Whenever',
    ]);
    expect(titles(await c.list('sort=-dueDate'))).toEqual([
      'Later on',
      'Next week',
      'Due today',
      'Overdue high',
      'Done late',
      'Whenever',
    ]);
    expect(titles(await c.list('due=overdue'))).toEqual(['Overdue high']);
    expect(titles(await c.list('due=today'))).toEqual(['Due today']);
    expect(titles(await c.list('due=week'))).toEqual(['Due today', 'Next week']);
    expect(titles(await c.list('due=later'))).toEqual(['Later on']);
    expect(titles(await c.list('due=none'))).toEqual(['Whenever']);
    expect(titles(await c.list('priority=high,low'))).toEqual(['Overdue high', 'Due today']);
    expect(titles(await c.list('sort=-priority&status=to do')).slice(0, 1)).toEqual(['Overdue high']);
    expect(titles(await c.list(`assigneeId=${c.assistantId}`))).toEqual(['Later on']);
    expect(titles(await c.list(`clientId=${c.clientId}`))).toEqual(['Due today']);
    expect(titles(await c.list('status=done'))).toEqual(['Done late']);
    expect(titles(await c.list('sort=title'))).toEqual([
      'Done late',
      'Due today',
      'Later on',
      'Next week',
      'Overdue high',
      'Whenever',
    ]);

    const first = await c.list('pageSize=4');
    expect(first).toMatchObject({ page: 1, pageSize: 4, hasMore: true });
    const second = await c.list('pageSize=4&page=2');
    expect(second).toMatchObject({ hasMore: false });
    expect([...titles(first), ...titles(second)]).toHaveLength(6);
  });

  it('given a bad query, then 400', async () => {
    const c = await setup();
    for (const query of ['sort=colour', 'status=waiting', 'due=soon', 'pageSize=1000', 'assigneeId=0x10']) {
      expect((await c.send('GET', `/api/tasks?${query}`)).statusCode, query).toBe(400);
    }
  });
});

describe('tasks: roles (SPEC.md §6 keeps the task manager from the Assistant, not their own tasks)', () => {
  it('given an Assistant, then listing, adding, changing and deleting tasks answer 403', async () => {
    const c = await setup();
    const own = await c.create({ title: 'Assistant’s task', assigneeId: c.assistantId });
    expect((await c.send('GET', '/api/tasks', c.assistant)).statusCode).toBe(403);
    expect((await c.send('POST', '/api/tasks', c.assistant, { title: 'Mine' })).statusCode).toBe(403);
    const change = { title: 'Renamed', version: 1 };
    expect((await c.send('PUT', `/api/tasks/${own.id}`, c.assistant, change)).statusCode).toBe(403);
    expect((await c.send('DELETE', `/api/tasks/${own.id}`, c.assistant)).statusCode).toBe(403);
    expect((await c.send('GET', `/api/tasks/${own.id}`)).json()).toMatchObject({
      title: 'Assistant’s task',
      version: 1,
    });
  });

  it('given an Assistant, then they read and move the tasks assigned to them, and nobody else’s (404)', async () => {
    const c = await setup();
    const own = await c.create({ title: 'Post the letters', assigneeId: c.assistantId, dueDate: daysFromToday(-1) });
    const ownToo = await c.create({ title: 'File the forms', assigneeId: c.assistantId, dueDate: today() });
    const theirs = await c.create({ title: 'Therapist’s task', assigneeId: c.therapistId });

    expect((await c.send('GET', `/api/tasks/${own.id}`, c.assistant)).json()).toMatchObject({
      title: 'Post the letters',
    });
    expect((await c.send('GET', `/api/tasks/${theirs.id}`, c.assistant)).statusCode).toBe(404);

    const done = await c.send('PATCH', `/api/tasks/${own.id}/move`, c.assistant, { status: 'done' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'done' });
    const notTheirs = await c.send('PATCH', `/api/tasks/${theirs.id}/move`, c.assistant, { status: 'done' });
    expect(notTheirs.statusCode).toBe(404);
    // Placing after someone else's task would tell them it exists: the same 409 as a task not in the column.
    const after = await c.send('PATCH', `/api/tasks/${ownToo.id}/move`, c.assistant, {
      status: 'to do',
      afterId: theirs.id,
    });
    expect(after.statusCode).toBe(409);
    expect((await c.send('GET', `/api/tasks/${theirs.id}`)).json()).toMatchObject({ status: 'to do', version: 1 });
  });
});

describe('tasks: tenancy', () => {
  it("given another practice's task, then every route answers 404 and nothing changes", async () => {
    const c = await setup();
    const task = await c.create({ title: 'Practice-only task', clientId: c.clientId });
    const id = task.id;
    expect((await c.send('GET', `/api/tasks/${id}`, c.outsider)).statusCode).toBe(404);
    expect((await c.send('PUT', `/api/tasks/${id}`, c.outsider, { title: 'Mine now', version: 1 })).statusCode).toBe(
      404,
    );
    expect((await c.send('PATCH', `/api/tasks/${id}/move`, c.outsider, { status: 'done' })).statusCode).toBe(404);
    expect((await c.send('DELETE', `/api/tasks/${id}`, c.outsider)).statusCode).toBe(404);
    expect((await c.send('GET', '/api/tasks', c.outsider)).json<TaskList>().items).toEqual([]);
    expect((await c.send('GET', `/api/tasks/${id}`)).json()).toEqual(task);
  });
});

describe("the dashboard's tasks-due card", () => {
  it('given tasks assigned to members, then each member, the Assistant too, sees their own open ones due within 7 days, overdue first', async () => {
    const c = await setup();
    await c.create({
      title: 'Overdue post',
      assigneeId: c.assistantId,
      dueDate: daysFromToday(-2),
      clientId: c.clientId,
    });
    await c.create({ title: 'Today’s filing', assigneeId: c.assistantId, dueDate: today() });
    await c.create({ title: 'Far off', assigneeId: c.assistantId, dueDate: daysFromToday(20) });
    await c.create({ title: 'Already done', assigneeId: c.assistantId, dueDate: today(), status: 'done' });
    await c.create({ title: 'No date', assigneeId: c.assistantId });
    await c.create({ title: 'Therapist’s letter', assigneeId: c.therapistId, dueDate: today() });

    const assistant = await c.send('GET', '/api/dashboard/tasks-due', c.assistant);
    expect(assistant.statusCode).toBe(200);
    const card = assistant.json<TasksDue>();
    expect(card.items.map((task) => [task.title, task.overdue])).toEqual([
      ['Overdue post', true],
      ['Today’s filing', false],
    ]);
    expect(card).toMatchObject({ total: 2, totalCapped: false });
    expect(card.items[0]).toMatchObject({ clientName: 'Morgan Adeyemi' });
    const therapist = await c.send('GET', '/api/dashboard/tasks-due', c.therapist);
    expect(therapist.json<TasksDue>().items.map((task) => task.title)).toEqual(['Therapist’s letter']);
    const outsider = await c.send('GET', '/api/dashboard/tasks-due', c.outsider);
    expect(outsider.json<TasksDue>().items).toEqual([]);
  });
});
