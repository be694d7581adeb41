import { useCallback, useMemo, useState } from 'react';
import { IDEMPOTENCY_KEY_HEADER } from '../contract';

function newKey(): string {
  return globalThis.crypto.randomUUID();
}

export interface IdempotencyKey {
  /** Spread into a payment write's input (`trigger({ body, headers })`): the same key until `renew`. */
  headers: Readonly<Record<string, string>>;
  /** A new key for the next payment (call it once a write succeeded). */
  renew: () => void;
}

/**
 * The `Idempotency-Key` of one payment being entered (issue 15: every payment write carries one). The key stays the same
 * while the person retries a save that failed or timed out, so the server records the payment once; after a success
 * `renew` gives the next payment its own key.
 */
export function useIdempotencyKey(): IdempotencyKey {
  const [key, setKey] = useState(newKey);
  const renew = useCallback(() => setKey(newKey()), []);
  const headers = useMemo(() => ({ [IDEMPOTENCY_KEY_HEADER]: key }), [key]);
  return { headers, renew };
}
