import { LRUCache } from 'lru-cache';

/**
 * A bounded in-process memory of values that each stop counting at their own time, on lru-cache: full, it forgets the
 * least recently used entry. Each entry also carries its own expiry, checked against the caller's clock (`now`), because
 * lru-cache's ttl runs on its own clock while token expiry and the tests name the time: an entry is never given out at or
 * after its time, and lru-cache's ttl drops it from memory about then.
 */
export class ExpiringMemory<V> {
  private readonly entries: LRUCache<string, { value: V; until: number }>;

  constructor(maxEntries: number) {
    this.entries = new LRUCache({ max: maxEntries });
  }

  /** The value remembered under `key`, while `now` is before its time. */
  get(key: string, now = Date.now()): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until > now) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  /** Remembers `value` under `key` until the time `until` (milliseconds since the epoch). */
  set(key: string, value: V, until: number, now = Date.now()): void {
    if (until <= now) return;
    this.entries.set(key, { value, until }, { ttl: until - now });
  }

  clear(): void {
    this.entries.clear();
  }
}
