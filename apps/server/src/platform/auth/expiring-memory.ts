/**
 * A bounded in-process memory of values that each stop counting at their own time. Full, it starts afresh rather than
 * grow: what it forgets is only looked up again.
 */
export class ExpiringMemory<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();

  constructor(private readonly maxEntries: number) {}

  /** The value remembered under `key`, while `now` is before its time. */
  get(key: string, now = Date.now()): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until > now) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  /** Remembers `value` under `key` until the time `until` (milliseconds since the epoch). */
  set(key: string, value: V, until: number): void {
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { value, until });
  }

  clear(): void {
    this.entries.clear();
  }
}
