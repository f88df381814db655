import { expect, it } from 'vitest';
import { RateLimiter } from './rate-limiter.ts';

it('allows capacity requests per window per key and refills over time', () => {
  let now = 0;
  const limiter = new RateLimiter(() => now);
  expect(limiter.take('x', 'ip1', 2, 1000)).toBe(true);
  expect(limiter.take('x', 'ip1', 2, 1000)).toBe(true);
  expect(limiter.take('x', 'ip1', 2, 1000)).toBe(false);
  expect(limiter.take('x', 'ip2', 2, 1000)).toBe(true);
  now = 500;
  expect(limiter.take('x', 'ip1', 2, 1000)).toBe(true);
  expect(limiter.take('x', 'ip1', 2, 1000)).toBe(false);
});

it('blocks everything at capacity 0, like GoTrue', () => {
  expect(new RateLimiter(() => 0).take('x', 'ip', 0, 1000)).toBe(false);
});
