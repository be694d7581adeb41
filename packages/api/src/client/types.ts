import type { RouteName, Routes } from '../contract';
import type { RouteBody, RouteParams, RouteQuery, RouteResponse, RouteSpec } from '../contract/route';
import type { TokenStore } from './storage';

/** One part of a call's input: required when the schema has required keys, optional when not, absent without schema. */
type Part<K extends string, Schema, Value> = [Schema] extends [undefined]
  ? { readonly [P in K]?: undefined }
  : undefined extends Schema
    ? { readonly [P in K]?: undefined }
    : object extends Value
      ? { readonly [P in K]?: Value }
      : { readonly [P in K]: Value };

/** Per-call extras beside the route's input: extra headers (e.g. `X-CSRF-Token`) and an abort signal. */
export interface CallExtras {
  readonly headers?: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal;
}

/** What `client.call(name, input)` takes for a route: its params, query and body, typed from the contract schemas. */
export type RouteInput<R extends RouteSpec> = CallExtras &
  Part<'params', R['params'], RouteParams<R>> &
  Part<'query', R['query'], RouteQuery<R>> &
  (R['multipart'] extends true ? { readonly body: FormData | Blob } : Part<'body', R['body'], RouteBody<R>>);

/** What a call resolves to: the response (`null` on 404, SPEC.md §7), or a Blob for file downloads. */
export type RouteResult<R extends RouteSpec> = R['raw'] extends true ? Blob : RouteResponse<R> | null;

/** The arguments after the route name: the input may be left out when nothing in it is required. */
export type CallArgs<R extends RouteSpec> =
  object extends RouteInput<R> ? [input?: RouteInput<R>] : [input: RouteInput<R>];

export type InputOf<N extends RouteName> = RouteInput<Routes[N]>;
export type ResultOf<N extends RouteName> = RouteResult<Routes[N]>;
/** The response body of a route, without the `null` of a 404. */
export type DataOf<N extends RouteName> = NonNullable<ResultOf<N>>;

export interface RequestOptions {
  method?: string;
  /** A plain value is sent as JSON; FormData, Blob, URLSearchParams and strings are sent as they are. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Send the bearer token and refresh on 401 (default true). `false` for public routes. */
  auth?: boolean;
  signal?: AbortSignal;
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadOptions {
  method?: string;
  /** Called as the file is sent (needs XMLHttpRequest; without it, once at the end). */
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** The client every hook and test uses; `createMockClient` from `@halcyon/api/testing` has the same shape. */
export interface ApiClient {
  /** Calls one contract route by name, typed from its schemas. */
  call<N extends RouteName>(name: N, ...args: CallArgs<Routes[N]>): Promise<ResultOf<N>>;
  /** Any JSON call by path (relative to baseUrl), with the same token, refresh and error rules. */
  request<T = unknown>(path: string, init?: RequestOptions): Promise<T | null>;
  /** Sends a file as multipart/form-data (field `file`) and answers the JSON reply. */
  upload<T = unknown>(path: string, file: Blob | FormData, options?: UploadOptions): Promise<T>;
  /** Fetches a file as a Blob. */
  download(path: string, init?: Pick<RequestOptions, 'headers' | 'signal'>): Promise<Blob>;
  /** Signs this session out (CSRF token, then POST /api/logout), then clears the tokens. Never rejects. */
  logout(): Promise<void>;
  tokens: TokenStore;
}
