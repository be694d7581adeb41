import { createMockClient, makeTask, MockApiProvider, taskHandlers, type MockClient } from '@halcyon/api/testing';
import { BannerProvider, BannerRegion, PrivacyProvider } from '@halcyon/design-system';
import { ModalHost, ModalProvider } from '@halcyon/modals';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { TaskManagerPage } from './TaskManagerPage';

vi.setConfig({ testTimeout: 20_000 });
const SLOW = { timeout: 5000 };

function tasks() {
  return [
    makeTask(1, { title: 'Write to the GP', days: -2, priority: 'high', clientId: 7, clientName: 'Jane Doe' }),
    makeTask(2, { title: 'Book supervision', days: 4 }),
    makeTask(3, { title: 'Post the letters', days: 0, assigneeId: 3, assigneeName: 'Priya Shah' }),
    makeTask(4, { title: 'Renew insurance', days: 10, status: 'in progress', priority: 'low' }),
  ];
}

function renderPage(
  path = '/Task-manager',
  client: MockClient = createMockClient({ handlers: taskHandlers(tasks()) }),
) {
  const router = createMemoryRouter([{ path: '/Task-manager', element: <TaskManagerPage /> }], {
    initialEntries: [path],
  });
  render(
    <MockApiProvider client={client}>
      <PrivacyProvider enabled={false}>
        <BannerProvider>
          <ModalProvider>
            <BannerRegion />
            <RouterProvider router={router} />
            <ModalHost />
          </ModalProvider>
        </BannerProvider>
      </PrivacyProvider>
    </MockApiProvider>,
  );
  return { client, router };
}

const column = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}`) });
const titlesIn = (name: string) =>
  within(within(column(name)).getByRole('list'))
    .queryAllByRole('listitem')
    .map((item) => item.querySelector('button')?.textContent);

describe('/Task-manager board', () => {
  it('given tasks, then each column lists its own in order, and an overdue one says so in words', async () => {
    renderPage();
    expect(await screen.findByText('Write to the GP', {}, SLOW)).toBeInTheDocument();
    expect(titlesIn('To do')).toEqual(['Write to the GP', 'Book supervision', 'Post the letters']);
    expect(titlesIn('In progress')).toEqual(['Renew insurance']);
    expect(within(column('Done')).getByText('No tasks here.')).toBeInTheDocument();
    expect(within(column('To do')).getByText(/^Overdue: due/)).toBeInTheDocument();
    await expect(document.body).toHaveNoAxeViolations();
  });

  it('given the keyboard only, when a card is moved to Done with its Move menu, then it moves and the move is announced', async () => {
    const { client } = renderPage();
    await screen.findByText('Book supervision', {}, SLOW);
    const user = userEvent.setup();
    const trigger = screen.getByRole('button', { name: 'Move “Book supervision”' });
    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Move to In progress', 'Move to Done', 'Move up', 'Move down']);
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(titlesIn('Done')).toEqual(['Book supervision']));
    expect(titlesIn('To do')).toEqual(['Write to the GP', 'Post the letters']);
    expect(screen.getByRole('status')).toHaveTextContent('“Book supervision” moved to Done.');
    expect(client.mock.callsTo('moveTask')[0]?.input).toMatchObject({
      params: { id: 2 },
      body: { status: 'done', afterId: null },
    });
  });

  it('given the keyboard only, when a card is moved down and up in its column, then the order follows', async () => {
    const { client } = renderPage();
    await screen.findByText('Write to the GP', {}, SLOW);
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Move “Write to the GP”' }).focus();
    await user.keyboard('{Enter}');
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Move down' }));
    await waitFor(() => expect(titlesIn('To do')).toEqual(['Book supervision', 'Write to the GP', 'Post the letters']));
    expect(client.mock.callsTo('moveTask')[0]?.input).toMatchObject({ body: { status: 'to do', afterId: 2 } });
    screen.getByRole('button', { name: 'Move “Post the letters”' }).focus();
    await user.keyboard('{Enter}');
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Move up' }));
    await waitFor(() => expect(titlesIn('To do')).toEqual(['Book supervision', 'Post the letters', 'Write to the GP']));
  });

  it('given a pointer drag of a card onto another column, then it moves there', async () => {
    const { client } = renderPage();
    await screen.findByText('Book supervision', {}, SLOW);
    const card = screen.getByText('Book supervision').closest('li')!;
    const target = within(column('In progress')).getByRole('list');
    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (type: string, value: string) => data.set(type, value),
      getData: (type: string) => data.get(type) ?? '',
      effectAllowed: 'move',
    };
    fireEvent.dragStart(card, { dataTransfer });
    fireEvent.dragOver(target, { dataTransfer });
    fireEvent.drop(target, { dataTransfer, clientY: 0 });
    await waitFor(() => expect(titlesIn('In progress')).toEqual(['Book supervision', 'Renew insurance']));
    expect(client.mock.callsTo('moveTask')[0]?.input).toMatchObject({
      params: { id: 2 },
      body: { status: 'in progress', afterId: null },
    });
  });

  it('given a column that cannot be read, then it says so with Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const handlers = taskHandlers(tasks());
    const client = createMockClient({
      handlers: {
        ...handlers,
        listTasks: { error: { status: 500, message: 'Down' } },
      },
    });
    renderPage('/Task-manager', client);
    expect((await screen.findAllByRole('button', { name: 'Retry' }, SLOW)).length).toBeGreaterThan(0);
  });
});

describe('/Task-manager list', () => {
  it('given the list view, then filters and a sort ask the server and overdue rows say so', async () => {
    const { client } = renderPage('/Task-manager?view=list');
    expect(await screen.findByRole('button', { name: 'Write to the GP' }, SLOW)).toBeInTheDocument();
    expect(screen.getByText(/^Overdue: due/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Priority' }));
    await userEvent.click(await screen.findByRole('option', { name: 'High' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Book supervision' })).not.toBeInTheDocument());
    expect(client.mock.callsTo('listTasks').at(-1)?.input).toMatchObject({ query: { priority: 'high' } });
  });

  it('given the list view, when a word is searched, then only tasks with it show and the address keeps no words', async () => {
    const { client } = renderPage('/Task-manager?view=list');
    expect(await screen.findByRole('button', { name: 'Write to the GP' }, SLOW)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search tasks' }), 'letters');
    await waitFor(
      () => expect(screen.queryByRole('button', { name: 'Write to the GP' })).not.toBeInTheDocument(),
      SLOW,
    );
    // The searched page replaces the list once it answers (the list may show its loading rows in between).
    expect(await screen.findByRole('button', { name: 'Post the letters' }, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Write to the GP' })).not.toBeInTheDocument();
    expect(client.mock.callsTo('listTasks').at(-1)?.input).toMatchObject({ query: { search: 'letters' } });
    expect(window.location.search).not.toContain('letters');
  });

  it('given no task at all, then the list says what to do first and offers to add one', async () => {
    renderPage('/Task-manager?view=list', createMockClient({ handlers: taskHandlers([]) }));
    expect(await screen.findByText('No tasks yet', {}, SLOW)).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Add task' }).at(-1)!);
    await waitFor(() => expect(screen.getByRole('dialog')).toBeInTheDocument(), SLOW);
  });

  it('given filters that match no task, then the list says none matches', async () => {
    renderPage('/Task-manager?view=list&priority=high', createMockClient({ handlers: taskHandlers([]) }));
    expect(await screen.findByText('No task matches these filters.', {}, SLOW)).toBeInTheDocument();
  });
});
