import type { RouteName, Routes } from '../contract';
import { buildPath } from '../contract/route';
import { loadDomainRoutes, routeIndex, type RouteEntry } from '../contract/routeIndex';
import {
  ApiError,
  REFRESH_FAILED_MESSAGE,
  SESSION_EXPIRED_MESSAGE,
  downloadFailedMessage,
  fetchFailedMessage,
  invalidBodyError,
  isAbortError,
  uploadFailedMessage,
} from './errors';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY, createTokenStore, type TokenStorage } from './storage';
import type { ApiClient, CallArgs, CallExtras, RequestOptions, ResultOf, UploadOptions } from './types';

/** The part of the Web Locks API the client uses (`navigator.locks` satisfies it). */
export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export interface ApiClientOptions {
  /** Prefix of every path, e.g. `https://app.example` (default: same origin). */
  baseUrl?: string;
  /** Where the tokens live (`window.localStorage` in the browser). */
  storage: TokenStorage;
  /** The fetch to use (default: the global one). */
  fetch?: typeof fetch;
  /** Called once the session is over (refresh refused): the app goes to /login. */
  onUnauthenticated?: () => void;
  /** Web Locks for one refresh across tabs (default `navigator.locks` when present; `null` turns it off). */
  locks?: LockManagerLike | null;
  /** Builds an XMLHttpRequest for uploads with progress (default: the global one when present; `null` turns it off). */
  createXhr?: (() => XMLHttpRequest) | null;
}

/** The Web Locks name every tab refreshes under. */
export const REFRESH_LOCK_NAME = 'halcyon-token-refresh';
const REFRESH_PATH = '/api/refresh';

type Kind = 'json' | 'upload' | 'download';

interface SendOptions extends RequestOptions {
  kind: Kind;
  onProgress?: UploadOptions['onProgress'];
  /** The sign-out's own calls, which run while the session ends. */
  signingOut?: boolean;
}

/** What a call of a session that was signed out rejects with: an abort, which no one reports as a failure. */
function signedOutAbort(): DOMException {
  return new DOMException('The session was signed out.', 'AbortError');
}

function failureMessage(kind: Kind, path: string, status: number): string {
  if (kind === 'upload') return uploadFailedMessage(status);
  if (kind === 'download') return downloadFailedMessage(status);
  return fetchFailedMessage(path, status);
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams) ||
    body instanceof ArrayBuffer
  );
}

function scalarText(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** `?a=1&b=x&b=y` from a query object; undefined and null values are left out. */
export function buildQuery(query: Readonly<Record<string, unknown>> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item === undefined || item === null) continue;
      search.append(key, scalarText(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The tokens of a refresh answer (the refresh token is left out when it was not rotated), or null when malformed. */
function refreshedTokens(body: unknown): { access_token: string; refresh_token?: string } | null {
  if (!body || typeof body !== 'object') return null;
  const { access_token, refresh_token } = body as Record<string, unknown>;
  if (typeof access_token !== 'string') return null;
  if (refresh_token === undefined) return { access_token };
  return typeof refresh_token === 'string' ? { access_token, refresh_token } : null;
}

/** A route's request-body schema, from its domain's table (loaded on first use, so pages only pay for their domains). */
async function bodySchemaOf(name: string, route: RouteEntry) {
  const table = await loadDomainRoutes[route.domain]();
  return table[name]?.body;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  return JSON.parse(text) as unknown;
}

function defaultLocks(): LockManagerLike | null {
  const nav = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator;
  return nav?.locks && typeof nav.locks.request === 'function' ? nav.locks : null;
}

/**
 * The one HTTP client (SPEC.md §7-§8): bearer token from storage and cookies, JSON by default, a single-flight refresh
 * shared across tabs and one retry on 401, 404 as `null`, and every other failure as an `ApiError`.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const { storage, onUnauthenticated } = options;
  const baseUrl = (options.baseUrl ?? '').replace(/\/$/, '');
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const locks = options.locks === undefined ? defaultLocks() : options.locks;
  const createXhr =
    options.createXhr === undefined
      ? typeof XMLHttpRequest === 'undefined'
        ? null
        : () => new XMLHttpRequest()
      : options.createXhr;
  const tokens = createTokenStore(storage);
  let refreshing: Promise<string> | null = null;
  /** Aborted when this session is signed out, so the calls still in flight end quietly instead of as "expired". */
  let session = new AbortController();
  let signingOut = false;

  function expire(): never {
    tokens.clear();
    onUnauthenticated?.();
    throw new ApiError(401, SESSION_EXPIRED_MESSAGE);
  }

  /** One refresh: unless storage already holds a newer token than the one refused (another call or tab refreshed). */
  async function refreshOnce(failedToken: string): Promise<string> {
    const current = storage.getItem(ACCESS_TOKEN_KEY);
    if (current && current !== failedToken) return current;
    const refreshToken = storage.getItem(REFRESH_TOKEN_KEY);
    if (!refreshToken) expire();
    let response: Response;
    try {
      response = await fetchImpl(baseUrl + REFRESH_PATH, {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ refresh_token: refreshToken }),
      });
    } catch (cause) {
      throw new ApiError(401, REFRESH_FAILED_MESSAGE, { cause });
    }
    if (!response.ok) expire();
    const pair = refreshedTokens(await readBody(response).catch(() => null));
    if (!pair) expire();
    tokens.set(pair);
    return pair.access_token;
  }

  /** Concurrent 401s share one refresh in this tab; the Web Lock makes other tabs wait for it too. */
  function refreshAccessToken(failedToken: string): Promise<string> {
    refreshing ??= (
      locks ? locks.request(REFRESH_LOCK_NAME, () => refreshOnce(failedToken)) : refreshOnce(failedToken)
    ).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  function uploadWithProgress(url: string, init: RequestInit, send: SendOptions): Promise<Response> {
    return new Promise((resolve, reject) => {
      const xhr = createXhr!();
      xhr.open(init.method ?? 'POST', url);
      xhr.withCredentials = true;
      xhr.responseType = 'blob';
      for (const [name, value] of Object.entries((init.headers ?? {}) as Record<string, string>)) {
        xhr.setRequestHeader(name, value);
      }
      xhr.upload.onprogress = (event) => send.onProgress?.({ loaded: event.loaded, total: event.total });
      xhr.onload = () => {
        const status = xhr.status;
        const body = status === 204 || status === 205 || status === 304 ? null : (xhr.response as Blob | null);
        resolve(new Response(body, { status }));
      };
      xhr.onerror = () => reject(new TypeError('Network request failed'));
      xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
      send.signal?.addEventListener('abort', () => xhr.abort());
      xhr.send(init.body as XMLHttpRequestBodyInit);
    });
  }

  async function transmit(path: string, send: SendOptions, token: string | null): Promise<Response> {
    const headers: Record<string, string> = { ...send.headers };
    if (send.kind !== 'download') headers.Accept ??= 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (send.body !== undefined && send.body !== null) {
      if (isRawBody(send.body)) body = send.body;
      else {
        body = JSON.stringify(send.body);
        headers['Content-Type'] ??= 'application/json';
      }
    }
    const init: RequestInit = { method: send.method ?? 'GET', credentials: 'include', headers };
    if (body !== undefined) init.body = body;
    // A signed-in call also ends with its session (see logout).
    let signal = send.signal;
    if (token) signal = signal ? AbortSignal.any([signal, session.signal]) : session.signal;
    if (signal) init.signal = signal;
    try {
      if (send.kind === 'upload' && send.onProgress && createXhr) {
        return await uploadWithProgress(baseUrl + path, init, send);
      }
      return await fetchImpl(baseUrl + path, init);
    } catch (cause) {
      if (isAbortError(cause)) throw cause;
      throw new ApiError(0, failureMessage(send.kind, path, 0), { cause });
    }
  }

  async function fail(path: string, send: SendOptions, response: Response): Promise<never> {
    const body = await readBody(response).catch(() => null);
    const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    const detail = typeof record.detail === 'string' && record.detail ? record.detail : undefined;
    const fields =
      record.fields && typeof record.fields === 'object' ? (record.fields as Record<string, string>) : null;
    const message = send.kind === 'json' && detail ? detail : failureMessage(send.kind, path, response.status);
    throw new ApiError(response.status, message, {
      ...(detail ? { detail } : {}),
      ...(fields ? { fieldErrors: fields } : {}),
    });
  }

  async function send(path: string, options: SendOptions): Promise<unknown> {
    const auth = options.auth ?? true;
    let token: string | null = null;
    if (auth) {
      if (signingOut && !options.signingOut) throw signedOutAbort();
      token = storage.getItem(ACCESS_TOKEN_KEY);
      if (!token) throw new ApiError(401, SESSION_EXPIRED_MESSAGE);
    }
    const ended = session.signal;
    let response = await transmit(path, options, token);
    if (response.status === 401 && token) {
      // A call refused because its session was signed out meanwhile is over, not expired.
      if (ended.aborted) throw signedOutAbort();
      const fresh = await refreshAccessToken(token);
      response = await transmit(path, options, fresh);
    }
    if (response.status === 404 && options.kind === 'json') return null;
    if (!response.ok) return fail(path, options, response);
    try {
      return options.kind === 'download' ? await response.blob() : await readBody(response);
    } catch (cause) {
      // A body cut off by its aborted signal (a sign-out, a page left) ends quietly, like the request itself.
      if (isAbortError(cause)) throw cause;
      throw new ApiError(response.status, failureMessage(options.kind, path, response.status), { cause });
    }
  }

  function asFormData(file: Blob | FormData): FormData {
    if (file instanceof FormData) return file;
    const form = new FormData();
    form.append('file', file);
    return form;
  }

  const client: ApiClient = {
    tokens,

    async call<N extends RouteName>(name: N, ...args: CallArgs<Routes[N]>): Promise<ResultOf<N>> {
      const spec: RouteEntry = routeIndex[name];
      const input = (args[0] ?? {}) as { params?: unknown; query?: unknown; body?: unknown } & CallExtras;
      const extras: Pick<SendOptions, 'headers' | 'signal'> = {
        ...(input.headers ? { headers: { ...input.headers } } : {}),
        ...(input.signal ? { signal: input.signal } : {}),
      };
      const params = input.params as Record<string, string | number> | undefined;
      const path = buildPath(spec.path, params) + buildQuery(input.query as Record<string, unknown> | undefined);
      const auth = spec.access !== 'public';
      if (spec.multipart) {
        const body = asFormData(input.body as Blob | FormData);
        return (await send(path, { ...extras, kind: 'upload', method: spec.method, body, auth })) as ResultOf<N>;
      }
      if (spec.raw)
        return (await send(path, { ...extras, kind: 'download', method: spec.method, auth })) as ResultOf<N>;
      if (spec.body) {
        const parsed = (await bodySchemaOf(name, spec))?.safeParse(input.body);
        if (parsed && !parsed.success) throw invalidBodyError(parsed.error.issues);
      }
      return (await send(path, {
        ...extras,
        kind: 'json',
        method: spec.method,
        body: input.body,
        auth,
      })) as ResultOf<N>;
    },

    async request<T>(path: string, init: RequestOptions = {}) {
      return (await send(path, { ...init, kind: 'json' })) as T | null;
    },

    async upload<T>(path: string, file: Blob | FormData, upload: UploadOptions = {}) {
      const result = await send(path, {
        kind: 'upload',
        method: upload.method ?? 'POST',
        body: asFormData(file),
        ...(upload.signal ? { signal: upload.signal } : {}),
        ...(upload.onProgress ? { onProgress: upload.onProgress } : {}),
      });
      if (upload.onProgress && !createXhr) {
        const size = file instanceof Blob ? file.size : 1;
        upload.onProgress({ loaded: size, total: size });
      }
      return result as T;
    },

    async download(path, init = {}) {
      return (await send(path, { ...init, kind: 'download', method: 'GET' })) as Blob;
    },

    async logout() {
      const refreshToken = storage.getItem(REFRESH_TOKEN_KEY);
      // The calls still in flight end now, and no new call starts, so none of them is answered "Session expired".
      signingOut = true;
      session.abort(signedOutAbort());
      session = new AbortController();
      try {
        if (refreshToken && storage.getItem(ACCESS_TOKEN_KEY)) {
          const csrf = (await send(routeIndex.csrfToken.path, { kind: 'json', method: 'GET', signingOut: true })) as {
            csrfToken?: string;
          } | null;
          await send(routeIndex.logout.path, {
            kind: 'json',
            method: 'POST',
            auth: false,
            signingOut: true,
            headers: csrf?.csrfToken ? { 'X-CSRF-Token': csrf.csrfToken } : {},
            body: { refresh_token: refreshToken },
          });
        }
      } catch (error) {
        console.warn('Sign-out call failed; the tokens are cleared anyway.', error);
      } finally {
        tokens.clear();
        signingOut = false;
      }
    },
  };
  return client;
}
