/** Percentile of already-collected samples (nearest-rank). */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

export function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** Runs `task` `total` times over `concurrency` workers; returns each latency (ms) and the wall time. */
export async function runConcurrently(total: number, concurrency: number, task: () => Promise<void>) {
  const latencies: number[] = [];
  let started = 0;
  const wallStart = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (started < total) {
        started++;
        const t0 = performance.now();
        await task();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const wallMs = performance.now() - wallStart;
  return {
    requestsPerSecond: round((latencies.length / wallMs) * 1000, 0),
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
  };
}
