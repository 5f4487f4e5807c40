/**
 * A memo of the last few values computed for objects, keyed by identity.
 *
 * Why not a WeakMap: playouts and searches create hundreds of thousands of states a second, each
 * looked up a handful of times just after it is made and never again. Every WeakMap entry is an
 * ephemeron the garbage collector must trace and clear, which cost more than the memo saved (about a
 * fifth of a playout's time went to the collector). The callers' pattern -- ask about a state, then
 * apply an action to it -- only needs the most recent few, and a ring of identity comparisons is a
 * few nanoseconds with nothing for the collector to do.
 */
export class RecentMemo<K extends object, V> {
  private readonly keys: (K | null)[];
  private readonly values: (V | undefined)[];
  private next = 0;

  constructor(readonly size = 4) {
    this.keys = new Array<K | null>(size).fill(null);
    this.values = new Array<V | undefined>(size).fill(undefined);
  }

  get(key: K): V | undefined {
    const keys = this.keys;
    for (let i = 0; i < keys.length; i++) if (keys[i] === key) return this.values[i];
    return undefined;
  }

  set(key: K, value: V): void {
    const keys = this.keys;
    for (let i = 0; i < keys.length; i++) {
      if (keys[i] === key) {
        this.values[i] = value;
        return;
      }
    }
    keys[this.next] = key;
    this.values[this.next] = value;
    this.next = (this.next + 1) % keys.length;
  }
}
