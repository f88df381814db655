function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

/**
 * The candidate most like `name` (PostgREST's "Perhaps you meant …" hints use a fuzzy set with a
 * 0.33 minimum score; here the score is one minus the edit distance over the longer length). An
 * exact match is no suggestion.
 */
export function closestName(name: string, candidates: string[], minScore = 0.33): string | undefined {
  let best: { name: string; score: number } | undefined;
  for (const candidate of new Set(candidates)) {
    const a = name.toLowerCase();
    const b = candidate.toLowerCase();
    const score = 1 - levenshtein(a, b) / Math.max(a.length, b.length, 1);
    if (score >= 1 || score < minScore) continue;
    if (!best || score > best.score) best = { name: candidate, score };
  }
  return best?.name;
}
