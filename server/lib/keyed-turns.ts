/**
 * Runs async work one at a time per key, in the order it was asked for; different keys run side
 * by side. For work whose steps span the database and the file system, where a database lock
 * cannot cover the file step (storage writes an object's row, then moves its bytes into place).
 * A data directory has one server (its lock), so turns kept in this process are enough.
 */
export class KeyedTurns {
  readonly #tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(key) ?? Promise.resolve();
    const result = previous.then(work, work);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.#tails.set(key, tail);
    // The last in line leaves no entry behind.
    void tail.then(() => {
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    });
    return result;
  }

  /**
   * Runs `work` once it has the turn of every key. Turns are taken in one order (sorted), so two
   * callers wanting the same keys cannot each hold one and wait for the other.
   */
  runAll<T>(keys: string[], work: () => Promise<T>): Promise<T> {
    const sorted = [...new Set(keys)].sort();
    const take = (index: number): Promise<T> => (index === sorted.length ? work() : this.run(sorted[index], () => take(index + 1)));
    return take(0);
  }

  /** Keys with work running or waiting (for tests). */
  get size(): number {
    return this.#tails.size;
  }
}
