import type { TokenPair } from '../contract/domains/common';

/** SPEC.md §3: the access token lives in local storage under `access_token`; the refresh token beside it. */
export const ACCESS_TOKEN_KEY = 'access_token';
export const REFRESH_TOKEN_KEY = 'refresh_token';

/** The part of the Web Storage API the client uses (`window.localStorage` satisfies it). */
export interface TokenStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** A storage held in memory: tests, server rendering, or a browser without local storage. */
export function createMemoryStorage(initial: Record<string, string> = {}): TokenStorage {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, String(value)),
    removeItem: (key) => void values.delete(key),
  };
}

export interface StoredTokens {
  access_token: string | null;
  refresh_token: string | null;
}

/** Reads, writes and clears the two tokens; `set` takes a login or refresh answer as it is. */
export interface TokenStore {
  get(): StoredTokens;
  set(tokens: Partial<TokenPair>): void;
  clear(): void;
}

export function createTokenStore(storage: TokenStorage): TokenStore {
  return {
    get: () => ({
      access_token: storage.getItem(ACCESS_TOKEN_KEY),
      refresh_token: storage.getItem(REFRESH_TOKEN_KEY),
    }),
    set: (tokens) => {
      if (tokens.access_token !== undefined) storage.setItem(ACCESS_TOKEN_KEY, tokens.access_token);
      if (tokens.refresh_token !== undefined) storage.setItem(REFRESH_TOKEN_KEY, tokens.refresh_token);
    },
    clear: () => {
      storage.removeItem(ACCESS_TOKEN_KEY);
      storage.removeItem(REFRESH_TOKEN_KEY);
    },
  };
}
