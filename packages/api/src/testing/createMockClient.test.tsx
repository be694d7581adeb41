import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { UserDetails } from '../contract';
import type { ApiClient } from '../client/types';
import { ApiError } from '../client/errors';
import { useUserDetails } from '../swr/hooks';
import { createMockClient } from './createMockClient';
import { MockApiProvider } from './MockApiProvider';
import { withMockApi } from './decorator';

describe('createMockClient', () => {
  it('given no options, then it answers from default fixtures: a user of each role, a practice and therapists', async () => {
    const client = createMockClient();
    const { users } = client.mock.fixtures;
    expect([users.admin.role, users.therapist.role, users.assistant.role]).toEqual(['Admin', 'Therapist', 'Assistant']);
    await expect(client.call('userDetails')).resolves.toEqual(users.admin);
    await expect(client.call('getPractice')).resolves.toMatchObject({ name: 'Quiet Harbour Therapy' });
    await expect(client.call('therapistRetrieve', { params: { id: 2 } })).resolves.toMatchObject({
      id: 2,
      role: 'Therapist',
    });
    await expect(client.call('therapistRetrieve', { params: { id: 404 } })).resolves.toBeNull();
  });

  it('given it is used where an ApiClient is expected, then it has the same shape and types', () => {
    const client = createMockClient();
    expectTypeOf(client).toExtend<ApiClient>();
    expectTypeOf(client.call<'userDetails'>).returns.resolves.toEqualTypeOf<UserDetails | null>();
  });

  it('given fixtures and handlers, then they replace the defaults and every call is recorded', async () => {
    const therapist = { id: 10, first_name: 'T', last_name: 'U', email: 't@u.test', role: 'Therapist' as const };
    const client = createMockClient({
      fixtures: { currentUser: therapist },
      handlers: {
        getPractice: {
          response: {
            id: 2,
            name: 'Other',
            idleTimeoutMinutes: 15,
            requireTwoFactor: true,
            logoUrl: null,
            timeZone: 'Europe/Paris',
            currency: 'EUR',
          },
        },
      },
    });
    await client.call('userDetails');
    await client.call('getPractice');
    await client.call('therapistRetrieve', { params: { id: 1 } });
    expect(await client.call('userDetails')).toEqual(therapist);
    expect(client.mock.calls.map((c) => c.path)).toEqual([
      '/api/user-details',
      '/api/practice',
      '/api/therapist/retrieve/1',
      '/api/user-details',
    ]);
    expect(client.mock.callsTo('therapistRetrieve')[0]?.input).toEqual({ params: { id: 1 } });
    client.mock.clearCalls();
    expect(client.mock.calls).toHaveLength(0);
  });

  it('given an error or a latency per route, then the call rejects with an ApiError or waits', async () => {
    vi.useFakeTimers();
    try {
      const client = createMockClient({
        handlers: { userDetails: { error: { status: 503, message: 'Down.' } }, getPractice: { latency: 1000 } },
      });
      await expect(client.call('userDetails')).rejects.toEqual(new ApiError(503, 'Down.'));
      let settled = false;
      const pending = client.call('getPractice').then(() => (settled = true));
      await vi.advanceTimersByTimeAsync(999);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await pending;
      expect(settled).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('given a route without a handler, then message routes answer {detail} and others reject with a 501 naming the route', async () => {
    const client = createMockClient();
    await expect(client.call('signOutEverywhere')).resolves.toEqual({ detail: 'Done.' });
    await expect(client.call('twoFactorDisable', { body: { password: 'pw', code: '123456' } })).resolves.toEqual({
      detail: 'Done.',
    });
    await expect(client.call('changeMemberRole', { params: { id: 1 }, body: { role: 'Admin' } })).rejects.toMatchObject(
      {
        status: 501,
      },
    );
  });

  it('given request, upload, download and logout, then they answer defaults, report progress and clear tokens', async () => {
    const client = createMockClient({ onRequest: (path) => ({ path }) });
    await expect(client.request('/api/x')).resolves.toEqual({ path: '/api/x' });
    const onProgress = vi.fn();
    await expect(client.upload('/api/files', new File(['abc'], 'a.txt'), { onProgress })).resolves.toMatchObject({
      name: 'a.txt',
      size: 3,
    });
    expect(onProgress).toHaveBeenCalledWith({ loaded: 3, total: 3 });
    await expect(client.download('/api/files/1')).resolves.toBeInstanceOf(Blob);
    await expect(
      client.call('downloadFile', { params: { id: '00000000-0000-4000-8000-000000000001' } }),
    ).resolves.toBeInstanceOf(Blob);
    expect(client.tokens.get().access_token).toBe('mock-access');
    await client.logout();
    expect(client.tokens.get()).toEqual({ access_token: null, refresh_token: null });
    expect(client.mock.calls.map((c) => c.kind)).toEqual(['request', 'upload', 'download', 'call', 'logout']);
  });
});

describe('MockApiProvider', () => {
  function Greeting() {
    const { data } = useUserDetails();
    return <p>{data ? `Hello ${data.first_name}` : 'Loading'}</p>;
  }

  it('given a story or test, when wrapped in MockApiProvider, then hooks answer from the mock with a clean cache each time', async () => {
    const first = render(
      <MockApiProvider>
        <Greeting />
      </MockApiProvider>,
    );
    expect(await screen.findByText('Hello Amara')).toBeInTheDocument();
    first.unmount();
    const client = createMockClient({
      fixtures: { currentUser: { id: 5, first_name: 'Noor', last_name: 'A', email: 'n@a.test', role: 'Assistant' } },
    });
    render(
      <MockApiProvider client={client}>
        <Greeting />
      </MockApiProvider>,
    );
    expect(await screen.findByText('Hello Noor')).toBeInTheDocument();
    await waitFor(() => expect(client.mock.callsTo('userDetails')).toHaveLength(1));
  });
});

describe('withMockApi', () => {
  it('given a story, when decorated, then it renders inside a mock API provider', async () => {
    function Story() {
      const { data } = useUserDetails();
      return <p>{data ? `Hi ${data.first_name}` : 'Loading'}</p>;
    }
    const Decorated = () => withMockApi()(Story);
    render(<Decorated />);
    expect(await screen.findByText('Hi Amara')).toBeInTheDocument();
  });
});
