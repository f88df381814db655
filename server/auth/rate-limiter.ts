/**
 * A token bucket as golang.org/x/time/rate implements it (what GoTrue's tollbooth limiters use):
 * it starts full at `burst`, refills continuously at `perSecond` up to `burst`, and each allowed
 * request takes one token. tollbooth keeps a key's bucket in an expiring cache for `ttlMs` from
 * its creation (not from its last use), after which the key starts again with a full bucket.
 */
export interface TokenBucketSpec {
  perSecond: number;
  burst: number;
  ttlMs: number;
}

interface Bucket {
  tokens: number;
  updatedAt: number;
  expiresAt: number;
}

/** Expired buckets are swept when the map grows past this, so rotating keys cannot grow memory for ever. */
const SWEEP_AT = 10_000;

/**
 * Every limiter of the auth server, keyed by (limit name, key): per-IP request limits, the
 * per-address mail frequency, and GoTrue's fixed-window `email_sent` counter. The clock is
 * injectable so tests can walk through minutes of traffic without waiting.
 */
export class RateLimiter {
  readonly #buckets = new Map<string, Bucket>();
  readonly #windows = new Map<string, { startedAt: number; count: number }>();
  /** (name, key) → the time before which that key may not have another event of that name. */
  readonly #spacings = new Map<string, number>();
  readonly #now: () => number;
  readonly #createdAt: number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
    this.#createdAt = now();
  }

  /** Takes a token from the key's bucket; false when it has none (the request is refused). */
  take(name: string, key: string, spec: TokenBucketSpec): boolean {
    const bucketKey = `${name}\u0000${key}`;
    const now = this.#now();
    let bucket = this.#buckets.get(bucketKey);
    if (!bucket || now >= bucket.expiresAt) {
      if (!bucket && this.#buckets.size >= SWEEP_AT) this.#sweep(now);
      bucket = { tokens: spec.burst, updatedAt: now, expiresAt: now + spec.ttlMs };
      this.#buckets.set(bucketKey, bucket);
    }
    const elapsedSeconds = Math.max(0, now - bucket.updatedAt) / 1000;
    bucket.tokens = Math.min(spec.burst, bucket.tokens + elapsedSeconds * spec.perSecond);
    bucket.updatedAt = now;
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  /**
   * GoTrue's IntervalLimiter (`email_sent` given as a number): at most `events` per fixed
   * `intervalMs` window, windows counted from when the limiter started (GoTrue: process start).
   */
  takeInWindow(name: string, events: number, intervalMs: number): boolean {
    const window = this.#currentWindow(name, intervalMs);
    if (window.count >= events) return false;
    window.count += 1;
    return true;
  }

  /** Whether `takeInWindow` would allow an event now, without taking one. */
  hasRoomInWindow(name: string, events: number, intervalMs: number): boolean {
    return this.#currentWindow(name, intervalMs).count < events;
  }

  /**
   * GoTrue's max_frequency: milliseconds until `key` may have its next `name` event, 0 when it
   * may now. Only `spaceOut` starts the wait, so a check that is refused for another reason
   * leaves the key free.
   */
  msUntilNext(name: string, key: string): number {
    const until = this.#spacings.get(`${name}\u0000${key}`);
    return until === undefined ? 0 : Math.max(0, until - this.#now());
  }

  /** Records an event for `key`: the next one of `name` is allowed `intervalMs` from now. */
  spaceOut(name: string, key: string, intervalMs: number): void {
    const now = this.#now();
    if (this.#spacings.size >= SWEEP_AT) {
      for (const [spacedKey, until] of this.#spacings) if (now >= until) this.#spacings.delete(spacedKey);
    }
    this.#spacings.set(`${name}\u0000${key}`, now + intervalMs);
  }

  /** How many keys are remembered (tests check that expired ones are dropped). */
  get bucketCount(): number {
    return this.#buckets.size;
  }

  /** How many spaced-out keys are remembered (likewise). */
  get spacingCount(): number {
    return this.#spacings.size;
  }

  #currentWindow(name: string, intervalMs: number): { startedAt: number; count: number } {
    const now = this.#now();
    const window = this.#windows.get(name) ?? { startedAt: this.#createdAt, count: 0 };
    const passed = Math.floor((now - window.startedAt) / intervalMs);
    if (passed > 0) {
      window.startedAt += passed * intervalMs;
      window.count = 0;
    }
    this.#windows.set(name, window);
    return window;
  }

  #sweep(now: number): void {
    for (const [key, bucket] of this.#buckets) if (now >= bucket.expiresAt) this.#buckets.delete(key);
  }
}
