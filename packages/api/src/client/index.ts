export {
  createApiClient,
  buildQuery,
  REFRESH_LOCK_NAME,
  type ApiClientOptions,
  type LockManagerLike,
} from './createApiClient';
export {
  ApiError,
  isApiError,
  isAbortError,
  fieldErrorsFromIssues,
  SESSION_EXPIRED_MESSAGE,
  REFRESH_FAILED_MESSAGE,
  fetchFailedMessage,
  uploadFailedMessage,
  uploadFailureSentence,
  downloadFailedMessage,
  type ApiErrorOptions,
} from './errors';
export {
  ACCESS_TOKEN_KEY,
  REFRESH_TOKEN_KEY,
  createMemoryStorage,
  type TokenStorage,
  type TokenStore,
  type StoredTokens,
} from './storage';
export type {
  ApiClient,
  CallArgs,
  CallExtras,
  DataOf,
  InputOf,
  RequestOptions,
  ResultOf,
  RouteInput,
  RouteResult,
  UploadOptions,
  UploadProgress,
} from './types';
