import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { UserDetails } from '../contract';
import { loadDomainRoutes } from '../contract/routeIndex';
import { createApiClient, REFRESH_LOCK_NAME, type ApiClientOptions, type LockManagerLike } from './createApiClient';
import { ApiError, isAbortError, SESSION_EXPIRED_MESSAGE, uploadFailureSentence } from './errors';
import { createMemoryStorage, type TokenStorage } from './storage';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: RequestInit['body'];
  credentials: RequestInit['credentials'];
  signal: RequestInit['signal'];
}

type Answer = Response | (() => Response | Promise<Response>);

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const user: UserDetails = { id: 1, first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test', role: 'Admin' };

/** A 200 answer whose body sends its first bytes, then breaks off with `reason`. */
const brokenOffAnswer = (reason: Error) =>
  new Response(
    new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"id":'));
        controller.error(reason);
      },
    }),
    { status: 200, headers: { 'Content-Type': 'application/json' } },
  );

/** A fake fetch answering from a queue per "METHOD path"; records every request. */
function fakeServer(answers: Record<string, Answer[]>) {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init.method ?? 'GET';
    sent.push({
      url,
      method,
      headers: { ...(init.headers as Record<string, string>) },
      body: init.body,
      credentials: init.credentials,
      signal: init.signal,
    });
    const path = url.replace(/^https?:\/\/[^/]+/, '').replace(/\?.*$/, '');
    const queue = answers[`${method} ${path}`];
    const next = queue && queue.length > 1 ? queue.shift() : queue?.[0];
    if (!next) throw new Error(`unexpected ${method} ${path}`);
    return typeof next === 'function' ? next() : next.clone();
  });
  return {
    fetch: fetch as unknown as typeof globalThis.fetch,
    sent,
    calls: (key: string) => sent.filter((s) => `${s.method} ${s.url.replace(/\?.*$/, '')}` === key),
  };
}

function setup(answers: Record<string, Answer[]>, options: Partial<ApiClientOptions> = {}, tokens = true) {
  const server = fakeServer(answers);
  const storage: TokenStorage = createMemoryStorage(
    tokens ? { access_token: 'old-access', refresh_token: 'old-refresh' } : {},
  );
  const onUnauthenticated = vi.fn();
  const client = createApiClient({
    storage,
    fetch: server.fetch,
    onUnauthenticated,
    locks: null,
    createXhr: null,
    ...options,
  });
  return { client, storage, onUnauthenticated, ...server };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('createApiClient', () => {
  describe('given a stored access token', () => {
    it('when a route is called, then it sends the bearer token and cookies, asks for JSON and answers the JSON', async () => {
      const { client, sent } = setup({ 'GET /api/user-details': [json(200, user)] });
      const result = await client.call('userDetails');
      expect(result).toEqual(user);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({
        url: '/api/user-details',
        method: 'GET',
        credentials: 'include',
        headers: { Authorization: 'Bearer old-access', Accept: 'application/json' },
      });
    });

    it('when a route has params and a query, then they fill the path and the query string', async () => {
      const { client, sent } = setup({ 'GET /api/therapist/retrieve/7': [json(200, { id: 7 })] });
      await client.call('therapistRetrieve', { params: { id: 7 } });
      await client.request('/api/therapist/retrieve/7?x=1');
      expect(sent.map((s) => s.url)).toEqual(['/api/therapist/retrieve/7', '/api/therapist/retrieve/7?x=1']);
    });

    it('when a body is sent, then it goes as JSON with a JSON content type', async () => {
      const { client, sent } = setup({ 'PATCH /api/practice': [json(200, { id: 1 })] });
      await client.call('updatePractice', { body: { name: 'Calm Practice' } });
      expect(sent[0]?.headers['Content-Type']).toBe('application/json');
      expect(JSON.parse(sent[0]?.body as string)).toEqual({ name: 'Calm Practice' });
    });

    it('when extra headers are given to a call, then they are sent with it (e.g. X-CSRF-Token)', async () => {
      const { client, sent } = setup({ 'POST /api/notifications/mark-as-read/4': [json(200, { id: 4 })] });
      await client.call('markNotificationRead', {
        params: { id: 4 },
        body: { read: true },
        headers: { 'X-CSRF-Token': 'c1' },
      });
      expect(sent[0]?.headers).toMatchObject({ 'X-CSRF-Token': 'c1', Authorization: 'Bearer old-access' });
    });

    it('when a baseUrl is given, then every path is prefixed with it', async () => {
      const { client, sent } = setup({ 'GET /api/user-details': [json(200, user)] }, { baseUrl: 'https://api.test/' });
      await client.call('userDetails');
      expect(sent[0]?.url).toBe('https://api.test/api/user-details');
    });

    it('when the server answers 204 or an empty body, then the call answers null', async () => {
      const { client } = setup({ 'POST /api/auth/sign-out-everywhere': [new Response(null, { status: 204 })] });
      await expect(client.call('signOutEverywhere')).resolves.toBeNull();
    });
  });

  describe('given no stored access token', () => {
    it('when a guarded route is called, then it fails locally with 401 "Session expired. Please log in again." and no network call', async () => {
      const { client, fetch } = setup({}, {}, false);
      const error = await rejection(client.call('userDetails'));
      expect(error.status).toBe(401);
      expect(error.message).toBe('Session expired. Please log in again.');
      expect(fetch).not.toHaveBeenCalled();
      await rejection(client.request('/api/anything'));
      await rejection(client.download('/api/files/x'));
      await rejection(client.upload('/api/files', new Blob(['x'])));
      expect(fetch).not.toHaveBeenCalled();
    });

    it('when a public route is called, then it is sent without a token', async () => {
      const { client, sent } = setup(
        { 'POST /api/auth/login': [json(200, { access_token: 'a', refresh_token: 'r' })] },
        {},
        false,
      );
      await expect(client.call('login', { body: { email: 'ada@example.test', password: 'pw' } })).resolves.toEqual({
        access_token: 'a',
        refresh_token: 'r',
      });
      expect(sent[0]?.headers.Authorization).toBeUndefined();
    });
  });

  describe('given the access token has expired (401)', () => {
    it('when the refresh succeeds, then it POSTs /api/refresh with {refresh_token}, stores both rotated tokens and retries once with the new token', async () => {
      const { client, sent, storage } = setup({
        'GET /api/user-details': [json(401, { detail: 'expired' }), json(200, user)],
        'POST /api/refresh': [json(200, { access_token: 'new-access', refresh_token: 'new-refresh' })],
      });
      await expect(client.call('userDetails')).resolves.toEqual(user);
      expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
        'GET /api/user-details',
        'POST /api/refresh',
        'GET /api/user-details',
      ]);
      expect(sent[1]).toMatchObject({ credentials: 'include', headers: { 'Content-Type': 'application/json' } });
      expect(JSON.parse(sent[1]?.body as string)).toEqual({ refresh_token: 'old-refresh' });
      expect(sent[2]?.headers.Authorization).toBe('Bearer new-access');
      expect(storage.getItem('access_token')).toBe('new-access');
      expect(storage.getItem('refresh_token')).toBe('new-refresh');
    });

    it('when the retry is refused again, then there is no second refresh and the error is raised', async () => {
      const { client, calls } = setup({
        'GET /api/user-details': [json(401, { detail: 'Still not allowed.' })],
        'POST /api/refresh': [json(200, { access_token: 'new-access', refresh_token: 'new-refresh' })],
      });
      const error = await rejection(client.call('userDetails'));
      expect(error).toMatchObject({ status: 401, message: 'Still not allowed.' });
      expect(calls('POST /api/refresh')).toHaveLength(1);
      expect(calls('GET /api/user-details')).toHaveLength(2);
    });

    it('when the refresh is answered non-2xx, then tokens are cleared, onUnauthenticated is called and the error is "Session expired. Please log in again."', async () => {
      const { client, storage, onUnauthenticated, calls } = setup({
        'GET /api/user-details': [json(401)],
        'POST /api/refresh': [json(401, { detail: 'Refresh token revoked.' })],
      });
      const error = await rejection(client.call('userDetails'));
      expect(error).toMatchObject({ status: 401, message: 'Session expired. Please log in again.' });
      expect(storage.getItem('access_token')).toBeNull();
      expect(storage.getItem('refresh_token')).toBeNull();
      expect(onUnauthenticated).toHaveBeenCalledTimes(1);
      expect(calls('GET /api/user-details')).toHaveLength(1);
    });

    it('when no refresh token is stored, then the session ends the same way without a refresh call', async () => {
      const { client, storage, onUnauthenticated, calls } = setup({ 'GET /api/user-details': [json(401)] });
      storage.removeItem('refresh_token');
      const error = await rejection(client.call('userDetails'));
      expect(error.message).toBe('Session expired. Please log in again.');
      expect(onUnauthenticated).toHaveBeenCalledTimes(1);
      expect(calls('POST /api/refresh')).toHaveLength(0);
    });

    it('when the refresh call itself throws, then the error is "Failed to refresh session. Please log in again."', async () => {
      const { client, storage } = setup({
        'GET /api/user-details': [json(401)],
        'POST /api/refresh': [
          () => {
            throw new TypeError('network down');
          },
        ],
      });
      const error = await rejection(client.call('userDetails'));
      expect(error.message).toBe('Failed to refresh session. Please log in again.');
      expect(storage.getItem('refresh_token')).toBe('old-refresh');
    });

    it('when several calls get 401 at once, then they share ONE refresh and each retries with the new token', async () => {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const { client, calls } = setup({
        'GET /api/user-details': [json(401), json(401), json(401), json(200, user)],
        'POST /api/refresh': [
          async () => {
            await gate;
            return json(200, { access_token: 'new-access', refresh_token: 'new-refresh' });
          },
        ],
      });
      const all = Promise.all([client.call('userDetails'), client.call('userDetails'), client.call('userDetails')]);
      await vi.waitFor(() => expect(calls('POST /api/refresh')).toHaveLength(1));
      release();
      await expect(all).resolves.toEqual([user, user, user]);
      expect(calls('POST /api/refresh')).toHaveLength(1);
      const retries = calls('GET /api/user-details').slice(3);
      expect(retries.map((r) => r.headers.Authorization)).toEqual(Array(3).fill('Bearer new-access'));
    });

    it('when a 401 arrives after another call already refreshed, then the stored newer token is used without refreshing again', async () => {
      const { client, storage, calls } = setup({ 'GET /api/user-details': [json(401), json(200, user)] });
      const pending = client.call('userDetails');
      storage.setItem('access_token', 'refreshed-elsewhere');
      await expect(pending).resolves.toEqual(user);
      expect(calls('POST /api/refresh')).toHaveLength(0);
      expect(calls('GET /api/user-details')[1]?.headers.Authorization).toBe('Bearer refreshed-elsewhere');
    });
  });

  describe('given the Web Locks API', () => {
    it('when a refresh is needed, then it runs inside the shared lock', async () => {
      const names: string[] = [];
      const locks: LockManagerLike = {
        request: (name, callback) => {
          names.push(name);
          return callback();
        },
      };
      const { client } = setup(
        {
          'GET /api/user-details': [json(401), json(200, user)],
          'POST /api/refresh': [json(200, { access_token: 'new-access', refresh_token: 'new-refresh' })],
        },
        { locks },
      );
      await client.call('userDetails');
      expect(names).toEqual([REFRESH_LOCK_NAME]);
    });

    it('when another tab refreshed while this one waited for the lock, then the newer stored token is used and no second refresh is made', async () => {
      const storageRef: { current?: TokenStorage } = {};
      const locks: LockManagerLike = {
        request: async (_name, callback) => {
          // The other tab held the lock and rotated the tokens in the shared storage.
          storageRef.current?.setItem('access_token', 'other-tab-access');
          storageRef.current?.setItem('refresh_token', 'other-tab-refresh');
          return callback();
        },
      };
      const { client, storage, calls } = setup({ 'GET /api/user-details': [json(401), json(200, user)] }, { locks });
      storageRef.current = storage;
      await expect(client.call('userDetails')).resolves.toEqual(user);
      expect(calls('POST /api/refresh')).toHaveLength(0);
      expect(calls('GET /api/user-details')[1]?.headers.Authorization).toBe('Bearer other-tab-access');
    });

    it('when navigator.locks exists and no locks option is given, then it is used by default', async () => {
      const request = vi.fn((_name: string, callback: () => Promise<unknown>) => callback());
      vi.stubGlobal('navigator', { locks: { request } });
      try {
        const { client } = setup(
          {
            'GET /api/user-details': [json(401), json(200, user)],
            'POST /api/refresh': [json(200, { access_token: 'new-access', refresh_token: 'new-refresh' })],
          },
          { locks: undefined },
        );
        await client.call('userDetails');
        expect(request).toHaveBeenCalledWith(REFRESH_LOCK_NAME, expect.any(Function));
      } finally {
        vi.unstubAllGlobals();
      }
    });
  });

  describe('given a failed call', () => {
    it('when the server answers 404, then the call answers null', async () => {
      const { client } = setup({ 'GET /api/therapist/retrieve/9': [json(404, { detail: 'Not found' })] });
      await expect(client.call('therapistRetrieve', { params: { id: 9 } })).resolves.toBeNull();
      await expect(client.request('/api/therapist/retrieve/9')).resolves.toBeNull();
    });

    it('when the server sends a detail, then the ApiError carries the status, the detail and the per-field errors', async () => {
      const { client } = setup({
        'PATCH /api/practice': [json(409, { detail: 'That name is taken.', fields: { name: 'Choose another name.' } })],
      });
      const error = await rejection(client.call('updatePractice', { body: { name: 'Taken' } }));
      expect(error).toMatchObject({
        status: 409,
        message: 'That name is taken.',
        fieldErrors: { name: 'Choose another name.' },
      });
    });

    it('when the server sends no detail, then the message is "Failed to fetch {path}. Status: {code}"', async () => {
      const { client } = setup({
        'GET /api/user-details': [new Response('<html>oops</html>', { status: 500 })],
        'GET /api/practice': [json(503, {})],
      });
      expect((await rejection(client.call('userDetails'))).message).toBe(
        'Failed to fetch /api/user-details. Status: 500',
      );
      expect((await rejection(client.request('/api/practice'))).message).toBe(
        'Failed to fetch /api/practice. Status: 503',
      );
    });

    it('when the network fails, then the ApiError has status 0 and the fetch message', async () => {
      const { client } = setup({
        'GET /api/user-details': [
          () => {
            throw new TypeError('Failed to fetch');
          },
        ],
      });
      const error = await rejection(client.call('userDetails'));
      expect(error).toMatchObject({ status: 0, message: 'Failed to fetch /api/user-details. Status: 0' });
    });
  });

  describe('given a request body that breaks the route schema', () => {
    it('when the route is called, then it fails with 400 and per-field errors before any network call', async () => {
      const { client, fetch } = setup({});
      const error = await rejection(client.call('updatePractice', { body: { idleTimeoutMinutes: 1 } }));
      expect(error.status).toBe(400);
      expect(error.fieldErrors).toEqual({ idleTimeoutMinutes: 'Use at least 15 minutes.' });
      expect(error.message).toBe('Please check the request. idleTimeoutMinutes: Use at least 15 minutes.');
      expect(fetch).not.toHaveBeenCalled();
    });
  });

  describe("given the contract's domains", () => {
    it("when a route without a body is called, then no domain's schemas are loaded; with a body, only its own domain's", async () => {
      const loaders = loadDomainRoutes as Record<keyof typeof loadDomainRoutes, () => Promise<unknown>>;
      const practice = vi.spyOn(loaders, 'practice');
      const clients = vi.spyOn(loaders, 'clients');
      const { client } = setup({
        'GET /api/practice': [json(200, { id: 1 })],
        'PATCH /api/practice': [json(200, { id: 1 })],
      });
      await client.call('getPractice');
      expect(practice).not.toHaveBeenCalled();
      await client.call('updatePractice', { body: { idleTimeoutMinutes: 30 } });
      expect(practice).toHaveBeenCalledTimes(1);
      expect(clients).not.toHaveBeenCalled();
      vi.restoreAllMocks();
    });
  });

  describe('upload', () => {
    it('when a file is uploaded, then it goes as multipart form data (field "file") with the token, and the JSON reply is answered', async () => {
      const stored = { id: 'f1', name: 'a.txt', size: 1, type: 'text/plain' };
      const { client, sent } = setup({ 'POST /api/files': [json(201, stored)] });
      const file = new File(['a'], 'a.txt', { type: 'text/plain' });
      await expect(client.upload('/api/files', file)).resolves.toEqual(stored);
      const body = sent[0]?.body;
      expect(body).toBeInstanceOf(FormData);
      expect((body as FormData).get('file')).toBeInstanceOf(Blob);
      expect(sent[0]?.headers['Content-Type']).toBeUndefined();
      expect(sent[0]?.headers.Authorization).toBe('Bearer old-access');
      await expect(client.call('uploadFile', { body: file })).resolves.toEqual(stored);
    });

    it('when the upload fails, then the message is "Failed to upload file. Status: {code}"', async () => {
      const { client } = setup({ 'POST /api/files': [json(413, { detail: 'Too large.' })] });
      const error = await rejection(client.upload('/api/files', new Blob(['x'])));
      expect(error).toMatchObject({ status: 413, message: 'Failed to upload file. Status: 413', detail: 'Too large.' });
      expect((await rejection(client.call('uploadFile', { body: new Blob(['x']) }))).message).toBe(
        'Failed to upload file. Status: 413',
      );
    });

    it('when the upload fails, then the sentence a person reads adds the server’s reason to SPEC.md’s message', async () => {
      const { client } = setup({ 'POST /api/files': [json(413, { detail: 'Too large.' }), json(500, {})] });
      const refused = await rejection(client.upload('/api/files', new Blob(['x'])));
      expect(uploadFailureSentence(refused)).toBe('Failed to upload file. Status: 413 Too large.');
      const failed = await rejection(client.upload('/api/files', new Blob(['x'])));
      expect(uploadFailureSentence(failed)).toBe('Failed to upload file. Status: 500');
      expect(uploadFailureSentence(new TypeError('offline'))).toBe('The upload failed.');
    });

    it('when the upload gets 401, then it refreshes and retries like any call', async () => {
      const { client, calls } = setup({
        'POST /api/files': [json(401), json(201, { id: 'f1' })],
        'POST /api/refresh': [json(200, { access_token: 'new-access', refresh_token: 'new-refresh' })],
      });
      await expect(client.upload('/api/files', new Blob(['x']))).resolves.toEqual({ id: 'f1' });
      expect(calls('POST /api/files')[1]?.headers.Authorization).toBe('Bearer new-access');
    });

    it('when progress is asked for, then it is reported from the XMLHttpRequest upload events', async () => {
      const progress: { loaded: number; total: number }[] = [];
      class FakeXhr {
        status = 0;
        response: Blob | null = null;
        withCredentials = false;
        responseType = '';
        headers: Record<string, string> = {};
        upload: { onprogress: ((e: { loaded: number; total: number }) => void) | null } = { onprogress: null };
        onload: (() => void) | null = null;
        onerror: (() => void) | null = null;
        onabort: (() => void) | null = null;
        open = vi.fn();
        abort = vi.fn();
        setRequestHeader(name: string, value: string) {
          this.headers[name] = value;
        }
        send() {
          this.upload.onprogress?.({ loaded: 5, total: 10 });
          this.upload.onprogress?.({ loaded: 10, total: 10 });
          this.status = 201;
          this.response = new Blob([JSON.stringify({ id: 'f1' })]);
          this.onload?.();
        }
      }
      const xhr = new FakeXhr();
      const { client, fetch } = setup({}, { createXhr: () => xhr as unknown as XMLHttpRequest });
      const result = await client.upload('/api/files', new Blob(['0123456789']), {
        onProgress: (p) => progress.push(p),
      });
      expect(result).toEqual({ id: 'f1' });
      expect(progress).toEqual([
        { loaded: 5, total: 10 },
        { loaded: 10, total: 10 },
      ]);
      expect(xhr.open).toHaveBeenCalledWith('POST', '/api/files');
      expect(xhr.withCredentials).toBe(true);
      expect(xhr.headers.Authorization).toBe('Bearer old-access');
      expect(fetch).not.toHaveBeenCalled();
    });
  });

  describe('download', () => {
    it('when a file is downloaded, then it answers a Blob', async () => {
      const { client, sent } = setup({ 'GET /api/files/abc': [new Response('file-bytes', { status: 200 })] });
      const blob = await client.download('/api/files/abc');
      expect(blob).toBeInstanceOf(Blob);
      expect(await blob.text()).toBe('file-bytes');
      expect(sent[0]?.headers.Authorization).toBe('Bearer old-access');
    });

    it('when the download fails (404 included), then the message is "Failed to retrieve file. Status: {code}"', async () => {
      const { client } = setup({ 'GET /api/files/abc': [json(404, { detail: 'Not found' })] });
      const error = await rejection(client.download('/api/files/abc'));
      expect(error).toMatchObject({ status: 404, message: 'Failed to retrieve file. Status: 404' });
      const id = '6f1c1f3e-8a2b-4c5d-9e7f-0a1b2c3d4e5f';
      const viaRoute = setup({ [`GET /api/files/${id}`]: [json(500)] });
      expect((await rejection(viaRoute.client.call('downloadFile', { params: { id } }))).message).toBe(
        'Failed to retrieve file. Status: 500',
      );
    });
  });

  describe('tokens and logout', () => {
    it('when tokens are set, read and cleared, then storage keys access_token and refresh_token follow', () => {
      const { client, storage } = setup({}, {}, false);
      client.tokens.set({ access_token: 'a', refresh_token: 'r' });
      expect(storage.getItem('access_token')).toBe('a');
      expect(client.tokens.get()).toEqual({ access_token: 'a', refresh_token: 'r' });
      client.tokens.clear();
      expect(client.tokens.get()).toEqual({ access_token: null, refresh_token: null });
    });

    it('when logging out, then it fetches the CSRF token, POSTs /api/logout with X-CSRF-Token and {refresh_token}, and clears the tokens', async () => {
      const { client, sent, storage } = setup({
        'GET /api/auth/csrf-token': [json(200, { csrfToken: 'csrf-1' })],
        'POST /api/logout': [json(200, { detail: 'Signed out.' })],
      });
      await client.logout();
      expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual(['GET /api/auth/csrf-token', 'POST /api/logout']);
      expect(sent[0]?.headers.Authorization).toBe('Bearer old-access');
      expect(sent[1]?.headers['X-CSRF-Token']).toBe('csrf-1');
      expect(JSON.parse(sent[1]?.body as string)).toEqual({ refresh_token: 'old-refresh' });
      expect(storage.getItem('access_token')).toBeNull();
      expect(storage.getItem('refresh_token')).toBeNull();
    });

    it('when a call is in flight as the person signs out, then it is aborted and ends quietly: no refresh, no "Session expired"', async () => {
      let answerLate: (response: Response) => void = () => undefined;
      const late = new Promise<Response>((resolve) => (answerLate = resolve));
      const { client, sent, calls, onUnauthenticated } = setup({
        'GET /api/user-details': [() => late],
        'GET /api/auth/csrf-token': [json(200, { csrfToken: 'csrf-1' })],
        'POST /api/logout': [json(200, { detail: 'Signed out.' })],
      });
      const load = client.call('userDetails').catch((e: unknown) => e);
      await vi.waitFor(() => expect(calls('GET /api/user-details')).toHaveLength(1));
      await client.logout();
      expect(sent[0]?.signal?.aborted).toBe(true);
      // The server, which revoked the session, refuses the call that was already on its way.
      answerLate(json(401));
      const error = await load;
      expect(error).toBeInstanceOf(DOMException);
      expect((error as DOMException).name).toBe('AbortError');
      expect(isAbortError(error)).toBe(true);
      expect(calls('POST /api/refresh')).toHaveLength(0);
      expect(onUnauthenticated).not.toHaveBeenCalled();
      // The sign-out's own calls were not aborted.
      expect(calls('GET /api/auth/csrf-token')[0]?.signal?.aborted).toBe(false);
      expect(calls('POST /api/logout')).toHaveLength(1);
    });

    it('when the sign-out cuts off an answer whose body is still arriving, then the call ends quietly, not as "Failed to fetch ... Status: 200"', async () => {
      const { client } = setup({
        'GET /api/user-details': [() => brokenOffAnswer(new DOMException('The operation was aborted.', 'AbortError'))],
      });
      const error = await client.call('userDetails').catch((e: unknown) => e);
      expect(isAbortError(error)).toBe(true);
      expect(error).not.toBeInstanceOf(ApiError);
    });

    it('when an answer with status 200 breaks off for another reason, then it is an ApiError naming the path', async () => {
      const { client } = setup({
        'GET /api/user-details': [() => brokenOffAnswer(new TypeError('network error'))],
      });
      const error = await rejection(client.call('userDetails'));
      expect(error).toMatchObject({ status: 200, message: 'Failed to fetch /api/user-details. Status: 200' });
    });

    it('when a call starts while the sign-out is under way, then it is aborted before it is sent', async () => {
      let answerCsrf: (response: Response) => void = () => undefined;
      const { client, calls } = setup({
        'GET /api/auth/csrf-token': [() => new Promise<Response>((resolve) => (answerCsrf = resolve))],
        'POST /api/logout': [json(200, { detail: 'Signed out.' })],
        'GET /api/user-details': [json(200, user)],
      });
      const leaving = client.logout();
      await expect(client.call('userDetails')).rejects.toMatchObject({ name: 'AbortError' });
      answerCsrf(json(200, { csrfToken: 'csrf-1' }));
      await leaving;
      expect(calls('GET /api/user-details')).toHaveLength(0);
      // Signed out, a call is refused as any call without a token is.
      const after = await rejection(client.call('userDetails'));
      expect(after.message).toBe(SESSION_EXPIRED_MESSAGE);
    });

    it('when the logout call fails, then the tokens are cleared anyway and logout does not reject', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const { client, storage } = setup({ 'GET /api/auth/csrf-token': [json(500)] });
      await expect(client.logout()).resolves.toBeUndefined();
      expect(storage.getItem('access_token')).toBeNull();
      expect(warn).toHaveBeenCalled();
      warn.mockRestore();
    });
  });

  describe('types', () => {
    it('types inputs and results from the contract', () => {
      const { client } = setup({});
      expectTypeOf(client.call<'userDetails'>).returns.resolves.toEqualTypeOf<UserDetails | null>();
      expectTypeOf(client.call<'downloadFile'>).returns.resolves.toEqualTypeOf<Blob>();
      // @ts-expect-error params are required for a route with path parameters
      void client.call('therapistRetrieve').catch(() => undefined);
      // @ts-expect-error the body must match the schema
      void client.call('updatePractice', { body: { name: 3 } }).catch(() => undefined);
    });
  });
});
