import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { unstable_serialize, useSWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../client/errors';
import { createMockClient, MockApiProvider, type MockClient } from '../testing';
import { ApiProvider, useApiClient } from './ApiProvider';
import {
  useClientRoute,
  useMembers,
  useNotificationsCount,
  useOnboardingStatus,
  usePracticeToday,
  useTherapist,
  useUserDetails,
} from './hooks';
import { keys } from './keys';
import { invalidateRoutes, prependToLists } from './rules';
import { useMutation } from './useMutation';
import { useRoute } from './useRoute';
import { useUpload } from './useUpload';

function wrapperFor(client: MockClient) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return <MockApiProvider client={client}>{children}</MockApiProvider>;
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ApiProvider', () => {
  it('given no provider, when useApiClient is used, then it says where to put one', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useApiClient())).toThrow('useApiClient must be used inside <ApiProvider');
  });

  it('given a provider, then the hooks get its client', () => {
    const client = createMockClient();
    const { result } = renderHook(() => useApiClient(), {
      wrapper: ({ children }) => <ApiProvider client={client}>{children}</ApiProvider>,
    });
    expect(result.current).toBe(client);
  });
});

describe('useRoute and the named hooks (SPEC.md §4)', () => {
  it('given nothing cached, when the hook mounts, then it goes not loaded -> refreshing -> loaded with the response', async () => {
    const client = createMockClient({ latency: 5 });
    const { result } = renderHook(() => useUserDetails(), { wrapper: wrapperFor(client) });
    expect(['not loaded', 'refreshing']).toContain(result.current.state);
    await waitFor(() => expect(result.current.state).toBe('loaded'));
    expect(result.current.data).toEqual(client.mock.fixtures.currentUser);
    expect(client.mock.callsTo('userDetails')).toHaveLength(1);
  });

  it('given the resource is loaded, when loaded again without force, then no call is made; with force, it reloads', async () => {
    const client = createMockClient();
    const { result } = renderHook(() => ({ a: useUserDetails(), b: useUserDetails() }), {
      wrapper: wrapperFor(client),
    });
    await waitFor(() => expect(result.current.a.state).toBe('loaded'));
    expect(client.mock.callsTo('userDetails')).toHaveLength(1);
    await act(() => result.current.a.load());
    expect(client.mock.callsTo('userDetails')).toHaveLength(1);
    client.mock.set('userDetails', () => ({ ...client.mock.fixtures.users.therapist }));
    await act(() => result.current.a.reload());
    expect(client.mock.callsTo('userDetails')).toHaveLength(2);
    await waitFor(() => expect(result.current.b.data?.role).toBe('Therapist'));
  });

  it('given a refresh in progress, when a load is asked for (even forced), then it is skipped', async () => {
    const client = createMockClient({ latency: 30 });
    const { result } = renderHook(() => useUserDetails(), { wrapper: wrapperFor(client) });
    await waitFor(() => expect(result.current.state).toBe('refreshing'));
    await act(() => result.current.load(true));
    await waitFor(() => expect(result.current.state).toBe('loaded'));
    expect(client.mock.callsTo('userDetails')).toHaveLength(1);
  });

  it('given a load fails, then it is logged, the cache entry is cleared, nothing is retried and no message is raised', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const client = createMockClient();
    const { result } = renderHook(() => useUserDetails(), { wrapper: wrapperFor(client) });
    await waitFor(() => expect(result.current.state).toBe('loaded'));
    client.mock.set('userDetails', {
      error: { status: 500, message: 'Failed to fetch /api/user-details. Status: 500' },
    });
    await act(async () => {
      await result.current.reload().catch(() => undefined);
    });
    await waitFor(() => expect(logged).toHaveBeenCalled());
    await waitFor(() => expect(result.current.data).toBeUndefined());
    expect(result.current.state).toBe('not loaded');
    expect(logged.mock.calls[0]?.[2]).toBeInstanceOf(ApiError);
    expect(client.mock.callsTo('userDetails')).toHaveLength(2);
  });

  it('given therapist ids, then each id is cached on its own and an id that is not a positive number loads nothing', async () => {
    const client = createMockClient();
    const { result } = renderHook(
      () => ({
        two: useTherapist(2),
        again: useTherapist(2),
        three: useTherapist(3),
        none: useTherapist(0),
        nan: useTherapist(Number.NaN),
        missing: useTherapist(null),
      }),
      { wrapper: wrapperFor(client) },
    );
    await waitFor(() => expect(result.current.three.state).toBe('loaded'));
    await waitFor(() => expect(result.current.two.state).toBe('loaded'));
    expect(result.current.two.data?.id).toBe(2);
    expect(result.current.again.data?.id).toBe(2);
    expect(result.current.three.data?.id).toBe(3);
    expect(
      client.mock
        .callsTo('therapistRetrieve')
        .map((c) => c.path)
        .sort(),
    ).toEqual(['/api/therapist/retrieve/2', '/api/therapist/retrieve/3']);
    expect(result.current.none.state).toBe('not loaded');
    expect(result.current.nan.key).toBeNull();
    expect(result.current.missing.key).toBeNull();
  });

  it('given a cached members list, when a single therapist answers 404, then that item is removed from every cached list', async () => {
    const client = createMockClient();
    client.mock.set('therapistRetrieve', () => null);
    const { result } = renderHook(
      () => {
        const members = useMembers();
        const therapist = useTherapist(members.data ? 2 : null);
        return { members, therapist };
      },
      { wrapper: wrapperFor(client) },
    );
    await waitFor(() => expect(result.current.therapist.state).toBe('loaded'));
    expect(result.current.therapist.data).toBeNull();
    await waitFor(() => expect(result.current.members.data?.items.map((m) => m.id)).toEqual([1, 3]));
  });

  it('given a hook held with null input, then nothing loads until an input is given', async () => {
    const client = createMockClient();
    const { result, rerender } = renderHook(
      ({ id }: { id: number | null }) => useRoute('therapistRetrieve', id ? { params: { id } } : null),
      {
        wrapper: wrapperFor(client),
        initialProps: { id: null as number | null },
      },
    );
    expect(result.current.state).toBe('not loaded');
    expect(client.mock.calls).toHaveLength(0);
    rerender({ id: 1 });
    await waitFor(() => expect(result.current.data?.id).toBe(1));
  });
});

describe('useClientRoute (SPEC.md §5 client id rule)', () => {
  it('given a client id that is not a finite number greater than 0, then nothing loads; given a valid one, it loads', async () => {
    const client = createMockClient();
    const startProps: { id: unknown } = { id: 0 };
    const { result, rerender } = renderHook(
      ({ id }: { id: unknown }) =>
        useClientRoute('therapistRetrieve', id, (clientId) => ({ params: { id: clientId } })),
      { wrapper: wrapperFor(client), initialProps: startProps },
    );
    for (const id of [0, -3, Number.NaN, Infinity, '2', null, undefined]) {
      rerender({ id });
      expect(result.current.key).toBeNull();
    }
    expect(client.mock.calls).toHaveLength(0);
    rerender({ id: 2 });
    await waitFor(() => expect(result.current.data?.id).toBe(2));
  });
});

describe('count and onboarding hooks', () => {
  it('given the unread count, then count is 0 until loaded, then the number; and 0 again after a failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const client = createMockClient({ latency: 5 });
    const { result } = renderHook(() => useNotificationsCount(), { wrapper: wrapperFor(client) });
    expect(result.current.count).toBe(0);
    await waitFor(() => expect(result.current.count).toBe(2));
    client.mock.set('notificationsCount', { error: { status: 500, message: 'x' } });
    await act(async () => {
      await result.current.reload();
    });
    await waitFor(() => expect(result.current.count).toBe(0));
  });

  it('given the onboarding status, then "not started" is not onboarded, another status is, and a failure is a logged warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const client = createMockClient();
    const { result } = renderHook(() => useOnboardingStatus(), { wrapper: wrapperFor(client) });
    await waitFor(() => expect(result.current.state).toBe('loaded'));
    expect(result.current.onboarded).toBe(false);
    client.mock.set('onlinePaymentsOnboardingStatus', () => ({ status: 'complete' }));
    await act(async () => {
      await result.current.reload();
    });
    await waitFor(() => expect(result.current.onboarded).toBe(true));
    client.mock.set('onlinePaymentsOnboardingStatus', { error: { status: 502, message: 'x' } });
    await act(async () => {
      await result.current.reload();
    });
    await waitFor(() => expect(result.current.onboarded).toBe(false));
    expect(warn).toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });
});

describe('useMutation', () => {
  it("given a successful write, then the answer is returned, lists get it first, its domain's reads reload in place and onSuccess runs", async () => {
    const client = createMockClient();
    const invited = {
      id: 99,
      email: 'new@halcyon.test',
      role: 'Therapist' as const,
      status: 'waiting' as const,
      invitedBy: 'Amara Okafor',
      createdAt: '2026-11-24T00:00:00Z',
      expiresAt: '2026-12-01T00:00:00Z',
    };
    client.mock.set('inviteMember', () => invited);
    const onSuccess = vi.fn();
    const shown: boolean[] = [];
    const { result } = renderHook(
      () => {
        const members = useMembers();
        if (members.state !== 'not loaded' || shown.length) shown.push(members.data !== undefined);
        return {
          members,
          practice: useRoute('getPractice'),
          invite: useMutation('inviteMember', { prependTo: ['listMembers'], onSuccess }),
        };
      },
      { wrapper: wrapperFor(client) },
    );
    await waitFor(() => expect(result.current.members.state).toBe('loaded'));
    await waitFor(() => expect(result.current.practice.state).toBe('loaded'));
    let answer: unknown;
    await act(async () => {
      answer = await result.current.invite.trigger({ body: { email: 'new@halcyon.test', role: 'Therapist' } });
    });
    expect(answer).toEqual(invited);
    expect(onSuccess).toHaveBeenCalledWith(invited);
    // The members (users domain) reloaded once, without leaving the screen empty; the practice (another domain) did not.
    expect(client.mock.callsTo('listMembers')).toHaveLength(2);
    expect(shown.slice(shown.indexOf(true))).not.toContain(false);
    expect(client.mock.callsTo('getPractice')).toHaveLength(1);
    expect(result.current.invite.isMutating).toBe(false);
  });

  it('given a failing write, then it rejects with the ApiError and exposes it', async () => {
    const client = createMockClient();
    client.mock.set('inviteMember', { error: { status: 409, message: 'Already a member.' } });
    const { result } = renderHook(() => useMutation('inviteMember'), { wrapper: wrapperFor(client) });
    await act(async () => {
      await expect(result.current.trigger({ body: { email: 'a@b.test', role: 'Admin' } })).rejects.toMatchObject({
        status: 409,
        message: 'Already a member.',
      });
    });
    expect(result.current.error).toBeInstanceOf(ApiError);
  });

  it('given a body that breaks the schema, then it rejects with 400 field errors and nothing is sent', async () => {
    const client = createMockClient();
    const handler = vi.fn(() => null);
    client.mock.set('inviteMember', handler);
    const { result } = renderHook(() => useMutation('inviteMember'), { wrapper: wrapperFor(client) });
    await act(async () => {
      await expect(result.current.trigger({ body: { email: 'not-an-email', role: 'Admin' } })).rejects.toMatchObject({
        status: 400,
        fieldErrors: { email: 'Enter a valid e-mail address.' },
      });
    });
    expect(handler).not.toHaveBeenCalled();
  });
});

describe('invalidateRoutes', () => {
  it('given a shown entry and one no hook shows, then the shown one reloads in place and the other is dropped until shown again', async () => {
    const client = createMockClient();
    const initialProps: { therapistId: number | null } = { therapistId: 2 };
    const { result, rerender } = renderHook(
      ({ therapistId }: { therapistId: number | null }) => ({
        members: useMembers(),
        therapist: useTherapist(therapistId),
        config: useSWRConfig(),
      }),
      { wrapper: wrapperFor(client), initialProps },
    );
    await waitFor(() => expect(result.current.therapist.state).toBe('loaded'));
    await waitFor(() => expect(result.current.members.state).toBe('loaded'));
    rerender({ therapistId: null });
    await act(() => invalidateRoutes(result.current.config, ['listMembers', 'therapistRetrieve']));
    expect(client.mock.callsTo('listMembers')).toHaveLength(2);
    expect(result.current.members.data?.items).toHaveLength(3);
    expect(client.mock.callsTo('therapistRetrieve')).toHaveLength(1);
    expect(result.current.config.cache.get(unstable_serialize(keys.therapist(2)))?.data).toBeUndefined();
    rerender({ therapistId: 2 });
    await waitFor(() => expect(result.current.therapist.state).toBe('loaded'));
    expect(client.mock.callsTo('therapistRetrieve')).toHaveLength(2);
  });
});

describe('prependToLists', () => {
  it('given several cached entries of a list route, then the new item goes to the front of each', async () => {
    const client = createMockClient();
    const { result } = renderHook(() => ({ members: useMembers(), config: useSWRConfig() }), {
      wrapper: wrapperFor(client),
    });
    await waitFor(() => expect(result.current.members.state).toBe('loaded'));
    await act(() =>
      prependToLists(
        result.current.config.mutate,
        { id: 50, firstName: 'New', lastName: 'Person', email: 'n@p.test', role: 'Assistant', status: 'active' },
        ['listMembers'],
      ),
    );
    expect(result.current.members.data?.items.map((m) => m.id)).toEqual([50, 1, 2, 3]);
    expect(keys.members()).toEqual(['listMembers']);
  });
});

describe('useUpload', () => {
  it('given a file, when uploaded, then progress reaches 1 and the stored file is answered', async () => {
    const client = createMockClient();
    const { result } = renderHook(() => useUpload<{ name: string }>('/api/files'), { wrapper: wrapperFor(client) });
    expect(result.current.progress).toBeNull();
    let stored: { name: string } | undefined;
    await act(async () => {
      stored = await result.current.upload(new File(['abc'], 'notes.txt'));
    });
    expect(stored?.name).toBe('notes.txt');
    expect(result.current.progress).toBe(1);
    expect(result.current.isUploading).toBe(false);
    expect(client.mock.calls.at(-1)).toMatchObject({ kind: 'upload', path: '/api/files' });
  });
});

describe('usePracticeToday', () => {
  it("given a practice in Auckland at 23:30 UTC, then today is Auckland's next day, not the browser's", async () => {
    vi.useFakeTimers({ now: new Date('2026-03-02T23:30:00Z'), toFake: ['Date'] });
    try {
      const client = createMockClient();
      client.mock.fixtures.practice.timeZone = 'Pacific/Auckland';
      const { result } = renderHook(() => usePracticeToday(), { wrapper: wrapperFor(client) });
      await waitFor(() => expect(result.current).toBe('2026-03-03'));
    } finally {
      vi.useRealTimers();
    }
  });
});
