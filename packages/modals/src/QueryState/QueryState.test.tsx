import { ApiError } from '@halcyon/api/client';
import { createMockClient, MockApiProvider } from '@halcyon/api/testing';
import { LOAD_ERROR_MESSAGES, useMembers } from '@halcyon/api/swr';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadError, QueryState } from './QueryState';

afterEach(() => {
  vi.restoreAllMocks();
});

function Members() {
  const members = useMembers();
  return (
    <QueryState resource={members} what="the team" empty={<p>No team members yet</p>}>
      {(list) => (
        <ul>
          {list.items.map((member) => (
            <li key={member.id}>{member.email}</li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

describe('LoadError', () => {
  it('given a failed read, then it names what failed, says why in plain words and offers Retry', async () => {
    const onRetry = vi.fn();
    render(
      <LoadError
        what="the clients"
        error={new ApiError(0, 'Failed to fetch /api/clients. Status: 0')}
        onRetry={onRetry}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The clients could not be loaded');
    expect(alert).toHaveTextContent(LOAD_ERROR_MESSAGES.offline);
    expect(alert).not.toHaveTextContent('/api/clients');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
    await expect(alert).toHaveNoAxeViolations();
  });

  it('given a refused role, then no Retry is offered (trying again cannot help)', () => {
    render(<LoadError what="the clients" error={new ApiError(403, 'Forbidden')} onRetry={vi.fn()} />);
    expect(screen.getByRole('alert')).toHaveTextContent(LOAD_ERROR_MESSAGES.forbidden);
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});

describe('QueryState', () => {
  it('given the read fails, then the skeleton gives way to the error; when Retry works, then the data shows', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const client = createMockClient({ latency: 5 });
    client.mock.set('listMembers', { error: { status: 503, message: 'Failed to fetch /api/members. Status: 503' } });
    render(
      <MockApiProvider client={client}>
        <Members />
      </MockApiProvider>,
    );
    expect(screen.getByLabelText('Loading the team')).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByRole('alert')).toHaveTextContent('The team could not be loaded');

    client.mock.set('listMembers', () => ({ items: client.mock.fixtures.members }));
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(client.mock.fixtures.members[0]!.email)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('given nothing there, then the empty state shows instead of an empty list', async () => {
    const client = createMockClient();
    client.mock.set('listMembers', () => ({ items: [] }));
    render(
      <MockApiProvider client={client}>
        <Members />
      </MockApiProvider>,
    );
    expect(await screen.findByText('No team members yet')).toBeInTheDocument();
  });
});
