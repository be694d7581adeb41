import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../client/errors';
import { createMockClient, MockApiProvider } from '../testing';
import { useMembers } from './hooks';
import { canRetry, LOAD_ERROR_MESSAGES, loadErrorMessage, queryView } from './queryView';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('queryView', () => {
  it('given a failed read that is not being retried, then it is an error, not a skeleton', () => {
    expect(queryView({ data: undefined, error: new ApiError(500, 'x') })).toBe('error');
    expect(queryView({ data: undefined, error: new ApiError(500, 'x'), isValidating: true })).toBe('loading');
    expect(queryView({ data: undefined, error: undefined })).toBe('loading');
  });

  it('given an answer, then empty lists, { items: [] } and a 404 are empty; anything else is ready', () => {
    expect(queryView({ data: [], error: undefined })).toBe('empty');
    expect(queryView({ data: { items: [], total: 0 }, error: undefined })).toBe('empty');
    expect(queryView({ data: null, error: undefined })).toBe('empty');
    expect(queryView({ data: [{ id: 1 }], error: undefined })).toBe('ready');
    expect(queryView({ data: { name: 'x' }, error: undefined })).toBe('ready');
  });

  it('given each kind of failure, then a person reads what happened, and Retry is offered only where it can help', () => {
    expect(loadErrorMessage(new ApiError(0, 'Failed to fetch /api/clients. Status: 0'))).toBe(
      LOAD_ERROR_MESSAGES.offline,
    );
    expect(loadErrorMessage(new TypeError('boom'))).toBe(LOAD_ERROR_MESSAGES.offline);
    expect(loadErrorMessage(new ApiError(500, 'x'))).toBe(LOAD_ERROR_MESSAGES.server);
    expect(loadErrorMessage(new ApiError(403, 'x'))).toBe(LOAD_ERROR_MESSAGES.forbidden);
    expect(canRetry(new ApiError(503, 'x'))).toBe(true);
    expect(canRetry(new ApiError(403, 'x'))).toBe(false);
  });
});

describe('useRoute view and retry', () => {
  it('given a read fails, when retry is called after the server is back, then it goes error -> loading -> ready', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const client = createMockClient({ latency: 5 });
    client.mock.set('listMembers', { error: { status: 503, message: 'Failed to fetch /api/members. Status: 503' } });
    const { result } = renderHook(() => useMembers(), {
      wrapper: ({ children }: { children: ReactNode }) => <MockApiProvider client={client}>{children}</MockApiProvider>,
    });
    await waitFor(() => expect(result.current.view).toBe('error'));
    expect(result.current.error).toBeInstanceOf(ApiError);

    client.mock.set('listMembers', () => ({ items: client.mock.fixtures.members }));
    let retried: Promise<unknown> = Promise.resolve();
    act(() => {
      retried = result.current.retry();
    });
    expect(result.current.view).toBe('loading');
    await act(async () => {
      await retried;
    });
    await waitFor(() => expect(result.current.view).toBe('ready'));
    expect(client.mock.callsTo('listMembers')).toHaveLength(2);
  });
});
