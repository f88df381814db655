const UNIT_MS: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1, us: 0.001, µs: 0.001, ns: 0.000001 };

/**
 * A Go duration as GoTrue's settings take them (time.ParseDuration: "1s", "60s", "1m0s", "500ms",
 * "24h") in milliseconds; null when the text is not one.
 */
export function goDurationMs(text: string): number | null {
  let total = 0;
  let rest = text.trim();
  if (rest === '') return null;
  while (rest !== '') {
    const match = /^(\d+(?:\.\d+)?)(ms|us|µs|ns|h|m|s)/.exec(rest);
    if (!match) return null;
    total += Number(match[1]) * (UNIT_MS[match[2]] ?? 0);
    rest = rest.slice(match[0].length);
  }
  return total;
}
