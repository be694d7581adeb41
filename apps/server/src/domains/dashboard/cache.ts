/**
 * Answers kept for a while per key (a practice, or a member's view of it): the dashboard's sums over the whole practice
 * are worked out at most once per `ttlMs` per key, and callers asking while one is being worked out share it. A failed
 * answer is not kept. The oldest keys go first beyond `maxKeys`. Per server instance: another instance works its own out.
 */
export class FigureCache<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxKeys = 5_000,
    private readonly clock: () => number = Date.now,
  ) {}

  get(key: string, compute: () => Promise<T>): Promise<T> {
    const now = this.clock();
    const kept = this.entries.get(key);
    if (kept && now - kept.at < this.ttlMs) return kept.value;
    const value = compute();
    this.entries.delete(key);
    this.entries.set(key, { at: now, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxKeys) break;
      this.entries.delete(oldest);
    }
    return value;
  }
}
