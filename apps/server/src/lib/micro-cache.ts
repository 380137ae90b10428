interface Entry<V> {
  expires: number;
  value: Promise<V>;
  load: () => Promise<V>;
  /** Set once `value` has resolved, so a synchronous reader (`peek`) can use it. */
  settled?: { value: V };
  /** The refresh started in the last fifth of this entry's life. */
  next?: Entry<V>;
}

/**
 * A tiny in-process cache for hot public reads: each value lives `ttlMs` from the moment its load
 * began, concurrent misses for the same key share one load (single flight), and the oldest entries go
 * first past `maxEntries`. A failed load is not cached. In the last fifth of an entry's life the first
 * reader starts its refresh in the background, so a hot key is replaced before it expires instead of
 * every reader waiting for the database once per `ttlMs`; a value is still never older than `ttlMs`.
 */
export class MicroCache<V> {
  private entries = new Map<string, Entry<V>>();

  constructor(
    private ttlMs: number,
    private maxEntries = 1000,
  ) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) {
      this.refreshIfDue(key, hit, now);
      return hit.value;
    }
    // Expired while its refresh is still loading: wait for that one rather than load a second time.
    if (hit?.next && hit.next.expires > now) return this.install(key, hit.next).value;
    return this.install(key, this.start(key, load, now)).value;
  }

  /** The value of a fresh, loaded entry (and its refresh started when due), or undefined. */
  peek(key: string): V | undefined {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (!hit?.settled || hit.expires <= now) return undefined;
    this.refreshIfDue(key, hit, now);
    return hit.settled.value;
  }

  clear(): void {
    this.entries.clear();
  }

  private start(key: string, load: () => Promise<V>, now: number): Entry<V> {
    const entry: Entry<V> = { expires: now + this.ttlMs, value: load(), load };
    entry.value.then(
      (value) => {
        entry.settled = { value };
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry;
  }

  private refreshIfDue(key: string, hit: Entry<V>, now: number) {
    if (hit.next || now < hit.expires - this.ttlMs / 5) return;
    const next = this.start(key, hit.load, now);
    hit.next = next;
    next.value.then(
      () => {
        if (this.entries.get(key) === hit) this.install(key, next);
      },
      () => {
        if (hit.next === next) hit.next = undefined;
      },
    );
  }

  private install(key: string, entry: Entry<V>): Entry<V> {
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return entry;
  }
}
