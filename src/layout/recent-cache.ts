/**
 * A cache for a long run that keeps what was used lately: at most twice `size` entries. When
 * the newer half is full it becomes the older half and the oldest are let go; a hit in the older
 * half moves back to the newer. Words and widths a batch uses on every page stay; the seeds,
 * rolls and places of pages long written go. Only time depends on it, never a result.
 */
export class RecentCache<K, V> {
  private newer = new Map<K, V>();
  private older = new Map<K, V>();

  constructor(private readonly size: number) {}

  get(key: K): V | undefined {
    const found = this.newer.get(key);
    if (found !== undefined) return found;
    const old = this.older.get(key);
    if (old !== undefined) this.set(key, old);
    return old;
  }

  set(key: K, value: V): void {
    if (this.newer.size >= this.size) {
      this.older = this.newer;
      this.newer = new Map();
    }
    this.newer.set(key, value);
  }
}
