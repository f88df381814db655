/**
 * Token buckets keyed by (limit name, client key), like GoTrue's per-IP limiters: a bucket
 * holds `capacity` tokens and refills continuously over `windowMs`. A capacity of 0 blocks
 * everything, matching GoTrue; tests raise the limits through config overrides instead.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; updatedAt: number }>();
  private readonly now: () => number;

  constructor(now: () => number = Date.now) {
    this.now = now;
  }

  take(name: string, key: string, capacity: number, windowMs: number): boolean {
    const bucketKey = `${name}\u0000${key}`;
    const now = this.now();
    const bucket = this.buckets.get(bucketKey) ?? { tokens: capacity, updatedAt: now };
    const refill = ((now - bucket.updatedAt) / windowMs) * capacity;
    bucket.tokens = Math.min(capacity, bucket.tokens + refill);
    bucket.updatedAt = now;
    this.buckets.set(bucketKey, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }
}
