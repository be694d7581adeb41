import {
  INVITATION_MESSAGES,
  INVITATION_TTL_DAYS,
  messageSchema,
  routes,
  type RouteName,
  type Routes,
} from '../contract';
import { buildPath, type RouteSpec } from '../contract/route';
import { buildQuery } from '../client/createApiClient';
import { ApiError, invalidBodyError } from '../client/errors';
import { createMemoryStorage, createTokenStore } from '../client/storage';
import type { ApiClient, CallArgs, InputOf, RequestOptions, ResultOf, UploadOptions } from '../client/types';
import { defaultFixtures, type MockFixtures } from './fixtures';

export interface MockContext {
  fixtures: MockFixtures;
  /** The path the real client would have called. */
  path: string;
}

type MockFn<N extends RouteName> = (input: InputOf<N>, ctx: MockContext) => ResultOf<N> | Promise<ResultOf<N>>;

/** How the mock answers one route: a value or a function (`null` acts as a 404), an error, and a latency. */
export interface MockRouteConfig<N extends RouteName> {
  response?: ResultOf<N> | MockFn<N>;
  /** Rejects with this error (an `ApiError`, or its status and message). */
  error?: ApiError | { status: number; message: string; fieldErrors?: Record<string, string> };
  /** Milliseconds before answering (default: the client's latency). */
  latency?: number;
}

export type MockHandler<N extends RouteName> = MockFn<N> | MockRouteConfig<N>;
export type MockHandlers = { [N in RouteName]?: MockHandler<N> };

export interface MockCall {
  /** The route name for `call`; undefined for `request`, `upload`, `download`, `logout`. */
  route?: RouteName;
  kind: 'call' | 'request' | 'upload' | 'download' | 'logout';
  path: string;
  input?: unknown;
}

export interface CreateMockClientOptions {
  /** Replaces parts of the default fixtures. */
  fixtures?: Partial<MockFixtures>;
  /** Per-route answers, on top of the defaults. */
  handlers?: MockHandlers;
  /** Default latency in milliseconds (0 unless set). */
  latency?: number;
  /** Answers `request(path)` (default null). */
  onRequest?: (path: string, init: RequestOptions) => unknown;
  /** Answers `download(path)` (default an empty Blob). */
  onDownload?: (path: string) => Blob | Promise<Blob>;
}

export interface MockControls {
  fixtures: MockFixtures;
  /** Every call made, in order. */
  calls: MockCall[];
  /** The calls of one route. */
  callsTo<N extends RouteName>(name: N): MockCall[];
  /** Sets how one route answers from now on. */
  set<N extends RouteName>(name: N, handler: MockHandler<N>): void;
  /** Forgets the recorded calls. */
  clearCalls(): void;
}

/** A client with the real one's shape and types, answering from fixtures and handlers; for tests and stories. */
export interface MockClient extends ApiClient {
  mock: MockControls;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function defaultHandlers(): MockHandlers {
  return {
    getHealth: () => ({ status: 'ok', database: 'pglite' }),
    userDetails: (_input, { fixtures }) => fixtures.currentUser,
    therapistRetrieve: ({ params }, { fixtures }) =>
      fixtures.therapists.find((t) => t.id === Number(params.id)) ?? null,
    getPractice: (_input, { fixtures }) => fixtures.practice,
    // A new practice: none of its setup steps done.
    getPracticeSetup: () => ({ details: false, service: false, availability: false, invoiceAccount: false }),
    updatePractice: ({ body }, { fixtures }) => {
      Object.assign(fixtures.practice, body);
      return fixtures.practice;
    },
    listMembers: (_input, { fixtures }) => ({ items: fixtures.members }),
    listInvitations: (_input, { fixtures }) => ({ items: fixtures.invitations }),
    resendInvitation: ({ params }, { fixtures }) => {
      const index = fixtures.invitations.findIndex((invitation) => invitation.id === Number(params.id));
      const earlier = fixtures.invitations[index];
      if (!earlier) throw new ApiError(404, INVITATION_MESSAGES.notFound);
      const id = Math.max(...fixtures.invitations.map((invitation) => invitation.id)) + 1;
      const sent = { ...earlier, id, status: 'waiting' as const, createdAt: new Date().toISOString() };
      sent.expiresAt = new Date(Date.now() + INVITATION_TTL_DAYS * 86_400_000).toISOString();
      fixtures.invitations.splice(index, 1);
      fixtures.invitations.unshift(sent);
      return sent;
    },
    revokeInvitation: ({ params }, { fixtures }) => {
      const index = fixtures.invitations.findIndex((invitation) => invitation.id === Number(params.id));
      const [revoked] = index < 0 ? [] : fixtures.invitations.splice(index, 1);
      if (!revoked) throw new ApiError(404, INVITATION_MESSAGES.notFound);
      return { detail: INVITATION_MESSAGES.revoked(revoked.email) };
    },
    twoFactorStatus: () => ({ enabled: false, required: false, recoveryCodesLeft: 0 }),
    listSessions: () => ({
      items: [
        {
          id: '00000000-0000-4000-8000-000000000001',
          createdAt: '2026-01-05T09:00:00.000Z',
          lastSeenAt: '2026-01-05T10:00:00.000Z',
          ip: '203.0.113.7',
          userAgent: 'Mozilla/5.0 (Macintosh) Chrome/140',
          current: true,
        },
      ],
    }),
    demoAccounts: (_input, { fixtures }) => ({
      password: 'demo-password-2026',
      accounts: Object.values(fixtures.users).map(({ email, role, first_name, last_name }) => ({
        email,
        role,
        firstName: first_name,
        lastName: last_name,
      })),
    }),
    csrfToken: () => ({ csrfToken: 'mock-csrf-token' }),
    login: () => ({ access_token: 'mock-access', refresh_token: 'mock-refresh' }),
    loginTwoFactor: () => ({ access_token: 'mock-access', refresh_token: 'mock-refresh' }),
    acceptInvitation: () => ({ access_token: 'mock-access', refresh_token: 'mock-refresh' }),
    refresh: () => ({ access_token: 'mock-access', refresh_token: 'mock-refresh' }),
    twoFactorEnrol: () => ({
      secret: 'JBSWY3DPEHPK3PXP',
      otpauthUrl: 'otpauth://totp/Halcyon:amara@halcyon.test?secret=JBSWY3DPEHPK3PXP',
    }),
    twoFactorConfirm: () => ({ recoveryCodes: ['abcde-fghij', 'klmno-pqrst'] }),
    twoFactorRecoveryCodes: () => ({ recoveryCodes: ['uvwxy-z1234', '56789-abcde'] }),
    shortNotifications: (_input, { fixtures }) => fixtures.notifications,
    notificationsCount: (_input, { fixtures }) => ({ count: fixtures.notifications.filter((n) => !n.read).length }),
    notificationsCsrfToken: () => ({ csrfToken: 'mock-csrf-token' }),
    markNotificationRead: ({ params, body }, { fixtures }) => {
      const notification = fixtures.notifications.find((n) => n.id === Number(params.id));
      if (!notification) return null;
      notification.read = body.read;
      return notification;
    },
    onlinePaymentsOnboardingStatus: (_input, { fixtures }) => ({ status: fixtures.onboardingStatus }),
    uploadFile: ({ body }) => {
      const file = body instanceof FormData ? body.get('file') : body;
      const blob = file instanceof Blob ? file : new Blob([]);
      return {
        id: '00000000-0000-4000-8000-0000000000f1',
        name: blob instanceof File ? blob.name : 'file',
        size: blob.size,
        type: blob.type,
      };
    },
    downloadFile: () => new Blob(['mock file'], { type: 'text/plain' }),
  };
}

function toError(error: NonNullable<MockRouteConfig<RouteName>['error']>): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError(error.status, error.message, error.fieldErrors ? { fieldErrors: error.fieldErrors } : {});
}

/**
 * A mock API client (ARCHITECTURE.md style 7): same shape and types as `createApiClient`'s, answers from fixtures, records
 * every call. Routes without a handler answer `{ detail }` when they return a message, else reject with a 501 ApiError.
 */
export function createMockClient(options: CreateMockClientOptions = {}): MockClient {
  const fixtures: MockFixtures = { ...defaultFixtures(), ...options.fixtures };
  const handlers: MockHandlers = { ...defaultHandlers(), ...options.handlers };
  const latency = options.latency ?? 0;
  const calls: MockCall[] = [];
  const tokens = createTokenStore(createMemoryStorage({ access_token: 'mock-access', refresh_token: 'mock-refresh' }));

  async function wait(ms: number) {
    if (ms > 0) await sleep(ms);
    else await Promise.resolve();
  }

  async function answer<N extends RouteName>(name: N, input: InputOf<N>, path: string): Promise<ResultOf<N>> {
    const handler = (handlers as Partial<Record<RouteName, unknown>>)[name] as MockHandler<N> | undefined;
    const config: MockRouteConfig<N> = typeof handler === 'function' ? { response: handler } : (handler ?? {});
    await wait(config.latency ?? latency);
    if (config.error) throw toError(config.error);
    const spec: RouteSpec = routes[name];
    if (!handler) {
      if (spec.response === messageSchema) return { detail: 'Done.' } as ResultOf<N>;
      throw new ApiError(501, `No mock response for route "${name}". Pass handlers.${name} to createMockClient.`);
    }
    const { response } = config;
    if (typeof response === 'function') return (response as MockFn<N>)(input, { fixtures, path });
    return (response ?? null) as ResultOf<N>;
  }

  const client: MockClient = {
    tokens,
    async call<N extends RouteName>(name: N, ...args: CallArgs<Routes[N]>): Promise<ResultOf<N>> {
      const input = (args[0] ?? {}) as InputOf<N> & { params?: unknown; query?: unknown; body?: unknown };
      const spec: RouteSpec = routes[name];
      const path =
        buildPath(spec.path, input.params as Record<string, string | number> | undefined) +
        buildQuery(input.query as Record<string, unknown> | undefined);
      calls.push({ route: name, kind: 'call', path, input: args[0] });
      if (spec.body && !spec.multipart) {
        const parsed = spec.body.safeParse(input.body);
        if (!parsed.success) throw invalidBodyError(parsed.error.issues);
      }
      return answer(name, input, path);
    },
    async request<T>(path: string, init: RequestOptions = {}) {
      calls.push({ kind: 'request', path, input: init });
      await wait(latency);
      return ((await options.onRequest?.(path, init)) ?? null) as T | null;
    },
    async upload<T>(path: string, file: Blob | FormData, upload: UploadOptions = {}) {
      calls.push({ kind: 'upload', path, input: file });
      await wait(latency);
      const blob = file instanceof FormData ? file.get('file') : file;
      const size = blob instanceof Blob ? blob.size : 0;
      upload.onProgress?.({ loaded: size, total: size });
      return {
        id: '00000000-0000-4000-8000-0000000000f1',
        name: blob instanceof File ? blob.name : 'file',
        size,
        type: blob instanceof Blob ? blob.type : '',
      } as T;
    },
    async download(path: string) {
      calls.push({ kind: 'download', path });
      await wait(latency);
      return options.onDownload ? options.onDownload(path) : new Blob([], { type: 'application/octet-stream' });
    },
    async logout() {
      calls.push({ kind: 'logout', path: routes.logout.path });
      await wait(latency);
      tokens.clear();
    },
    mock: {
      fixtures,
      calls,
      callsTo: (name) => calls.filter((c) => c.route === name),
      set: (name, handler) => {
        (handlers as Record<string, unknown>)[name] = handler;
      },
      clearCalls: () => {
        calls.length = 0;
      },
    },
  };
  return client;
}
